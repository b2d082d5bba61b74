/**
 * A driver's last known position (driver_locations, one row per driver).
 * Fixes can arrive out of order (a queued fix replayed after a fresh one),
 * so a fix is stored only when it was taken after the stored one: the
 * upsert's WHERE compares recorded_at, in the database, so two requests
 * racing cannot move the driver back either.
 */
import type { Kysely } from 'kysely';
import { OrderStatus, type DriverPosition } from '../../src/api/index.ts';
import type { Database } from '../db/schema.ts';
import { readDriverPosition } from './lifecycle-tracking.ts';
import { orderEvents } from './order-events.ts';

export interface DriverFix {
  latitude: number;
  longitude: number;
  heading: number | null;
  /** When the device took it; default now, and never later than now. */
  recordedAt?: string | undefined;
}

export async function saveDriverFix(
  db: Kysely<Database>,
  driverUserId: number,
  fix: DriverFix,
  now: Date = new Date(),
): Promise<{ stored: boolean; position: DriverPosition }> {
  const asked = fix.recordedAt === undefined ? Number.NaN : Date.parse(fix.recordedAt);
  const recordedAt = new Date(Number.isNaN(asked) ? now.getTime() : Math.min(asked, now.getTime())).toISOString();
  const values = {
    user_id: driverUserId,
    latitude: fix.latitude,
    longitude: fix.longitude,
    heading: fix.heading,
    recorded_at: recordedAt,
    updated_at: now.toISOString(),
  };
  const stored = await db
    .insertInto('driver_locations')
    .values(values)
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({
          latitude: values.latitude,
          longitude: values.longitude,
          heading: values.heading,
          recorded_at: values.recorded_at,
          updated_at: values.updated_at,
        })
        .where('driver_locations.recorded_at', '<', recordedAt),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (stored) await announceToRunningOrders(db, driverUserId);
  // The row exists now: either this fix or the newer one that kept it out.
  const position = await readDriverPosition(db, driverUserId);
  if (!position) throw new Error(`No position stored for driver ${driverUserId} after an upsert`);
  return { stored: stored !== undefined, position };
}

/** Wakes the order-events streams of the orders the driver is carrying. */
async function announceToRunningOrders(db: Kysely<Database>, driverUserId: number): Promise<void> {
  const orders = await db
    .selectFrom('orders')
    .select('id')
    .where('driver_user_id', '=', driverUserId)
    .where('status', 'in', [OrderStatus.DRIVER_ASSIGNED, OrderStatus.PICKED_UP])
    .execute();
  for (const order of orders) orderEvents.announce(Number(order.id), 'position');
}
