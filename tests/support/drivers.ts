/**
 * Drivers ready to take orders in tests: linked to the stores and on duty,
 * the way the demo drivers are seeded (accept-to-deliver refuses a driver
 * off duty, or for a store they do not deliver for).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables.ts';
import { createDriversRepository } from '../../server/driver/drivers-repository.ts';

export async function readyToDeliver(db: Kysely<Database>, driverUserId: number, storeIds: readonly number[]): Promise<void> {
  const drivers = createDriversRepository(db);
  await drivers.linkToStores(driverUserId, storeIds);
  await drivers.toggleDutyAt(driverUserId, true, new Date().toISOString());
}
