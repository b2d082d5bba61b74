/**
 * The customer's orders in the replica: one `orders` row per order (the
 * server's Order with whose it is and when it was fetched) and the list's
 * cursor (PrefKey.ordersList). Each function runs inside the caller's
 * transaction over `orders` and `prefs`.
 */
import type { OrdersListRow, StoredOrder } from '../../src/api/checkout/worker-api.ts';
import type { Order, OrderTracking, OrdersPage } from '../../src/api/orders/entities.ts';
import { ORDER_STATUS_NAMES, type OrderStatusName } from '../../src/api/orders/limits.ts';
import { CANCELLABLE_BY_CUSTOMER, OrderStatus, isStatusIn } from '../../src/api/orders/status.ts';
import type { PaymentState } from '../../src/api/checkout/payment-entities.ts';
import { PrefKey, type ReplicaDatabase } from '../../src/db/schema.ts';
import { readPref } from '../replica/prefs.ts';

const { DELIVERED } = OrderStatus;

export function storedOrder(order: Order, userId: number, fetchedAt: number): StoredOrder {
  return { ...order, userId, fetchedAt };
}

export async function putOrder(db: ReplicaDatabase, order: Order, userId: number, at: number): Promise<void> {
  await db.orders.put(storedOrder(order, userId, at));
}

/** The customer's newest orders replace whatever the list held (older pages come back with loadMoreOrders). */
export async function replaceOrdersList(db: ReplicaDatabase, userId: number, page: OrdersPage, at: number): Promise<void> {
  // The table only ever holds the signed-in customer's orders (logout and a change of user clear it).
  await db.orders.clear();
  await db.orders.bulkPut(page.orders.map((order) => storedOrder(order, userId, at)));
  await writeOrdersList(db, { userId, nextBefore: page.next_before, fetchedAt: at });
}

/** An older page after what the list holds. */
export async function appendOrdersPage(db: ReplicaDatabase, list: OrdersListRow, page: OrdersPage, at: number): Promise<void> {
  await db.orders.bulkPut(page.orders.map((order) => storedOrder(order, list.userId, at)));
  await writeOrdersList(db, { ...list, nextBefore: page.next_before });
}

export async function readOrdersList(db: ReplicaDatabase, userId: number): Promise<OrdersListRow | undefined> {
  const list = await readPref<OrdersListRow>(db, PrefKey.ordersList);
  return list?.userId === userId ? list : undefined;
}

async function writeOrdersList(db: ReplicaDatabase, list: OrdersListRow): Promise<void> {
  await db.prefs.put({ key: PrefKey.ordersList, value: list });
}

function statusNameOf(status: number): OrderStatusName | undefined {
  return (ORDER_STATUS_NAMES as Record<number, OrderStatusName>)[status];
}

/** What the customer may do with an order in this state, as the server's Order says it. */
function actionsFor(row: StoredOrder, status: number): Pick<StoredOrder, 'can_cancel' | 'can_rate'> {
  return {
    can_cancel: isStatusIn(CANCELLABLE_BY_CUSTOMER, status),
    // Just delivered: not rated yet. Delivered before: keep the server's word (it knows about a rating).
    can_rate: status === DELIVERED && (row.status !== DELIVERED || row.can_rate),
  };
}

/** get-order-status (or an order-events message) patched into the order's row, when the replica has it. */
export async function patchOrderTracking(db: ReplicaDatabase, tracking: OrderTracking, at: number): Promise<boolean> {
  const row = (await db.orders.get(tracking.unique_order_id)) as StoredOrder | undefined;
  if (!row) return false;
  await db.orders.put({
    ...row,
    status: tracking.status,
    status_name: tracking.status_name,
    payment_status: tracking.payment_status,
    history: tracking.history,
    driver: tracking.driver,
    cancel_reason: tracking.cancel_reason,
    // Tracking from before the console (or a server without it) says nothing: keep what the order said.
    estimated_ready_at: tracking.estimated_ready_at !== undefined ? tracking.estimated_ready_at : row.estimated_ready_at,
    updated_at: tracking.updated_at,
    ...actionsFor(row, tracking.status),
    fetchedAt: at,
  });
  return true;
}

/** A payment call's answer patched into the order's row: its status and payment status. */
export async function patchOrderPayment(db: ReplicaDatabase, state: PaymentState, at: number): Promise<void> {
  const row = (await db.orders.get(state.unique_order_id)) as StoredOrder | undefined;
  const statusName = statusNameOf(state.orderstatus_id);
  if (!row || !statusName) return;
  await db.orders.put({
    ...row,
    status: state.orderstatus_id,
    status_name: statusName,
    payment_status: state.payment_status,
    ...actionsFor(row, state.orderstatus_id),
    fetchedAt: at,
  });
}
