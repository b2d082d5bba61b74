/**
 * Push messages as the service worker receives them, and where an alert
 * leads. The server sends through Firebase Cloud Messaging (server/messaging/
 * fcm.ts): the push's data is FCM's JSON, `{ notification: {title, body},
 * data: {...string values, notification_id}, fcmMessageId, from }`. The
 * service worker reads it itself (sw/push.ts), with no Firebase code.
 */

/** A push message, read. */
export interface PushAlert {
  title: string;
  body: string;
  /** The stored alert's id (the server adds `notification_id` to every push), or null. */
  notificationId: number | null;
  /** Where the alert leads inside the app (a path), or null. */
  link: string | null;
  /** The alert's data, as FCM carries it: string values. */
  data: Record<string, string>;
}

/** How the service worker showed it: in the focused window's dialog, or as a system notification. */
export type PushDisplay = 'in-app' | 'system';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A path inside the app: '/…', never '//host' (another site) nor a scheme. */
function appPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/i;

/**
 * Where an alert leads, from what it is about (the alert's `data`): an
 * explicit `link` path, an order (`unique_order_id` → its tracking page), a
 * store (`restaurant_slug`) or an app screen (`screen`, e.g. 'my-wallet').
 * Null when it leads nowhere.
 */
export function alertLink(data: Readonly<Record<string, unknown>> | null | undefined): string | null {
  if (!data) return null;
  const explicit = appPath(data.link);
  if (explicit) return explicit;
  const order = data.unique_order_id;
  if ((typeof order === 'string' && order !== '') || typeof order === 'number') {
    return `/running-order/${encodeURIComponent(String(order))}`;
  }
  if (typeof data.restaurant_slug === 'string' && SLUG.test(data.restaurant_slug)) return `/stores/${data.restaurant_slug}`;
  if (typeof data.screen === 'string' && SLUG.test(data.screen)) return `/${data.screen}`;
  return null;
}

/**
 * Reads a push message's JSON (FCM's shape, or a plain web-push one with
 * title and body at the top or inside data). Null when it is not JSON with
 * something to show.
 */
export function pushAlertFrom(payload: unknown): PushAlert | null {
  if (!isObject(payload)) return null;
  const notification = isObject(payload.notification) ? payload.notification : {};
  const rawData = isObject(payload.data) ? payload.data : {};
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawData)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') data[key] = String(value);
  }
  const title = text(notification.title) || text(payload.title) || data.title || '';
  const body = text(notification.body) || text(payload.body) || data.body || data.message || '';
  if (!title && !body) return null;
  const id = Number(data.notification_id);
  const fcmOptions = isObject(payload.fcmOptions) ? payload.fcmOptions : {};
  return {
    title: title || body,
    body: title ? body : '',
    notificationId: Number.isInteger(id) && id > 0 ? id : null,
    link: alertLink(data) ?? appPath(fcmOptions.link) ?? appPath(notification.click_action),
    data,
  };
}

/** Parses the text of a push message; null for anything but JSON with something to show. */
export function pushAlertFromText(textPayload: string | null | undefined): PushAlert | null {
  if (!textPayload) return null;
  try {
    return pushAlertFrom(JSON.parse(textPayload));
  } catch {
    return null;
  }
}
