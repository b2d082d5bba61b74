/**
 * Drivers: duty, the stores they deliver for, their positions and GPS tracks: every line of SQL on driver_status, driver_stores, driver_locations and driver_fixes. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** A fix as it is stored in the driver's track. */
export interface FixRow {
  driver_user_id: number;
  recorded_at: string;
  latitude: number;
  longitude: number;
  heading: number | null;
}

/** A driver's position as it is stored. */
export interface PositionRow {
  latitude: number;
  longitude: number;
  heading: number | null;
  recorded_at: string;
  updated_at: string;
}

export function createDriversRepository(db: Kysely<Database>) {
  return {
    /**
     * The driver's user id when they are on duty, undefined when off: an UPDATE
     * that changes nothing, so it also locks their status row (accept-rules.ts).
     */
    async lockIfOnDuty(driverUserId: number, trx: Kysely<Database> = db): Promise<{ user_id: number } | undefined> {
      return trx
        .updateTable('driver_status')
        .set((eb) => ({ is_online: eb.ref('is_online') }))
        .where('user_id', '=', driverUserId)
        .where('is_online', '=', 1)
        .returning('user_id')
        .executeTakeFirst();
    },

    /** The driver's duty row (whether on duty, and since when), if they ever toggled. */
    async dutyOf(driverUserId: number, trx: Kysely<Database> = db): Promise<{ is_online: number; online_changed_at: string | null } | undefined> {
      return trx
        .selectFrom('driver_status')
        .select(['is_online', 'online_changed_at'])
        .where('user_id', '=', driverUserId)
        .executeTakeFirst();
    },

    /**
     * Sets the driver on (true) or off duty, or flips it (undefined), as of
     * `at`, unless a toggle as late or later is stored (the upsert's WHERE).
     */
    async toggleDutyAt(driverUserId: number, isOnline: boolean | undefined, at: string, trx: Kysely<Database> = db): Promise<void> {
      // No row yet means off duty, so a flip inserts "on".
      const inserted = isOnline === false ? 0 : 1;
      const updated = isOnline === undefined ? sql<number>`1 - driver_status.is_online` : sql<number>`${isOnline ? 1 : 0}`;
      await trx
        .insertInto('driver_status')
        .values({ user_id: driverUserId, is_online: inserted, online_changed_at: at })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ is_online: updated, online_changed_at: at })
            .where((eb) => eb.or([eb('driver_status.online_changed_at', 'is', null), eb('driver_status.online_changed_at', '<', at)])),
        )
        .execute();
    },

    /** Links the driver to the stores (a link that exists already stays as it is). */
    async linkToStores(driverUserId: number, restaurantIds: readonly number[], now: Date = new Date(), trx: Kysely<Database> = db): Promise<void> {
      if (restaurantIds.length === 0) return;
      await trx
        .insertInto('driver_stores')
        .values(restaurantIds.map((restaurantId) => ({ driver_user_id: driverUserId, restaurant_id: restaurantId, created_at: now.toISOString() })))
        .onConflict((conflict) => conflict.columns(['driver_user_id', 'restaurant_id']).doNothing())
        .execute();
    },

    /** Whether the driver delivers for the store. */
    async isLinkedToStore(driverUserId: number, restaurantId: number, trx: Kysely<Database> = db): Promise<boolean> {
      const link = await trx
        .selectFrom('driver_stores')
        .select('restaurant_id')
        .where('driver_user_id', '=', driverUserId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return link !== undefined;
    },

    /** The ids of the stores the driver delivers for. */
    async storeIdsOf(driverUserId: number, trx: Kysely<Database> = db): Promise<{ restaurant_id: number }[]> {
      return trx.selectFrom('driver_stores').select('restaurant_id').where('driver_user_id', '=', driverUserId).execute();
    },

    /** The driver's stores (id and name), by name. */
    async storesOf(driverUserId: number, trx: Kysely<Database> = db): Promise<{ id: number; name: string }[]> {
      return trx
        .selectFrom('driver_stores as ds')
        .innerJoin('restaurants as r', 'r.id', 'ds.restaurant_id')
        .select(['r.id', 'r.name'])
        .where('ds.driver_user_id', '=', driverUserId)
        .orderBy('r.name')
        .orderBy('r.id')
        .execute();
    },

    /** The stores of each of these drivers (id, name, slug, city), by name. */
    async storesOfDrivers(
      driverIds: readonly number[],
      trx: Kysely<Database> = db,
    ): Promise<{ user_id: number; id: number; name: string; slug: string; city: string }[]> {
      return trx
        .selectFrom('driver_stores as ds')
        .innerJoin('restaurants as r', 'r.id', 'ds.restaurant_id')
        .select(['ds.driver_user_id as user_id', 'r.id', 'r.name', 'r.slug', 'r.city'])
        .where('ds.driver_user_id', 'in', driverIds)
        .orderBy('r.name')
        .orderBy('r.id')
        .execute();
    },

    /** Unlinks the driver from these stores. */
    async unlinkFromStores(driverUserId: number, restaurantIds: readonly number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('driver_stores').where('driver_user_id', '=', driverUserId).where('restaurant_id', 'in', restaurantIds).execute();
    },

    /** Adds fixes to the driver's track (a fix already in it is skipped); answers those added. */
    async addFixes(rows: readonly FixRow[], trx: Kysely<Database> = db): Promise<{ recorded_at: string }[]> {
      return trx
        .insertInto('driver_fixes')
        .values([...rows])
        .onConflict((conflict) => conflict.columns(['driver_user_id', 'recorded_at']).doNothing())
        .returning('recorded_at')
        .execute();
    },

    /** Makes the fix the driver's position unless a newer one is stored; undefined when it did not. */
    async moveTo(driverUserId: number, position: PositionRow, trx: Kysely<Database> = db): Promise<{ user_id: number } | undefined> {
      return trx
        .insertInto('driver_locations')
        .values({
          user_id: driverUserId,
          latitude: position.latitude,
          longitude: position.longitude,
          heading: position.heading,
          recorded_at: position.recorded_at,
          updated_at: position.updated_at,
        })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({
              latitude: position.latitude,
              longitude: position.longitude,
              heading: position.heading,
              recorded_at: position.recorded_at,
              updated_at: position.updated_at,
            })
            .where('driver_locations.recorded_at', '<', position.recorded_at),
        )
        .returning('user_id')
        .executeTakeFirst();
    },

    /** A driver's last known position. */
    async lastPositionOf(userId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('driver_locations')
        .select(['latitude', 'longitude', 'heading', 'recorded_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    // Methods go above this line.
  };
}

export type DriversRepository = ReturnType<typeof createDriversRepository>;
