/**
 * The demo drivers (demo-accounts.ts) deliver for every demo store and start
 * on duty, so a fresh clone shows orders to take at /delivery at once; two of
 * them, so two phones can race for one order.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { createDriversRepository } from '../driver/drivers-repository.ts';

export async function seedDrivers(db: Kysely<Database>, storeIds: ReadonlyMap<string, number>, createdAt: string): Promise<void> {
  const drivers = await db.selectFrom('users').select('id').where('role', '=', 'driver').orderBy('id').execute();
  for (const driver of drivers) {
    const driverUserId = Number(driver.id);
    await createDriversRepository(db).linkToStores(driverUserId, [...storeIds.values()], new Date(createdAt));
    await db.insertInto('driver_status').values({ user_id: driverUserId, is_online: 1, online_changed_at: createdAt }).execute();
  }
}
