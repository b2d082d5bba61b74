/**
 * Orders as a driver sees them (DriverOrder): those offered to them (a
 * delivery order of a store they deliver for, that the store is preparing
 * and no driver has), those they hold, and those they delivered. A page of
 * orders is assembled with one query per related table, not per order.
 *
 * The customer's name and phone appear only once the order is theirs; the
 * delivery PIN never (the customer gives it at the door). Any other order is
 * NOT_FOUND, so order ids cannot be probed.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DriverCompletedOrders, DriverOrder } from '../../src/api/driver/entities.ts';
import { DRIVER_COMPLETED_PAGE_SIZE } from '../../src/api/driver/limits.ts';
import { ORDER_STATUS_NAMES, type PaymentMode } from '../../src/api/orders/limits.ts';
import { OrderStatus, WITH_DRIVER_STATUSES, type OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { distanceKm, roundKm } from '../geo/distance.ts';
import { notFound } from '../http/http-error.ts';
import { orderLineOf } from '../orders/order-view.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { DriverSettings } from './driver-settings.ts';
import { cashToCollect, earningOf } from './earnings.ts';

/** New orders shown at once, oldest first: more than a driver can weigh on one screen. */
export const NEW_ORDERS_SHOWN = 50;

/** The order is offered to the driver: the one definition, for the list and the single read. */
function offeredTo(driverUserId: number) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb('orders.status', '=', OrderStatus.PREPARING),
      eb('orders.order_type', '=', 'DELIVERY'),
      eb('orders.driver_user_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('driver_stores')
          .select('driver_stores.restaurant_id')
          .whereRef('driver_stores.restaurant_id', '=', 'orders.restaurant_id')
          .where('driver_stores.driver_user_id', '=', driverUserId),
      ),
    ]);
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

async function relatedRows(db: Kysely<Database>, rows: readonly OrderRow[], driverUserId: number) {
  const orderIds = rows.map((row) => Number(row.id));
  const storeIds = [...new Set(rows.map((row) => Number(row.restaurant_id)))];
  const customerIds = [...new Set(rows.filter((row) => Number(row.driver_user_id) === driverUserId).map((row) => Number(row.user_id)))];
  const [lines, history, stores, customers] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['order_id', 'item_id', 'name', 'unit_price', 'quantity', 'addons', 'line_total'])
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute(),
    db.selectFrom('order_history').select(['order_id', 'status', 'happened_at']).where('order_id', 'in', orderIds).orderBy('id').execute(),
    db.selectFrom('restaurants').select(['id', 'name', 'address', 'phone', 'latitude', 'longitude']).where('id', 'in', storeIds).execute(),
    customerIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users').select(['id', 'name', 'phone']).where('id', 'in', customerIds).execute(),
  ]);
  return {
    lines: groupBy(lines, (line) => Number(line.order_id)),
    history: groupBy(history, (entry) => Number(entry.order_id)),
    stores: new Map(stores.map((store) => [Number(store.id), store])),
    customers: new Map(customers.map((customer) => [Number(customer.id), customer])),
  };
}

export async function toDriverOrders(
  db: Kysely<Database>,
  rows: readonly OrderRow[],
  driverUserId: number,
  settings: DriverSettings,
): Promise<DriverOrder[]> {
  if (rows.length === 0) return [];
  const related = await relatedRows(db, rows, driverUserId);
  return rows.map((row) => {
    const id = Number(row.id);
    const status = Number(row.status) as OrderStatusCode;
    const store = related.stores.get(Number(row.restaurant_id));
    const storePoint = { latitude: Number(store?.latitude ?? 0), longitude: Number(store?.longitude ?? 0) };
    const destination = { latitude: Number(row.latitude ?? storePoint.latitude), longitude: Number(row.longitude ?? storePoint.longitude) };
    const mine = Number(row.driver_user_id) === driverUserId;
    const customer = mine ? related.customers.get(Number(row.user_id)) : undefined;
    return {
      unique_order_id: row.unique_order_id,
      status,
      status_name: ORDER_STATUS_NAMES[status],
      // Where to collect the food and whom to call about it; a store without them is found by its coordinates.
      restaurant: { id: Number(row.restaurant_id), name: store?.name ?? '', address: store?.address ?? null, phone: store?.phone ?? null, ...storePoint },
      customer: customer ? { name: customer.name, phone: customer.phone } : null,
      address: row.address ?? '',
      house: row.house,
      ...destination,
      distance_km: roundKm(row.distance_km === null ? distanceKm(storePoint, destination) : Number(row.distance_km)),
      notes: row.notes,
      lines: (related.lines.get(id) ?? []).map(orderLineOf),
      payment_mode: row.payment_mode as PaymentMode,
      payment_status: row.payment_status,
      total: Number(row.total),
      delivery_fee: Number(row.delivery_fee),
      tip: Number(row.tip),
      cash_to_collect: cashToCollect(row),
      // Once delivered, what was credited; before, what the settings promise now.
      earning: row.driver_earning === null ? earningOf(row, settings) : Number(row.driver_earning),
      assigned_to_me: mine,
      requires_pin: settings.pinRequired,
      history: (related.history.get(id) ?? []).map((entry) => ({ status: Number(entry.status), at: entry.happened_at })),
      food_ready_at: row.food_ready_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** Offered to the driver now, oldest first. */
export async function offeredOrderRows(db: Kysely<Database>, driverUserId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where(offeredTo(driverUserId)).orderBy('id').limit(NEW_ORDERS_SHOWN).execute();
}

/** Held by the driver (assigned, picked up), oldest first. */
export async function heldOrderRows(db: Kysely<Database>, driverUserId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('driver_user_id', '=', driverUserId)
    .where('status', 'in', [...WITH_DRIVER_STATUSES])
    .orderBy('id')
    .execute();
}

/** One order the driver may see (offered to them, or theirs in any state); NOT_FOUND otherwise. */
export async function driverOrderNamed(
  db: Kysely<Database>,
  driverUserId: number,
  uniqueOrderId: string,
  settings: DriverSettings,
): Promise<DriverOrder> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('unique_order_id', '=', uniqueOrderId)
    .where((eb) => eb.or([eb('orders.driver_user_id', '=', driverUserId), offeredTo(driverUserId)(eb)]))
    .executeTakeFirst();
  if (!row) throw notFound(`There is no order ${uniqueOrderId}.`);
  const [order] = await toDriverOrders(db, [row], driverUserId, settings);
  return order as DriverOrder;
}

/** The driver's delivered orders, newest first, before the cursor (an order id). */
export async function deliveredOrdersPage(
  db: Kysely<Database>,
  driverUserId: number,
  page: { before?: number | undefined; limit?: number | undefined },
  settings: DriverSettings,
): Promise<DriverCompletedOrders> {
  const limit = page.limit ?? DRIVER_COMPLETED_PAGE_SIZE;
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('driver_user_id', '=', driverUserId)
    .where('status', '=', OrderStatus.DELIVERED);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  // One more than asked tells whether an older page exists.
  const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    orders: await toDriverOrders(db, shown, driverUserId, settings),
    next_before: rows.length > limit && last ? Number(last.id) : null,
  };
}
