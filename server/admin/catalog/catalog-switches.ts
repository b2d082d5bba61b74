/**
 * A store owner's daily switches: their stores with the open state and every
 * item's availability, taking orders or not, an item sold out or back.
 *
 * "Taking orders" is the store's is_active: the app shows an inactive store
 * as not accepting orders and checkout refuses it with STORE_CLOSED, while
 * is_open stays what the opening hours say.
 */
import type { FastifyInstance } from 'fastify';
import type { ItemAvailability, MyStore, StoreOpenState } from '../../../src/api/admin/catalog-entities.ts';
import { fromFlag, toFlag } from '../../db/tables.ts';
import { isOpenAt, localTime } from '../../geo/opening-hours.ts';
import { assertStoreAccess, ownerFilterOf, storeOfOwnedRow, type CatalogStaff } from './catalog-access.ts';
import { auditedWrite, type CatalogActor } from './catalog-change.ts';

/** The stores the user manages (every store for an administrator), by name, with all their items. */
export async function myStores(app: FastifyInstance, user: CatalogStaff, now: Date = new Date()): Promise<MyStore[]> {
  const stores = await app.storesRepository.managedBy(ownerFilterOf(user));
  if (stores.length === 0) return [];
  const ids = stores.map((store) => Number(store.id));
  const [hours, items] = await Promise.all([
    app.storesRepository.openingHoursOf(ids),
    app.menuRepository.availabilityOf(ids),
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
  app: FastifyInstance,
  actor: CatalogActor,
  storeId: number,
  isActive: boolean,
  now: Date = new Date(),
): Promise<StoreOpenState> {
  await assertStoreAccess(app, actor.user, storeId);
  const timezone = await auditedWrite(app, actor, async (trx) => {
    const row = await app.storesRepository.setActive(storeId, toFlag(isActive), trx);
    return { result: row.timezone, entity: 'restaurants', entityId: storeId, details: { is_active: isActive } };
  });
  const hours = await app.storesRepository.openingHoursOf([storeId]);
  return { id: storeId, is_active: isActive, is_open: isOpenAt(hours.get(storeId) ?? [], localTime(now, timezone)) };
}

export async function setItemAvailability(
  app: FastifyInstance,
  actor: CatalogActor,
  itemId: number,
  isActive: boolean,
): Promise<ItemAvailability> {
  await storeOfOwnedRow(app, actor.user, 'items', itemId, 'item');
  return auditedWrite(app, actor, async (trx) => {
    const row = await app.menuRepository.setItemActive(itemId, toFlag(isActive), trx);
    return { result: toAvailability(row), entity: 'items', entityId: itemId, details: { is_active: isActive } };
  });
}
