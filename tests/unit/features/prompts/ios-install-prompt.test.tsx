import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IOS_PROMPT_DELAY_MS } from '../../../../src/api/constants.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function renderOnIphone(visitCount: number, enIOSPWAPopup = 'true') {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
  // shouldAdvanceTime: Dexie's live queries start on a 0 ms timer and must still run.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  const view = await renderApp({ settings: { enIOSPWAPopup, showGdpr: 'false' }, prefs: { [PrefKey.visitCount]: visitCount } });
  await screen.findByTestId('tab-bar');
  return view;
}

describe('iOS add-to-home-screen prompt', () => {
  it('shows on the 2nd visit after the delay', async () => {
    await renderOnIphone(2);
    expect(screen.queryByTestId('ios-install-prompt')).toBeNull();
    // The delay starts once the replica has told the visit count; step time until the prompt is due.
    await vi.waitFor(async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(IOS_PROMPT_DELAY_MS / 5);
      });
      expect(screen.getByRole('dialog', { name: 'Install this app on your iPhone' })).toBeInTheDocument();
      // Real time only bounds the loop (the prompt's lazy chunk loads in real time on a busy machine); fake time drives the delay.
    }, { timeout: 15_000, interval: 50 });
  });

  it('does not show on the 4th visit, nor when switched off', async () => {
    const fourth = await renderOnIphone(4);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(IOS_PROMPT_DELAY_MS * 2);
    });
    expect(screen.queryByTestId('ios-install-prompt')).toBeNull();
    fourth.unmount();

    await renderOnIphone(2, 'false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(IOS_PROMPT_DELAY_MS * 2);
    });
    expect(screen.queryByTestId('ios-install-prompt')).toBeNull();
  });
});
