/**
 * Orders in the console on each database: the list (everything for an
 * administrator, their own stores for a store owner, who is refused another
 * store), accepting with a preparation time the customer then sees, the
 * audit of the store's moves, and the live stream of a store owner's orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREP_MINUTES_MAX, STORE_ORDER_EVENTS_PATH, type AdminOrdersPage } from '../../../src/api/admin/entities.ts';
import type { Order, OrderMoveResult, OrdersPage, OrderTracking } from '../../../src/api/orders/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { ServerEventReader } from '../../support/server-events.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { act, createCast, moved, placeOrderFor, type Cast } from '../orders/lifecycle-support.ts';
import { auditRowsOf, ok, SETUP_TIMEOUT_MS } from './admin-support.ts';

type Who = { token: string };

function ordersOf(server: TestServer, who: Who, body: Record<string, unknown> = {}) {
  return callAs(server.app, 'admin/get-orders', { token: who.token, ...body });
}

async function openStream(server: TestServer, headers: Record<string, string>, query = '', signal?: AbortSignal) {
  const response = await fetch(`${server.url}${STORE_ORDER_EVENTS_PATH}${query}`, { headers, ...(signal ? { signal } : {}) });
  return { response, events: response.status === 200 && response.body ? new ServerEventReader(response.body.getReader()) : undefined };
}

const bearer = (who: Who) => ({ authorization: `Bearer ${who.token}` });

describe.each(testDatabases())('console orders on $kind', ({ kind }) => {
  let server: TestServer;
  let cast: Cast;
  let mine: Order;
  let theirs: Order;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await createCast(server.app, server.db);
    mine = await placeOrderFor(server.app, cast, cast.customer);
    theirs = await placeOrderFor(server.app, cast, cast.otherCustomer, { store: cast.otherStore });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('an administrator sees every store’s orders, newest first, without the delivery PIN', async () => {
    const page = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { limit: 200 }));
    const ids = page.orders.map((order) => order.unique_order_id);
    expect(ids).toEqual(expect.arrayContaining([mine.unique_order_id, theirs.unique_order_id]));
    expect(page.orders.map((order) => order.id)).toEqual([...page.orders.map((order) => order.id)].sort((a, b) => b - a));
    expect(page.orders.every((order) => order.delivery_pin === null)).toBe(true);
    const order = page.orders.find((listed) => listed.unique_order_id === mine.unique_order_id);
    expect(order?.customer).toEqual({ name: 'Carla Customer', phone: cast.customer.phone });
  });

  it("the customer's own view of an order does not carry a customer field (only the console's does)", async () => {
    const own = await callAs(server.app, 'get-orders', { token: cast.customer.token });
    const order = own.json<OrdersPage>().orders.find((listed) => listed.unique_order_id === mine.unique_order_id);
    expect(order).toBeDefined();
    expect(order && 'customer' in order).toBe(false);
  });

  it("a store owner sees only their stores' orders, and is refused another owner's store with 403", async () => {
    const page = await ok<AdminOrdersPage>(ordersOf(server, cast.owner, { limit: 200 }));
    const ids = page.orders.map((order) => order.unique_order_id);
    expect(ids).toContain(mine.unique_order_id);
    expect(ids).not.toContain(theirs.unique_order_id);
    const reaching = await ordersOf(server, cast.owner, { restaurant_id: cast.otherStore.id });
    expect([reaching.statusCode, reaching.json().code]).toEqual([403, 'FORBIDDEN']);
    const unknownStore = await ordersOf(server, cast.owner, { restaurant_id: 99_999 });
    expect(unknownStore.statusCode).toBe(403);
  });

  it('filters by store, status, time and order id, and pages by id', async () => {
    const byStore = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { restaurant_id: cast.otherStore.id }));
    expect(byStore.orders.map((order) => order.unique_order_id)).toEqual([theirs.unique_order_id]);
    const byId = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { q: mine.unique_order_id.slice(3).toLowerCase() }));
    expect(byId.orders.map((order) => order.unique_order_id)).toEqual([mine.unique_order_id]);
    const future = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { from: new Date(Date.now() + 60_000).toISOString() }));
    expect(future.orders).toEqual([]);
    const window = await ok<AdminOrdersPage>(
      ordersOf(server, cast.admin, { restaurant_id: cast.store.id, status: [1], from: mine.created_at, to: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(window.orders.map((order) => order.unique_order_id)).toContain(mine.unique_order_id);
    const first = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { limit: 1 }));
    expect(first.next_before).toBe(first.orders[0]?.id);
    const next = await ok<AdminOrdersPage>(ordersOf(server, cast.admin, { limit: 1, before: first.next_before }));
    expect(next.orders[0]?.id).toBeLessThan(first.orders[0]?.id ?? 0);
    const backwards = await ordersOf(server, cast.admin, { from: '2030-01-02', to: '2030-01-01' });
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'INVALID_DATE_RANGE']);
    const notADay = await ordersOf(server, cast.admin, { from: '2030-02-31' });
    expect([notADay.statusCode, notADay.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('accepting with a preparation time: the customer sees when it should be ready, and the audit has it', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const before = Date.now();
    const accepted = await moved(act(server.app, 'accept-order', cast.owner, order, { prep_minutes: 25 }));
    expect(accepted.changed).toBe(true);
    const readyAt = Date.parse(accepted.tracking.estimated_ready_at ?? '');
    expect(readyAt).toBeGreaterThanOrEqual(before + 25 * 60_000 - 1_000);
    expect(readyAt).toBeLessThanOrEqual(Date.now() + 25 * 60_000 + 1_000);
    const status = await ok<OrderTracking>(act(server.app, 'get-order-status', cast.customer, order));
    expect(status.estimated_ready_at).toBe(accepted.tracking.estimated_ready_at);
    const customerOrders = await ok<OrdersPage>(callAs(server.app, 'get-orders', { token: cast.customer.token }));
    expect(customerOrders.orders.find((row) => row.id === order.id)).toMatchObject({
      prep_minutes: 25,
      estimated_ready_at: accepted.tracking.estimated_ready_at,
    });
    expect((await auditRowsOf(server.db, 'accept-order')).at(-1)).toMatchObject({
      user_id: cast.owner.id,
      role: 'store_owner',
      entity: 'orders',
      entity_id: order.unique_order_id,
      details: { status: 'PREPARING', restaurant_id: cast.store.id, prep_minutes: 25 },
    });
    // A replay changes nothing, also not the time.
    const replay = await moved(act(server.app, 'accept-order', cast.owner, order, { prep_minutes: 90 }));
    expect([replay.changed, replay.tracking.estimated_ready_at]).toEqual([false, accepted.tracking.estimated_ready_at]);
  });

  it('a preparation time out of range is 400; accepting without one leaves no estimate', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    for (const minutes of [4, PREP_MINUTES_MAX + 1, 12.5]) {
      const response = await act(server.app, 'accept-order', cast.owner, order, { prep_minutes: minutes });
      expect([minutes, response.statusCode, response.json().code]).toEqual([minutes, 400, 'VALIDATION_FAILED']);
    }
    const accepted = await moved(act(server.app, 'accept-order', cast.admin, order));
    expect(accepted.tracking.estimated_ready_at).toBeNull();
    expect((await auditRowsOf(server.db, 'accept-order')).at(-1)).toMatchObject({ user_id: cast.admin.id, role: 'admin', details: { status: 'PREPARING' } });
  });

  it("a store owner acting on another store's order is refused with 403 and nothing is audited", async () => {
    const order = await placeOrderFor(server.app, cast, cast.otherCustomer, { store: cast.otherStore });
    const auditsBefore = (await auditRowsOf(server.db, 'store-cancel-order')).length;
    for (const [call, extra] of [
      ['accept-order', { prep_minutes: 10 }],
      ['store-cancel-order', { reason: 'Not mine' }],
    ] as const) {
      const response = await act(server.app, call, cast.owner, order, extra);
      expect([call, response.statusCode, response.json().code]).toEqual([call, 403, 'FORBIDDEN']);
    }
    expect(await auditRowsOf(server.db, 'store-cancel-order')).toHaveLength(auditsBefore);
    const cancelled = await moved(act(server.app, 'store-cancel-order', cast.otherOwner, order, { reason: 'Out of dough' }));
    expect(cancelled.tracking.cancel_reason).toBe('Out of dough');
    expect((await auditRowsOf(server.db, 'store-cancel-order')).at(-1)).toMatchObject({
      user_id: cast.otherOwner.id,
      entity_id: order.unique_order_id,
      details: { status: 'CANCELLED', reason: 'Out of dough' },
    });
  });

  it('streams a store owner their new orders as `placed` and later steps as `updated`, never another store’s', async () => {
    const client = new AbortController();
    const { response, events } = await openStream(server, bearer(cast.owner), '', client.signal);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    if (!events) throw new Error('no body');
    await events.untilComment('ready');

    await placeOrderFor(server.app, cast, cast.otherCustomer, { store: cast.otherStore });
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const placed = await events.nextMessage<{ order: Order }>();
    expect(placed).toMatchObject({ event: 'placed', data: { order: { unique_order_id: order.unique_order_id, status: 1, delivery_pin: null } } });

    await moved(act(server.app, 'accept-order', cast.owner, order, { prep_minutes: 15 }));
    const updated = await events.nextMessage<{ order: Order }>();
    expect(updated).toMatchObject({ event: 'updated', data: { order: { unique_order_id: order.unique_order_id, status: 2, prep_minutes: 15 } } });
    client.abort();
  });

  it('an administrator’s stream carries every store; since= first sends what changed meanwhile', async () => {
    const since = new Date().toISOString();
    const missed = await placeOrderFor(server.app, cast, cast.otherCustomer, { store: cast.otherStore });
    const client = new AbortController();
    const { events } = await openStream(server, bearer(cast.admin), `?since=${encodeURIComponent(since)}`, client.signal);
    if (!events) throw new Error('no body');
    const first = await events.nextMessage<{ order: Order }>();
    expect(first).toMatchObject({ event: 'placed', data: { order: { unique_order_id: missed.unique_order_id } } });
    await events.untilComment('ready');
    await moved(act(server.app, 'store-cancel-order', cast.admin, missed, { reason: 'Closed early' }));
    expect(await events.nextMessage<{ order: Order }>()).toMatchObject({
      event: 'updated',
      data: { order: { unique_order_id: missed.unique_order_id, status: 6, cancel_reason: 'Closed early' } },
    });
    client.abort();
  });

  it('the stream refuses callers without a token (401) and customers or drivers (403); ?token= works for EventSource', async () => {
    const none = await openStream(server, {});
    expect([none.response.status, ((await none.response.json()) as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    for (const who of [cast.customer, cast.driver]) {
      const refused = await openStream(server, bearer(who));
      expect([refused.response.status, ((await refused.response.json()) as { code: string }).code]).toEqual([403, 'FORBIDDEN']);
    }
    const client = new AbortController();
    const viaQuery = await openStream(server, {}, `?token=${encodeURIComponent(cast.owner.token)}`, client.signal);
    expect(viaQuery.response.status).toBe(200);
    client.abort();
  });

  it('a move answer carries the order as the customer tracks it (OrderMoveResult shape is unchanged)', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer, { orderType: 'SELFPICKUP' });
    const accepted = await ok<OrderMoveResult>(act(server.app, 'accept-order', cast.owner, order, { prep_minutes: 5 }));
    expect(accepted.tracking).toMatchObject({ unique_order_id: order.unique_order_id, status: 2 });
    const ready = await ok<OrderMoveResult>(act(server.app, 'mark-order-ready', cast.owner, order));
    expect(ready.tracking.status).toBe(7);
    expect((await auditRowsOf(server.db, 'mark-order-ready')).at(-1)).toMatchObject({ entity_id: order.unique_order_id, details: { status: 'READY_FOR_PICKUP' } });
  });
});
