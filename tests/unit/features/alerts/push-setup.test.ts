/**
 * Turning push on: permission first, then Firebase's token through the app's
 * one service worker registration (never a firebase-messaging-sw.js of its
 * own), then the save. Firebase is replaced by recording doubles: its
 * servers cannot be reached from tests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTING_DEFAULTS, type SettingKey } from '../../../../src/api/settings/defaults.ts';
import { browserSupportsPush, firebaseConfigFrom, turnOnPush, type FirebaseWebConfig } from '../../../../src/features/alerts/push-setup.ts';

const firebase = vi.hoisted(() => ({
  initializeApp: vi.fn((options: unknown, name: string) => ({ name, options })),
  getApps: vi.fn((): { name: string }[] => []),
  getMessaging: vi.fn((app: unknown) => ({ app })),
  getToken: vi.fn(async (): Promise<string> => 'fcm-token-1'),
  isSupported: vi.fn(async () => true),
}));
vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp, getApps: firebase.getApps }));
vi.mock('firebase/messaging', () => ({ getMessaging: firebase.getMessaging, getToken: firebase.getToken, isSupported: firebase.isSupported }));

const CONFIG: FirebaseWebConfig = {
  apiKey: 'api-key',
  projectId: 'foodpilot-test',
  messagingSenderId: '1234',
  appId: '1:1234:web:abcd',
  vapidKey: 'vapid-public-key',
};
const REGISTRATION = { scope: 'http://localhost/', active: {} } as unknown as ServiceWorkerRegistration;

let requestPermission: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.clearAllMocks();
  requestPermission = vi.fn(async () => 'granted');
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => REGISTRATION, ready: Promise.resolve(REGISTRATION) },
    configurable: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('firebaseConfigFrom', () => {
  const reader = (values: Partial<Record<SettingKey, string>>) => (key: SettingKey) => values[key] ?? SETTING_DEFAULTS[key];

  it('is null with the shipped (empty) settings, and while any part is missing', () => {
    expect(firebaseConfigFrom(reader({}))).toBeNull();
    expect(firebaseConfigFrom(reader({ firebaseApiKey: 'k', firebaseProjectId: 'p', firebaseMessagingSenderId: '1', firebaseAppId: 'a' }))).toBeNull();
  });

  it('reads all five settings', () => {
    expect(
      firebaseConfigFrom(
        reader({ firebaseApiKey: ' k ', firebaseProjectId: 'p', firebaseMessagingSenderId: '1', firebaseAppId: 'a', firebaseVapidKey: 'v' }),
      ),
    ).toEqual({ apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a', vapidKey: 'v' });
  });
});

describe('browserSupportsPush', () => {
  it('needs Notification, PushManager and service workers', () => {
    expect(browserSupportsPush()).toBe(true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(browserSupportsPush()).toBe(false);
  });
});

describe('turnOnPush', () => {
  it("asks permission, gets the token with the app's own registration and the VAPID key, and saves it", async () => {
    const save = vi.fn(async () => ({ ok: true as const }));
    expect(await turnOnPush(CONFIG, save)).toEqual({ kind: 'enabled' });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(firebase.initializeApp).toHaveBeenCalledWith(
      { apiKey: 'api-key', projectId: 'foodpilot-test', messagingSenderId: '1234', appId: '1:1234:web:abcd' },
      'foodpilot-push',
    );
    expect(firebase.getToken).toHaveBeenCalledWith(expect.anything(), { vapidKey: 'vapid-public-key', serviceWorkerRegistration: REGISTRATION });
    expect(save).toHaveBeenCalledWith('fcm-token-1');
  });

  it('stops at a refused permission: no Firebase, no save', async () => {
    requestPermission.mockResolvedValue('denied');
    const save = vi.fn();
    expect(await turnOnPush(CONFIG, save)).toEqual({ kind: 'denied' });
    expect(firebase.getToken).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });

  it('without a service worker registration, push is unsupported here', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => undefined }, configurable: true });
    expect(await turnOnPush(CONFIG, vi.fn())).toEqual({ kind: 'unsupported' });
    expect(firebase.getToken).not.toHaveBeenCalled();
  });

  it('a failure (Firebase unreachable, the save refused) is reported, never thrown', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    firebase.getToken.mockRejectedValueOnce(new Error('messaging/token-subscribe-failed'));
    expect(await turnOnPush(CONFIG, vi.fn())).toMatchObject({ kind: 'failed' });
    const refused = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    expect(await turnOnPush(CONFIG, refused)).toEqual({ kind: 'failed', reason: 'offline' });
  });
});
