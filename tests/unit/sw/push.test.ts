// @vitest-environment node
/**
 * The service worker's push handling (sw/push.ts) in Node: FCM's JSON read
 * into an alert, shown in the focused window's dialog or as a system
 * notification, the sync worker told either way, and a notification's click
 * taking a window (or a new one) to the alert's link.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertLink, pushAlertFrom, pushAlertFromText, type PushAlert } from '../../../src/api/push.ts';
import type { PushReceivedMessage } from '../../../src/api/sw-messages.ts';
import { deliverPush, listenForPush, openAlertLink, type PushDeps } from '../../../sw/push.ts';

const ORIGIN = 'https://app.example';

/** What FCM's HTTP v1 send of server/messaging/fcm.ts arrives as in the push event. */
const FCM_PAYLOAD = {
  from: '1234567890',
  fcmMessageId: 'abc-123',
  priority: 'normal',
  notification: { title: 'Order on its way', body: 'Your rider picked it up.' },
  data: { unique_order_id: 'FP-1001', orderstatus_id: '4', notification_id: '42' },
};

class FakeWindow {
  readonly posted: unknown[] = [];
  readonly navigations: string[] = [];
  focusCalls = 0;
  constructor(
    public url: string,
    public focused: boolean,
    private readonly controlled = true,
  ) {}
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  async focus() {
    this.focusCalls += 1;
    this.focused = true;
    return this;
  }
  async navigate(url: string) {
    if (!this.controlled) throw new TypeError('not controlled');
    this.navigations.push(url);
    this.url = url;
    return this;
  }
}

function fakeDeps(windows: FakeWindow[]) {
  const notifications: { title: string; options: NotificationOptions | undefined }[] = [];
  const broadcasts: unknown[] = [];
  const opened: string[] = [];
  const deps: PushDeps = {
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
    registration: {
      showNotification: vi.fn(async (title: string, options?: NotificationOptions) => {
        notifications.push({ title, options });
      }),
    },
    channel: { postMessage: (message: unknown) => broadcasts.push(message) },
    origin: ORIGIN,
    log: () => {},
  };
  return { deps, notifications, broadcasts, opened };
}

const ALERT = pushAlertFrom(FCM_PAYLOAD) as PushAlert;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading a push message', () => {
  it("reads FCM's JSON: title, body, the alert's id and where it leads", () => {
    expect(ALERT).toEqual({
      title: 'Order on its way',
      body: 'Your rider picked it up.',
      notificationId: 42,
      link: '/running-order/FP-1001',
      data: FCM_PAYLOAD.data,
    });
  });

  it('reads a plain web-push JSON and refuses what is not JSON or has nothing to show', () => {
    expect(pushAlertFromText(JSON.stringify({ title: 'Hi', body: 'There', data: { screen: 'my-wallet' } }))).toMatchObject({
      title: 'Hi',
      body: 'There',
      link: '/my-wallet',
      notificationId: null,
    });
    expect(pushAlertFromText('not json')).toBeNull();
    expect(pushAlertFromText(JSON.stringify({ data: { foo: 'bar' } }))).toBeNull();
    expect(pushAlertFromText(null)).toBeNull();
  });

  it('leads only inside the app', () => {
    expect(alertLink({ link: '/pages/offers' })).toBe('/pages/offers');
    expect(alertLink({ link: '//evil.example/x' })).toBeNull();
    expect(alertLink({ link: 'https://evil.example/' })).toBeNull();
    expect(alertLink({ restaurant_slug: 'nonna-lucia-trattoria' })).toBe('/stores/nonna-lucia-trattoria');
    expect(alertLink({ screen: '../admin' })).toBeNull();
    expect(alertLink({})).toBeNull();
  });
});

