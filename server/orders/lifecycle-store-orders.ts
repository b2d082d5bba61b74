/**
 * get-store-orders: the orders of a store owner's stores (every store for an
 * admin), newest first, for the store console. The PIN that proves a
 * delivery is never shown to the store (order-view.ts showPin: false).
 */
import type { FastifyInstance } from 'fastify';
import type { Order } from '../../src/api/orders/entities.ts';
import { STORE_ORDERS_LIMIT } from '../../src/api/orders/limits.ts';
import { forbidden } from '../account/authenticate.ts';
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
async function storesOf(app: FastifyInstance, user: OrderReader): Promise<number[] | undefined> {
  if (user.role === 'admin') return undefined;
  if (user.role !== 'store_owner') throw forbidden('Only store owners and admins can list store orders.');
  const rows = await app.storesRepository.idsOwnedBy(user.id);
  return rows.map((row) => Number(row.id));
}

export async function storeOrdersFor(app: FastifyInstance, user: OrderReader, query: StoreOrdersQuery): Promise<Order[]> {
  const owned = await storesOf(app, user);
  if (query.restaurantId !== undefined && owned !== undefined && !owned.includes(query.restaurantId)) {
    throw forbidden('This store is not yours.');
  }
  const storeIds = query.restaurantId !== undefined ? [query.restaurantId] : owned;
  if (storeIds !== undefined && storeIds.length === 0) return [];
  const rows = await app.ordersRepository.ofStores({
    storeIds,
    statuses: query.statuses,
    updatedSince: query.updatedSince,
    limit: query.limit ?? STORE_ORDERS_LIMIT,
  });
  return toOrders(app, rows, { showPin: false, showCustomer: true });
}
