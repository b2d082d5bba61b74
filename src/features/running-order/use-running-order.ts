/**
 * What the running-order page reads from the replica, in one live query:
 * the signed-in customer, the order's `runningOrder` row (status, tracking,
 * how live it is) and the order itself from `orders` (written by checkout,
 * /my-orders, and the worker when it starts watching an order it lacks).
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import type { Order } from '../../api/orders/entities.ts';
import { runningOrderRowOf, type RunningOrderRow } from '../../api/orders/worker-api.ts';
import { useServices } from '../../base/services.tsx';
import type { RefreshOutcome } from '../../base/hooks/use-worker-refresh.ts';

export interface RunningOrderView {
  signedIn: boolean;
  /** Null when the replica knows nothing of this order for this customer. */
  row: RunningOrderRow | null;
  order: Order | null;
}

/** The customer's `orders` row this page can use (another feature writes it: checked, not trusted). */
function orderOf(row: Record<string, unknown> | undefined, userId: number): Order | null {
  if (!row || (typeof row.userId === 'number' && row.userId !== userId)) return null;
  const restaurant = row.restaurant as Record<string, unknown> | null | undefined;
  const usable = Array.isArray(row.lines) && typeof row.total === 'number' && typeof restaurant?.name === 'string' && typeof row.order_type === 'string';
  return usable ? (row as unknown as Order) : null;
}

/** null while the replica is read. */
export function useRunningOrder(uniqueOrderId: string): RunningOrderView | null {
  const { db } = useServices();
  return useLiveQuery(
    async (): Promise<RunningOrderView> => {
      const session = await db.session.get('customer');
      if (!session) return { signedIn: false, row: null, order: null };
      const [stored, ordered] = await Promise.all([db.runningOrder.get(uniqueOrderId), db.orders.get(uniqueOrderId)]);
      const row = runningOrderRowOf(stored);
      const own = row?.userId === session.userId ? row : null;
      return { signedIn: true, row: own, order: orderOf(ordered, session.userId) };
    },
    [db, uniqueOrderId],
    null,
  );
}

/**
 * Watches the order while the page is open: trackOrder on arrival,
 * stopTracking on leaving. Coming back to the foreground or online wakes a
 * watch that waits to reconnect (a second trackOrder, given back at once).
 * `result` is the first answer (null until it came), for a page the replica
 * cannot fill.
 */
export function useOrderTracking(uniqueOrderId: string, enabled: boolean): { result: RefreshOutcome | null; retry: () => void } {
  const { worker } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; result: RefreshOutcome } | null>(null);
  const key = `${uniqueOrderId}#${attempt}`;

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void worker.trackOrder(uniqueOrderId).then((result) => {
      if (current) setOutcome({ key, result: result.ok ? { ok: true } : result });
    });
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      void worker.trackOrder(uniqueOrderId).then(() => worker.stopTracking(uniqueOrderId));
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      void worker.stopTracking(uniqueOrderId);
    };
  }, [worker, uniqueOrderId, key, enabled]);

  return { result: outcome?.key === key ? outcome.result : null, retry: () => setAttempt((n) => n + 1) };
}
