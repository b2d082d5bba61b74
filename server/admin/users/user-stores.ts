/**
 * The stores a person is tied to (issue 7: "link drivers to stores"): a
 * store owner owns stores (restaurants.owner_user_id, one owner per store),
 * a driver delivers for the stores linked in driver_stores (any number of
 * drivers per store). Every other role has none.
 */
import type { Kysely } from 'kysely';
import { ROLES_WITH_STORES, type RoleWithStores } from '../../../src/api/admin/entities.ts';
import type { StoreRef } from '../../../src/api/entities.ts';
import type { Database, UserRole } from '../../db/tables.ts';
import { linkDriverToStores } from '../../driver/driver-stores.ts';
import { HttpError } from '../../http/http-error.ts';

export function hasStores(role: UserRole): role is RoleWithStores {
  return (ROLES_WITH_STORES as readonly string[]).includes(role);
}

const storeRef = (row: { id: number; name: string; slug: string; city: string }): StoreRef => ({
  id: Number(row.id),
  name: row.name,
  slug: row.slug,
  city: row.city,
});

/** The stores of each of these people (by name), in two queries whatever their number. */
export async function storesOfUsers(
  db: Kysely<Database>,
  users: readonly { id: number; role: UserRole }[],
): Promise<Map<number, StoreRef[]>> {
  const ownerIds = users.filter((user) => user.role === 'store_owner').map((user) => Number(user.id));
  const driverIds = users.filter((user) => user.role === 'driver').map((user) => Number(user.id));
  const [owned, linked] = await Promise.all([
    ownerIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('restaurants')
          .select(['owner_user_id as user_id', 'id', 'name', 'slug', 'city'])
          .where('owner_user_id', 'in', ownerIds)
          .orderBy('name')
          .orderBy('id')
          .execute(),
    driverIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('driver_stores as ds')
          .innerJoin('restaurants as r', 'r.id', 'ds.restaurant_id')
          .select(['ds.driver_user_id as user_id', 'r.id', 'r.name', 'r.slug', 'r.city'])
          .where('ds.driver_user_id', 'in', driverIds)
          .orderBy('r.name')
          .orderBy('r.id')
          .execute(),
  ]);
  const stores = new Map<number, StoreRef[]>();
  for (const row of [...owned, ...linked]) {
    const userId = Number(row.user_id);
    stores.set(userId, [...(stores.get(userId) ?? []), storeRef(row)]);
  }
  return stores;
}

/** NOT_FOUND (a detail per id) unless every store exists. */
async function assertStoresExist(trx: Kysely<Database>, storeIds: readonly number[]): Promise<void> {
  if (storeIds.length === 0) return;
  const rows = await trx.selectFrom('restaurants').select('id').where('id', 'in', [...storeIds]).execute();
  const found = new Set(rows.map((row) => Number(row.id)));
  const missing = storeIds.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(
      404,
      'NOT_FOUND',
      `There is no store with id ${missing.join(', ')}.`,
      missing.map((id) => ({ path: '/store_ids', message: `there is no store ${id}` })),
    );
  }
}

/** What a change of someone's stores did, for the audit. */
export interface StoreLinkChange {
  added: number[];
  removed: number[];
  /** A store owner: stores taken from their previous owner (store id → that owner's id). */
  taken_from?: Record<string, number>;
}

/**
 * Makes the person's stores exactly storeIds, inside the caller's
 * transaction. A store owner taking a store takes it from its previous
 * owner; a store of theirs left out is left without an owner (an
 * administrator then manages it alone).
 */
export async function replaceStoresOf(
  trx: Kysely<Database>,
  user: { id: number; role: RoleWithStores },
  storeIds: readonly number[],
  now: Date = new Date(),
): Promise<StoreLinkChange> {
  await assertStoresExist(trx, storeIds);
  const wanted = new Set(storeIds);
  if (user.role === 'driver') {
    const current = await trx.selectFrom('driver_stores').select('restaurant_id').where('driver_user_id', '=', user.id).execute();
    const had = new Set(current.map((row) => Number(row.restaurant_id)));
    const removed = [...had].filter((id) => !wanted.has(id));
    const added = storeIds.filter((id) => !had.has(id));
    if (removed.length > 0) {
      await trx.deleteFrom('driver_stores').where('driver_user_id', '=', user.id).where('restaurant_id', 'in', removed).execute();
    }
    await linkDriverToStores(trx, user.id, added, now);
    return { added, removed };
  }
  const owned = await trx.selectFrom('restaurants').select('id').where('owner_user_id', '=', user.id).execute();
  const had = new Set(owned.map((row) => Number(row.id)));
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = storeIds.filter((id) => !had.has(id));
  const previousOwners =
    added.length === 0
      ? []
      : await trx.selectFrom('restaurants').select(['id', 'owner_user_id']).where('id', 'in', added).where('owner_user_id', 'is not', null).execute();
  if (removed.length > 0) await trx.updateTable('restaurants').set({ owner_user_id: null }).where('id', 'in', removed).execute();
  if (added.length > 0) await trx.updateTable('restaurants').set({ owner_user_id: user.id }).where('id', 'in', added).execute();
  const takenFrom = Object.fromEntries(previousOwners.map((row) => [String(row.id), Number(row.owner_user_id)]));
  return { added, removed, ...(previousOwners.length > 0 ? { taken_from: takenFrom } : {}) };
}
