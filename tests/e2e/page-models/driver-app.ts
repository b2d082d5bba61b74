/**
 * The driver area as a driver's phone sees it: sign in, the orders list, an
 * order's screen with its one next step, the waiting-to-send card, and a
 * reading of the replica's outbox (what waits for the network).
 */
import type { Locator, Page } from 'playwright-core';
import type { OutboxEntry } from '../../../src/api/outbox.ts';

export class DriverApp {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.open('/delivery/login');
    const form = this.page.getByTestId('driver-sign-in');
    await form.getByLabel('E-mail or phone number').fill(email, { timeout: 20_000 });
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await this.page.waitForURL((url) => url.pathname !== '/delivery/login', { timeout: 20_000 });
  }

  orderCard(uniqueOrderId: string): Locator {
    return this.page.locator(`a[href$="/delivery/orders/${uniqueOrderId}"]`).first();
  }

  get action(): Locator {
    return this.page.getByTestId('driver-action');
  }

  actionButton(name: 'Accept to deliver' | 'Picked up' | 'Delivered'): Locator {
    return this.action.getByRole('button', { name, exact: true });
  }

  get pinField(): Locator {
    return this.action.getByLabel('Customer’s delivery PIN');
  }

  get waitingMarks(): Locator {
    return this.page.getByText('Waiting for network', { exact: true });
  }

  get rejection(): Locator {
    return this.page.getByRole('alert');
  }

  get steps(): Locator {
    return this.page.getByTestId('driver-step');
  }

  get pendingCount(): Locator {
    return this.page.getByTestId('driver-pending-count');
  }

  /** The outbox rows of the replica, oldest first. */
  async outbox(): Promise<OutboxEntry[]> {
    return this.page.evaluate(
      () =>
        new Promise<OutboxEntry[]>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
            request.onsuccess = () => {
              db.close();
              const rows = request.result as OutboxEntry[];
              resolve(rows.sort((a, b) => (a.createdSeq ?? 0) - (b.createdSeq ?? 0)));
            };
            request.onerror = () => reject(request.error);
          };
        }),
    );
  }

  /** Rows still in line (pending, being sent, or held by the service worker). */
  async waitingInOutbox(): Promise<OutboxEntry[]> {
    return (await this.outbox()).filter((row) => row.status === 'pending' || row.status === 'sending' || row.status === 'queued');
  }
}
