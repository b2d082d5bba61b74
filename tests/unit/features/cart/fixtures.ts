/** A store with a dish of every add-on rule, and cart rows, for the cart's component tests. */
import { cartTotals } from '../../../../src/api/cart/rules.ts';
import type { AddonCategory } from '../../../../src/api/entities.ts';
import type { CartLineRow, CartMetaRow, ReplicaDatabase } from '../../../../src/db/schema.ts';
import { itemRow, putMenu, storeRow } from '../stores/fixtures.ts';

export const BREAD: AddonCategory = {
  id: 1,
  name: 'Bread',
  type: 'SINGLE',
  min_select: 1,
  max_select: 1,
  addons: [
    { id: 11, name: 'Pita', price: 0 },
    { id: 12, name: 'Wholewheat', price: 50 },
  ],
};
export const EXTRAS: AddonCategory = {
  id: 2,
  name: 'Extras',
  type: 'MULTI',
  min_select: 0,
  max_select: 2,
  addons: [
    { id: 21, name: 'Feta', price: 150 },
    { id: 22, name: 'Olives', price: 100 },
    { id: 23, name: 'Pickles', price: 50 },
  ],
};
export const SAUCE: AddonCategory = {
  id: 3,
  name: 'Sauce',
  type: 'SINGLE',
  min_select: 0,
  max_select: 1,
  addons: [{ id: 31, name: 'Harissa', price: 0 }],
};

export const FALAFEL = itemRow({ id: 101, name: 'Falafel wrap', price: 850, addon_categories: [BREAD, EXTRAS, SAUCE] });
export const LEMONADE = itemRow({ id: 102, name: 'Lemonade', price: 350, addon_categories: [] });

/** Green Bowl (id 1) with its menu, as the store page reads it. */
export async function putGreenBowl(db: ReplicaDatabase, overrides: { storeActive?: boolean; falafelActive?: boolean } = {}): Promise<void> {
  await db.stores.put(storeRow({ is_active: overrides.storeActive ?? true }));
  await putMenu(db, 1, [{ ...FALAFEL, is_active: overrides.falafelActive ?? true }, LEMONADE]);
}

/** Another store's cart: Saffron House (id 2), one Butter Chicken. */
export async function putSaffronCart(db: ReplicaDatabase): Promise<void> {
  await db.stores.put(storeRow({ id: 2, name: 'Saffron House', slug: 'saffron-house' }));
  await putCart(db, { id: 2, name: 'Saffron House', slug: 'saffron-house', city: 'riverton' }, [
    { id: '201:', itemId: 201, storeId: 2, quantity: 1, addons: [], name: 'Butter Chicken', unitPrice: 1450, addedAt: 1 },
  ]);
}

export function line(overrides: Partial<CartLineRow> & Pick<CartLineRow, 'id' | 'itemId'>): CartLineRow {
  return { storeId: 1, quantity: 1, addons: [], name: 'Dish', unitPrice: 500, addedAt: 1, ...overrides };
}

/** Cart rows as the worker writes them, with the totals computed the worker's way. */
export async function putCart(
  db: ReplicaDatabase,
  store: NonNullable<CartMetaRow['store']>,
  lines: CartLineRow[],
  meta: Partial<CartMetaRow> = {},
): Promise<void> {
  await db.cartLines.bulkPut(lines);
  await db.cartMeta.put({ id: 'cart', coupon: null, couponError: null, loyalty: null, store, check: null, ...cartTotals(lines), ...meta });
}

export const GREEN_BOWL_REF = { id: 1, name: 'Green Bowl', slug: 'green-bowl', city: 'riverton' };
