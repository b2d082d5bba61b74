import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushAlertFrom, type PushAlert } from '../../../../src/api/push.ts';
import type { PushReceivedMessage } from '../../../../src/api/sw-messages.ts';
import { VIBRATION_PATTERN_MS } from '../../../../src/lib/alert-sound.ts';
import { renderApp } from '../../support/render-app.tsx';

const SLOW = { timeout: 5000 };
const ALERT = pushAlertFrom({
  notification: { title: 'Cashback added', body: 'You got $2.50 back in your wallet.' },
  data: { screen: 'my-wallet', notification_id: '42' },
}) as PushAlert;

/** Records what the chime asks of the Web Audio API. */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  readonly started: number[] = [];
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createOscillator() {
    const started = this.started;
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: (at: number) => started.push(at),
      stop: () => {},
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (node: unknown) => node,
    };
  }
  resume = async () => {};
  close = async () => {};
}

let serviceWorker: EventTarget;
let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeAudioContext.made = [];
  serviceWorker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'vibrate');
});

/** The app at /alerts with the prompt dock (and so the push listener) loaded. */
async function appReadyForPush() {
  const view = await renderApp({ path: '/alerts' });
  await screen.findByTestId('gdpr-banner', {}, SLOW);
  await screen.findByRole('link', { name: 'Sign in' }, SLOW);
  return view;
}

function deliver(message: PushReceivedMessage) {
  act(() => {
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: message }));
  });
}

describe('the in-app push dialog', () => {
  it('opens for a push shown in-app: an alertdialog with the alert, a buzz and a chime, the focus on its action', async () => {
    await appReadyForPush();
    deliver({ type: 'PUSH_RECEIVED', alert: ALERT, display: 'in-app' });

    const dialog = await screen.findByRole('alertdialog', { name: 'Cashback added' }, SLOW);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('You got $2.50 back in your wallet.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
    expect(vibrate).toHaveBeenCalledWith(VIBRATION_PATTERN_MS);
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.made[0]?.started).toHaveLength(2);
  });

  it('keeps the focus inside while open, closes on Escape and gives the focus back', async () => {
    await appReadyForPush();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    signIn.focus();
    deliver({ type: 'PUSH_RECEIVED', alert: ALERT, display: 'in-app' });
    await screen.findByRole('alertdialog', {}, SLOW);
    const open = screen.getByRole('button', { name: 'Open' });
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(open).toHaveFocus());

    fireEvent.keyDown(document, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(open).toHaveFocus();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(signIn).toHaveFocus();
  });

  it('"Open" marks the alert read and goes to its link', async () => {
    const { worker } = await appReadyForPush();
    deliver({ type: 'PUSH_RECEIVED', alert: ALERT, display: 'in-app' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }, SLOW));
    expect(worker.markAlertRead).toHaveBeenCalledWith(42);
    expect(await screen.findByRole('heading', { name: 'My wallet' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a push without a link only has "Close"', async () => {
    await appReadyForPush();
    deliver({ type: 'PUSH_RECEIVED', alert: { ...ALERT, link: null }, display: 'in-app' });
    await screen.findByRole('alertdialog', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays shut for a push the service worker showed as a system notification', async () => {
    await appReadyForPush();
    deliver({ type: 'PUSH_RECEIVED', alert: ALERT, display: 'system' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(vibrate).not.toHaveBeenCalled();
  });
});
