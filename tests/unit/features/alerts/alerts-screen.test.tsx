import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PushSetup from '../../../../src/features/alerts/push-setup.ts';
import type { PushSetupOutcome } from '../../../../src/features/alerts/push-setup.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { CUSTOMER_ID, alertRow, putAlerts, putWallet, signIn } from './fixtures.ts';

const turnOnPush = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/features/alerts/push-setup.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PushSetup>()),
  turnOnPush,
}));

const PUSH_SETTINGS = {
  enablePushNotification: 'true',
  firebaseApiKey: 'api-key',
  firebaseProjectId: 'foodpilot-test',
  firebaseMessagingSenderId: '1234',
  firebaseAppId: '1:1234:web:abcd',
  firebaseVapidKey: 'vapid-public-key',
};

/** Lazy screens and live queries take longer on a busy machine than testing-library's default second. */
const SLOW = { timeout: 5000 };

function badge() {
  return within(screen.getByTestId('tab-bar')).queryByTestId('tab-badge-alerts');
}

describe('alerts (/alerts)', () => {
  it('asks a signed-out visitor to sign in, and asks the worker nothing', async () => {
    const { worker } = await renderApp({ path: '/alerts' });
    // The first screen of the file waits for its lazy chunks.
    expect(await screen.findByRole('link', { name: 'Sign in' }, SLOW)).toHaveAttribute('href', '/login?next=%2Falerts');
    expect(screen.getByText('Sign in to see your alerts.')).toBeInTheDocument();
    expect(worker.refreshAlerts).not.toHaveBeenCalled();
  });

  it('lists alerts newest first, unread marked for the eye and for screen readers, with the badge counting them', async () => {
    const { db, worker } = await renderApp({ path: '/alerts' });
    await signIn(db);
    await putAlerts(db, [
      alertRow({ id: 1, title: 'Welcome', is_read: 1 }),
      alertRow({ id: 2, title: 'Cashback added' }),
      alertRow({ id: 3, title: 'Weekend offer' }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('alert-item')).toHaveLength(3), SLOW);
    const items = screen.getAllByTestId('alert-item');
    expect(items.map((item) => item.querySelector('.alert-title')?.textContent)).toEqual(['Weekend offer', 'Cashback added', 'Welcome']);
    expect(items.map((item) => item.dataset.unread)).toEqual(['true', 'true', 'false']);
    expect(within(items[0] as HTMLElement).getByRole('button')).toHaveAccessibleName(/^Unread: Weekend offer/);
    expect(within(items[2] as HTMLElement).getByRole('button')).toHaveAccessibleName(/^Welcome/);
    expect(screen.getByTestId('alerts-unread-count')).toHaveTextContent('2 unread');
    await waitFor(() => expect(worker.refreshAlerts).toHaveBeenCalled());
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
  });

  it('a tap marks the alert read (the badge follows) and opens its link', async () => {
    const { db, worker } = await renderApp({ path: '/alerts' });
    await signIn(db);
    await putAlerts(db, [alertRow({ id: 1, title: 'Cashback added', data: { screen: 'my-wallet' } }), alertRow({ id: 2, title: 'No link' })]);
    await putWallet(db, { balance: 0, transactions: [] });
    await waitFor(() => expect(badge()).toHaveTextContent('2'), SLOW);

    fireEvent.click(await screen.findByRole('button', { name: /No link/ }));
    expect(worker.markAlertRead).toHaveBeenCalledWith(2);
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Cashback added/ }));
    expect(worker.markAlertRead).toHaveBeenCalledWith(1);
    expect(await screen.findByRole('heading', { name: 'My wallet' }, SLOW)).toBeInTheDocument();
    expect(await db.alerts.where('is_read').equals(0).count()).toBe(0);
  });

  it('"Mark all read" marks every alert read and the badge goes', async () => {
    const { db, worker } = await renderApp({ path: '/alerts' });
    await signIn(db);
    await putAlerts(db, [alertRow({ id: 1 }), alertRow({ id: 2 }), alertRow({ id: 3, is_read: 1 })]);
    await waitFor(() => expect(badge()).toHaveTextContent('2'), SLOW);

    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(worker.markAllAlertsRead).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(badge()).toBeNull());
    // The tab bar and the screen are two live queries: either may see the change first.
    await waitFor(() => expect(screen.getByTestId('alerts-unread-count')).toHaveTextContent('All caught up'));
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.getByTestId('tab-alerts')).toHaveAccessibleName('Alerts');
  });

  it('says when there are no alerts', async () => {
    const { db } = await renderApp({ path: '/alerts' });
    await signIn(db);
    await putAlerts(db, []);
    expect(await screen.findByText('No alerts yet. Order updates and offers will show here.')).toBeInTheDocument();
  });

  it('offline, shows the saved alerts with their age', async () => {
    const { db } = await renderApp({
      path: '/alerts',
      connectivityError: 'offline',
      worker: { refreshAlerts: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) },
    });
    await signIn(db);
    await db.alerts.put(alertRow({ id: 1, title: 'Saved alert' }));
    await db.syncState.put({ resource: 'alerts', fetchedAt: Date.now() - 5 * 60_000, version: null, error: 'offline', errorAt: Date.now() });
    expect(await screen.findByText('Saved alert')).toBeInTheDocument();
    expect(await screen.findByTestId('saved-note')).toHaveTextContent('Updated 5 min ago');
  });

  it('shows the offline screen when alerts were never fetched and the server is unreachable', async () => {
    const { db } = await renderApp({
      path: '/alerts',
      worker: { refreshAlerts: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) },
    });
    await signIn(db);
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
  });
});

