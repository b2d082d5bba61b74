/**
 * What the driver-area tests build on: the lifecycle tests' cast (two
 * stores, two drivers ready for both, customers…), fresh drivers of a
 * test's own (so their counts and money start at zero), a store no test
 * driver delivers for, and orders driven to a step by their actors.
 *
 * The cast lets drivers hold many orders at once; tests of the limit set
 * driverMaxActiveOrders themselves.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import type { DriverProfile } from '../../../src/api/driver/entities.ts';
import type { Order } from '../../../src/api/orders/entities.ts';
import { SETTING_DEFAULTS, type SettingKey } from '../../../src/api/settings/defaults.ts';
import type { Database } from '../../../server/db/tables.ts';
import { callAs } from '../../support/accounts.ts';
import { readyToDeliver } from '../../support/drivers.ts';
import { createTestStore, setSetting, type TestStore } from '../checkout/checkout-fixtures.ts';
import { act, moved, personWithRole, placeOrderFor, type Cast, type OrderChoice, type Person } from '../orders/lifecycle-support.ts';

let driverCount = 0;

/** A new driver who delivers for the given stores and is on duty (unless told off duty). */
export async function newDriver(
  app: FastifyInstance,
  db: Kysely<Database>,
  stores: readonly TestStore[],
  options: { onDuty?: boolean } = {},
): Promise<Person> {
  driverCount += 1;
  const driver = await personWithRole(app, db, 'driver', `Test Driver ${driverCount}`);
  if (options.onDuty ?? true) await readyToDeliver(db, driver.id, stores.map((store) => store.id));
  return driver;
}

/** A store of a new owner that no driver delivers for. */
export function unlinkedStore(db: Kysely<Database>): Promise<TestStore> {
  return createTestStore(db, { name: 'Nobody Delivers Kitchen' });
}

/** Runs the body with the setting at the value, then puts back what it was, whatever happened. */
export async function withSetting<T>(db: Kysely<Database>, key: SettingKey, value: string, body: () => Promise<T>): Promise<T> {
  const before = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  await setSetting(db, key, value);
  try {
    return await body();
  } finally {
    await setSetting(db, key, before?.value ?? SETTING_DEFAULTS[key]);
  }
}

/** A delivery order of the cast's store, accepted by the store: offered to drivers. */
export async function preparingOrder(app: FastifyInstance, cast: Cast, choice: OrderChoice = {}): Promise<Order> {
  const order = await placeOrderFor(app, cast, cast.customer, choice);
  await moved(act(app, 'accept-order', choice.store === cast.otherStore ? cast.otherOwner : cast.owner, order));
  return order;
}

/** An order offered, then taken, picked up and (with the PIN) delivered by the driver, up to the step asked. */
export async function orderTakenBy(
  app: FastifyInstance,
  cast: Cast,
  driver: Person,
  step: 'assigned' | 'picked-up' | 'delivered',
  choice: OrderChoice = {},
): Promise<Order> {
  const order = await preparingOrder(app, cast, choice);
  await moved(act(app, 'accept-to-deliver', driver, order));
  if (step === 'assigned') return order;
  await moved(act(app, 'pickedup-order', driver, order));
  if (step === 'picked-up') return order;
  await moved(act(app, 'deliver-order', driver, order, { delivery_pin: order.delivery_pin }));
  return order;
}

/** A driver-area call with the driver's token. */
export function driverCall(app: FastifyInstance, name: CallName, driver: { token: string }, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return callAs(app, name, { token: driver.token, ...extra });
}

export async function profileOf(app: FastifyInstance, driver: { token: string }): Promise<DriverProfile> {
  const response = await driverCall(app, 'delivery/update-user-info', driver);
  if (response.statusCode !== 200) throw new Error(`delivery/update-user-info answered ${response.statusCode}: ${response.body}`);
  return response.json<DriverProfile>();
}

/** The driver's wallet ledger, oldest first. */
export async function ledgerOf(db: Kysely<Database>, userId: number) {
  const rows = await db.selectFrom('wallet_transactions').select(['amount', 'type', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** The order's driver money as stored. */
export async function driverMoneyOf(db: Kysely<Database>, orderId: number) {
  const row = await db
    .selectFrom('orders')
    .select(['driver_earning', 'cash_collected', 'cash_settled_at', 'payment_status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    driver_earning: row.driver_earning === null ? null : Number(row.driver_earning),
    cash_collected: row.cash_collected === null ? null : Number(row.cash_collected),
    cash_settled_at: row.cash_settled_at,
    payment_status: row.payment_status,
  };
}
