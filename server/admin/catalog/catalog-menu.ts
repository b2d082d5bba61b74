/**
 * A store's menu as its owner or an administrator edits it: sections (item
 * categories) and items with the add-on groups they offer. Every row named
 * in a save must belong to the same store (WRONG_STORE otherwise): an item
 * cannot sit in another store's section or offer another store's add-ons.
 * Deleting an item keeps order history whole: order lines carry their own
 * name and price and lose only the link (migration 0006).
 */
import type { FastifyInstance } from 'fastify';
import type { AdminItem, AdminItemCategory } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag } from '../../db/tables.ts';
import { notFound } from '../../http/http-error.ts';
import { storeOfOwnedRow, storeOfSave } from './catalog-access.ts';
import {
  auditedWrite,
  checkImageUrl,
  definedOnly,
  fieldError,
  flagOf,
  givenFields,
  requireOnCreate,
  type CatalogActor,
} from './catalog-change.ts';

type SaveItemCategory = CallBody<'admin/save-item-category'>;
type SaveItem = CallBody<'admin/save-item'>;

export async function listItemCategories(app: FastifyInstance, storeId: number, onlyId?: number): Promise<AdminItemCategory[]> {
  const rows = await app.menuRepository.adminSectionsOf(storeId, onlyId);
  return rows.map((row) => ({
    id: Number(row.id),
    restaurant_id: Number(row.restaurant_id),
    name: row.name,
    sort_order: Number(row.sort_order),
    items_count: Number(row.items_count),
  }));
}

export async function saveItemCategory(app: FastifyInstance, actor: CatalogActor, body: SaveItemCategory): Promise<AdminItemCategory> {
  const storeId = await storeOfSave(app, actor.user, 'item_categories', 'menu section', body);
  if (body.id === undefined) requireOnCreate(body, ['name']);
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, sort_order: body.sort_order });
    let sectionId = body.id;
    if (sectionId === undefined) {
      const created = await app.menuRepository.insertSection(
        { sort_order: 0, ...columns, restaurant_id: storeId, name: body.name as string },
        trx,
      );
      sectionId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await app.menuRepository.updateSection(sectionId, columns, trx);
    }
    return { result: sectionId, entity: 'item_categories', entityId: sectionId, details: givenFields(body) };
  });
  const [saved] = await listItemCategories(app, storeId, id);
  return saved as AdminItemCategory;
}

export async function deleteItemCategory(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const storeId = await storeOfOwnedRow(app, actor.user, 'item_categories', id, 'menu section');
  await auditedWrite(app, actor, async (trx) => {
    await app.menuRepository.deleteSection(id, trx);
    return { result: undefined, entity: 'item_categories', entityId: id, details: { restaurant_id: storeId } };
  });
}

export async function listItems(app: FastifyInstance, storeId: number, onlyId?: number): Promise<AdminItem[]> {
  const rows = await app.menuRepository.adminItemsOf(storeId, onlyId);
  const ids = rows.map((row) => Number(row.id));
  const links = ids.length === 0 ? [] : await app.menuRepository.addonGroupLinksOfItems(ids);
  return rows.map((row) => ({
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
    addon_category_ids: links.filter((link) => Number(link.item_id) === Number(row.id)).map((link) => Number(link.addon_category_id)),
  }));
}

/** WRONG_STORE (or NOT_FOUND) unless every id is a row of `table` of this store. */
async function assertOfStore(
  app: FastifyInstance,
  table: 'item_categories' | 'addon_categories',
  ids: readonly number[],
  storeId: number,
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await app.menuRepository.storesOfRows(table, ids);
  const missing = ids.filter((id) => !rows.some((row) => Number(row.id) === id));
  if (missing.length > 0) throw fieldError(404, 'NOT_FOUND', field, `${field}: there is nothing with id ${missing.join(', ')}.`);
  const foreign = rows.filter((row) => Number(row.restaurant_id) !== storeId).map((row) => Number(row.id));
  if (foreign.length > 0) throw fieldError(400, 'WRONG_STORE', field, `${field}: ${foreign.join(', ')} belong to another store.`);
}

export async function saveItem(app: FastifyInstance, actor: CatalogActor, body: SaveItem): Promise<AdminItem> {
  const storeId = await storeOfSave(app, actor.user, 'items', 'item', body);
  if (body.id === undefined) requireOnCreate(body, ['name', 'price']);
  checkImageUrl(body.image);
  if (body.item_category_id !== undefined && body.item_category_id !== null) {
    await assertOfStore(app, 'item_categories', [body.item_category_id], storeId, 'item_category_id');
  }
  await assertOfStore(app, 'addon_categories', body.addon_category_ids ?? [], storeId, 'addon_category_ids');
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({
      item_category_id: body.item_category_id,
      name: body.name,
      description: body.description,
      price: body.price,
      image: body.image,
      is_veg: flagOf(body.is_veg),
      is_recommended: flagOf(body.is_recommended),
      is_active: flagOf(body.is_active),
    });
    let itemId = body.id;
    if (itemId === undefined) {
      const created = await app.menuRepository.insertItem(
        {
          item_category_id: null,
          description: '',
          image: null,
          is_veg: 0,
          is_recommended: 0,
          is_active: 1,
          ...columns,
          restaurant_id: storeId,
          name: body.name as string,
          price: body.price as number,
        },
        trx,
      );
      itemId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await app.menuRepository.updateItem(itemId, columns, trx);
    }
    if (body.addon_category_ids !== undefined) {
      await app.menuRepository.unlinkAddonGroupsOfItem(itemId, trx);
      if (body.addon_category_ids.length > 0) {
        await app.menuRepository.linkAddonGroups(
          body.addon_category_ids.map((groupId, index) => ({ item_id: itemId, addon_category_id: groupId, sort_order: index })),
          trx,
        );
      }
    }
    return { result: itemId, entity: 'items', entityId: itemId, details: givenFields(body) };
  });
  const [saved] = await listItems(app, storeId, id);
  if (!saved) throw notFound(`There is no item with id ${id}.`);
  return saved;
}

export async function deleteItem(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const storeId = await storeOfOwnedRow(app, actor.user, 'items', id, 'item');
  await auditedWrite(app, actor, async (trx) => {
    const item = await app.menuRepository.itemName(id, trx);
    await app.menuRepository.deleteItem(id, trx);
    return { result: undefined, entity: 'items', entityId: id, details: { restaurant_id: storeId, name: item?.name ?? null } };
  });
}
