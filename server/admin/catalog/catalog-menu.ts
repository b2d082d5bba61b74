/**
 * A store's menu as its owner or an administrator edits it: sections (item
 * categories) and items with the add-on groups they offer. Every row named
 * in a save must belong to the same store (WRONG_STORE otherwise): an item
 * cannot sit in another store's section or offer another store's add-ons.
 * Deleting an item keeps order history whole: order lines carry their own
 * name and price and lose only the link (migration 0006).
 */
import type { Kysely } from 'kysely';
import type { AdminItem, AdminItemCategory } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag, type Database } from '../../db/tables.ts';
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

export async function listItemCategories(db: Kysely<Database>, storeId: number, onlyId?: number): Promise<AdminItemCategory[]> {
  let query = db
    .selectFrom('item_categories as c')
    .leftJoin('items as i', 'i.item_category_id', 'c.id')
    .select(['c.id', 'c.restaurant_id', 'c.name', 'c.sort_order'])
    .select((eb) => eb.fn.count<number | string>('i.id').as('items_count'))
    .where('c.restaurant_id', '=', storeId)
    .groupBy(['c.id', 'c.restaurant_id', 'c.name', 'c.sort_order']);
  if (onlyId !== undefined) query = query.where('c.id', '=', onlyId);
  const rows = await query.orderBy('c.sort_order').orderBy('c.id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    restaurant_id: Number(row.restaurant_id),
    name: row.name,
    sort_order: Number(row.sort_order),
    items_count: Number(row.items_count),
  }));
}

export async function saveItemCategory(db: Kysely<Database>, actor: CatalogActor, body: SaveItemCategory): Promise<AdminItemCategory> {
  const storeId = await storeOfSave(db, actor.user, 'item_categories', 'menu section', body);
  if (body.id === undefined) requireOnCreate(body, ['name']);
  const id = await auditedWrite(db, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, sort_order: body.sort_order });
    let sectionId = body.id;
    if (sectionId === undefined) {
      const created = await trx
        .insertInto('item_categories')
        .values({ sort_order: 0, ...columns, restaurant_id: storeId, name: body.name as string })
        .returning('id')
        .executeTakeFirstOrThrow();
      sectionId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await trx.updateTable('item_categories').set(columns).where('id', '=', sectionId).execute();
    }
    return { result: sectionId, entity: 'item_categories', entityId: sectionId, details: givenFields(body) };
  });
  const [saved] = await listItemCategories(db, storeId, id);
  return saved as AdminItemCategory;
}

export async function deleteItemCategory(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const storeId = await storeOfOwnedRow(db, actor.user, 'item_categories', id, 'menu section');
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('item_categories').where('id', '=', id).execute();
    return { result: undefined, entity: 'item_categories', entityId: id, details: { restaurant_id: storeId } };
  });
}

export async function listItems(db: Kysely<Database>, storeId: number, onlyId?: number): Promise<AdminItem[]> {
  let query = db.selectFrom('items').selectAll().where('restaurant_id', '=', storeId);
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  const rows = await query.orderBy('item_category_id').orderBy('name').orderBy('id').execute();
  const ids = rows.map((row) => Number(row.id));
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('item_addon_categories')
          .select(['item_id', 'addon_category_id'])
          .where('item_id', 'in', ids)
          .orderBy('item_id')
          .orderBy('sort_order')
          .orderBy('addon_category_id')
          .execute();
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
  db: Kysely<Database>,
  table: 'item_categories' | 'addon_categories',
  ids: readonly number[],
  storeId: number,
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.selectFrom(table).select(['id', 'restaurant_id']).where('id', 'in', ids).execute();
  const missing = ids.filter((id) => !rows.some((row) => Number(row.id) === id));
  if (missing.length > 0) throw fieldError(404, 'NOT_FOUND', field, `${field}: there is nothing with id ${missing.join(', ')}.`);
  const foreign = rows.filter((row) => Number(row.restaurant_id) !== storeId).map((row) => Number(row.id));
  if (foreign.length > 0) throw fieldError(400, 'WRONG_STORE', field, `${field}: ${foreign.join(', ')} belong to another store.`);
}

export async function saveItem(db: Kysely<Database>, actor: CatalogActor, body: SaveItem): Promise<AdminItem> {
  const storeId = await storeOfSave(db, actor.user, 'items', 'item', body);
  if (body.id === undefined) requireOnCreate(body, ['name', 'price']);
  checkImageUrl(body.image);
  if (body.item_category_id !== undefined && body.item_category_id !== null) {
    await assertOfStore(db, 'item_categories', [body.item_category_id], storeId, 'item_category_id');
  }
  await assertOfStore(db, 'addon_categories', body.addon_category_ids ?? [], storeId, 'addon_category_ids');
  const id = await auditedWrite(db, actor, async (trx) => {
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
      const created = await trx
        .insertInto('items')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await trx.updateTable('items').set(columns).where('id', '=', itemId).execute();
    }
    if (body.addon_category_ids !== undefined) {
      await trx.deleteFrom('item_addon_categories').where('item_id', '=', itemId).execute();
      if (body.addon_category_ids.length > 0) {
        await trx
          .insertInto('item_addon_categories')
          .values(body.addon_category_ids.map((groupId, index) => ({ item_id: itemId, addon_category_id: groupId, sort_order: index })))
          .execute();
      }
    }
    return { result: itemId, entity: 'items', entityId: itemId, details: givenFields(body) };
  });
  const [saved] = await listItems(db, storeId, id);
  if (!saved) throw notFound(`There is no item with id ${id}.`);
  return saved;
}

export async function deleteItem(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const storeId = await storeOfOwnedRow(db, actor.user, 'items', id, 'item');
  await auditedWrite(db, actor, async (trx) => {
    const item = await trx.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    await trx.deleteFrom('items').where('id', '=', id).execute();
    return { result: undefined, entity: 'items', entityId: id, details: { restaurant_id: storeId, name: item?.name ?? null } };
  });
}
