/**
 * The demo stores as the browser tests need them: open whenever a test runs
 * (the seed keeps Eastern-time opening hours, so at some hours place-order
 * would meet STORE_CLOSED), and a dish that can be ordered as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/tables.ts';

/** Opens the store all day, every day; answers its id. */
export async function openAllDay(db: Kysely<Database>, slug: string): Promise<number> {
  const store = await db.selectFrom('restaurants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const storeId = Number(store.id);
  await db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', storeId).execute();
  await db
    .insertInto('restaurant_opening_hours')
    .values([0, 1, 2, 3, 4, 5, 6].map((day) => ({ restaurant_id: storeId, day_of_week: day, opens_minute: 0, closes_minute: 1440 })))
    .execute();
  return storeId;
}

/** An item of the store a customer can order as it is (no add-on group that must be chosen). */
export async function plainItemOf(db: Kysely<Database>, storeId: number): Promise<number> {
  const item = await db
    .selectFrom('items')
    .select('items.id')
    .where('items.restaurant_id', '=', storeId)
    .where('items.is_active', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('item_addon_categories')
            .innerJoin('addon_categories', 'addon_categories.id', 'item_addon_categories.addon_category_id')
            .select('item_addon_categories.item_id')
            .whereRef('item_addon_categories.item_id', '=', 'items.id')
            .where('addon_categories.min_select', '>', 0),
        ),
      ),
    )
    .orderBy('items.id')
    .executeTakeFirstOrThrow();
  return Number(item.id);
}