describe('the order-alerts prompt on /alerts', () => {
  beforeEach(() => {
    turnOnPush.mockReset();
    // What web push needs: jsdom has none of it.
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  async function alertsWith(settings: Record<string, string>, signedIn = true) {
    const view = await renderApp({ path: '/alerts', settings });
    if (signedIn) await signIn(view.db);
    await putAlerts(view.db, [alertRow({ id: 1 })]);
    return view;
  }

  it('is offered to a signed-in customer when push is switched on and configured; a tap turns it on and saves the token', async () => {
    turnOnPush.mockImplementation(async (_config: unknown, save: (token: string) => Promise<unknown>): Promise<PushSetupOutcome> => {
      await save('fcm-device-token');
      return { kind: 'enabled' };
    });
    const { worker } = await alertsWith(PUSH_SETTINGS);
    const prompt = await screen.findByTestId('push-prompt');
    expect(within(prompt).getByRole('heading', { name: 'Turn on order alerts' })).toBeInTheDocument();
    // Nothing is asked before the tap.
    expect(turnOnPush).not.toHaveBeenCalled();

    fireEvent.click(within(prompt).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('push-enabled')).toHaveTextContent('Order alerts are on for this device.');
    expect(turnOnPush).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'foodpilot-test', vapidKey: 'vapid-public-key' }), expect.any(Function));
    expect(worker.savePushToken).toHaveBeenCalledWith('fcm-device-token');
  });

  it('says so when the customer blocks notifications', async () => {
    turnOnPush.mockResolvedValue({ kind: 'denied' });
    await alertsWith(PUSH_SETTINGS);
    fireEvent.click(within(await screen.findByTestId('push-prompt')).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked for this site.');
  });

  it('is not offered when enablePushNotification is off', async () => {
    await alertsWith({ ...PUSH_SETTINGS, enablePushNotification: 'false' });
    await screen.findAllByTestId('alert-item');
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('is not offered, nor mentioned, while Firebase is not configured', async () => {
    await alertsWith({ ...PUSH_SETTINGS, firebaseVapidKey: '' });
    await screen.findAllByTestId('alert-item');
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    expect(screen.queryByText(/order alerts/i)).toBeNull();
  });

  it('is not offered to a signed-out visitor', async () => {
    await alertsWith(PUSH_SETTINGS, false);
    await screen.findByText('Sign in to see your alerts.');
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('is not offered where the browser cannot do web push', async () => {
    Reflect.deleteProperty(window, 'PushManager');
    vi.unstubAllGlobals();
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    await alertsWith(PUSH_SETTINGS);
    await screen.findAllByTestId('alert-item');
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('"Not now" hides it for this customer; once on for this customer on this device, it is not offered again', async () => {
    const { db } = await alertsWith(PUSH_SETTINGS);
    fireEvent.click(within(await screen.findByTestId('push-prompt')).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('push-prompt')).toBeNull());
    expect((await db.prefs.get(PrefKey.pushPromptDismissed))?.value).toBe(CUSTOMER_ID);

    await act(async () => {
      await db.prefs.delete(PrefKey.pushPromptDismissed);
    });
    expect(await screen.findByTestId('push-prompt')).toBeInTheDocument();
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    await act(async () => {
      await db.prefs.put({ key: PrefKey.pushToken, value: { token: 'saved', userId: CUSTOMER_ID } });
    });
    await waitFor(() => expect(screen.queryByTestId('push-prompt')).toBeNull());
  });
});
