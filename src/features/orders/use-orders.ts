/** Live reads of the signed-in customer's orders in the replica (STYLE habit 3): the list with its cursor, and one order. */
import { useLiveQuery } from '../../db/live-query.ts';
import type { OrdersListRow, StoredOrder } from '../../api/checkout/worker-api.ts';
import { useReplica } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';
import { CUSTOMER_SESSION_ID } from '../../db/session.ts';

export interface OrdersView {
  signedIn: boolean;
  userId: number | null;
  /** Newest first. */
  orders: StoredOrder[];
  /** Null until the list was fetched once for this user on this device. */
  list: OrdersListRow | null;
}

function newestFirst(a: StoredOrder, b: StoredOrder): number {
  return b.created_at.localeCompare(a.created_at) || b.id - a.id;
}

export function useOrders(): OrdersView | null {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.orders, db.prefs], async (): Promise<OrdersView> => {
        const session = await db.session.get(CUSTOMER_SESSION_ID);
        if (!session) return { signedIn: false, userId: null, orders: [], list: null };
        const [rows, listRow] = await Promise.all([db.orders.toArray(), db.prefs.get(PrefKey.ordersList)]);
        const orders = (rows as unknown as StoredOrder[]).filter((order) => order.userId === session.userId).sort(newestFirst);
        const list = listRow?.value as OrdersListRow | undefined;
        return { signedIn: true, userId: session.userId, orders, list: list?.userId === session.userId ? list : null };
      }),
    [db],
    null,
  );
}

export interface OrderView {
  signedIn: boolean;
  userId: number | null;
  order: StoredOrder | null;
}

export function useOrder(uniqueOrderId: string): OrderView | null {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.orders], async (): Promise<OrderView> => {
        const session = await db.session.get(CUSTOMER_SESSION_ID);
        if (!session) return { signedIn: false, userId: null, order: null };
        const row = (await db.orders.get(uniqueOrderId)) as StoredOrder | undefined;
        return { signedIn: true, userId: session.userId, order: row?.userId === session.userId ? row : null };
      }),
    [db, uniqueOrderId],
    null,
  );
}
