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
import type { FastifyInstance } from 'fastify';
import type { DriverCompletedOrders, DriverOrder } from '../../src/api/driver/entities.ts';
import { DRIVER_COMPLETED_PAGE_SIZE } from '../../src/api/driver/limits.ts';
import { ORDER_STATUS_NAMES, type PaymentMode } from '../../src/api/orders/limits.ts';
import type { OrderStatusCode } from '../../src/api/orders/status.ts';
import { distanceKm, roundKm } from '../geo/distance.ts';
import { notFound } from '../http/http-error.ts';
import { orderLineOf } from '../orders/order-view.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { DriverSettings } from './driver-settings.ts';
import { cashToCollect, earningOf } from './earnings.ts';

/** New orders shown at once, oldest first: more than a driver can weigh on one screen. */
export const NEW_ORDERS_SHOWN = 50;

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

async function relatedRows(app: FastifyInstance, rows: readonly OrderRow[], driverUserId: number) {
  const orderIds = rows.map((row) => Number(row.id));
  const storeIds = [...new Set(rows.map((row) => Number(row.restaurant_id)))];
  const customerIds = [...new Set(rows.filter((row) => Number(row.driver_user_id) === driverUserId).map((row) => Number(row.user_id)))];
  const [lines, history, stores, customers] = await Promise.all([
    app.ordersRepository.linesOfOrders(orderIds),
    app.ordersRepository.historyOfOrders(orderIds),
    app.storesRepository.placesOf(storeIds),
    customerIds.length === 0 ? Promise.resolve([]) : app.usersRepository.contactsOf(customerIds),
  ]);
  return {
    lines: groupBy(lines, (line) => Number(line.order_id)),
    history: groupBy(history, (entry) => Number(entry.order_id)),
    stores: new Map(stores.map((store) => [Number(store.id), store])),
    customers: new Map(customers.map((customer) => [Number(customer.id), customer])),
  };
}

export async function toDriverOrders(
  app: FastifyInstance,
  rows: readonly OrderRow[],
  driverUserId: number,
  settings: DriverSettings,
): Promise<DriverOrder[]> {
  if (rows.length === 0) return [];
  const related = await relatedRows(app, rows, driverUserId);
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
export async function offeredOrderRows(app: FastifyInstance, driverUserId: number): Promise<OrderRow[]> {
  return app.ordersRepository.offeredToDriver(driverUserId, NEW_ORDERS_SHOWN);
}

/** Held by the driver (assigned, picked up), oldest first. */
export async function heldOrderRows(app: FastifyInstance, driverUserId: number): Promise<OrderRow[]> {
  return app.ordersRepository.heldByDriver(driverUserId);
}

/** One order the driver may see (offered to them, or theirs in any state); NOT_FOUND otherwise. */
export async function driverOrderNamed(
  app: FastifyInstance,
  driverUserId: number,
  uniqueOrderId: string,
  settings: DriverSettings,
): Promise<DriverOrder> {
  const row = await app.ordersRepository.visibleToDriver(driverUserId, uniqueOrderId);
  if (!row) throw notFound(`There is no order ${uniqueOrderId}.`);
  const [order] = await toDriverOrders(app, [row], driverUserId, settings);
  return order as DriverOrder;
}

/** The driver's delivered orders, newest first, before the cursor (an order id). */
export async function deliveredOrdersPage(
  app: FastifyInstance,
  driverUserId: number,
  page: { before?: number | undefined; limit?: number | undefined },
  settings: DriverSettings,
): Promise<DriverCompletedOrders> {
  const limit = page.limit ?? DRIVER_COMPLETED_PAGE_SIZE;
  // One more than asked tells whether an older page exists.
  const rows = await app.ordersRepository.deliveredByDriver(driverUserId, page.before, limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    orders: await toDriverOrders(app, shown, driverUserId, settings),
    next_before: rows.length > limit && last ? Number(last.id) : null,
  };
}
