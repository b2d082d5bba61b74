/**
 * The order the rating form is for: get-ratable-order through the worker
 * (rating is online only), and, for a customer offline, what the replica
 * knows of a delivered order (its `orders` row) so the form can still be
 * filled in and sent once the network is back.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import type { Order, RatableOrder } from '../../api/orders/entities.ts';
import { OrderStatus } from '../../api/orders/status.ts';
import { runningOrderRowOf } from '../../api/orders/worker-api.ts';
import type { SyncResult } from '../../api/worker-api.ts';
import { useServices } from '../../base/services.tsx';

const { DELIVERED } = OrderStatus;

/** get-ratable-order's answer for the order; null until it came. */
export function useRatableOrder(uniqueOrderId: string, enabled: boolean): { answer: SyncResult<RatableOrder> | null; retry: () => void } {
  const { worker } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; answer: SyncResult<RatableOrder> } | null>(null);
  const key = `${uniqueOrderId}#${attempt}`;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void worker.openRatableOrder(uniqueOrderId).then((answer) => {
      if (current) setOutcome({ key, answer });
    });
    return () => {
      current = false;
    };
  }, [worker, uniqueOrderId, key, enabled]);
  return { answer: outcome?.key === key ? outcome.answer : null, retry: () => setAttempt((n) => n + 1) };
}

export interface SavedOrderFacts {
  /** The order as the replica has it, when it does. */
  order: Order | null;
  /** The order is delivered, by the replica's newest word (the running order's row, else `orders`). */
  delivered: boolean;
}

/** null while the replica is read. */
export function useSavedOrderFacts(uniqueOrderId: string): SavedOrderFacts | null {
  const { db } = useServices();
  return useLiveQuery(
    async (): Promise<SavedOrderFacts> => {
      const [stored, running] = await Promise.all([db.orders.get(uniqueOrderId), db.runningOrder.get(uniqueOrderId)]);
      const order = stored && Array.isArray(stored.history) && typeof stored.restaurant === 'object' ? (stored as unknown as Order) : null;
      const status = runningOrderRowOf(running)?.status ?? order?.status;
      return { order, delivered: status === DELIVERED };
    },
    [db, uniqueOrderId],
    null,
  );
}

/** A delivered order of the replica as the form needs it (what get-ratable-order would have said). */
export function ratableFromSaved(order: Order): RatableOrder {
  const delivered = [...order.history].reverse().find((step) => step.status === DELIVERED);
  return {
    unique_order_id: order.unique_order_id,
    restaurant: order.restaurant,
    order_type: order.order_type,
    total: order.total,
    delivered_at: delivered?.at ?? order.updated_at,
    driver_name: order.order_type === 'DELIVERY' ? (order.driver?.name ?? null) : null,
  };
}
