/**
 * Which stores a driver delivers for (driver_stores): they are offered the
 * orders of those stores only, and take only those. The seed links the demo
 * drivers; the admin console will link the rest. The SQL is the drivers
 * repository's (drivers-repository.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { DriverProfile } from '../../src/api/driver/entities.ts';

/** The driver's stores, by name. */
export async function storesOfDriver(app: FastifyInstance, driverUserId: number): Promise<DriverProfile['stores']> {
  const rows = await app.driversRepository.storesOf(driverUserId);
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
