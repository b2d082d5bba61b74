/**
 * Who may touch the catalogue (issue 7): administrators everything; store
 * owners their own stores (and what belongs to them: sections, items,
 * add-on groups); anyone else nothing. A store that does not exist is
 * NOT_FOUND for everyone; a store owner reaching for another owner's store
 * gets FORBIDDEN (they learn it exists, which the public store list tells
 * them anyway).
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../account/authenticate.ts';
import { notFound } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import type { ConsoleUser } from '../admin-access.ts';
import { fieldError, requireOnCreate } from './catalog-change.ts';

/** Someone who may use the console's catalogue calls: an administrator or a store owner. */
export type CatalogStaff = ConsoleUser;

export function isAdmin(user: SessionUser): boolean {
  return user.role === 'admin';
}

/** The ids of the stores this person manages: every store for an administrator (undefined), their own for an owner. */
export function ownerFilterOf(user: CatalogStaff): number | undefined {
  return isAdmin(user) ? undefined : user.id;
}

/** Passes when the user may manage this store; NOT_FOUND for an unknown store, FORBIDDEN for someone else's. */
export async function assertStoreAccess(app: FastifyInstance, user: CatalogStaff, storeId: number): Promise<void> {
  const store = await app.storesRepository.ownerOf(storeId);
  if (!store) throw notFound(`There is no store with id ${storeId}.`);
  if (!isAdmin(user) && Number(store.owner_user_id) !== user.id) throw forbidden('This store is not yours.');
}

type StoreOwnedTable = 'items' | 'item_categories' | 'addon_categories';

/**
 * The store a row of a store's menu belongs to, after checking the user may
 * manage it; NOT_FOUND when the row does not exist.
 */
export async function storeOfOwnedRow(
  app: FastifyInstance,
  user: CatalogStaff,
  table: StoreOwnedTable,
  id: number,
  what: string,
): Promise<number> {
  const row = await app.menuRepository.storeOfRow(table, id);
  if (!row) throw notFound(`There is no ${what} with id ${id}.`);
  const storeId = Number(row.restaurant_id);
  await assertStoreAccess(app, user, storeId);
  return storeId;
}

/** The store a save is for: the row's own store (checked) on change, restaurant_id (checked) on create. */
export async function storeOfSave(
  app: FastifyInstance,
  user: CatalogStaff,
  table: StoreOwnedTable,
  what: string,
  body: { id?: number | undefined; restaurant_id?: number | undefined },
): Promise<number> {
  if (body.id === undefined) {
    requireOnCreate(body, ['restaurant_id']);
    await assertStoreAccess(app, user, body.restaurant_id as number);
    return body.restaurant_id as number;
  }
  const storeId = await storeOfOwnedRow(app, user, table, body.id, what);
  if (body.restaurant_id !== undefined && body.restaurant_id !== storeId) {
    throw fieldError(400, 'WRONG_STORE', 'restaurant_id', `This ${what} belongs to store ${storeId}; it cannot move to another store.`);
  }
  return storeId;
}
