/**
 * Which stores a driver delivers for (driver_stores): they are offered the
 * orders of those stores only, and take only those. The seed links the demo
 * drivers; the admin console will link the rest. The SQL is the drivers
 * repository's (drivers-repository.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DriverProfile } from '../../src/api/driver/entities.ts';
import type { Database } from '../db/tables.ts';
import { createDriversRepository } from './drivers-repository.ts';

/**
 * Links the driver to the stores (a link that exists already stays as it is).
 * Kept for the seed (server/seed/, which takes a bare database and is not to
 * change); the server calls app.driversRepository.linkToStores.
 */
export async function linkDriverToStores(
  db: Kysely<Database>,
  driverUserId: number,
  restaurantIds: readonly number[],
  now: Date = new Date(),
): Promise<void> {
  await createDriversRepository(db).linkToStores(driverUserId, restaurantIds, now);
}

/** The driver's stores, by name. */
export async function storesOfDriver(app: FastifyInstance, driverUserId: number): Promise<DriverProfile['stores']> {
  const rows = await app.driversRepository.storesOf(driverUserId);
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
