/**
 * The account pages as a person meets them: sign-up, sign-in (password or
 * texted code), the account page, the call centre; plus the development
 * outbox (read from the app's own origin) and the replica's rows, for
 * checking what a sign-in or a logout left on the device.
 */
import type { Locator, Page } from 'playwright-core';
import { DEV_OUTBOX_PATH, type DevOutbox } from '../../../src/api/account/entities.ts';

export class AccountPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
  get profile(): Locator {
    return this.page.getByTestId('account-profile');
  }
  get signedOut(): Locator {
    return this.page.getByTestId('account-signed-out');
  }
  get actingBanner(): Locator {
    return this.page.getByTestId('acting-banner');
  }
  get avatarImage(): Locator {
    return this.page.getByTestId('avatar-image');
  }

  async register(details: { name: string; email: string; phone: string; password: string }): Promise<void> {
    await this.field('Full name').fill(details.name);
    await this.field('E-mail').fill(details.email);
    await this.field('Phone number').fill(details.phone);
    await this.field('Password').fill(details.password);
  }

  /**
   * Runs `send` (the click that asks for a code) and returns the 6-digit code
   * of the first development-outbox message to `to` that arrived after it. A
   * code sent earlier (at sign-up) is never taken for the new one, however
   * slowly the new message arrives.
   */
  async codeSentBy(to: string, send: () => Promise<void>, timeoutMs = 10_000): Promise<string> {
    const before = (await this.outboxMessages(to))[0]?.id ?? 0;
    await send();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [newest] = await this.outboxMessages(to);
      const code = newest && newest.id > before ? newest.body.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no new code was sent to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The development outbox's messages to a phone or e-mail address, newest first. */
  private async outboxMessages(to: string): Promise<DevOutbox['messages']> {
    const url = new URL(DEV_OUTBOX_PATH, this.baseUrl);
    url.searchParams.set('to', to);
    const response = await fetch(url);
    return ((await response.json()) as DevOutbox).messages;
  }

  /** Every row of one replica table. */
  async rows(table: string): Promise<Record<string, unknown>[]> {
    return this.page.evaluate(
      (name) =>
        new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction(name, 'readonly').objectStore(name).getAll();
            request.onsuccess = () => {
              db.close();
              resolve(request.result as Record<string, unknown>[]);
            };
            request.onerror = () => reject(request.error);
          };
        }),
      table,
    );
  }

  /** Puts rows into a replica table, for state no screen makes yet (a cart line). */
  async putRows(table: string, rows: Record<string, unknown>[]): Promise<void> {
    await this.page.evaluate(
      ({ name, values }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(name, 'readwrite');
            for (const value of values) tx.objectStore(name).put(value);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { name: table, values: rows },
    );
  }

  async session(): Promise<Record<string, unknown> | undefined> {
    return (await this.rows('session')).find((row) => row.id === 'customer');
  }
}
