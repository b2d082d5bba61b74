import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { ARABIC, ENGLISH } from '../../support/replica-fixture.ts';

describe('GDPR banner', () => {
  it('shows when showGdpr is on, and Accept stores the choice so it stays away', async () => {
    const first = await renderApp({ settings: { showGdpr: 'true', gdprMessage: 'We keep your cart on this device.' } });
    const banner = await screen.findByTestId('gdpr-banner');
    expect(banner).toHaveTextContent('We keep your cart on this device.');

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await expect.poll(() => screen.queryByTestId('gdpr-banner')).toBeNull();
    expect((await first.db.prefs.get(PrefKey.gdprAccepted))?.value).toBe(true);
  });

  it('declines as easily as it accepts (issue 32.5): two buttons of one weight, and Decline also puts it away for good', async () => {
    const first = await renderApp({ settings: { showGdpr: 'true', gdprMessage: 'We keep your cart on this device.' } });
    await screen.findByTestId('gdpr-banner');
    const decline = screen.getByRole('button', { name: 'Decline' });
    expect(decline.className).toBe(screen.getByRole('button', { name: 'Accept' }).className);

    await userEvent.click(decline);
    await expect.poll(() => screen.queryByTestId('gdpr-banner')).toBeNull();
    expect((await first.db.prefs.get(PrefKey.gdprAccepted))?.value).toBe('declined');
    first.unmount();

    // Next time the app opens, a declined banner stays away as an accepted one does.
    await renderApp({ settings: { showGdpr: 'true' }, prefs: { [PrefKey.gdprAccepted]: 'declined' } });
    await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('gdpr-banner')).toBeNull();
  });

  it('speaks the chosen language (issue 15.7): its translation of the message, the setting in the default language and where it has none', async () => {
    const settings = { showGdpr: 'true', gdprMessage: 'We keep your cart on this device.' };
    const languages = [ENGLISH, ARABIC];
    const arabic = await renderApp({
      settings,
      languages,
      translations: { [ENGLISH.id]: { gdprMessage: 'English text of the key' }, [ARABIC.id]: { gdprMessage: 'نحفظ سلتك على هذا الجهاز.', gdprAccept: 'موافق' } },
      chosenLanguageId: ARABIC.id,
    });
    expect(await screen.findByTestId('gdpr-banner')).toHaveTextContent('نحفظ سلتك على هذا الجهاز.');
    expect(screen.getByRole('button', { name: 'موافق' })).toBeInTheDocument();
    arabic.unmount();

    const english = await renderApp({
      settings,
      languages,
      translations: { [ENGLISH.id]: { gdprMessage: 'English text of the key' } },
      chosenLanguageId: ENGLISH.id,
    });
    expect(await screen.findByTestId('gdpr-banner')).toHaveTextContent('We keep your cart on this device.');
    english.unmount();

    await renderApp({ settings, languages, translations: { [ARABIC.id]: { gdprAccept: 'موافق' } }, chosenLanguageId: ARABIC.id });
    expect(await screen.findByTestId('gdpr-banner')).toHaveTextContent('We keep your cart on this device.');
  });

  it('does not show once accepted, nor when switched off', async () => {
    const accepted = await renderApp({ settings: { showGdpr: 'true' }, prefs: { [PrefKey.gdprAccepted]: true } });
    await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('gdpr-banner')).toBeNull();
    accepted.unmount();

    await renderApp({ settings: { showGdpr: 'false' } });
    await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('gdpr-banner')).toBeNull();
  });

  it('stays out of the drivers’ area, where it would cover their controls', async () => {
    await renderApp({ settings: { showGdpr: 'true' }, path: '/delivery/login' });
    await screen.findByTestId('driver-sign-in');
    // On a customer's screen it shows well within this (the test above); here it never comes.
    await expect(screen.findByTestId('gdpr-banner', {}, { timeout: 2_000 })).rejects.toThrow();
  });
});

describe('service worker update offer', () => {
  it('appears when a new version waits; Later hides it without reloading', async () => {
    const { serviceWorker, reloadPage } = await renderApp();
    await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('update-offer')).toBeNull();

    act(() => serviceWorker.announceUpdate());
    expect(await screen.findByText('A new version is ready.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));

    expect(screen.queryByTestId('update-offer')).toBeNull();
    expect(serviceWorker.applyUpdate).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('Update now asks the waiting version to take over', async () => {
    const { serviceWorker } = await renderApp({ updateWaiting: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    expect(serviceWorker.applyUpdate).toHaveBeenCalledOnce();
  });
});
