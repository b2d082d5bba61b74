// @vitest-environment node
/**
 * Alerts, wallet and push token through the real sync worker parts against a
 * real server: the demo customer's seeded alerts and wallet (signed in
 * through the API), marking read online and offline (the outbox replays the
 * mark once), and the push token reaching the server's database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, Notification } from '../../../../src/api/entities.ts';
import { PrefKey, SyncResource, type CustomerAlertRow } from '../../../../src/db/schema.ts';
import { DEMO_ALERTS, DEMO_WALLET_ENTRIES } from '../../../../server/seed/seed-accounts.ts';
import { registerCustomer, type NewCustomer } from '../../../support/accounts.ts';
import { postCall } from '../../../support/api-client.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CUSTOMER } from '../riverton.ts';

let server: TestServer;
let harness: Harness;
let demo: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  // One login for the whole file: login is rate limited per address and e-mail.
  const answer = await postCall(server.url, 'login', CUSTOMER);
  const { data } = answer.body as LoginResult;
  demo = { id: data.id, token: data.auth_token };
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await harness?.close();
});

async function signedIn(user: { id: number; token: string }): Promise<Harness> {
  const h = await startHarness({ server });
  await h.db.session.put({ id: 'customer', userId: user.id, token: user.token, role: 'customer', data: {}, savedAt: 1 });
  return h;
}

/** A fresh customer with these alerts (oldest first), stored as the server stores every alert. */
async function customerWithAlerts(titles: string[]): Promise<NewCustomer> {
  const customer = await registerCustomer(server.app);
  for (const title of titles) {
    await server.app.notificationsRepository.notifyUser(customer.id, { title, message: `${title}!`, data: { screen: 'my-wallet' } });
  }
  return customer;
}

async function serverAlerts(user: { id: number; token: string }): Promise<Notification[]> {
  const answer = await postCall(server.url, 'get-user-notifications', { token: user.token, user_id: user.id });
  expect(answer.status).toBe(200);
  return answer.body as Notification[];
}

async function replicaAlerts(): Promise<CustomerAlertRow[]> {
  return (await harness.db.alerts.toArray()) as unknown as CustomerAlertRow[];
}

const readState = (alerts: readonly { title: string; is_read: 0 | 1 }[]) =>
  Object.fromEntries(alerts.map((alert) => [alert.title, alert.is_read]));

describe('without a session', () => {
  it('every call is unauthorized and nothing is sent or queued', async () => {
    harness = await startHarness({ server });
    for (const result of [
      await harness.service.api.refreshAlerts(),
      await harness.service.api.markAlertRead(1),
      await harness.service.api.markAllAlertsRead(),
      await harness.service.api.refreshWallet(),
      await harness.service.api.savePushToken('device-token'),
    ]) {
      expect(result).toMatchObject({ ok: false, reason: 'unauthorized' });
    }
    expect(harness.network.sent).toHaveLength(0);
    expect(await harness.db.outbox.count()).toBe(0);
  });
});

