/**
 * Push messages in this one service worker (DESIGN §4: never a second
 * firebase-messaging-sw.js). The page gets its Firebase Cloud Messaging token
 * with this registration; FCM then delivers web-push messages here, and this
 * module reads them itself, with no Firebase code:
 *
 * - a window of the app is focused: it gets a PUSH_RECEIVED message and shows
 *   the in-app dialog (with vibration and a sound);
 * - none is: a system notification, whose click focuses or opens the app at
 *   the alert's link (or /alerts).
 *
 * Either way the sync worker hears it on the broadcast channel and refreshes
 * the alerts: every push is an alert stored on the server.
 */
import { pushAlertFromText, type PushAlert, type PushDisplay } from '../src/api/push.ts';
import { SETTING_DEFAULTS } from '../src/api/settings/defaults.ts';
import type { PushReceivedMessage } from '../src/api/sw-messages.ts';

/** Where a notification without a link of its own leads. */
export const ALERTS_PATH = '/alerts';

// The service worker's types this module uses, spelled out: its unit test
// compiles with the UI's DOM lib, which has no Clients or WindowClient.
export interface AppWindowClient {
  readonly url: string;
  readonly focused: boolean;
  postMessage(message: unknown): void;
  focus(): Promise<AppWindowClient>;
  navigate(url: string): Promise<AppWindowClient | null>;
}

export interface PushDeps {
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  /** Reaches the sync workers (dedicated workers are no clients). */
  channel: { postMessage(message: unknown): void };
  origin: string;
  log(line: string): void;
}

interface WaitingEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends WaitingEvent {
  data: { text(): string } | null;
}
interface NotificationClickLike extends WaitingEvent {
  notification: { close(): void; data: unknown };
}
interface PushScope {
  clients: PushDeps['clients'];
  registration: PushDeps['registration'];
  location: { origin: string };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

declare const self: PushScope;

/** What a system notification keeps for its click. */
export interface AlertNotificationData {
  link: string | null;
  notificationId: number | null;
}

async function windowsOf(deps: PushDeps): Promise<readonly AppWindowClient[]> {
  return (await deps.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly AppWindowClient[];
}

/** Shows one push (in-app or as a notification); null when the message had nothing to show. */
export async function deliverPush(alert: PushAlert | null, deps: PushDeps): Promise<PushDisplay | null> {
  if (!alert) {
    deps.log('[sw] push ignored: nothing to show');
    return null;
  }
  const focused = (await windowsOf(deps)).filter((client) => client.focused);
  const display: PushDisplay = focused.length > 0 ? 'in-app' : 'system';
  const message: PushReceivedMessage = { type: 'PUSH_RECEIVED', alert, display };
  if (display === 'in-app') {
    for (const client of focused) client.postMessage(message);
  } else {
    const data: AlertNotificationData = { link: alert.link, notificationId: alert.notificationId };
    await deps.registration.showNotification(alert.title, {
      body: alert.body,
      icon: SETTING_DEFAULTS.storeIcon192,
      // One notification per alert: a second push of the same alert replaces it.
      ...(alert.notificationId !== null ? { tag: `alert-${alert.notificationId}` } : {}),
      data,
    });
  }
  deps.channel.postMessage(message);
  deps.log(`[sw] push shown ${display}: ${alert.title}`);
  return display;
}

function linkOf(data: unknown): string | null {
  const link = (data as Partial<AlertNotificationData> | null)?.link;
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** A notification's click: focus a window of the app and take it to the link, or open one there. */
export async function openAlertLink(notificationData: unknown, deps: PushDeps): Promise<void> {
  const url = new URL(linkOf(notificationData) ?? ALERTS_PATH, deps.origin).href;
  const windows = await windowsOf(deps);
  const client = windows.find((each) => each.focused) ?? windows[0];
  if (!client) {
    await deps.clients.openWindow(url);
    return;
  }
  try {
    const shown = await client.focus();
    if (shown.url !== url) await shown.navigate(url);
  } catch {
    // A window this service worker does not control cannot be navigated from here.
    await deps.clients.openWindow(url);
  }
}

/** `channel` and `log` are broadcast.ts's: how the service worker reaches the sync workers and the tests. */
export function listenForPush({ channel, log }: Pick<PushDeps, 'channel' | 'log'>): void {
  const deps: PushDeps = {
    clients: self.clients,
    registration: self.registration,
    channel,
    origin: self.location.origin,
    log,
  };
  self.addEventListener('push', (event) => {
    event.waitUntil(deliverPush(pushAlertFromText(event.data?.text()), deps));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openAlertLink(event.notification.data, deps));
  });
}
