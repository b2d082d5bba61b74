/**
 * A driver's GPS fixes: every fix goes into their track (driver_fixes, one
 * row per device time, so a replayed fix or batch records nothing twice),
 * and the newest becomes their position (driver_locations) unless a newer
 * one is stored already. Fixes can arrive out of order (a batch queued
 * offline replayed after a fresh fix), so the position's upsert compares
 * recorded_at in the database: two requests racing cannot move the driver
 * back either. Both the single call (set-delivery-guy-gps-location) and the
 * batch (set-delivery-guy-gps-locations) come through here.
 *
 * A device clock ahead of the server's is taken as now (or that fix would
 * shut every later one out); such a fix, replayed, is recorded again at the
 * later now. The Idempotency-Key the app sends with every batch still makes
 * an exact replay harmless.
 */
import type { FastifyInstance } from 'fastify';
import type { DriverPosition } from '../../src/api/orders/entities.ts';
import { readDriverPosition } from '../orders/lifecycle-tracking.ts';
import { orderEvents } from '../orders/order-events.ts';

export interface DriverFix {
  latitude: number;
  longitude: number;
  heading: number | null;
  /** When the device took it; default now, and never later than now. */
  recordedAt?: string | undefined;
}

export interface FixesSaved {
  /** Fixes of this batch added to the track (a fix already in it is not counted again). */
  recorded: number;
  /** The newest fix of the batch became the driver's position. */
  stored: boolean;
  /** The driver's position now: this batch's newest fix, or a newer one stored before. */
  position: DriverPosition | null;
}

/** The device's time as stored: ISO-8601 UTC, no later than now. */
function fixTime(recordedAt: string | undefined, now: Date): string {
  const asked = recordedAt === undefined ? Number.NaN : Date.parse(recordedAt);
  return new Date(Number.isNaN(asked) ? now.getTime() : Math.min(asked, now.getTime())).toISOString();
}

export async function saveDriverFixes(
  app: FastifyInstance,
  driverUserId: number,
  fixes: readonly DriverFix[],
  now: Date = new Date(),
): Promise<FixesSaved> {
  const rows = fixes.map((fix) => ({
    driver_user_id: driverUserId,
    recorded_at: fixTime(fix.recordedAt, now),
    latitude: fix.latitude,
    longitude: fix.longitude,
    heading: fix.heading,
  }));
  const newest = rows.reduce<(typeof rows)[number] | undefined>((best, row) => (best && best.recorded_at >= row.recorded_at ? best : row), undefined);
  if (!newest) return { recorded: 0, stored: false, position: await readDriverPosition(app, app.db, driverUserId) };

  const { recorded, stored } = await app.db.transaction().execute(async (trx) => {
    const added = await app.driversRepository.addFixes(rows, trx);
    const position = { ...newest, updated_at: now.toISOString() };
    const moved = await app.driversRepository.moveTo(driverUserId, position, trx);
    return { recorded: added.length, stored: moved !== undefined };
  });
  if (stored) await announceToRunningOrders(app, driverUserId);
  return { recorded, stored, position: await readDriverPosition(app, app.db, driverUserId) };
}

/** Wakes the order-events streams of the orders the driver is carrying. */
async function announceToRunningOrders(app: FastifyInstance, driverUserId: number): Promise<void> {
  const orders = await app.ordersRepository.idsHeldByDriver(driverUserId);
  for (const order of orders) orderEvents.announce(Number(order.id), 'position');
}
