/**
 * The customer's alerts, wallet and push dialog as a person meets them, and
 * the browser-side handles a test needs: the signed-in session the app
 * keeps, and a push message delivered to the service worker through CDP.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { CustomerApp } from './customer-app.ts';

export interface KeptSession {
  userId: number;
  token: string;
}

export class AlertsAndWallet {
  constructor(readonly app: CustomerApp) {}

  get page(): Page {
    return this.app.page;
  }

  /** Signs in on /login with e-mail and password, as a customer does. */
  async signIn(email: string, password: string): Promise<void> {
    await this.app.open('/login');
    const form = this.page.getByTestId('password-sign-in');
    await form.getByLabel('E-mail or phone number').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await this.page.waitForURL('**/my-account');
  }

  get alertItems(): Locator {
    return this.page.getByTestId('alert-item');
  }
  alert(title: string): Locator {
    return this.alertItems.filter({ hasText: title });
  }
  get unreadAlerts(): Locator {
    return this.page.locator('[data-testid="alert-item"][data-unread="true"]');
  }
  get markAllRead(): Locator {
    return this.page.getByRole('button', { name: 'Mark all read' });
  }
  get alertsBadge(): Locator {
    return this.page.getByTestId('tab-badge-alerts');
  }
  get walletBalance(): Locator {
    return this.page.getByTestId('wallet-balance');
  }
  get walletEntries(): Locator {
    return this.page.getByTestId('wallet-entry');
  }
  get pushDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** The session the app keeps in its replica (what the sync worker sends as `token`). */
  async keptSession(): Promise<KeptSession | undefined> {
    return this.page.evaluate(
      () =>
        new Promise<KeptSession | undefined>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction('session', 'readonly').objectStore('session').get('customer');
            request.onsuccess = () => {
              db.close();
              const row = request.result as KeptSession | undefined;
              resolve(row ? { userId: row.userId, token: row.token } : undefined);
            };
            request.onerror = () => reject(request.error);
          };
        }),
    );
  }

  /**
   * What FCM does: delivers a push message (its JSON as text) to the app's
   * service worker registration, through CDP's ServiceWorker domain.
   */
  async deliverPush(context: BrowserContext, payload: unknown): Promise<void> {
    const cdp = await context.newCDPSession(this.page);
    try {
      const registrationId = await new Promise<string>((resolveId, reject) => {
        const timer = setTimeout(() => reject(new Error('no service worker registration seen')), 10_000);
        cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
          const registration = event.registrations.find((each) => !each.isDeleted);
          if (registration) {
            clearTimeout(timer);
            resolveId(registration.registrationId);
          }
        });
        void cdp.send('ServiceWorker.enable');
      });
      const origin = new URL(this.page.url()).origin;
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    } finally {
      await cdp.detach();
    }
  }

  /** Whether the service worker counts a window of the app as focused: its choice between the in-app dialog and a notification. */
  async serviceWorkerSeesAFocusedWindow(context: BrowserContext): Promise<boolean> {
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('no service worker running');
    return worker.evaluate(async () => {
      const scope = globalThis as unknown as { clients: { matchAll(options: object): Promise<readonly { focused: boolean }[]> } };
      return (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).some((client) => client.focused);
    });
  }

  /** Titles of the notifications the service worker is showing. */
  async shownNotifications(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => notification.title);
    });
  }
}
