/**
 * Which stores a driver delivers for (driver_stores): they are offered the
 * orders of those stores only, and take only those. The seed links the demo
 * drivers; the admin console will link the rest.
 */
import type { Kysely } from 'kysely';
import type { DriverProfile } from '../../src/api/driver/entities.ts';
import type { Database } from '../db/tables.ts';

/** Links the driver to the stores (a link that exists already stays as it is). */
export async function linkDriverToStores(
  db: Kysely<Database>,
  driverUserId: number,
  restaurantIds: readonly number[],
  now: Date = new Date(),
): Promise<void> {
  if (restaurantIds.length === 0) return;
  await db
    .insertInto('driver_stores')
    .values(restaurantIds.map((restaurantId) => ({ driver_user_id: driverUserId, restaurant_id: restaurantId, created_at: now.toISOString() })))
    .onConflict((conflict) => conflict.columns(['driver_user_id', 'restaurant_id']).doNothing())
    .execute();
}

export async function isLinkedToStore(db: Kysely<Database>, driverUserId: number, restaurantId: number): Promise<boolean> {
  const link = await db
    .selectFrom('driver_stores')
    .select('restaurant_id')
    .where('driver_user_id', '=', driverUserId)
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst();
  return link !== undefined;
}

/** The driver's stores, by name. */
export async function storesOfDriver(db: Kysely<Database>, driverUserId: number): Promise<DriverProfile['stores']> {
  const rows = await db
    .selectFrom('driver_stores as ds')
    .innerJoin('restaurants as r', 'r.id', 'ds.restaurant_id')
    .select(['r.id', 'r.name'])
    .where('ds.driver_user_id', '=', driverUserId)
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
