/**
 * Where an order stands, as get-order-status, every move and every
 * order-events message answer it: three indexed reads (the order, its
 * history, its driver with their last fix).
 *
 * The driver's position is shown only while they have the order (driver
 * assigned, picked up): once it is delivered or cancelled, where the driver
 * goes is none of the customer's business. Their name stays.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverPosition, OrderTracking } from '../../src/api/orders/entities.ts';
import { ORDER_STATUS_NAMES } from '../../src/api/orders/limits.ts';
import { WITH_DRIVER_STATUSES, isStatusIn, type OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';

/** While the driver has the order, the customer sees where they are. */
export function driverIsOnTheWay(status: number): boolean {
  return isStatusIn(WITH_DRIVER_STATUSES, status);
}

export async function readDriverPosition(app: FastifyInstance, db: Kysely<Database>, driverUserId: number): Promise<DriverPosition | null> {
  const row = await app.driversRepository.lastPositionOf(driverUserId, db);
  if (!row) return null;
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    heading: row.heading === null ? null : Number(row.heading),
    recorded_at: row.recorded_at,
  };
}

async function readDriver(app: FastifyInstance, db: Kysely<Database>, driverUserId: number, status: number): Promise<OrderTracking['driver']> {
  const [driver, position] = await Promise.all([
    app.usersRepository.nameAndPhoneOf(driverUserId, db),
    driverIsOnTheWay(status) ? readDriverPosition(app, db, driverUserId) : Promise.resolve(null),
  ]);
  return {
    name: driver?.name ?? '',
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    located_at: position?.recorded_at ?? null,
    // The customer may call the driver while the driver holds the order, not after.
    phone: driverIsOnTheWay(status) ? (driver?.phone ?? null) : null,
  };
}

/**
 * Reads run one after another on different connections (PostgreSQL), so a
 * step that commits between them could pair the old status with the new
 * history. Every step writes its history row with the status, so the
 * newest row's status is the order's: a read that disagrees is read again.
 */
const CONSISTENT_READ_TRIES = 3;

export async function readTracking(app: FastifyInstance, db: Kysely<Database>, orderId: number): Promise<OrderTracking | undefined> {
  let tracking: OrderTracking | undefined;
  for (let attempt = 0; attempt < CONSISTENT_READ_TRIES; attempt += 1) {
    tracking = await readTrackingOnce(app, db, orderId);
    if (!tracking || tracking.history.at(-1)?.status === tracking.status) return tracking;
  }
  return tracking;
}

async function readTrackingOnce(app: FastifyInstance, db: Kysely<Database>, orderId: number): Promise<OrderTracking | undefined> {
  const order = await app.ordersRepository.trackingOf(orderId, db);
  if (!order) return undefined;
  const status = Number(order.status);
  const [history, driver] = await Promise.all([
    app.ordersRepository.stepsOf(orderId, db),
    order.driver_user_id === null ? Promise.resolve(null) : readDriver(app, db, Number(order.driver_user_id), status),
  ]);
  return {
    unique_order_id: order.unique_order_id,
    status,
    status_name: ORDER_STATUS_NAMES[status as OrderStatusCode],
    order_type: order.order_type,
    payment_status: order.payment_status,
    history: history.map((row) => ({ status: Number(row.status), at: row.happened_at })),
    driver,
    cancel_reason: order.cancel_reason,
    estimated_ready_at: order.estimated_ready_at,
    food_ready_at: order.food_ready_at,
    updated_at: order.updated_at,
  };
}
