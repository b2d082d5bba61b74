import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_RELOAD_DELAY_MS } from '../../../../src/api/constants.ts';
import { renderApp, setWindowWidth } from '../../support/render-app.tsx';
import { ARABIC, ENGLISH } from '../../support/replica-fixture.ts';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.useRealTimers();
});

describe('entry route by window width', () => {
  it('shows the desktop landing above 768 px', async () => {
    setWindowWidth(1280);
    await renderApp({
      settings: { desktopHeading: 'Dinner, sorted.', desktopUseAppButton: 'Try it', desktopAchievementOneTitle: '99', desktopFooterAddress: '1 Quay' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dinner, sorted.' })).toBeInTheDocument();
    expect(screen.getByText('99')).toBeInTheDocument();
    expect(screen.getByText('1 Quay')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-bar')).toBeNull();

    const preview = screen.getByTestId('phone-preview');
    expect(preview).toHaveAttribute('data-revealed', 'false');
    expect(screen.getByTitle('Preview of the app')).toHaveAttribute('src', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(preview).toHaveAttribute('data-revealed', 'true');
  });

  it('shows the mobile home at 768 px and below', async () => {
    setWindowWidth(768);
    await renderApp();
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('desktop-landing')).toBeNull();
  });

  it('leaves out social links that are empty or not http(s)', async () => {
    setWindowWidth(1280);
    await renderApp({ settings: { desktopSocialFacebookLink: '', desktopSocialTwitterLink: 'javascript:alert(1)' } });
    await screen.findByTestId('desktop-landing');
    expect(screen.getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Twitter' })).toBeNull();
  });

  it('changes language through the worker, then reloads after 2 s', async () => {
    setWindowWidth(1280);
    const { worker, reloadPage } = await renderApp({ languages: [ENGLISH, ARABIC] });
    const select = await screen.findByLabelText('Language');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.selectOptions(select, String(ARABIC.id));
    await vi.waitFor(() => expect(worker.selectLanguage).toHaveBeenCalledWith(ARABIC.id));
    expect(reloadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DESKTOP_RELOAD_DELAY_MS);
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Language')).toBeDisabled();
  });

  it('keeps the language and says why when its texts cannot be loaded, and does not reload', async () => {
    setWindowWidth(1280);
    const { worker, reloadPage } = await renderApp({ languages: [ENGLISH, ARABIC] });
    worker.selectLanguage.mockResolvedValueOnce({ ok: false, reason: 'offline' });
    const select = await screen.findByLabelText('Language');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await user.selectOptions(select, String(ARABIC.id));
    expect(await screen.findByRole('alert')).toHaveTextContent(/offline|connection/i);
    await vi.advanceTimersByTimeAsync(DESKTOP_RELOAD_DELAY_MS * 2);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Language')).toBeEnabled();
    expect(screen.getByLabelText('Language')).toHaveValue(String(ENGLISH.id));
  });
});
