/**
 * What the lifecycle tests build on: a cast of users of every role (two
 * store owners, two drivers, an admin, two customers), a store of each owner
 * (the checkout tests' always-open store), orders placed through
 * place-order, and the moves as calls. Both drivers deliver for both stores,
 * are on duty, and may hold many orders at once: the driver area's own
 * rules are tested in tests/server/drivers/.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import type { Order, OrderMoveResult } from '../../../src/api/orders/entities.ts';
import type { OrderType } from '../../../src/api/orders/limits.ts';
import type { Database, UserRole } from '../../../server/db/tables.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { readyToDeliver } from '../../support/drivers.ts';
import { loginAs } from '../../support/inject-call.ts';
import { addressKmNorth, callWithKey, createTestStore, line, setSetting, type TestStore } from '../checkout/checkout-fixtures.ts';

export interface Person {
  id: number;
  token: string;
}

export interface Cast {
  admin: Person;
  owner: Person;
  otherOwner: Person;
  driver: Person;
  otherDriver: Person;
  customer: NewCustomer;
  otherCustomer: NewCustomer;
  /** The owner's store, and the other owner's. */
  store: TestStore;
  otherStore: TestStore;
}

async function demoPerson(app: FastifyInstance, role: UserRole, email: string): Promise<Person> {
  const token = await loginAs(app, role);
  const user = await app.usersRepository.findByEmail(email);
  if (!user) throw new Error(`No demo ${role}`);
  return { id: Number(user.id), token };
}

/** A new account of the role (registered as a customer, then given the role). */
export async function personWithRole(app: FastifyInstance, db: Kysely<Database>, role: UserRole, name: string): Promise<Person> {
  const person = await registerCustomer(app, name);
  await db.updateTable('users').set({ role }).where('id', '=', person.id).execute();
  return { id: person.id, token: person.token };
}

export async function createCast(app: FastifyInstance, db: Kysely<Database>): Promise<Cast> {
  const owner = await demoPerson(app, 'store_owner', 'owner@foodpilot.test');
  const otherOwner = await personWithRole(app, db, 'store_owner', 'Otto Other-Owner');
  const cast: Cast = {
    admin: await demoPerson(app, 'admin', 'admin@foodpilot.test'),
    owner,
    otherOwner,
    driver: await demoPerson(app, 'driver', 'driver@foodpilot.test'),
    otherDriver: await personWithRole(app, db, 'driver', 'Dora Second-Driver'),
    customer: await registerCustomer(app, 'Carla Customer'),
    otherCustomer: await registerCustomer(app, 'Oscar Other-Customer'),
    store: await createTestStore(db, { owner_user_id: owner.id, name: 'Lifecycle Kitchen' }),
    otherStore: await createTestStore(db, { owner_user_id: otherOwner.id, name: 'Other Kitchen' }),
  };
  for (const driver of [cast.driver, cast.otherDriver]) await readyToDeliver(db, driver.id, [cast.store.id, cast.otherStore.id]);
  await setSetting(db, 'driverMaxActiveOrders', '1000');
  return cast;
}

export interface OrderChoice {
  orderType?: OrderType;
  /** Burgers at $10.00 each (the store's minimum is $15.00). */
  burgers?: number;
  paymentMode?: 'COD' | 'WALLET';
  /** Minor units, for the driver. */
  tip?: number;
  useWallet?: boolean;
  couponCode?: string;
  loyaltyPoints?: number;
  store?: TestStore;
}

/** Places an order through place-order (COD, two burgers, delivered 1 km away unless told otherwise). */
export async function placeOrderFor(app: FastifyInstance, cast: Cast, customer: NewCustomer, choice: OrderChoice = {}): Promise<Order> {
  const orderType = choice.orderType ?? 'DELIVERY';
  const store = choice.store ?? cast.store;
  const response = await callWithKey(app, 'place-order', {
    token: customer.token,
    restaurant_id: store.id,
    items: [line(store.menu.burger, choice.burgers ?? 2)],
    order_type: orderType,
    ...(orderType === 'DELIVERY' ? { address: addressKmNorth(1) } : {}),
    payment_mode: choice.paymentMode ?? 'COD',
    ...(choice.useWallet ? { use_wallet: true } : {}),
    ...(choice.tip ? { tip: choice.tip } : {}),
    ...(choice.couponCode ? { coupon_code: choice.couponCode } : {}),
    ...(choice.loyaltyPoints ? { loyalty_points: choice.loyaltyPoints } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`place-order answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}

/** A call on an order by whoever holds the token. */
export function act(
  app: FastifyInstance,
  name: CallName,
  who: { token: string },
  order: { unique_order_id: string },
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return callAs(app, name, { token: who.token, unique_order_id: order.unique_order_id, ...extra });
}

/** Calls and expects a 200 with a move's answer. */
export async function moved(response: Promise<LightMyRequestResponse>): Promise<OrderMoveResult> {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`the move answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<OrderMoveResult>();
}

export async function historyOf(db: Kysely<Database>, orderId: number) {
  const rows = await db
    .selectFrom('order_history')
    .select(['status', 'actor', 'actor_user_id', 'note', 'happened_at', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, status: Number(row.status), actor_user_id: row.actor_user_id === null ? null : Number(row.actor_user_id) }));
}

/** The customer's alerts about one order, oldest first. */
export async function orderAlertsOf(db: Kysely<Database>, userId: number, uniqueOrderId: string) {
  const rows = await db.selectFrom('notifications').select(['title', 'message', 'data']).where('user_id', '=', userId).orderBy('id').execute();
  return rows
    .map((row) => ({ title: row.title, message: row.message, data: JSON.parse(row.data) as Record<string, unknown> }))
    .filter((alert) => alert.data.unique_order_id === uniqueOrderId);
}

/** Drives an order to the given step the way its actors would (delivery: store accepts, driver takes and picks up). */
export async function driveDeliveryTo(app: FastifyInstance, cast: Cast, order: Order, step: 'preparing' | 'assigned' | 'picked-up' | 'delivered'): Promise<void> {
  await moved(act(app, 'accept-order', cast.owner, order));
  if (step === 'preparing') return;
  await moved(act(app, 'accept-to-deliver', cast.driver, order));
  if (step === 'assigned') return;
  await moved(act(app, 'pickedup-order', cast.driver, order));
  if (step === 'picked-up') return;
  await moved(act(app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin }));
}
