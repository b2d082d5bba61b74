/**
 * The stores a person is tied to (issue 7: "link drivers to stores"): a
 * store owner owns stores (restaurants.owner_user_id, one owner per store),
 * a driver delivers for the stores linked in driver_stores (any number of
 * drivers per store). Every other role has none.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLES_WITH_STORES, type RoleWithStores } from '../../../src/api/admin/entities.ts';
import type { StoreRef } from '../../../src/api/entities.ts';
import type { Database, UserRole } from '../../db/tables.ts';
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
  app: FastifyInstance,
  users: readonly { id: number; role: UserRole }[],
): Promise<Map<number, StoreRef[]>> {
  const ownerIds = users.filter((user) => user.role === 'store_owner').map((user) => Number(user.id));
  const driverIds = users.filter((user) => user.role === 'driver').map((user) => Number(user.id));
  const [owned, linked] = await Promise.all([
    ownerIds.length === 0 ? Promise.resolve([]) : app.storesRepository.ownedByEach(ownerIds),
    driverIds.length === 0 ? Promise.resolve([]) : app.driversRepository.storesOfDrivers(driverIds),
  ]);
  const stores = new Map<number, StoreRef[]>();
  for (const row of [...owned, ...linked]) {
    const userId = Number(row.user_id);
    stores.set(userId, [...(stores.get(userId) ?? []), storeRef(row)]);
  }
  return stores;
}

/** NOT_FOUND (a detail per id) unless every store exists. */
async function assertStoresExist(app: FastifyInstance, trx: Kysely<Database>, storeIds: readonly number[]): Promise<void> {
  if (storeIds.length === 0) return;
  const rows = await app.storesRepository.existingIds(storeIds, trx);
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
  app: FastifyInstance,
  trx: Kysely<Database>,
  user: { id: number; role: RoleWithStores },
  storeIds: readonly number[],
  now: Date = new Date(),
): Promise<StoreLinkChange> {
  await assertStoresExist(app, trx, storeIds);
  const wanted = new Set(storeIds);
  if (user.role === 'driver') {
    const current = await app.driversRepository.storeIdsOf(user.id, trx);
    const had = new Set(current.map((row) => Number(row.restaurant_id)));
    const removed = [...had].filter((id) => !wanted.has(id));
    const added = storeIds.filter((id) => !had.has(id));
    if (removed.length > 0) {
      await app.driversRepository.unlinkFromStores(user.id, removed, trx);
    }
    await app.driversRepository.linkToStores(user.id, added, now, trx);
    return { added, removed };
  }
  const owned = await app.storesRepository.idsOwnedBy(user.id, trx);
  const had = new Set(owned.map((row) => Number(row.id)));
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = storeIds.filter((id) => !had.has(id));
  const previousOwners = added.length === 0 ? [] : await app.storesRepository.ownersOf(added, trx);
  if (removed.length > 0) await app.storesRepository.setOwnerOf(removed, null, trx);
  if (added.length > 0) await app.storesRepository.setOwnerOf(added, user.id, trx);
  const takenFrom = Object.fromEntries(previousOwners.map((row) => [String(row.id), Number(row.owner_user_id)]));
  return { added, removed, ...(previousOwners.length > 0 ? { taken_from: takenFrom } : {}) };
}
