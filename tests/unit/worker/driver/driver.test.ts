// @vitest-environment node
/**
 * The driver area in the worker against a real server (DESIGN §4): the
 * driver's session apart from a customer's, their lists in the replica, and
 * every step through the outbox: shown at once, waiting while the network is
 * gone, then applied once, in order, with the time the driver acted; a step
 * the world overtook (the store cancelled) is explained, not dropped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../../src/api/orders/entities.ts';
import { OrderStatus } from '../../../../src/api/orders/status.ts';
import type { DriverOrderRow, DriverProfileRow } from '../../../../src/api/driver/worker-api.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { freshReplica, startHarness, type Harness } from '../harness.ts';
import { callAs } from '../../../support/accounts.ts';
import { loginAs } from '../../../support/inject-call.ts';
import { personWithRole } from '../../../server/orders/lifecycle-support.ts';
import { readyToDeliver } from '../../../support/drivers.ts';
import { createOrderWorld, move, newCustomer, placeOrder, type OrderWorld } from '../running-order-support.ts';

const DRIVER = { email: 'driver@foodpilot.test', password: 'driver-demo' };

let server: TestServer;
let world: OrderWorld;
let harness: Harness;

beforeAll(async () => {
  server = await startTestServer();
  world = await createOrderWorld(server);
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await harness?.close();
});

async function signedInDriver(db?: ReplicaDatabase): Promise<Harness> {
  const h = await startHarness({ server, ...(db ? { db } : {}) });
  await h.db.session.put({ id: 'driver', userId: world.driver.id, token: world.driver.token, role: 'driver', data: {}, savedAt: 1 });
  return h;
}

/** An order of the world's store that the store accepted: offered to drivers. */
async function preparingOrder(): Promise<Order> {
  const order = await placeOrder(world, await newCustomer(world));
  await move(world, 'accept-order', 'owner', order);
  return order;
}

async function rowOf(h: Harness, order: Order): Promise<DriverOrderRow | undefined> {
  return (await h.db.driverOrders.get(order.unique_order_id)) as DriverOrderRow | undefined;
}

async function serverHistory(order: Order) {
  return server.db
    .selectFrom('order_history')
    .innerJoin('orders', 'orders.id', 'order_history.order_id')
    .select(['order_history.status as status', 'order_history.happened_at as at'])
    .where('orders.unique_order_id', '=', order.unique_order_id)
    .orderBy('order_history.id')
    .execute();
}

describe('signing in', () => {
  it('keeps the driver session apart from a customer session', async () => {
    harness = await startHarness({ server });
    await harness.db.session.put({ id: 'customer', userId: 999, token: 'customer-token', role: 'customer', data: {}, savedAt: 1 });
    const result = await harness.service.api.driverLogin(DRIVER);
    expect(result).toMatchObject({ ok: true, value: { userId: world.driver.id, role: 'driver' } });
    expect(await harness.db.session.get('driver')).toMatchObject({ userId: world.driver.id, role: 'driver' });
    expect(await harness.db.session.get('customer')).toMatchObject({ token: 'customer-token' });
  });

  it("refuses a customer account as it refuses a wrong password (the door does not tell that the password was right)", async () => {
    harness = await startHarness({ server });
    const result = await harness.service.api.driverLogin({ email: 'customer@foodpilot.test', password: 'customer-demo' });
    expect(result).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(await harness.db.session.get('driver')).toBeUndefined();
  });

  it('logout forgets the driver rows', async () => {
    harness = await signedInDriver();
    expect(await harness.service.api.refreshDriver()).toEqual({ ok: true });
    expect(await harness.db.driverProfile.get('driver')).toBeDefined();
    await harness.service.api.driverLogout();
    expect(await harness.db.session.get('driver')).toBeUndefined();
    expect(await harness.db.driverProfile.count()).toBe(0);
    expect(await harness.db.driverOrders.count()).toBe(0);
  });
});

describe('lists', () => {
  it('shows an order the store is preparing as new, and the profile', async () => {
    const order = await preparingOrder();
    harness = await signedInDriver();
    expect(await harness.service.api.refreshDriver()).toEqual({ ok: true });
    expect(await rowOf(harness, order)).toMatchObject({ list: 'new', status: OrderStatus.PREPARING, pending: [], customer: null });
    const profile = (await harness.db.driverProfile.get('driver')) as DriverProfileRow;
    expect(profile).toMatchObject({ userId: world.driver.id, is_online: true, pendingOnline: false });
  });
});

