/** Store and item rows for the stores, explore and favourites tests. */
import type { MenuItemRow, StoreRow } from '../../../../src/db/schema.ts';

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
