/**
 * A store owner's daily switches: their stores with the open state and every
 * item's availability, taking orders or not, an item sold out or back.
 *
 * "Taking orders" is the store's is_active: the app shows an inactive store
 * as not accepting orders and checkout refuses it with STORE_CLOSED, while
 * is_open stays what the opening hours say.
 */
import type { Kysely } from 'kysely';
import type { ItemAvailability, MyStore, StoreOpenState } from '../../../src/api/admin/catalog-entities.ts';
import { fromFlag, toFlag, type Database } from '../../db/tables.ts';
import { isOpenAt, localTime } from '../../geo/opening-hours.ts';
import { openingHoursOf } from '../../catalog/store-entities.ts';
import { assertStoreAccess, ownerFilterOf, storeOfOwnedRow, type CatalogStaff } from './catalog-access.ts';
import { auditedWrite, type CatalogActor } from './catalog-change.ts';

/** The stores the user manages (every store for an administrator), by name, with all their items. */
export async function myStores(db: Kysely<Database>, user: CatalogStaff, now: Date = new Date()): Promise<MyStore[]> {
  let query = db.selectFrom('restaurants').select(['id', 'name', 'slug', 'image', 'is_active', 'timezone']);
  const ownerId = ownerFilterOf(user);
  if (ownerId !== undefined) query = query.where('owner_user_id', '=', ownerId);
  const stores = await query.orderBy('name').orderBy('id').execute();
  if (stores.length === 0) return [];
  const ids = stores.map((store) => Number(store.id));
  const [hours, items] = await Promise.all([
    openingHoursOf(db, ids),
    db
      .selectFrom('items')
      .select(['id', 'restaurant_id', 'name', 'item_category_id', 'price', 'is_active'])
      .where('restaurant_id', 'in', ids)
      .orderBy('restaurant_id')
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return stores.map((store) => {
    const id = Number(store.id);
    return {
      id,
      name: store.name,
      slug: store.slug,
      image: store.image,
      is_active: fromFlag(store.is_active),
      is_open: isOpenAt(hours.get(id) ?? [], localTime(now, store.timezone)),
      items: items.filter((item) => Number(item.restaurant_id) === id).map(toAvailability),
    };
  });
}

function toAvailability(row: { id: number; name: string; item_category_id: number | null; price: number; is_active: number }): ItemAvailability {
  return {
    id: Number(row.id),
    name: row.name,
    item_category_id: row.item_category_id === null ? null : Number(row.item_category_id),
    price: Number(row.price),
    is_active: fromFlag(row.is_active),
  };
}

export async function setStoreOpen(
  db: Kysely<Database>,
  actor: CatalogActor,
  storeId: number,
  isActive: boolean,
  now: Date = new Date(),
): Promise<StoreOpenState> {
  await assertStoreAccess(db, actor.user, storeId);
  const timezone = await auditedWrite(db, actor, async (trx) => {
    const row = await trx
      .updateTable('restaurants')
      .set({ is_active: toFlag(isActive) })
      .where('id', '=', storeId)
      .returning('timezone')
      .executeTakeFirstOrThrow();
    return { result: row.timezone, entity: 'restaurants', entityId: storeId, details: { is_active: isActive } };
  });
  const hours = await openingHoursOf(db, [storeId]);
  return { id: storeId, is_active: isActive, is_open: isOpenAt(hours.get(storeId) ?? [], localTime(now, timezone)) };
}

export async function setItemAvailability(
  db: Kysely<Database>,
  actor: CatalogActor,
  itemId: number,
  isActive: boolean,
): Promise<ItemAvailability> {
  await storeOfOwnedRow(db, actor.user, 'items', itemId, 'item');
  return auditedWrite(db, actor, async (trx) => {
    const row = await trx
      .updateTable('items')
      .set({ is_active: toFlag(isActive) })
      .where('id', '=', itemId)
      .returning(['id', 'name', 'item_category_id', 'price', 'is_active'])
      .executeTakeFirstOrThrow();
    return { result: toAvailability(row), entity: 'items', entityId: itemId, details: { is_active: isActive } };
  });
}