describe('a push arriving', () => {
  it('goes to the focused window as an in-app dialog, and tells the sync worker; no system notification', async () => {
    const focused = new FakeWindow(`${ORIGIN}/alerts`, true);
    const background = new FakeWindow(`${ORIGIN}/`, false);
    const { deps, notifications, broadcasts } = fakeDeps([background, focused]);

    expect(await deliverPush(ALERT, deps)).toBe('in-app');
    const message: PushReceivedMessage = { type: 'PUSH_RECEIVED', alert: ALERT, display: 'in-app' };
    expect(focused.posted).toEqual([message]);
    expect(background.posted).toEqual([]);
    expect(notifications).toEqual([]);
    expect(broadcasts).toEqual([message]);
  });

  it('shows a system notification when no window is focused (or none is open), and tells the sync worker', async () => {
    const background = new FakeWindow(`${ORIGIN}/`, false);
    const { deps, notifications, broadcasts } = fakeDeps([background]);

    expect(await deliverPush(ALERT, deps)).toBe('system');
    expect(notifications).toEqual([
      {
        title: 'Order on its way',
        options: expect.objectContaining({
          body: 'Your rider picked it up.',
          tag: 'alert-42',
          data: { link: '/running-order/FP-1001', notificationId: 42 },
        }),
      },
    ]);
    expect(background.posted).toEqual([]);
    expect(broadcasts).toEqual([{ type: 'PUSH_RECEIVED', alert: ALERT, display: 'system' }]);

    const none = fakeDeps([]);
    expect(await deliverPush(ALERT, none.deps)).toBe('system');
    expect(none.notifications).toHaveLength(1);
  });

  it('with nothing to show, shows nothing', async () => {
    const { deps, notifications, broadcasts } = fakeDeps([new FakeWindow(`${ORIGIN}/`, true)]);
    expect(await deliverPush(null, deps)).toBeNull();
    expect(notifications).toEqual([]);
    expect(broadcasts).toEqual([]);
  });
});

describe("a notification's click", () => {
  it('focuses a window of the app and takes it to the link', async () => {
    const window = new FakeWindow(`${ORIGIN}/`, false);
    const { deps, opened } = fakeDeps([window]);
    await openAlertLink({ link: '/running-order/FP-1001', notificationId: 42 }, deps);
    expect(window.focusCalls).toBe(1);
    expect(window.navigations).toEqual([`${ORIGIN}/running-order/FP-1001`]);
    expect(opened).toEqual([]);
  });

  it('opens the app at /alerts when the alert has no link and no window is open', async () => {
    const { deps, opened } = fakeDeps([]);
    await openAlertLink({ link: null, notificationId: 7 }, deps);
    expect(opened).toEqual([`${ORIGIN}/alerts`]);
  });

  it('opens a new window when the open one cannot be navigated from the service worker', async () => {
    const window = new FakeWindow(`${ORIGIN}/`, true, false);
    const { deps, opened } = fakeDeps([window]);
    await openAlertLink({ link: '/my-wallet' }, deps);
    expect(opened).toEqual([`${ORIGIN}/my-wallet`]);
  });
});

describe('the service worker’s listeners', () => {
  it('handle the push event with its JSON data and the click with its notification data', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const shown: string[] = [];
    const opened: string[] = [];
    vi.stubGlobal('self', {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      clients: { matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
      registration: { showNotification: async (title: string) => void shown.push(title) },
      location: new URL('/sw.js', ORIGIN),
    });
    const broadcasts: unknown[] = [];
    listenForPush({ channel: { postMessage: (message) => broadcasts.push(message) }, log: () => {} });

    const waited: Promise<unknown>[] = [];
    listeners.get('push')?.({ data: { text: () => JSON.stringify(FCM_PAYLOAD) }, waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    await Promise.all(waited);
    expect(shown).toEqual(['Order on its way']);
    expect(broadcasts).toEqual([{ type: 'PUSH_RECEIVED', alert: ALERT, display: 'system' }]);

    const close = vi.fn();
    listeners.get('notificationclick')?.({
      notification: { close, data: { link: '/running-order/FP-1001' } },
      waitUntil: (promise: Promise<unknown>) => waited.push(promise),
    });
    await Promise.all(waited);
    expect(close).toHaveBeenCalled();
    expect(opened).toEqual([`${ORIGIN}/running-order/FP-1001`]);
  });
});
