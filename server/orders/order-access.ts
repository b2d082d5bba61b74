/**
 * Who may read an order and who may act on it for its store (issue 5:
 * "orders readable only by their customer, their store, their driver, agents
 * acting for the customer, and admins"). Pure policy over a few facts of the
 * order; loadOrderFacts reads them in one indexed query.
 *
 * An agent acting for a customer holds a token of the customer (their id,
 * their role), so "the order's customer" covers them too.
 *
 * Every read of one order by someone other than its customer goes through
 * canReadOrder (get-order-status, get-delivery-guy-gps-location, the
 * order-events stream), and answers NOT_FOUND when it says no, so order ids
 * cannot be probed. The driver area's single-order read
 * (server/driver/driver-orders.ts) applies the same rule for the driver in
 * its query, and adds the orders offered to them. Views of
 * an order for its store or driver never carry the delivery PIN
 * (order-view.ts showPin: false).
 */
import type { FastifyInstance } from 'fastify';
import type { OrderTypeColumn, UserRole } from '../db/tables.ts';

export interface OrderReader {
  id: number;
  role: UserRole;
}

/** What the policy needs to know about an order. */
export interface OrderFacts {
  id: number;
  unique_order_id: string;
  user_id: number;
  restaurant_id: number;
  /** The owner of the order's store; null for a store without one. */
  store_owner_user_id: number | null;
  driver_user_id: number | null;
  status: number;
  order_type: OrderTypeColumn;
  created_at: string;
}

export function canReadOrder(user: OrderReader, order: Pick<OrderFacts, 'user_id' | 'store_owner_user_id' | 'driver_user_id'>): boolean {
  if (user.role === 'admin') return true;
  if (user.id === order.user_id) return true;
  if (user.role === 'store_owner' && order.store_owner_user_id === user.id) return true;
  if (user.role === 'driver' && order.driver_user_id === user.id) return true;
  return false;
}

/** The store's moves (accept, ready, complete, cancel): its owner, or an admin. */
export function canActForStore(user: OrderReader, order: Pick<OrderFacts, 'store_owner_user_id'>): boolean {
  return user.role === 'admin' || (user.role === 'store_owner' && order.store_owner_user_id === user.id);
}

export async function loadOrderFacts(app: FastifyInstance, uniqueOrderId: string): Promise<OrderFacts | undefined> {
  const row = await app.ordersRepository.accessFactsOf(uniqueOrderId);
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    restaurant_id: Number(row.restaurant_id),
    store_owner_user_id: row.store_owner_user_id === null ? null : Number(row.store_owner_user_id),
    driver_user_id: row.driver_user_id === null ? null : Number(row.driver_user_id),
    status: Number(row.status),
  };
}
