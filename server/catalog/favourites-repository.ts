/** Each user's favourite stores. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export function createFavouritesRepository(db: Kysely<Database>) {
  return {
    async storeIdsOf(userId: number, trx: Kysely<Database> = db): Promise<number[]> {
      const rows = await trx.selectFrom('favourites').select('restaurant_id').where('user_id', '=', userId).execute();
      return rows.map((row) => Number(row.restaurant_id));
    },

    async isFavourite(userId: number, restaurantId: number, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx
        .selectFrom('favourites')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the store, or removes it when it is there; answers whether it is a favourite now. */
    async toggle(userId: number, restaurantId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('favourites')
          .where('user_id', '=', userId)
          .where('restaurant_id', '=', restaurantId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) > 0) return false;
        await trx
          .insertInto('favourites')
          .values({ user_id: userId, restaurant_id: restaurantId, created_at: new Date().toISOString() })
          .onConflict((conflict) => conflict.columns(['user_id', 'restaurant_id']).doNothing())
          .execute();
        return true;
      });
    },

    // Methods go above this line.
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
