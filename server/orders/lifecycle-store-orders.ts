/**
 * get-store-orders: the orders of a store owner's stores (every store for an
 * admin), newest first, for the store console. The PIN that proves a
 * delivery is never shown to the store (order-view.ts showPin: false).
 */
import type { Kysely } from 'kysely';
import type { Order } from '../../src/api/orders/entities.ts';
import { STORE_ORDERS_LIMIT } from '../../src/api/orders/limits.ts';
import { forbidden } from '../account/authenticate.ts';
import type { Database } from '../db/tables.ts';
import type { OrderReader } from './order-access.ts';
import { toOrders } from './order-view.ts';

export interface StoreOrdersQuery {
  restaurantId?: number | undefined;
  statuses?: readonly number[] | undefined;
  limit?: number | undefined;
  /** Only orders changed at or after this time (ISO 8601). */
  updatedSince?: string | undefined;
}

/** The store ids the user acts for; undefined for an admin (every store). */
async function storesOf(db: Kysely<Database>, user: OrderReader): Promise<number[] | undefined> {
  if (user.role === 'admin') return undefined;
  if (user.role !== 'store_owner') throw forbidden('Only store owners and admins can list store orders.');
  const rows = await db.selectFrom('restaurants').select('id').where('owner_user_id', '=', user.id).execute();
  return rows.map((row) => Number(row.id));
}

export async function storeOrdersFor(db: Kysely<Database>, user: OrderReader, query: StoreOrdersQuery): Promise<Order[]> {
  const owned = await storesOf(db, user);
  if (query.restaurantId !== undefined && owned !== undefined && !owned.includes(query.restaurantId)) {
    throw forbidden('This store is not yours.');
  }
  const storeIds = query.restaurantId !== undefined ? [query.restaurantId] : owned;
  if (storeIds !== undefined && storeIds.length === 0) return [];
  let select = db.selectFrom('orders').selectAll();
  if (storeIds !== undefined) select = select.where('restaurant_id', 'in', storeIds);
  if (query.statuses !== undefined) select = select.where('status', 'in', [...query.statuses]);
  if (query.updatedSince !== undefined) select = select.where('updated_at', '>=', new Date(query.updatedSince).toISOString());
  const rows = await select
    .orderBy('id', 'desc')
    .limit(query.limit ?? STORE_ORDERS_LIMIT)
    .execute();
  return toOrders(db, rows, { showPin: false, showCustomer: true });
}
