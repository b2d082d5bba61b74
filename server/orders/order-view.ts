/**
 * Order rows as the API's Order entity: the store, the lines as bought, the
 * price part by part, the driver with their last known position, the
 * history, and what the customer may still do (cancel, rate). A page of
 * orders is assembled with one query per related table, not per order.
 *
 * The delivery PIN is what proves the customer received the food, so only
 * the customer's own view carries it (an agent acting for them uses their
 * session, so it sees the same); everyone else gets null.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Order, OrderAddon, OrderCustomer, OrderLine } from '../../src/api/orders/entities.ts';
import { ORDER_STATUS_NAMES, type PaymentMode } from '../../src/api/orders/limits.ts';
import { CANCELLABLE_BY_CUSTOMER, isStatusIn, OrderStatus, type OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import type { OrderRow } from './orders-repository.ts';
import { distanceKm } from '../geo/distance.ts';
import { driverIsOnTheWay } from './lifecycle-tracking.ts';

export interface OrderViewOptions {
  /** The viewer is the order's customer (or an agent acting for them): show the delivery PIN. */
  showPin: boolean;
  /** The viewer is the store or an administrator (the console): show the customer's name and phone to call about the order. */
  showCustomer?: boolean;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id) ?? [];
    group.push(row);
    groups.set(id, group);
  }
  return groups;
}

async function relatedRows(app: FastifyInstance, rows: readonly OrderRow[], options: OrderViewOptions) {
  const orderIds = rows.map((row) => Number(row.id));
  const storeIds = [...new Set(rows.map((row) => Number(row.restaurant_id)))];
  const driverIds = [...new Set(rows.flatMap((row) => (row.driver_user_id === null ? [] : [Number(row.driver_user_id)])))];
  const deliveredIds = rows.filter((row) => Number(row.status) === OrderStatus.DELIVERED).map((row) => Number(row.id));
  const customerIds = options.showCustomer ? [...new Set(rows.map((row) => Number(row.user_id)))] : [];
  const [lines, history, stores, drivers, reviewed, customers] = await Promise.all([
    app.ordersRepository.linesOfOrders(orderIds),
    app.ordersRepository.historyOfOrders(orderIds),
    app.storesRepository.orderViewStoresOf(storeIds),
    driverIds.length === 0 ? Promise.resolve([]) : app.usersRepository.driversWithPositions(driverIds),
    deliveredIds.length === 0 ? Promise.resolve([]) : app.reviewsRepository.reviewedAmong(deliveredIds),
    customerIds.length === 0 ? Promise.resolve([]) : app.usersRepository.contactsOf(customerIds),
  ]);
  return {
    lines: groupBy(lines, (line) => Number(line.order_id)),
    history: groupBy(history, (entry) => Number(entry.order_id)),
    stores: new Map(stores.map((store) => [Number(store.id), store])),
    drivers: new Map(drivers.map((driver) => [Number(driver.id), driver])),
    reviewed: new Set(reviewed.map((review) => Number(review.order_id))),
    customers: new Map(customers.map((customer) => [Number(customer.id), { name: customer.name, phone: customer.phone }])),
  };
}

type Related = Awaited<ReturnType<typeof relatedRows>>;
type LineRow = NonNullable<ReturnType<Related['lines']['get']>>[number];
export type OrderHistoryRow = NonNullable<ReturnType<Related['history']['get']>>[number];
type StoreRow = NonNullable<ReturnType<Related['stores']['get']>>;
type DriverRow = NonNullable<ReturnType<Related['drivers']['get']>>;

/** What an order's view is made of beyond its row. */
export interface OrderParts {
  lines: readonly LineRow[];
  history: readonly OrderHistoryRow[];
  store: StoreRow | undefined;
  driver: DriverRow | undefined;
  reviewed: boolean;
  /** Set only when the view shows the customer (OrderViewOptions.showCustomer). */
  customer?: OrderCustomer | undefined;
}

/** A line as bought, as every view of an order shows it (the customer's, the store's, the driver's). */
export function orderLineOf(line: Pick<LineRow, 'item_id' | 'name' | 'unit_price' | 'quantity' | 'addons' | 'line_total'>): OrderLine {
  return {
    item_id: line.item_id === null ? null : Number(line.item_id),
    name: line.name,
    unit_price: Number(line.unit_price),
    quantity: Number(line.quantity),
    addons: JSON.parse(line.addons) as OrderAddon[],
    line_total: Number(line.line_total),
  };
}

