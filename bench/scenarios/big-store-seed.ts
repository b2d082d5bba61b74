/**
 * One very big store added to the demo city for the big-store bench: 5,000
 * active items over 40 menu sections, every 40th item recommended, every
 * 25th vegetarian, and a fifth of them with add-on groups, written to the
 * same tables the demo seed writes (restaurants, item_categories, items,
 * addon_categories, addons, item_addon_categories, opening hours, category
 * links). It sits a few hundred metres from Market Square, the demo's
 * primary location, and is open around the clock so it always lists.
 * Item pictures reuse the demo's dish images, so each row has a real image.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables.ts';
import { DEMO_CITY, DEMO_CITY_SLUG, DEMO_LOCATIONS } from '../../server/seed/demo-city.ts';
import { DEMO_TIMEZONE } from '../../server/seed/demo-store-extras.ts';
import { demoImagePaths, imageUrl } from '../../server/seed/demo-images.ts';
import { DEMO_STORES } from '../../server/seed/demo-stores.ts';

export const BIG_STORE_SLUG = 'bench-big-menu-market';
export const BIG_STORE_PATH = `/stores/${DEMO_CITY_SLUG}/${BIG_STORE_SLUG}`;
export const BIG_STORE_ITEMS = 5_000;
export const BIG_STORE_SECTIONS = 40;
const RECOMMENDED_EVERY = 40;
const VEG_EVERY = 25;
/** Items i with i % ADDONS_EVERY === 0 get one or two add-on groups. */
const ADDONS_EVERY = 5;
const ADDON_GROUPS = 8;

const SECTION_WORDS = ['Starters', 'Soups', 'Salads', 'Grills', 'Curries', 'Noodles', 'Rice', 'Breads', 'Sides', 'Desserts'];
const DISH_WORDS = ['Roast', 'Spiced', 'Smoked', 'Crispy', 'Braised', 'Grilled', 'Steamed', 'Glazed', 'Charred', 'Fresh'];
const DISH_NOUNS = ['Chicken', 'Aubergine', 'Lamb', 'Tofu', 'Salmon', 'Mushroom', 'Beef', 'Paneer', 'Prawns', 'Squash'];

export interface BigStore {
  id: number;
  path: string;
  items: number;
  sections: number;
  recommended: number;
  withAddons: number;
}