describe('alerts', () => {
  it("fetches the demo customer's seeded alerts, newest first, with who they belong to", async () => {
    harness = await signedIn(demo);
    expect(await harness.service.api.refreshAlerts()).toEqual({ ok: true });
    const rows = (await replicaAlerts()).sort((a, b) => b.id - a.id);
    expect(rows.map((row) => row.title)).toEqual([...DEMO_ALERTS].reverse().map((alert) => alert.title));
    expect(rows.every((row) => row.userId === demo.id && typeof row.fetchedAt === 'number')).toBe(true);
    expect(await harness.db.alerts.where('is_read').equals(0).count()).toBe(DEMO_ALERTS.filter((alert) => !alert.read).length);
    expect((await harness.db.syncState.get(SyncResource.alerts))?.fetchedAt).toEqual(expect.any(Number));
  });

  it('marks one read online: the replica and the server agree, the outbox row is applied', async () => {
    const customer = await customerWithAlerts(['Order placed', 'Order on its way']);
    harness = await signedIn(customer);
    await harness.service.api.refreshAlerts();
    const target = (await replicaAlerts()).find((row) => row.title === 'Order placed') as CustomerAlertRow;

    expect(await harness.service.api.markAlertRead(target.id)).toEqual({ ok: true, value: { pending: false } });
    const row = (await harness.db.alerts.get(target.id)) as CustomerAlertRow | undefined;
    expect(row).toMatchObject({ is_read: 1 });
    expect(row?.markedBy).toBeUndefined();
    expect(readState(await serverAlerts(customer))).toEqual({ 'Order placed': 1, 'Order on its way': 0 });
    expect(await harness.db.outbox.toArray()).toMatchObject([
      { kind: 'alert-read', call: 'mark-one-notification-read', status: 'applied', userKey: `customer:${customer.id}` },
    ]);
    // Marking it again asks nothing.
    const sentBefore = harness.network.sent.length;
    expect(await harness.service.api.markAlertRead(target.id)).toEqual({ ok: true, value: { pending: false } });
    expect(harness.network.sent).toHaveLength(sentBefore);
  });

  it('marks all read offline: read at once, kept read through a refresh, and sent once when the network returns', async () => {
    const customer = await customerWithAlerts(['One', 'Two', 'Three']);
    harness = await signedIn(customer);
    await harness.service.api.refreshAlerts();
    expect(await harness.db.alerts.where('is_read').equals(0).count()).toBe(3);

    harness.network.offline = true;
    expect(await harness.service.api.markAllAlertsRead()).toEqual({ ok: true, value: { pending: true } });
    expect(await harness.db.alerts.where('is_read').equals(0).count()).toBe(0);
    expect(await harness.db.outbox.toArray()).toMatchObject([{ kind: 'alert-read', call: 'mark-all-notifications-read', status: 'pending' }]);
    expect(readState(await serverAlerts(customer))).toEqual({ One: 0, Two: 0, Three: 0 });
    expect(await harness.service.api.refreshAlerts()).toMatchObject({ ok: false, reason: 'offline' });

    // Online again, the server still says unread until the mark is sent: the replica keeps it read.
    harness.network.offline = false;
    expect(await harness.service.api.refreshAlerts()).toEqual({ ok: true });
    expect(await harness.db.alerts.where('is_read').equals(0).count()).toBe(0);

    expect(await harness.service.api.drainOutbox()).toMatchObject({ applied: 1, remaining: 0 });
    expect(await harness.service.api.drainOutbox()).toMatchObject({ sent: 0 });
    expect(readState(await serverAlerts(customer))).toEqual({ One: 1, Two: 1, Three: 1 });
    const marks = harness.network.answers.filter((answer) => answer.path === '/public/api/mark-all-notifications-read');
    expect(marks).toEqual([{ path: '/public/api/mark-all-notifications-read', status: 200, replayed: false }]);
    expect((await replicaAlerts()).every((row) => row.is_read === 1 && row.markedBy === undefined)).toBe(true);
  });

  it("an alert the server does not know for this customer leaves the replica (NOT_FOUND)", async () => {
    const customer = await customerWithAlerts(['Mine']);
    const other = await customerWithAlerts(['Not yours']);
    const [othersAlert] = await serverAlerts(other);
    harness = await signedIn(customer);
    await harness.service.api.refreshAlerts();
    await harness.db.alerts.put({ ...(othersAlert as Notification), userId: customer.id, fetchedAt: 1 } as CustomerAlertRow);

    expect(await harness.service.api.markAlertRead((othersAlert as Notification).id)).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'NOT_FOUND',
    });
    expect(await harness.db.alerts.get((othersAlert as Notification).id)).toBeUndefined();
    expect(readState(await serverAlerts(other))).toEqual({ 'Not yours': 0 });
  });

  it('a mark the server refuses (a session it no longer knows) turns the alert unread again', async () => {
    const customer = await customerWithAlerts(['Stays unread']);
    harness = await signedIn(customer);
    await harness.service.api.refreshAlerts();
    const [alert] = await replicaAlerts();
    await harness.db.session.update('customer', { token: 'not-a-valid-token' });

    expect(await harness.service.api.markAlertRead((alert as CustomerAlertRow).id)).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await harness.db.alerts.get((alert as CustomerAlertRow).id)).toMatchObject({ is_read: 0 });
    expect((await harness.db.outbox.toArray())[0]).toMatchObject({ status: 'rejected', lastError: expect.any(String) });
  });
});

describe('wallet', () => {
  it('fetches the balance and ledger, newest first, and keeps them to read offline', async () => {
    harness = await signedIn(demo);
    expect(await harness.service.api.refreshWallet()).toEqual({ ok: true });
    const wallet = await harness.db.wallet.get(demo.id);
    const total = DEMO_WALLET_ENTRIES.reduce((sum, entry) => sum + entry.amount, 0);
    expect(wallet).toMatchObject({ userId: demo.id, balance: total, fetchedAt: expect.any(Number) });
    expect(wallet?.transactions.map((entry) => entry.reason)).toEqual([...DEMO_WALLET_ENTRIES].reverse().map((entry) => entry.reason));

    harness.network.offline = true;
    expect(await harness.service.api.refreshWallet()).toMatchObject({ ok: false, reason: 'offline' });
    expect(await harness.db.wallet.get(demo.id)).toEqual(wallet);
    expect(await harness.db.syncState.get(SyncResource.wallet)).toMatchObject({ fetchedAt: wallet?.fetchedAt, error: 'offline' });
  });
});

describe('push token', () => {
  it("is saved on the server for the customer and remembered on the device", async () => {
    const customer = await registerCustomer(server.app);
    harness = await signedIn(customer);
    const token = `fcm-token-${crypto.randomUUID()}`;
    expect(await harness.service.api.savePushToken(token)).toEqual({ ok: true });
    expect(await server.app.notificationsRepository.pushTokensOf(customer.id)).toEqual([token]);
    expect((await harness.db.prefs.get(PrefKey.pushToken))?.value).toEqual({ token, userId: customer.id });
    expect(harness.network.sent.find((request) => request.path === '/public/api/save-notification-token')?.body).toContain('"push_token"');
  });

  it('an empty token is refused without asking the server', async () => {
    harness = await signedIn(demo);
    expect(await harness.service.api.savePushToken('  ')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(harness.network.sent).toHaveLength(0);
  });
});
