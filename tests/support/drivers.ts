/**
 * Drivers ready to take orders in tests: linked to the stores and on duty,
 * the way the demo drivers are seeded (accept-to-deliver refuses a driver
 * off duty, or for a store they do not deliver for).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables.ts';
import { linkDriverToStores } from '../../server/driver/driver-stores.ts';
import { toggleDuty } from '../../server/driver/duty.ts';

export async function readyToDeliver(db: Kysely<Database>, driverUserId: number, storeIds: readonly number[]): Promise<void> {
  await linkDriverToStores(db, driverUserId, storeIds);
  await toggleDuty(db, driverUserId, { isOnline: true });
}
