/**
 * Turning on push for the signed-in customer (spec §5: only for a logged-in
 * user, when enablePushNotification is on and the browser supports it).
 * Permission is asked from the user's tap, never on page load; the Firebase
 * Cloud Messaging token comes through the app's one service worker
 * registration (`getToken(messaging, { vapidKey, serviceWorkerRegistration })`),
 * and the sync worker saves it. Firebase loads here, on demand only.
 */
import type { SettingKey } from '../../api/settings/defaults.ts';
import type { SyncResult } from '../../api/worker-api.ts';

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

/** Firebase's web config from settings; null while any of it is empty (push is then unavailable). */
export function firebaseConfigFrom(get: (key: SettingKey) => string): FirebaseWebConfig | null {
  const config: FirebaseWebConfig = {
    apiKey: get('firebaseApiKey').trim(),
    projectId: get('firebaseProjectId').trim(),
    messagingSenderId: get('firebaseMessagingSenderId').trim(),
    appId: get('firebaseAppId').trim(),
    vapidKey: get('firebaseVapidKey').trim(),
  };
  return Object.values(config).every((value) => value !== '') ? config : null;
}

/** Notification, PushManager and a service worker: what web push needs. */
export function browserSupportsPush(win: Window = window): boolean {
  return 'Notification' in win && 'PushManager' in win && 'serviceWorker' in win.navigator;
}

/** 'default' (not asked yet), 'granted' or 'denied'; 'denied' where notifications do not exist. */
export function notificationPermission(win: Window = window): NotificationPermission {
  return 'Notification' in win ? (win as Window & typeof globalThis).Notification.permission : 'denied';
}

export type PushSetupOutcome =
  | { kind: 'enabled' }
  | { kind: 'denied' }
  | { kind: 'unsupported' }
  | { kind: 'failed'; reason: string };

const REGISTRATION_WAIT_MS = 10_000;
/** Firebase's app instance for messaging, apart from any other Firebase use. */
const FIREBASE_APP_NAME = 'foodpilot-push';

/** The app's one service worker registration, once active; null without one (development, first seconds). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), REGISTRATION_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function firebaseToken(config: FirebaseWebConfig, registration: ServiceWorkerRegistration): Promise<string | null> {
  const [{ getApps, initializeApp }, { getMessaging, getToken, isSupported }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  if (!(await isSupported())) return null;
  const app =
    getApps().find((each) => each.name === FIREBASE_APP_NAME) ??
    initializeApp(
      { apiKey: config.apiKey, projectId: config.projectId, messagingSenderId: config.messagingSenderId, appId: config.appId },
      FIREBASE_APP_NAME,
    );
  return getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
}

/**
 * Call from the tap itself: permission first (browsers want a user gesture),
 * then the token, then the save. Never throws.
 */
export async function turnOnPush(
  config: FirebaseWebConfig,
  savePushToken: (token: string) => Promise<SyncResult>,
): Promise<PushSetupOutcome> {
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return { kind: 'denied' };
    const registration = await activeRegistration();
    if (!registration) return { kind: 'unsupported' };
    const token = await firebaseToken(config, registration);
    if (!token) return { kind: 'unsupported' };
    const saved = await savePushToken(token);
    return saved.ok ? { kind: 'enabled' } : { kind: 'failed', reason: saved.reason };
  } catch (error) {
    console.warn('push could not be turned on', error);
    return { kind: 'failed', reason: String(error) };
  }
}
