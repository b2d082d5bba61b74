/**
 * What the running-order and rating worker tests build on, modelled on the
 * server's lifecycle tests (tests/server/orders/lifecycle-support.ts): the
 * demo store owner and demo driver signed in through the API, a store of the
 * owner's that is always open, orders placed through place-order by fresh
 * customers, the store's and the driver's moves as API calls, and a harness
 * signed in as the customer with short tracking timings.
 */
import type { FastifyInstance } from 'fastify';
import type { Order, OrderMoveResult, OrderType } from '../../../src/api/orders/entities.ts';
import type { CallName } from '../../../src/api/calls.ts';
import type { TrackingOptions } from '../../../worker/orders/tracking.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { loginAs } from '../../support/inject-call.ts';
import type { TestServer } from '../../support/test-server.ts';
import { readyToDeliver } from '../../support/drivers.ts';
import { addressKmNorth, callWithKey, createTestStore, line, type TestStore } from '../../server/checkout/checkout-fixtures.ts';
import { startHarness, TestNetwork, type Harness } from './harness.ts';

export interface OrderWorld {
  server: TestServer;
  owner: { id: number; token: string };
  driver: { id: number; token: string };
  store: TestStore;
}

async function demoPerson(app: FastifyInstance, role: 'store_owner' | 'driver', email: string) {
  const token = await loginAs(app, role);
  const user = await app.usersRepository.findByEmail(email);
  if (!user) throw new Error(`No demo ${role}`);
  return { id: Number(user.id), token };
}

export async function createOrderWorld(server: TestServer): Promise<OrderWorld> {
  const owner = await demoPerson(server.app, 'store_owner', 'owner@foodpilot.test');
  const driver = await demoPerson(server.app, 'driver', 'driver@foodpilot.test');
  const store = await createTestStore(server.db, { owner_user_id: owner.id, name: 'Tracking Test Kitchen' });
  // A driver takes orders only from the stores they are linked to, and only on duty (issue 6).
  await readyToDeliver(server.db, driver.id, [store.id]);
  return { server, owner, driver, store };
}

export function newCustomer(world: OrderWorld): Promise<NewCustomer> {
  return registerCustomer(world.server.app, 'Tess Tracker');
}

/** Two burgers by cash, delivered 1 km north of the store unless told otherwise. */
export async function placeOrder(world: OrderWorld, customer: NewCustomer, orderType: OrderType = 'DELIVERY'): Promise<Order> {
  const response = await callWithKey(world.server.app, 'place-order', {
    token: customer.token,
    restaurant_id: world.store.id,
    items: [line(world.store.menu.burger, 2)],
    order_type: orderType,
    ...(orderType === 'DELIVERY' ? { address: addressKmNorth(1) } : {}),
    payment_mode: 'COD',
  });
  if (response.statusCode !== 200) throw new Error(`place-order answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}

/** A move through the API by the store owner or the driver; throws unless it answered 200. */
export async function move(world: OrderWorld, name: CallName, who: 'owner' | 'driver', order: Order, extra: Record<string, unknown> = {}): Promise<OrderMoveResult> {
  const response = await callAs(world.server.app, name, { token: world[who].token, unique_order_id: order.unique_order_id, ...extra });
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return response.json<OrderMoveResult>();
}

export async function driverAt(world: OrderWorld, latitude: number, longitude: number): Promise<void> {
  const response = await callAs(world.server.app, 'set-delivery-guy-gps-location', { token: world.driver.token, latitude, longitude });
  if (response.statusCode !== 200) throw new Error(`set-delivery-guy-gps-location answered ${response.statusCode}: ${response.body}`);
}

/** The store accepts, the driver takes it, picks it up and hands it over with the PIN. */
export async function deliverOrder(world: OrderWorld, order: Order): Promise<void> {
  await move(world, 'accept-order', 'owner', order);
  await move(world, 'accept-to-deliver', 'driver', order);
  await move(world, 'pickedup-order', 'driver', order);
  await move(world, 'deliver-order', 'driver', order, { delivery_pin: order.delivery_pin });
}

/** Timings short enough for a test: polls 60 ms → 240 ms apart, a stream that says nothing for 1.5 s failed. */
export const FAST_TRACKING: TrackingOptions = { pollBaseMs: 60, pollMaxMs: 240, firstMessageTimeoutMs: 1_500, silenceTimeoutMs: 5_000 };

/**
 * A harness signed in as the customer. `network` may be a TestNetwork of the
 * test's own whose fetch `intercept` answers some requests itself (a proxy
 * in the way of the stream).
 */
export async function customerHarness(
  server: TestServer,
  customer: { id: number; token: string },
  options: { intercept?: (url: URL) => Response | undefined } = {},
): Promise<Harness> {
  const network = new TestNetwork();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const answer = options.intercept?.(new URL(request.url));
    if (!answer) return network.fetch(request);
    network.sent.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: '' });
    return answer;
  };
  const harness = await startHarness({ server, service: { fetch, tracking: FAST_TRACKING } });
  await harness.db.session.put({ id: 'customer', userId: customer.id, token: customer.token, role: 'customer', data: {}, savedAt: 1 });
  return {
    ...harness,
    network,
    async close() {
      await harness.service.trackers.stopAll();
      await harness.close();
    },
  };
}

/** Waits for a condition on the replica or the network (the stream and the polls run in the background). */
export async function eventually<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`the condition never held; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const EVENTS_PREFIX = '/public/api/order-events/';
