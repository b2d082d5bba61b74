/**
 * The wallet ledger and in-app alerts on each database: the seeded demo
 * customer's wallet and alerts, walletRepository.appendEntry (atomic, never below
 * zero, part of the caller's transaction), notifyUser (stored always,
 * pushed to every device after commit, never for a rolled-back change) and
 * the alert calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkedRead, Notification, Wallet } from '../../../src/api/account/entities.ts';
import { HttpError } from '../../../server/http/http-error.ts';
import { DEMO_ALERTS, DEMO_WALLET_ENTRIES } from '../../../server/seed/seed-accounts.ts';
import { callAs, outboxOf, registerCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('wallet and alerts on $kind', ({ kind }) => {
  let t: TestApp;
  let demoId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    demoId = Number((await t.app.usersRepository.findByEmail('customer@foodpilot.test'))?.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ledgerSum = async (userId: number) => {
    const rows = await t.db.selectFrom('wallet_transactions').select('amount').where('user_id', '=', userId).execute();
    return rows.reduce((sum, row) => sum + Number(row.amount), 0);
  };
  const balanceOf = async (userId: number) =>
    Number((await t.db.selectFrom('users').select('wallet_balance').where('id', '=', userId).executeTakeFirstOrThrow()).wallet_balance);

  describe('wallet', () => {
    it('the demo customer has a seeded wallet, newest first, consistent with its ledger', async () => {
      const token = await loginAs(t.app, 'customer');
      const response = await callAs(t.app, 'get-wallet-transactions', { token, user_id: demoId });
      expect(response.statusCode).toBe(200);
      const wallet = response.json<Wallet>();
      const total = DEMO_WALLET_ENTRIES.reduce((sum, entry) => sum + entry.amount, 0);
      expect(wallet.balance).toBe(total);
      expect(wallet.transactions.map((entry) => entry.reason)).toEqual([...DEMO_WALLET_ENTRIES].reverse().map((entry) => entry.reason));
      expect(wallet.transactions[0]).toMatchObject({ balance_after: total, type: 'top_up' });
      expect(await ledgerSum(demoId)).toBe(total);
    });

    it('appendEntry credits and debits, keeps balance_after right, and refuses to go below zero', async () => {
      const customer = await registerCustomer(t.app);
      await t.app.walletRepository.appendEntry({ userId: customer.id, amount: 500, type: 'top_up', reason: 'Top-up', createdBy: null });
      const debit = await t.app.walletRepository.appendEntry({ userId: customer.id, amount: -300, type: 'order_payment', reason: 'Paid', createdBy: customer.id });
      expect(debit).toMatchObject({ amount: -300, balance_after: 200 });
      await expect(
        t.app.walletRepository.appendEntry({ userId: customer.id, amount: -201, type: 'order_payment', reason: 'Too much', createdBy: customer.id }),
      ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_BALANCE' });
      expect(await balanceOf(customer.id)).toBe(200);
      expect(await ledgerSum(customer.id)).toBe(200);
      const wallet = (await callAs(t.app, 'get-wallet-transactions', { token: customer.token, user_id: customer.id })).json<Wallet>();
      expect(wallet).toMatchObject({ balance: 200, transactions: [{ amount: -300, balance_after: 200 }, { amount: 500, balance_after: 500 }] });
      await expect(t.app.walletRepository.appendEntry({ userId: customer.id, amount: 0, type: 'adjustment', reason: '', createdBy: null })).rejects.toThrow(/non-zero/);
    });

    it('an entry rolls back with the transaction that made it', async () => {
      const customer = await registerCustomer(t.app);
      await expect(
        t.db.transaction().execute(async (trx) => {
          await t.app.walletRepository.appendEntry({ userId: customer.id, amount: 900, type: 'order_refund', reason: 'Refund', createdBy: null }, trx);
          throw new HttpError(409, 'CONFLICT', 'the order changed meanwhile');
        }),
      ).rejects.toThrow(/order changed/);
      expect(await balanceOf(customer.id)).toBe(0);
      expect(await ledgerSum(customer.id)).toBe(0);
    });

    it('concurrent entries line up: every balance_after is the running total', async () => {
      const customer = await registerCustomer(t.app);
      await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          t.db.transaction().execute((trx) =>
            t.app.walletRepository.appendEntry({ userId: customer.id, amount: index + 1, type: 'cashback', reason: `Cashback ${index}`, createdBy: null }, trx),
          ),
        ),
      );
      const rows = await t.db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', customer.id).orderBy('id').execute();
      let running = 0;
      for (const row of rows) {
        running += Number(row.amount);
        expect(Number(row.balance_after)).toBe(running);
      }
      expect(new Set(rows.map((row) => Number(row.balance_after))).size).toBe(12);
      expect(await balanceOf(customer.id)).toBe(78);
    });
  });

  describe('alerts', () => {
    it('the demo customer has seeded alerts, newest first, one read', async () => {
      const token = await loginAs(t.app, 'customer');
      const alerts = (await callAs(t.app, 'get-user-notifications', { token, user_id: demoId })).json<Notification[]>();
      expect(alerts.slice(-DEMO_ALERTS.length).map((alert) => alert.title)).toEqual([...DEMO_ALERTS].reverse().map((alert) => alert.title));
      expect(alerts.filter((alert) => alert.is_read === 1).map((alert) => alert.title)).toEqual(['Welcome to FoodPilot']);
      expect(alerts.find((alert) => alert.title === 'Weekend offer')?.data).toEqual({ restaurant_slug: 'nonna-lucia-trattoria' });
    });

    it('mark one read, then mark all read; another user cannot mark an alert that is not theirs', async () => {
      const customer = await registerCustomer(t.app);
      const other = await registerCustomer(t.app);
      const first = await t.app.notificationsRepository.notifyUser(customer.id, { title: 'One', message: 'First', data: { n: 1 } });
      await t.app.notificationsRepository.notifyUser(customer.id, { title: 'Two', message: 'Second' });
      await t.app.notificationsRepository.notifyUser(customer.id, { title: 'Three', message: 'Third', data: { flag: true, none: null } });
      const listed = (await callAs(t.app, 'get-user-notifications', { token: customer.token, user_id: customer.id })).json<Notification[]>();
      expect(listed.map((alert) => [alert.title, alert.is_read])).toEqual([['Three', 0], ['Two', 0], ['One', 0]]);
      expect(listed[0]?.data).toEqual({ flag: true, none: null });

      const one = await callAs(t.app, 'mark-one-notification-read', { token: customer.token, user_id: customer.id, notification_id: first.id });
      expect(one.json<Notification>()).toMatchObject({ id: first.id, is_read: 1, data: { n: 1 } });
      const notTheirs = await callAs(t.app, 'mark-one-notification-read', { token: other.token, user_id: other.id, notification_id: first.id });
      expect(notTheirs.statusCode).toBe(404);
      expect(notTheirs.json()).toMatchObject({ code: 'NOT_FOUND' });

      const all = await callAs(t.app, 'mark-all-notifications-read', { token: customer.token, user_id: customer.id });
      expect(all.json<MarkedRead>()).toEqual({ success: true, updated: 2 });
      const after = (await callAs(t.app, 'get-user-notifications', { token: customer.token, user_id: customer.id })).json<Notification[]>();
      expect(after.every((alert) => alert.is_read === 1)).toBe(true);
      expect((await callAs(t.app, 'get-user-notifications', { token: other.token, user_id: other.id })).json()).toEqual([]);
    });
  });

  describe('push', () => {
    it('an alert is pushed to every saved device of the user after it is stored', async () => {
      const customer = await registerCustomer(t.app);
      for (const pushToken of ['phone-token', 'tablet-token']) {
        const saved = await callAs(t.app, 'save-notification-token', { token: customer.token, user_id: customer.id, push_token: `${pushToken}-${customer.id}` });
        expect(saved.json()).toEqual({ success: true });
      }
      const alert = await t.db.transaction().execute((trx) =>
        t.app.notificationsRepository.notifyUser(customer.id, { title: 'On its way', message: 'Your order left the store.', data: { unique_order_id: 'A1B2', orderstatus_id: 4 } }, undefined, trx),
      );
      await t.app.pushDispatcher.drain();
      for (const pushToken of ['phone-token', 'tablet-token']) {
        const [push] = await outboxOf(t.app, { to: `${pushToken}-${customer.id}`, channel: 'push' });
        expect(push).toMatchObject({
          subject: 'On its way',
          body: 'Your order left the store.',
          data: { unique_order_id: 'A1B2', orderstatus_id: '4', notification_id: String(alert.id) },
        });
      }
      const row = await t.db.selectFrom('notifications').select('push_state').where('id', '=', alert.id).executeTakeFirstOrThrow();
      expect(row.push_state).toBe('sent');
    });

    it('no push for an alert whose transaction rolled back, and none for a user without devices (still stored)', async () => {
      const customer = await registerCustomer(t.app);
      await callAs(t.app, 'save-notification-token', { token: customer.token, user_id: customer.id, push_token: `rollback-${customer.id}` });
      await expect(
        t.db.transaction().execute(async (trx) => {
          await t.app.notificationsRepository.notifyUser(customer.id, { title: 'Never', message: 'Rolled back' }, undefined, trx);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await t.app.pushDispatcher.drain();
      expect(await outboxOf(t.app, { to: `rollback-${customer.id}` })).toEqual([]);

      const lonely = await registerCustomer(t.app);
      const stored = await t.app.notificationsRepository.notifyUser(lonely.id, { title: 'Hello', message: 'No device' });
      await t.app.pushDispatcher.drain();
      const row = await t.db.selectFrom('notifications').select('push_state').where('id', '=', stored.id).executeTakeFirstOrThrow();
      expect(row.push_state).toBe('none');
      expect((await callAs(t.app, 'get-user-notifications', { token: lonely.token, user_id: lonely.id })).json<Notification[]>()).toHaveLength(1);
    });

    it('a device token belongs to the user who saved it last', async () => {
      const first = await registerCustomer(t.app);
      const second = await registerCustomer(t.app);
      const device = `shared-device-${first.id}`;
      await callAs(t.app, 'save-notification-token', { token: first.token, user_id: first.id, push_token: device });
      await callAs(t.app, 'save-notification-token', { token: second.token, user_id: second.id, push_token: device });
      expect(await t.app.notificationsRepository.pushTokensOf(first.id)).toEqual([]);
      expect(await t.app.notificationsRepository.pushTokensOf(second.id)).toEqual([device]);
    });
  });
});
