import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../../../src/lib/install-prompt.ts';
import { renderApp } from '../../support/render-app.tsx';

function fireBeforeInstallPrompt() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeAll(() => captureInstallPrompt(window));

describe('install offer', () => {
  it('captures the browser’s prompt, shows a footer bar, and Install calls prompt()', async () => {
    await renderApp({ settings: { showPwaInstallPromptFooter: 'true', showGdpr: 'false' } });
    await screen.findByTestId('tab-bar');
    expect(screen.queryByTestId('install-offer-footer')).toBeNull();

    const event = fireBeforeInstallPrompt();
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByTestId('install-offer-footer')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('install-offer-footer')).toBeNull();
  });

  it('shows as a card on the account page when the footer is switched off', async () => {
    await renderApp({ path: '/my-account', settings: { showPwaInstallPromptFooter: 'false', showGdpr: 'false' } });
    fireBeforeInstallPrompt();
    expect(await screen.findByTestId('install-offer-card')).toBeInTheDocument();
    expect(screen.queryByTestId('install-offer-footer')).toBeNull();
  });
});
