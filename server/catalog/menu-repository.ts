/** A store's menu: items by section, recommended items, and each item's add-on groups. */
import type { Kysely, Selectable } from 'kysely';
import type { AddonCategory, Item, StoreMenu } from '../../src/api/entities.ts';
import { fromFlag, type Database, type ItemsTable } from '../db/tables.ts';
import { matchesSearch, type SearchQuery } from '../../src/api/catalog/search-match.ts';

/** How many item names one search reads at most to match them (a city's menus near one address hold far fewer). */
export const SEARCH_CANDIDATES_MAX = 20_000;

type ItemRow = Selectable<ItemsTable>;

function toItem(row: ItemRow, addonCategories: AddonCategory[]): Item {
  return {
    id: Number(row.id),
    restaurant_id: Number(row.restaurant_id),
    item_category_id: row.item_category_id === null ? null : Number(row.item_category_id),
    name: row.name,
    description: row.description,
    price: Number(row.price),
    image: row.image,
    is_veg: fromFlag(row.is_veg),
    is_recommended: fromFlag(row.is_recommended),
    is_active: fromFlag(row.is_active),
    addon_categories: addonCategories,
  };
}

export function createMenuRepository(db: Kysely<Database>) {
  /** The add-on groups of each item, in the item's order, with their active add-ons. */
  async function addonCategoriesOf(itemIds: readonly number[]): Promise<Map<number, AddonCategory[]>> {
    const byItem = new Map<number, AddonCategory[]>();
    if (itemIds.length === 0) return byItem;
    const links = await db
      .selectFrom('item_addon_categories as l')
      .innerJoin('addon_categories as c', 'c.id', 'l.addon_category_id')
      .select(['l.item_id', 'l.sort_order', 'c.id', 'c.name', 'c.type', 'c.min_select', 'c.max_select'])
      .where('l.item_id', 'in', itemIds)
      .orderBy('l.item_id')
      .orderBy('l.sort_order')
      .orderBy('c.id')
      .execute();
    if (links.length === 0) return byItem;
    const categoryIds = [...new Set(links.map((link) => Number(link.id)))];
    const addons = await db
      .selectFrom('addons')
      .select(['id', 'addon_category_id', 'name', 'price'])
      .where('addon_category_id', 'in', categoryIds)
      .where('is_active', '=', 1)
      .orderBy('addon_category_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    for (const link of links) {
      const itemId = Number(link.item_id);
      const groups = byItem.get(itemId) ?? [];
      groups.push({
        id: Number(link.id),
        name: link.name,
        type: link.type,
        min_select: Number(link.min_select),
        max_select: link.max_select === null ? null : Number(link.max_select),
        addons: addons
          .filter((addon) => Number(addon.addon_category_id) === Number(link.id))
          .map((addon) => ({ id: Number(addon.id), name: addon.name, price: Number(addon.price) })),
      });
      byItem.set(itemId, groups);
    }
    return byItem;
  }

  async function withAddons(rows: readonly ItemRow[]): Promise<Item[]> {
    const addons = await addonCategoriesOf(rows.map((row) => Number(row.id)));
    return rows.map((row) => toItem(row, addons.get(Number(row.id)) ?? []));
  }

  return {
    /** The active items of a store: recommended ones, and every section in its order. */
    async menuOf(restaurantId: number): Promise<StoreMenu> {
      const [sections, rows] = await Promise.all([
        db
          .selectFrom('item_categories')
          .select(['id', 'name'])
          .where('restaurant_id', '=', restaurantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('items')
          .selectAll()
          .where('restaurant_id', '=', restaurantId)
          .where('is_active', '=', 1)
          .orderBy('id')
          .execute(),
      ]);
      const items = await withAddons(rows);
      const categories = sections
        .map((section) => ({
          id: Number(section.id),
          name: section.name,
          items: items.filter((item) => item.item_category_id === Number(section.id)),
        }))
        .filter((section) => section.items.length > 0);
      const unsorted = items.filter((item) => item.item_category_id === null);
      if (unsorted.length > 0) categories.push({ id: 0, name: 'Other', items: unsorted });
      return { recommended: items.filter((item) => item.is_recommended), categories };
    },

    async item(id: number): Promise<Item | undefined> {
      const row = await db.selectFrom('items').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
      if (!row) return undefined;
      const [item] = await withAddons([row]);
      return item;
    },

    /**
     * Active items of these stores that the query finds by name or menu section
     * (src/api/catalog/search-match.ts: starts of words, plurals, accents, typos), by name, at
     * most `limit`. The names of at most SEARCH_CANDIDATES_MAX items are read
     * and matched here: typos cannot be put to SQL on both databases.
     */
    async search(storeIds: readonly number[], query: SearchQuery, limit: number): Promise<Item[]> {
      if (storeIds.length === 0 || query.words.length === 0) return [];
      const candidates = await db
        .selectFrom('items')
        .leftJoin('item_categories', 'item_categories.id', 'items.item_category_id')
        .select(['items.id', 'items.name', 'item_categories.name as section'])
        .where('items.restaurant_id', 'in', storeIds)
        .where('items.is_active', '=', 1)
        .orderBy('items.name')
        .orderBy('items.id')
        .limit(SEARCH_CANDIDATES_MAX)
        .execute();
      const ids = candidates
        .filter((candidate) => matchesSearch(query, candidate.name, candidate.section))
        .slice(0, limit)
        .map((candidate) => Number(candidate.id));
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('items').selectAll().where('id', 'in', ids).orderBy('name').orderBy('id').execute();
      return withAddons(rows);
    },
  };
}

export type MenuRepository = ReturnType<typeof createMenuRepository>;
