/** A store's menu: items by section, recommended items, and each item's add-on groups. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AddonCategory, Item, StoreMenu } from '../../src/api/entities.ts';
import {
  fromFlag,
  type AddonCategoriesTable,
  type AddonsTable,
  type Database,
  type ItemAddonCategoriesTable,
  type ItemCategoriesTable,
  type ItemsTable,
} from '../db/tables.ts';
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
  async function addonCategoriesOf(itemIds: readonly number[], trx: Kysely<Database>): Promise<Map<number, AddonCategory[]>> {
    const byItem = new Map<number, AddonCategory[]>();
    if (itemIds.length === 0) return byItem;
    const links = await trx
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
    const addons = await trx
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

  async function withAddons(rows: readonly ItemRow[], trx: Kysely<Database>): Promise<Item[]> {
    const addons = await addonCategoriesOf(rows.map((row) => Number(row.id)), trx);
    return rows.map((row) => toItem(row, addons.get(Number(row.id)) ?? []));
  }

  return {
    /** The active items of a store: recommended ones, and every section in its order. */
    async menuOf(restaurantId: number, trx: Kysely<Database> = db): Promise<StoreMenu> {
      const [sections, rows] = await Promise.all([
        trx
          .selectFrom('item_categories')
          .select(['id', 'name'])
          .where('restaurant_id', '=', restaurantId)
          .orderBy('sort_order')
          .orderBy('id')
          .execute(),
        trx
          .selectFrom('items')
          .selectAll()
          .where('restaurant_id', '=', restaurantId)
          .where('is_active', '=', 1)
          .orderBy('id')
          .execute(),
      ]);
      const items = await withAddons(rows, trx);
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

    /** The active item of this id with its add-on groups, or undefined. */
    async item(id: number, trx: Kysely<Database> = db): Promise<Item | undefined> {
      const row = await trx.selectFrom('items').selectAll().where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
      if (!row) return undefined;
      const [item] = await withAddons([row], trx);
      return item;
    },

    /**
     * Active items of these stores that the query finds by name or menu section
     * (src/api/catalog/search-match.ts: starts of words, plurals, accents, typos), by name, at
     * most `limit`. The names of at most SEARCH_CANDIDATES_MAX items are read
     * and matched here: typos cannot be put to SQL on both databases.
     */
    async search(storeIds: readonly number[], query: SearchQuery, limit: number, trx: Kysely<Database> = db): Promise<Item[]> {
      if (storeIds.length === 0 || query.words.length === 0) return [];
      const candidates = await trx
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
      const rows = await trx.selectFrom('items').selectAll().where('id', 'in', ids).orderBy('name').orderBy('id').execute();
      return withAddons(rows, trx);
    },

    /** A store's menu sections (or the one of onlyId) with how many items each holds, as the console lists them. */
    async adminSectionsOf(storeId: number, onlyId?: number, trx: Kysely<Database> = db) {
      let query = trx
        .selectFrom('item_categories as c')
        .leftJoin('items as i', 'i.item_category_id', 'c.id')
        .select(['c.id', 'c.restaurant_id', 'c.name', 'c.sort_order'])
        .select((eb) => eb.fn.count<number | string>('i.id').as('items_count'))
        .where('c.restaurant_id', '=', storeId)
        .groupBy(['c.id', 'c.restaurant_id', 'c.name', 'c.sort_order']);
      if (onlyId !== undefined) query = query.where('c.id', '=', onlyId);
      return query.orderBy('c.sort_order').orderBy('c.id').execute();
    },

    /** Adds a menu section and answers its id. */
    async insertSection(values: Insertable<ItemCategoriesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('item_categories').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Changes these columns of a menu section. */
    async updateSection(id: number, columns: Updateable<ItemCategoriesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('item_categories').set(columns).where('id', '=', id).execute();
    },

    /** Deletes a menu section. */
    async deleteSection(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('item_categories').where('id', '=', id).execute();
    },

    /** A store's items (or the one of onlyId), active or not, by section, name and id, as the console lists them. */
    async adminItemsOf(storeId: number, onlyId?: number, trx: Kysely<Database> = db): Promise<ItemRow[]> {
      let query = trx.selectFrom('items').selectAll().where('restaurant_id', '=', storeId);
      if (onlyId !== undefined) query = query.where('id', '=', onlyId);
      return query.orderBy('item_category_id').orderBy('name').orderBy('id').execute();
    },

    /** The add-on groups these items offer (item_id, addon_category_id), in each item's order. */
    async addonGroupLinksOfItems(itemIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('item_addon_categories')
        .select(['item_id', 'addon_category_id'])
        .where('item_id', 'in', itemIds)
        .orderBy('item_id')
        .orderBy('sort_order')
        .orderBy('addon_category_id')
        .execute();
    },

    /** The store of each of these menu sections or add-on groups that exists (id, restaurant_id). */
    async storesOfRows(table: 'item_categories' | 'addon_categories', ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom(table).select(['id', 'restaurant_id']).where('id', 'in', ids).execute();
    },

    /** The store of an add-on (its group's restaurant_id), or undefined when there is no such add-on. */
    async storeOfAddon(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('addons')
        .innerJoin('addon_categories', 'addon_categories.id', 'addons.addon_category_id')
        .select('addon_categories.restaurant_id')
        .where('addons.id', '=', id)
        .executeTakeFirst();
    },

    /** Adds an item and answers its id. */
    async insertItem(values: Insertable<ItemsTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('items').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Changes these columns of an item. */
    async updateItem(id: number, columns: Updateable<ItemsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('items').set(columns).where('id', '=', id).execute();
    },

    /** Removes every add-on group from an item. */
    async unlinkAddonGroupsOfItem(itemId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('item_addon_categories').where('item_id', '=', itemId).execute();
    },

    /** Gives items these add-on groups (item_id, addon_category_id, sort_order). */
    async linkAddonGroups(links: readonly Insertable<ItemAddonCategoriesTable>[], trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('item_addon_categories').values(links).execute();
    },

    /** An item's name, active or not, or undefined when there is no such item. */
    async itemName(id: number, trx: Kysely<Database> = db): Promise<{ name: string } | undefined> {
      return trx.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    },

    /** Deletes an item. */
    async deleteItem(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('items').where('id', '=', id).execute();
    },

    /** A store's add-on groups (or the one of onlyId), by name and id, as the console lists them. */
    async adminAddonGroupsOf(storeId: number, onlyId?: number, trx: Kysely<Database> = db): Promise<Selectable<AddonCategoriesTable>[]> {
      let query = trx.selectFrom('addon_categories').selectAll().where('restaurant_id', '=', storeId);
      if (onlyId !== undefined) query = query.where('id', '=', onlyId);
      return query.orderBy('name').orderBy('id').execute();
    },

    /** Every add-on (active or not) of these groups, in each group's order. */
    async addonsOfGroups(groupIds: readonly number[], trx: Kysely<Database> = db): Promise<Selectable<AddonsTable>[]> {
      return trx.selectFrom('addons').selectAll().where('addon_category_id', 'in', groupIds).orderBy('sort_order').orderBy('id').execute();
    },

    /** The items offering these add-on groups (item_id, addon_category_id), by item. */
    async itemLinksOfGroups(groupIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('item_addon_categories')
        .select(['item_id', 'addon_category_id'])
        .where('addon_category_id', 'in', groupIds)
        .orderBy('item_id')
        .execute();
    },

    /** An add-on group's rules (type, min_select, max_select); throws when there is no such group. */
    async addonGroupRules(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('addon_categories').select(['type', 'min_select', 'max_select']).where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The add-ons of one group (id, is_active). */
    async addonsOfGroup(groupId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('addons').select(['id', 'is_active']).where('addon_category_id', '=', groupId).execute();
    },

    /** Deletes a group's add-ons but the ones kept. */
    async deleteAddonsOfGroupExcept(groupId: number, kept: readonly number[], trx: Kysely<Database> = db): Promise<void> {
      let removed = trx.deleteFrom('addons').where('addon_category_id', '=', groupId);
      if (kept.length > 0) removed = removed.where('id', 'not in', kept);
      await removed.execute();
    },

    /** Adds an add-on. */
    async insertAddon(values: Insertable<AddonsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('addons').values(values).execute();
    },

    /** Changes these columns of an add-on. */
    async updateAddon(id: number, values: Updateable<AddonsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('addons').set(values).where('id', '=', id).execute();
    },

    /** Adds an add-on group and answers its id. */
    async insertAddonGroup(values: Insertable<AddonCategoriesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('addon_categories').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Changes these columns of an add-on group. */
    async updateAddonGroup(id: number, values: Updateable<AddonCategoriesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('addon_categories').set(values).where('id', '=', id).execute();
    },

    /** Deletes an add-on group. */
    async deleteAddonGroup(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('addon_categories').where('id', '=', id).execute();
    },

    /**
     * These items (of any store) joined with their add-on groups and every add-on of those groups, inactive
     * ones too: one row per item, group and add-on, as the cart checks them.
     */
    async cartCatalogRows(itemIds: readonly number[], trx: Kysely<Database> = db) {
      return (
        trx
          .selectFrom('items as i')
          .leftJoin('item_addon_categories as l', 'l.item_id', 'i.id')
          .leftJoin('addon_categories as c', 'c.id', 'l.addon_category_id')
          // Inactive add-ons too: choosing one is "the add-ons changed", not "no such add-on".
          .leftJoin('addons as a', 'a.addon_category_id', 'c.id')
          .select(['i.id', 'i.restaurant_id', 'i.name', 'i.price', 'i.is_active'])
          .select(['c.id as group_id', 'c.type', 'c.min_select', 'c.max_select'])
          .select(['a.id as addon_id', 'a.name as addon_name', 'a.price as addon_price', 'a.is_active as addon_active'])
          .where('i.id', 'in', [...new Set(itemIds)])
          .execute()
      );
    },

    /** The store a menu section, item or add-on group belongs to, if the row exists. */
    async storeOfRow(
      table: 'items' | 'item_categories' | 'addon_categories',
      id: number,
      trx: Kysely<Database> = db,
    ): Promise<{ restaurant_id: number } | undefined> {
      return trx.selectFrom(table).select('restaurant_id').where('id', '=', id).executeTakeFirst();
    },

    /** Which of these ids are items. */
    async knownItemIds(ids: readonly number[], trx: Kysely<Database> = db): Promise<{ id: number }[]> {
      return trx.selectFrom('items').select('id').where('id', 'in', ids).execute();
    },

    /** Every item of these stores with its availability, by store, name and id (a store owner's switches). */
    async availabilityOf(storeIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('items')
        .select(['id', 'restaurant_id', 'name', 'item_category_id', 'price', 'is_active'])
        .where('restaurant_id', 'in', storeIds)
        .orderBy('restaurant_id')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** Sets whether the item can be ordered; answers its availability fields (throws when there is no such item). */
    async setItemActive(itemId: number, isActive: number, trx: Kysely<Database> = db) {
      return trx
        .updateTable('items')
        .set({ is_active: isActive })
        .where('id', '=', itemId)
        .returning(['id', 'name', 'item_category_id', 'price', 'is_active'])
        .executeTakeFirstOrThrow();
    },

    /** Whether any item's picture is this address. */
    async usesImage(url: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom('items').select('image').where('image', '=', url).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** The items' picture addresses on other servers (http…), each once. */
    async remoteImages(trx: Kysely<Database> = db) {
      return trx.selectFrom('items').select('image').distinct().where('image', 'like', 'http%').execute();
    },

    // Methods go above this line.
  };
}

export type MenuRepository = ReturnType<typeof createMenuRepository>;
