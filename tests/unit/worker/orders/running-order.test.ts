// @vitest-environment node
/**
 * The running order through the real sync worker parts against a real
 * server: check-running-order into the `runningOrder` table (the home
 * banner's source), and trackOrder following an order live through the
 * order-events stream as the demo store owner and the demo driver move it
 * through the API, down to its delivery, where tracking stops by itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runningOrderRowOf, type RunningOrderRow } from '../../../../src/api/orders/worker-api.ts';
import { SyncResource } from '../../../../src/db/schema.ts';
import { orderEvents } from '../../../../server/orders/order-events.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import type { Harness } from '../harness.ts';
import {
  EVENTS_PREFIX,
  FAST_TRACKING,
  createOrderWorld,
  customerHarness,
  deliverOrder,
  driverAt,
  eventually,
  move,
  newCustomer,
  placeOrder,
  type OrderWorld,
} from '../running-order-support.ts';

let server: TestServer;
let world: OrderWorld;
let harness: Harness | undefined;

beforeAll(async () => {
  server = await startTestServer();
  world = await createOrderWorld(server);
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
afterAll(async () => {
  await server?.close();
});

async function rowOf(id: string): Promise<RunningOrderRow | null> {
  return runningOrderRowOf(await harness!.db.runningOrder.get(id));
}

function sentTo(path: string): number {
  return harness!.network.pathsSent().filter((sent) => sent.startsWith(path)).length;
}

describe('checkRunningOrder', () => {
  it('asks nothing without a session', async () => {
    harness = await customerHarness(server, { id: 1, token: 'x' });
    await harness.db.session.clear();
    expect(await harness.service.api.checkRunningOrder()).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(harness.network.sent).toHaveLength(0);
  });

  it('writes the running order with its time, keeps it offline, and clears it once the order is over', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    expect(await harness.db.syncState.get(SyncResource.runningOrder)).toBeUndefined();
    expect(await harness.service.api.checkRunningOrder()).toEqual({ ok: true, value: null });
    expect(await harness.db.runningOrder.count()).toBe(0);
    // Checked for this customer, even with no order: home does not ask again on its own (RunningOrderBanner).
    expect((await harness.db.syncState.get(SyncResource.runningOrder))?.fetchedAt).toEqual(expect.any(Number));

    const order = await placeOrder(world, customer);
    const before = Date.now();
    expect(await harness.service.api.checkRunningOrder()).toEqual({ ok: true, value: { uniqueOrderId: order.unique_order_id, status: 1 } });
    const row = await rowOf(order.unique_order_id);
    expect(row).toMatchObject({ userId: customer.id, status: 1, tracking: null, link: 'idle' });
    expect(row!.fetchedAt).toBeGreaterThanOrEqual(before);

    // Offline the last known state stays, with the time it was known.
    harness.network.offline = true;
    expect(await harness.service.api.checkRunningOrder()).toMatchObject({ ok: false, reason: 'offline' });
    expect(await rowOf(order.unique_order_id)).toMatchObject({ status: 1, fetchedAt: row!.fetchedAt });
    harness.network.offline = false;

    await move(world, 'accept-order', 'owner', order);
    expect(await harness.service.api.checkRunningOrder()).toMatchObject({ ok: true, value: { status: 2 } });
    expect(await rowOf(order.unique_order_id)).toMatchObject({ status: 2 });

    await move(world, 'store-cancel-order', 'owner', order, { reason: 'Out of buns.' });
    expect(await harness.service.api.checkRunningOrder()).toEqual({ ok: true, value: null });
    expect(await harness.db.runningOrder.count()).toBe(0);
  });

  it("keeps the row of a finished order a page has open (issue 15.3: boot's check deleted it and the page spun), and drops it once the page closes", async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    await deliverOrder(world, order);
    // The page opened by its URL: the delivered order is written, and no tracker runs for it.
    expect(await harness.service.api.trackOrder(order.unique_order_id)).toEqual({ ok: true });
    expect(await rowOf(order.unique_order_id)).toMatchObject({ status: 5 });
    // Boot's check of the running order answers "none running" meanwhile: the open page's row stays.
    expect(await harness.service.api.checkRunningOrder()).toEqual({ ok: true, value: null });
    expect(await rowOf(order.unique_order_id)).toMatchObject({ status: 5 });
    // The page closed: nothing keeps it any more.
    await harness.service.api.stopTracking(order.unique_order_id);
    expect(await harness.service.api.checkRunningOrder()).toEqual({ ok: true, value: null });
    expect(await rowOf(order.unique_order_id)).toBeNull();
  });

  it('refreshes the tracking of a known order whose status moved on, and drops rows of other orders', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const first = await placeOrder(world, customer);
    expect(await harness.service.api.trackOrder(first.unique_order_id)).toEqual({ ok: true });
    await harness.service.api.stopTracking(first.unique_order_id);
    await move(world, 'store-cancel-order', 'owner', first, { reason: 'Closed early.' });

    const second = await placeOrder(world, customer);
    expect(await harness.service.api.trackOrder(second.unique_order_id)).toEqual({ ok: true });
    await harness.service.api.stopTracking(second.unique_order_id);
    await move(world, 'accept-order', 'owner', second);

    expect(await harness.service.api.checkRunningOrder()).toMatchObject({ ok: true, value: { uniqueOrderId: second.unique_order_id, status: 2 } });
    expect(await harness.db.runningOrder.toCollection().primaryKeys()).toEqual([second.unique_order_id]);
    const row = await rowOf(second.unique_order_id);
    expect(row?.tracking?.history.map((step) => step.status)).toEqual([1, 2]);
  });
});

describe('boot', () => {
  it("checks a signed-in customer's running order, for the home banner", async () => {
    const customer = await newCustomer(world);
    const order = await placeOrder(world, customer);
    harness = await customerHarness(server, customer);
    const booted = await harness.service.api.boot();
    expect(booted.online).toBe(true);
    expect(harness.network.pathsSent()).toContain('/public/api/check-running-order');
    expect(await rowOf(order.unique_order_id)).toMatchObject({ status: 1, userId: customer.id });
  });

  it('asks nothing about orders when nobody is signed in', async () => {
    harness = await customerHarness(server, { id: 1, token: 'x' });
    await harness.db.session.clear();
    await harness.service.api.boot();
    expect(harness.network.pathsSent()).not.toContain('/public/api/check-running-order');
  });
});

describe('trackOrder', () => {
  it('follows the order live through the stream, with the driver and their heading, and stops once it is delivered', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    const id = order.unique_order_id;

    expect(await harness.service.api.trackOrder(id)).toEqual({ ok: true });
    expect(await rowOf(id)).toMatchObject({ status: 1, tracking: { status: 1, order_type: 'DELIVERY' } });
    await eventually(() => rowOf(id), (row) => row?.link === 'live');
    expect(orderEvents.listenerCount(order.id)).toBe(1);
    // The `orders` table lacked the order: the customer's orders came along for the page (PIN, lines, points).
    expect(await harness.db.orders.get(id)).toMatchObject({ unique_order_id: id, delivery_pin: order.delivery_pin, total: order.total, status: 1 });

    const beforeAccept = Date.now();
    await move(world, 'accept-order', 'owner', order, { prep_minutes: 20 });
    const accepted = await eventually(() => rowOf(id), (row) => row?.status === 2);
    expect(accepted).toMatchObject({ link: 'live', tracking: { status_name: 'PREPARING' } });
    expect(accepted?.tracking?.history.map((step) => step.status)).toEqual([1, 2]);
    // The store's preparation time reaches the page's row and the order in `orders` alike.
    const readyAt = Date.parse(accepted?.tracking?.estimated_ready_at ?? '');
    expect(readyAt - beforeAccept).toBeGreaterThanOrEqual(20 * 60_000 - 1000);
    expect(readyAt - beforeAccept).toBeLessThan(21 * 60_000);
    await eventually(() => harness!.db.orders.get(id), (row) => row?.estimated_ready_at === accepted?.tracking?.estimated_ready_at);

    await move(world, 'accept-to-deliver', 'driver', order);
    await eventually(() => rowOf(id), (row) => row?.tracking?.driver?.name === 'Priya Natarajan');
    await driverAt(world, 40.4406, -79.9959);
    await eventually(() => rowOf(id), (row) => row?.tracking?.driver?.latitude === 40.4406);
    // About 200 m due north of there.
    await driverAt(world, 40.4424, -79.9959);
    const moving = await eventually(() => rowOf(id), (row) => row?.tracking?.driver?.latitude === 40.4424);
    expect(moving?.heading).toBeCloseTo(0, 0);

    await move(world, 'pickedup-order', 'driver', order);
    await move(world, 'deliver-order', 'driver', order, { delivery_pin: order.delivery_pin });
    const delivered = await eventually(() => rowOf(id), (row) => row?.status === 5);
    expect(delivered?.tracking?.history.map((step) => step.status)).toEqual([1, 2, 3, 4, 5]);
    expect(delivered?.tracking?.driver).toMatchObject({ name: 'Priya Natarajan', latitude: null });
    // The orders list moved along with it.
    expect(await harness.db.orders.get(id)).toMatchObject({ status: 5, status_name: 'DELIVERED', can_rate: true });

    // Final: the stream is closed, nothing is polled, nobody is watched.
    await eventually(() => orderEvents.listenerCount(order.id), (count) => count === 0);
    await eventually(() => rowOf(id), (row) => row?.link === 'idle');
    expect(harness.service.trackers.watchedIds().size).toBe(0);
    // Every step arrived through the one stream: get-order-status was asked once, at the start.
    expect(sentTo('/public/api/get-order-status')).toBe(1);
    expect(sentTo(EVENTS_PREFIX)).toBe(1);
  });

  it('polls get-order-status with backoff while a proxy blocks the stream, and stops at a final state', async () => {
    const customer = await newCustomer(world);
    const streamAttempts: number[] = [];
    harness = await customerHarness(server, customer, {
      intercept: (url) => {
        if (!url.pathname.startsWith(EVENTS_PREFIX)) return undefined;
        streamAttempts.push(Date.now());
        return new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
      },
    });
    const order = await placeOrder(world, customer);
    const id = order.unique_order_id;

    expect(await harness.service.api.trackOrder(id)).toEqual({ ok: true });
    await eventually(() => rowOf(id), (row) => row?.link === 'reconnecting');
    await move(world, 'accept-order', 'owner', order);
    await eventually(() => rowOf(id), (row) => row?.status === 2 && row.tracking?.status === 2);

    // Between polls the stream is tried again, ever less often (60 → 120 → 240 ms here, then no longer: the cap),
    // each gap being that wait plus a poll's round trip.
    await eventually(() => streamAttempts.length, (count) => count >= 5);
    const gaps = streamAttempts.slice(1).map((at, index) => at - streamAttempts[index]!);
    expect(gaps[3]!).toBeGreaterThan(gaps[0]!);
    expect(Math.max(...gaps)).toBeLessThan(FAST_TRACKING.pollMaxMs! + 1_500);
    expect(sentTo('/public/api/get-order-status')).toBeGreaterThanOrEqual(5);

    await move(world, 'store-cancel-order', 'owner', order, { reason: 'The oven broke.' });
    const cancelled = await eventually(() => rowOf(id), (row) => row?.status === 6, 8_000);
    expect(cancelled?.tracking?.cancel_reason).toBe('The oven broke.');
    await eventually(() => harness!.service.trackers.watchedIds().size, (size) => size === 0);
    expect(await rowOf(id)).toMatchObject({ link: 'idle' });
    const polls = sentTo('/public/api/get-order-status');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo('/public/api/get-order-status')).toBe(polls);
  });

  it('offline keeps the last known state with its time, and goes live again when the network returns', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    const id = order.unique_order_id;
    await harness.service.api.trackOrder(id);
    await eventually(() => rowOf(id), (row) => row?.link === 'live');
    await harness.service.api.stopTracking(id);
    const known = await rowOf(id);
    expect(known).toMatchObject({ status: 1, link: 'idle' });

    harness.network.offline = true;
    expect(await harness.service.api.trackOrder(id)).toMatchObject({ ok: false, reason: 'offline' });
    const offline = await eventually(() => rowOf(id), (row) => row?.link === 'reconnecting');
    expect(offline).toMatchObject({ status: 1, fetchedAt: known!.fetchedAt, tracking: known!.tracking });

    await move(world, 'accept-order', 'owner', order);
    harness.network.offline = false;
    const back = await eventually(() => rowOf(id), (row) => row?.link === 'live' && row.status === 2);
    expect(back!.fetchedAt).toBeGreaterThan(known!.fetchedAt);
  });

  it('stopTracking closes the stream; a second watcher keeps it open until it stops too', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    const id = order.unique_order_id;
    await harness.service.api.trackOrder(id);
    await harness.service.api.trackOrder(id);
    await eventually(() => rowOf(id), (row) => row?.link === 'live');
    expect(sentTo(EVENTS_PREFIX)).toBe(1);

    await harness.service.api.stopTracking(id);
    expect(orderEvents.listenerCount(order.id)).toBe(1);
    await harness.service.api.stopTracking(id);
    await eventually(() => orderEvents.listenerCount(order.id), (count) => count === 0);
    expect(await rowOf(id)).toMatchObject({ link: 'idle' });
  });

  it('a page that mounts, unmounts and mounts again at once ends with one watch and one stream', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    const { api } = harness.service;
    await Promise.all([api.trackOrder(order.unique_order_id), api.stopTracking(order.unique_order_id), api.trackOrder(order.unique_order_id)]);
    expect([...harness.service.trackers.watchedIds()]).toEqual([order.unique_order_id]);
    await eventually(() => orderEvents.listenerCount(order.id), (count) => count === 1);

    await api.stopTracking(order.unique_order_id);
    await eventually(() => orderEvents.listenerCount(order.id), (count) => count === 0);
    expect(harness.service.trackers.watchedIds().size).toBe(0);
  });

  it("refuses an order that is not the customer's, and asks nothing more about it", async () => {
    const owner = await newCustomer(world);
    const order = await placeOrder(world, owner);
    const stranger = await newCustomer(world);
    harness = await customerHarness(server, stranger);
    expect(await harness.service.api.trackOrder(order.unique_order_id)).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });
    expect(await harness.db.runningOrder.count()).toBe(0);
    expect(harness.service.trackers.watchedIds().size).toBe(0);
    expect(sentTo(EVENTS_PREFIX)).toBe(0);
  });

  it('a sign-out closes the stream at once, and a step after it brings no row back', async () => {
    const customer = await newCustomer(world);
    harness = await customerHarness(server, customer);
    const order = await placeOrder(world, customer);
    const id = order.unique_order_id;
    await harness.service.api.trackOrder(id);
    await eventually(() => rowOf(id), (row) => row?.link === 'live');

    expect(await harness.service.api.logout()).toEqual({ ok: true });
    expect(await harness.db.runningOrder.count()).toBe(0);
    expect(harness.service.trackers.watchedIds().size).toBe(0);
    expect(orderEvents.listenerCount(order.id)).toBe(0);
    await move(world, 'accept-order', 'owner', order);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await harness.db.runningOrder.count()).toBe(0);
  });
});
