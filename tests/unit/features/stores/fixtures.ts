/** Store and item rows for the stores, explore and favourites tests. */
import { menuChunkRows, type MenuItemRow, type ReplicaDatabase, type StoreRow } from '../../../../src/db/schema.ts';

export function storeRow(overrides: Partial<StoreRow> = {}): StoreRow {
  return {
    id: 1,
    name: 'Green Bowl',
    slug: 'green-bowl',
    city: 'riverton',
    description: 'Salads and bowls',
    image: '',
    is_active: true,
    is_featured: false,
    custom_featured_name: null,
    custom_message_on_list: null,
    avgRating: 4.5,
    rating: 4,
    reviews_count: 12,
    delivery_time: 25,
    price_range: 2400,
    distance: 1.24,
    delivery_type: 3,
    store_color: null,
    latitude: 52.1,
    longitude: 4.3,
    is_open: true,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

export function itemRow(overrides: Partial<MenuItemRow> = {}): MenuItemRow {
  return {
    id: 100,
    restaurant_id: 1,
    item_category_id: 10,
    name: 'Falafel wrap',
    description: 'With tahini',
    price: 850,
    image: null,
    is_veg: true,
    is_recommended: false,
    is_active: true,
    addon_categories: [],
    fetchedAt: Date.now(),
    position: 0,
    ...overrides,
  };
}

/** A store's menu in the replica as the worker writes it: items in order, numbered, in chunks. */
export async function putMenu(db: ReplicaDatabase, storeId: number, items: readonly MenuItemRow[]): Promise<void> {
  const numbered = items.map((item, position) => ({ ...item, restaurant_id: storeId, position }));
  await db.menuChunks.bulkPut(menuChunkRows(storeId, numbered, Date.now()));
}
