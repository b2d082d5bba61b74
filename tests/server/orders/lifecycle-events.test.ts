/**
 * The order-events stream against a listening server on each database, read
 * the way a browser's EventSource reads it (fetch with a body reader): the
 * first message says where the order stands, each step and each driver move
 * follows, only those who may read the order get a stream, and the stream
 * ends when the client goes and when the server closes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTracking } from '../../../src/api/orders/entities.ts';
import { ORDER_EVENTS_PATH, ORDER_EVENTS_RETRY_MS } from '../../../src/api/orders/limits.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { orderEvents } from '../../../server/orders/order-events.ts';
import { moveOrder } from '../../../server/orders/transitions.ts';
import { callAs } from '../../support/accounts.ts';
import { ServerEventReader } from '../../support/server-events.ts';
import { testDatabases } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { act, createCast, driveDeliveryTo, moved, placeOrderFor, type Cast } from './lifecycle-support.ts';

/** The stream's messages with their data read as the order's tracking. */
function trackingEvents(body: ReadableStream<Uint8Array>) {
  const events = new ServerEventReader(body.getReader());
  return {
    next: (timeoutMs?: number) => events.next(timeoutMs),
    get ended() {
      return events.ended;
    },
    async nextMessage(timeoutMs?: number): Promise<{ event: string; tracking: OrderTracking }> {
      const message = await events.nextMessage<OrderTracking>(timeoutMs);
      return { event: message.event, tracking: message.data };
    },
  };
}

async function openStream(server: TestServer, uniqueOrderId: string, token: string | undefined, signal?: AbortSignal) {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const response = await fetch(`${server.url}${ORDER_EVENTS_PATH}/${encodeURIComponent(uniqueOrderId)}${query}`, signal ? { signal } : {});
  // Only a stream gets a reader: an error's JSON body stays readable.
  return { response, events: response.status === 200 && response.body ? trackingEvents(response.body) : undefined };
}

async function eventually(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('order-events stream on $kind', ({ kind }) => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await createCast(server.app, server.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends where the order stands, then each step and each driver move, and lets go when the client leaves', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const client = new AbortController();
    const { response, events } = await openStream(server, order.unique_order_id, cast.customer.token, client.signal);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    if (!events) throw new Error('no body');

    expect(await events.next()).toMatchObject({ retry: ORDER_EVENTS_RETRY_MS });
    const first = await events.nextMessage();
    expect(first).toMatchObject({ event: 'tracking', tracking: { unique_order_id: order.unique_order_id, status: 1 } });

    await moved(act(server.app, 'accept-order', cast.owner, order));
    const accepted = await events.nextMessage();
    expect(accepted).toMatchObject({ event: 'tracking', tracking: { status: 2, status_name: 'PREPARING' } });
    expect(accepted.tracking.history.map((step) => step.status)).toEqual([1, 2]);

    await moved(act(server.app, 'accept-to-deliver', cast.driver, order));
    expect(await events.nextMessage()).toMatchObject({ event: 'tracking', tracking: { status: 3, driver: { name: 'Priya Natarajan' } } });

    const fix = await callAs(server.app, 'set-delivery-guy-gps-location', { token: cast.driver.token, latitude: 40.4431, longitude: -79.9901 });
    expect(fix.statusCode).toBe(200);
    expect(await events.nextMessage()).toMatchObject({ event: 'position', tracking: { status: 3, driver: { latitude: 40.4431, longitude: -79.9901 } } });

    expect(orderEvents.listenerCount(order.id)).toBe(1);
    client.abort();
    await eventually(() => orderEvents.listenerCount(order.id) === 0);
  });

  it("a step made inside a caller's own transaction reaches the stream once it commits", async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const client = new AbortController();
    const { events } = await openStream(server, order.unique_order_id, cast.customer.token, client.signal);
    if (!events) throw new Error('no body');
    await events.nextMessage();

    await server.db.transaction().execute(async (trx) => {
      await moveOrder(server.app, trx, { orderId: order.id, to: OrderStatus.PREPARING, actor: 'system', actorUserId: null });
      // Still uncommitted: whatever the stream reads now must not be this step yet.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await events.nextMessage()).toMatchObject({ event: 'tracking', tracking: { status: 2 } });
    client.abort();
  });

  it('a rolled-back step sends nothing', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const client = new AbortController();
    const { events } = await openStream(server, order.unique_order_id, cast.owner.token, client.signal);
    if (!events) throw new Error('no body');
    await events.nextMessage();

    await expect(
      server.db.transaction().execute(async (trx) => {
        await moveOrder(server.app, trx, { orderId: order.id, to: OrderStatus.PREPARING, actor: 'store', actorUserId: cast.owner.id });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(events.next(600)).rejects.toThrow(/no event/);

    await moved(act(server.app, 'store-cancel-order', cast.owner, order, { reason: 'Closed for a private party.' }));
    expect(await events.nextMessage()).toMatchObject({ tracking: { status: 6, cancel_reason: 'Closed for a private party.' } });
    client.abort();
  });

  it('only those who may read the order get a stream', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    await driveDeliveryTo(server.app, cast, order, 'assigned');
    const signedOut = await openStream(server, order.unique_order_id, undefined);
    expect(signedOut.response.status).toBe(401);
    expect(await signedOut.response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    for (const stranger of [cast.otherCustomer, cast.otherOwner, cast.otherDriver]) {
      const refused = await openStream(server, order.unique_order_id, stranger.token);
      expect(refused.response.status).toBe(404);
      expect(await refused.response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The Authorization header works as well as the query.
    const client = new AbortController();
    const byHeader = await fetch(`${server.url}${ORDER_EVENTS_PATH}/${order.unique_order_id}`, {
      headers: { authorization: `Bearer ${cast.driver.token}` },
      signal: client.signal,
    });
    expect(byHeader.status).toBe(200);
    client.abort();
  });
});

describe.each(testDatabases())('order-events when the server closes on $kind', ({ kind }) => {
  it('ends every open stream, so the server stops promptly', async () => {
    const server = await startTestServer({ kind });
    const cast = await createCast(server.app, server.db);
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const { events } = await openStream(server, order.unique_order_id, cast.customer.token);
    if (!events) throw new Error('no body');
    await events.nextMessage();

    // An open stream would keep the HTTP server from closing, forever: the server ends it first,
    // saying it is going away and when to come back (a reconnect lands on another process).
    const closing = server.close();
    expect(await events.next(3_000)).toMatchObject({ retry: ORDER_EVENTS_RETRY_MS, comments: ['server shutting down'] });
    expect(await events.next(3_000)).toBeUndefined();
    expect(events.ended).toBe(true);
    await closing;
    expect(orderEvents.listenerCount(order.id)).toBe(0);
  });
});