describe('a delivery in a dead zone', () => {
  it('accept online, then picked up and delivered offline: shown at once, survive a restart, applied once with the driver’s times', async () => {
    const order = await preparingOrder();
    const db = freshReplica();
    harness = await signedInDriver(db);
    await harness.service.api.refreshDriver();

    const accepted = await harness.service.api.driverMove(order.unique_order_id, 'accept');
    expect(accepted).toEqual({ ok: true, value: { pending: false, rejection: null } });
    expect(await rowOf(harness, order)).toMatchObject({ list: 'active', status: OrderStatus.DRIVER_ASSIGNED, server_status: OrderStatus.DRIVER_ASSIGNED });

    harness.network.offline = true;
    const pickedUp = await harness.service.api.driverMove(order.unique_order_id, 'pickup');
    expect(pickedUp).toEqual({ ok: true, value: { pending: true, rejection: null } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const delivered = await harness.service.api.driverMove(order.unique_order_id, 'deliver', order.delivery_pin ?? '');
    expect(delivered).toMatchObject({ ok: true, value: { pending: true } });
    const waiting = await rowOf(harness, order);
    expect(waiting).toMatchObject({ status: OrderStatus.DELIVERED, server_status: OrderStatus.DRIVER_ASSIGNED, list: 'completed' });
    expect(waiting?.pending.map((step) => step.move)).toEqual(['pickup', 'deliver']);
    const actedAt = waiting?.pending.map((step) => step.actedAt) ?? [];

    // The app closes and opens again, still offline: the replica holds the steps.
    await harness.close();
    const reopened = await startHarness({ server, db });
    reopened.network.offline = true;
    expect(await reopened.service.api.refreshDriver()).toMatchObject({ ok: false, reason: 'offline' });
    expect(await rowOf(reopened, order)).toMatchObject({ status: OrderStatus.DELIVERED });

    reopened.network.offline = false;
    const report = await reopened.service.api.drainOutbox();
    expect(report).toMatchObject({ applied: 2, rejected: 0, remaining: 0 });
    const history = await serverHistory(order);
    expect(history.filter((step) => step.status === OrderStatus.PICKED_UP)).toEqual([{ status: OrderStatus.PICKED_UP, at: actedAt[0] }]);
    expect(history.filter((step) => step.status === OrderStatus.DELIVERED)).toEqual([{ status: OrderStatus.DELIVERED, at: actedAt[1] }]);
    // Replaying the whole outbox again changes nothing on the server.
    expect(await reopened.service.api.drainOutbox()).toMatchObject({ sent: 0, remaining: 0 });
    expect(await serverHistory(order)).toHaveLength(history.length);
    expect(await rowOf(reopened, order)).toMatchObject({ status: OrderStatus.DELIVERED, server_status: OrderStatus.DELIVERED, pending: [] });
    await reopened.close();
    db.close();
    await db.delete();
  });

  it('a pickup queued while the store cancelled the order is refused in words and the row goes back', async () => {
    const order = await preparingOrder();
    harness = await signedInDriver();
    await harness.service.api.refreshDriver();
    await harness.service.api.driverMove(order.unique_order_id, 'accept');

    harness.network.offline = true;
    await harness.service.api.driverMove(order.unique_order_id, 'pickup');
    await move(world, 'store-cancel-order', 'owner', order, { reason: 'Out of dough' });

    harness.network.offline = false;
    expect(await harness.service.api.drainOutbox()).toMatchObject({ rejected: 1, remaining: 0 });
    const row = await rowOf(harness, order);
    expect(row?.pending).toEqual([]);
    expect(row?.rejection).toMatchObject({ move: 'pickup', code: 'ILLEGAL_TRANSITION', words: expect.stringContaining('cancelled') });

    // Once read, an order that is over leaves the driver's lists.
    await harness.service.api.refreshDriver();
    await harness.service.api.dismissDriverRejection(order.unique_order_id);
    expect(await rowOf(harness, order)).toBeUndefined();
  });

  it('an accept made offline that another driver beat is explained, and the order leaves once read', async () => {
    const order = await preparingOrder();
    const rival = await personWithRole(server.app, server.db, 'driver', 'Rita Rival');
    await readyToDeliver(server.db, rival.id, [world.store.id]);
    harness = await signedInDriver();
    await harness.service.api.refreshDriver();
    harness.network.offline = true;
    await harness.service.api.driverMove(order.unique_order_id, 'accept');
    expect(await rowOf(harness, order)).toMatchObject({ list: 'active', status: OrderStatus.DRIVER_ASSIGNED });

    const rivalAccept = await callAs(server.app, 'accept-to-deliver', { token: rival.token, unique_order_id: order.unique_order_id });
    expect(rivalAccept.statusCode).toBe(200);
    harness.network.offline = false;
    await harness.service.api.drainOutbox();
    expect(await rowOf(harness, order)).toMatchObject({
      pending: [],
      status: OrderStatus.PREPARING,
      // Offered no more: not among the new orders (nor on the Orders badge), kept only to say why.
      list: 'taken',
      rejection: { move: 'accept', code: 'ORDER_TAKEN', words: 'Another driver already took this order.' },
    });
    await harness.service.api.refreshDriver();
    expect(await rowOf(harness, order)).toMatchObject({ list: 'taken' });
    await harness.service.api.dismissDriverRejection(order.unique_order_id);
    expect(await rowOf(harness, order)).toBeUndefined();
  });
});

describe('an order given to another driver while this one was offline', () => {
  it('the queued pickup is refused in words, and the order leaves their lists once read', async () => {
    const order = await preparingOrder();
    const other = await personWithRole(server.app, server.db, 'driver', 'Oscar Other');
    await readyToDeliver(server.db, other.id, [world.store.id]);
    harness = await signedInDriver();
    await harness.service.api.refreshDriver();
    await harness.service.api.driverMove(order.unique_order_id, 'accept');

    harness.network.offline = true;
    await harness.service.api.driverMove(order.unique_order_id, 'pickup');
    expect(await rowOf(harness, order)).toMatchObject({ status: OrderStatus.PICKED_UP });
    const admin = await loginAs(server.app, 'admin');
    const handedOver = await callAs(server.app, 'admin/assign-driver', { token: admin, unique_order_id: order.unique_order_id, driver_user_id: other.id });
    expect(handedOver.statusCode).toBe(200);

    harness.network.offline = false;
    expect(await harness.service.api.drainOutbox()).toMatchObject({ rejected: 1, remaining: 0 });
    expect(await rowOf(harness, order)).toMatchObject({
      pending: [],
      rejection: { move: 'pickup', code: 'FORBIDDEN', words: 'This order is not assigned to you.' },
    });
    // Nothing of it reached the server: the other driver still has it, not picked up.
    expect((await serverHistory(order)).map((step) => Number(step.status))).toEqual([1, 2, 3]);
    await harness.service.api.refreshDriver();
    await harness.service.api.dismissDriverRejection(order.unique_order_id);
    expect(await rowOf(harness, order)).toBeUndefined();
  });
});

describe('a long line when the network returns', () => {
  it('goes out as one request after the first step, each step applied once', async () => {
    const orders = [await preparingOrder(), await preparingOrder()];
    harness = await signedInDriver();
    await harness.service.api.refreshDriver();
    harness.network.offline = true;
    for (const order of orders) {
      await harness.service.api.driverMove(order.unique_order_id, 'accept');
      await harness.service.api.driverMove(order.unique_order_id, 'pickup');
      await harness.service.api.driverMove(order.unique_order_id, 'deliver', order.delivery_pin ?? '');
    }
    const sentBefore = harness.network.sent.length;
    harness.network.offline = false;
    expect(await harness.service.api.drainOutbox()).toMatchObject({ applied: 6, rejected: 0, remaining: 0 });
    const sent = harness.network.sent.slice(sentBefore).map((request) => request.path);
    expect(sent.filter((path) => path.endsWith('/driver-actions'))).toHaveLength(1);
    expect(sent.filter((path) => /accept-to-deliver|pickedup-order|deliver-order/.test(path))).toHaveLength(1);
    for (const order of orders) {
      const steps = (await serverHistory(order)).filter((step) => step.status >= OrderStatus.DRIVER_ASSIGNED && step.status <= OrderStatus.DELIVERED);
      expect(steps.map((step) => step.status)).toEqual([OrderStatus.DRIVER_ASSIGNED, OrderStatus.PICKED_UP, OrderStatus.DELIVERED]);
      expect(await rowOf(harness, order)).toMatchObject({ status: OrderStatus.DELIVERED, server_status: OrderStatus.DELIVERED, pending: [] });
    }
  });
});

describe('on and off duty', () => {
  it('a toggle made offline shows at once and reaches the server when the network returns', async () => {
    harness = await signedInDriver();
    await harness.service.api.refreshDriver();
    harness.network.offline = true;
    expect(await harness.service.api.setDriverOnline(false)).toMatchObject({ ok: true, value: { pending: true } });
    expect(await harness.db.driverProfile.get('driver')).toMatchObject({ is_online: false, pendingOnline: true });

    harness.network.offline = false;
    await harness.service.api.drainOutbox();
    expect(await harness.db.driverProfile.get('driver')).toMatchObject({ is_online: false, pendingOnline: false });
    const status = await server.db.selectFrom('driver_status').select('is_online').where('user_id', '=', world.driver.id).executeTakeFirst();
    expect(Number(status?.is_online)).toBe(0);

    expect(await harness.service.api.setDriverOnline(true)).toMatchObject({ ok: true, value: { pending: false } });
  });
});

describe('GPS fixes', () => {
  it('fixes taken offline gather in one batch and none is lost', async () => {
    harness = await signedInDriver();
    harness.network.offline = true;
    const start = Date.parse('2026-11-21T10:00:00Z');
    for (let index = 0; index < 5; index += 1) {
      await harness.service.api.recordDriverFix({
        latitude: 40.44 + index / 1000,
        longitude: -79.99,
        heading: 90,
        recordedAt: new Date(start + index * 15_000).toISOString(),
      });
    }
    // The first fix's row may already be on its way when the second comes; every later one joins the waiting batch.
    const rows = await harness.db.outbox.where('kind').equals('driver-gps').toArray();
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.flatMap((row) => (row.body as { points: unknown[] }).points)).toHaveLength(5);

    harness.network.offline = false;
    await harness.service.api.drainOutbox();
    const fixes = await server.db.selectFrom('driver_fixes').select('recorded_at').where('driver_user_id', '=', world.driver.id).where('recorded_at', '>=', new Date(start).toISOString()).where('recorded_at', '<=', new Date(start + 60_000).toISOString()).execute();
    expect(fixes).toHaveLength(5);
  });
});