/** Adds the big store to an already seeded demo database; returns its id and counts. */
export async function seedBigStore(db: Kysely<Database>): Promise<BigStore> {
  const primary = DEMO_LOCATIONS.find((location) => location.isPrimary) ?? DEMO_LOCATIONS[0]!;
  const images = DEMO_STORES.flatMap((store) =>
    Object.values(store.menu).flatMap((dishes) => dishes.map((d) => imageUrl(demoImagePaths.dish(store.slug, d.name)))),
  );
  const owner = await db.selectFrom('users').select('id').where('role', '=', 'store_owner').executeTakeFirst();
  const category = await db.selectFrom('restaurant_categories').select('id').orderBy('sort_order').executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('restaurants')
      .values({
        name: 'Bench Big Menu Market',
        slug: BIG_STORE_SLUG,
        city: DEMO_CITY,
        description: 'A store with five thousand dishes, for the big-store bench.',
        image: imageUrl(demoImagePaths.store(DEMO_STORES[0]!.slug)),
        is_active: 1,
        is_featured: 0,
        custom_featured_name: null,
        custom_message_on_list: null,
        rating: 4.2,
        delivery_time: 30,
        price_range: 3000,
        delivery_type: 3,
        latitude: primary.latitude + 0.002,
        longitude: primary.longitude - 0.002,
        delivery_radius_km: 10,
        store_color: '#2c7a7b',
        owner_user_id: owner ? Number(owner.id) : null,
        created_at: new Date().toISOString(),
        timezone: DEMO_TIMEZONE,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const storeId = Number(id);
    await trx
      .insertInto('restaurant_opening_hours')
      .values([0, 1, 2, 3, 4, 5, 6].map((day) => ({ restaurant_id: storeId, day_of_week: day, opens_minute: 0, closes_minute: 1440 })))
      .execute();
    if (category) {
      await trx.insertInto('restaurant_category_links').values({ restaurant_id: storeId, category_id: Number(category.id) }).execute();
    }

    const sectionIds: number[] = [];
    for (let s = 0; s < BIG_STORE_SECTIONS; s += 1) {
      const name = `${SECTION_WORDS[s % SECTION_WORDS.length]} ${Math.floor(s / SECTION_WORDS.length) + 1}`;
      const row = await trx
        .insertInto('item_categories')
        .values({ restaurant_id: storeId, name, sort_order: s })
        .returning('id')
        .executeTakeFirstOrThrow();
      sectionIds.push(Number(row.id));
    }

    const perSection = Math.ceil(BIG_STORE_ITEMS / BIG_STORE_SECTIONS);
    const items = Array.from({ length: BIG_STORE_ITEMS }, (_, i) => ({
      restaurant_id: storeId,
      item_category_id: sectionIds[Math.floor(i / perSection)]!,
      name: `${DISH_WORDS[i % DISH_WORDS.length]} ${DISH_NOUNS[Math.floor(i / DISH_WORDS.length) % DISH_NOUNS.length]} No. ${i + 1}`,
      description: `House dish ${i + 1}: seasonal vegetables, a bright sauce and something crunchy on top.`,
      price: 500 + ((i * 37) % 2500),
      image: images[i % images.length] ?? null,
      is_veg: i % VEG_EVERY === 0 ? 1 : 0,
      is_recommended: i % RECOMMENDED_EVERY === 0 ? 1 : 0,
      is_active: 1,
    }));
    const itemIds: number[] = [];
    // Bounded batches: SQLite limits the variables of one statement.
    for (let start = 0; start < items.length; start += 500) {
      const rows = await trx.insertInto('items').values(items.slice(start, start + 500)).returning('id').execute();
      itemIds.push(...rows.map((row) => Number(row.id)));
    }

    const groupIds: number[] = [];
    for (let g = 0; g < ADDON_GROUPS; g += 1) {
      const single = g % 2 === 0;
      const row = await trx
        .insertInto('addon_categories')
        .values({
          restaurant_id: storeId,
          name: single ? `Size ${g + 1}` : `Extras ${g + 1}`,
          type: single ? 'SINGLE' : 'MULTI',
          min_select: single ? 1 : 0,
          max_select: single ? 1 : 3,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const groupId = Number(row.id);
      groupIds.push(groupId);
      await trx
        .insertInto('addons')
        .values(
          ['Small', 'Regular', 'Large', 'Extra large'].map((label, index) => ({
            addon_category_id: groupId,
            name: single ? label : `${label} topping`,
            price: single ? index * 150 : 100 + index * 50,
            sort_order: index,
            is_active: 1,
          })),
        )
        .execute();
    }
    const links = itemIds.flatMap((itemId, i) => {
      if (i % ADDONS_EVERY !== 0) return [];
      const first = { item_id: itemId, addon_category_id: groupIds[i % ADDON_GROUPS]!, sort_order: 0 };
      // Every other one also gets a second group.
      return i % (ADDONS_EVERY * 2) === 0 ? [first, { item_id: itemId, addon_category_id: groupIds[(i + 1) % ADDON_GROUPS]!, sort_order: 1 }] : [first];
    });
    for (let start = 0; start < links.length; start += 500) {
      await trx.insertInto('item_addon_categories').values(links.slice(start, start + 500)).execute();
    }
    return {
      id: storeId,
      path: BIG_STORE_PATH,
      items: items.length,
      sections: sectionIds.length,
      recommended: items.filter((item) => item.is_recommended).length,
      withAddons: new Set(links.map((link) => link.item_id)).size,
    };
  });
}