export function orderEntity(row: OrderRow, parts: OrderParts, options: OrderViewOptions): Order {
  const status = Number(row.status) as OrderStatusCode;
  const { store, driver } = parts;
  return {
    id: Number(row.id),
    unique_order_id: row.unique_order_id,
    status,
    status_name: ORDER_STATUS_NAMES[status],
    order_type: row.order_type,
    restaurant: {
      id: Number(row.restaurant_id),
      name: store?.name ?? '',
      slug: store?.slug ?? '',
      city: store?.city ?? '',
      image: store?.image ?? '',
      latitude: Number(store?.latitude ?? 0),
      longitude: Number(store?.longitude ?? 0),
      phone: store?.phone ?? null,
    },
    address: row.address,
    house: row.house,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    notes: row.notes,
    lines: parts.lines.map(orderLineOf),
    subtotal: Number(row.subtotal),
    store_charge: Number(row.store_charge),
    delivery_fee: Number(row.delivery_fee),
    tax: Number(row.tax),
    tip: Number(row.tip),
    coupon_discount: Number(row.coupon_discount),
    loyalty_points_redeemed: Number(row.loyalty_points_redeemed),
    loyalty_discount: Number(row.loyalty_discount),
    total: Number(row.total),
    wallet_amount: Number(row.wallet_amount),
    payable_amount: Number(row.payable_amount),
    coupon_code: row.coupon_code,
    loyalty_points_earned: Number(row.loyalty_points_earned),
    payment_mode: row.payment_mode as PaymentMode,
    payment_status: row.payment_status,
    delivery_pin: options.showPin ? row.delivery_pin : null,
    driver: driver ? driverOf(driver, Number(row.status)) : null,
    ...(options.showCustomer ? { customer: parts.customer ?? null } : {}),
    history: parts.history.map((entry) => ({ status: Number(entry.status), at: entry.happened_at })),
    cancel_reason: row.cancel_reason,
    prep_minutes: row.prep_minutes === null ? null : Number(row.prep_minutes),
    estimated_ready_at: row.estimated_ready_at,
    food_ready_at: row.food_ready_at,
    ...arrivalMinutes(row, store),
    created_at: row.created_at,
    updated_at: row.updated_at,
    can_cancel: isStatusIn(CANCELLABLE_BY_CUSTOMER, status),
    can_rate: status === OrderStatus.DELIVERED && !parts.reviewed,
  };
}

export async function toOrders(app: FastifyInstance, rows: readonly OrderRow[], options: OrderViewOptions): Promise<Order[]> {
  if (rows.length === 0) return [];
  const related = await relatedRows(app, rows, options);
  return rows.map((row) => {
    const id = Number(row.id);
    return orderEntity(
      row,
      {
        lines: related.lines.get(id) ?? [],
        history: related.history.get(id) ?? [],
        store: related.stores.get(Number(row.restaurant_id)),
        driver: row.driver_user_id === null ? undefined : related.drivers.get(Number(row.driver_user_id)),
        reviewed: related.reviewed.has(id),
        customer: related.customers.get(Number(row.user_id)),
      },
      options,
    );
  });
}

export async function toOrder(app: FastifyInstance, row: OrderRow, options: OrderViewOptions): Promise<Order> {
  const [order] = await toOrders(app, [row], options);
  return order as Order;
}

/** The history of one order, oldest first (a just-placed order's view needs nothing else it does not hold). */
export async function historyOf(app: FastifyInstance, db: Kysely<Database>, orderId: number): Promise<OrderHistoryRow[]> {
  return app.ordersRepository.historyOf(orderId, db);
}

/** The driver's name, and their position and phone only while they have the order (as get-order-status shows it). */
function driverOf(driver: DriverRow, status: number): Order['driver'] {
  const onTheWay = driverIsOnTheWay(status);
  return {
    name: driver.name,
    latitude: onTheWay && driver.latitude !== null ? Number(driver.latitude) : null,
    longitude: onTheWay && driver.longitude !== null ? Number(driver.longitude) : null,
    located_at: onTheWay ? driver.recorded_at : null,
    phone: onTheWay ? driver.phone : null,
  };
}

/** A driver in town: about 24 km/h door to door, and a few minutes to hand the food over. */
const CITY_MINUTES_PER_KM = 2.5;
const HANDOVER_MINUTES = 5;

/**
 * What the app needs to say when a delivery should arrive: the store's
 * promise (its delivery time) until it accepts, then its ready time plus the
 * ride from the store to this address. A self pickup has the ready time alone.
 */
function arrivalMinutes(row: OrderRow, store: StoreRow | undefined): Pick<Order, 'delivery_minutes' | 'travel_minutes'> {
  if (!store || row.order_type !== 'DELIVERY' || row.latitude === null || row.longitude === null) return {};
  const km = distanceKm(
    { latitude: Number(store.latitude), longitude: Number(store.longitude) },
    { latitude: Number(row.latitude), longitude: Number(row.longitude) },
  );
  return { delivery_minutes: Number(store.delivery_time), travel_minutes: Math.ceil(km * CITY_MINUTES_PER_KM) + HANDOVER_MINUTES };
}
