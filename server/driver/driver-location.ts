/**
 * set-delivery-guy-gps-location: one fix, recorded in the driver's track and
 * made their position unless a newer one is stored (server/driver/fixes.ts,
 * which the driver area's batch call uses too).
 */
import type { FastifyInstance } from 'fastify';
import type { DriverPosition } from '../../src/api/orders/entities.ts';
import { saveDriverFixes, type DriverFix } from './fixes.ts';

export type { DriverFix } from './fixes.ts';

export async function saveDriverFix(
  app: FastifyInstance,
  driverUserId: number,
  fix: DriverFix,
  now: Date = new Date(),
): Promise<{ stored: boolean; position: DriverPosition }> {
  const { stored, position } = await saveDriverFixes(app, driverUserId, [fix], now);
  // The row exists now: either this fix or the newer one that kept it out.
  if (!position) throw new Error(`No position stored for driver ${driverUserId} after an upsert`);
  return { stored, position };
}
