/**
 * The live orders of the signed-in user's stores (every store for an
 * administrator). It reads the store-order stream when the server offers
 * it (a `placed` event is a new order, `updated` any other change) and falls
 * back to asking get-store-orders every POLL_MS while the stream is down,
 * trying the stream again every STREAM_RETRY_MS. Either way, an order seen
 * for the first time while placed is new: `onNewOrder` hears of it once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { STORE_ORDER_EVENTS_PATH } from '../../../api/admin/limits.ts';
import { STORE_ORDERS_LIMIT } from '../../../api/orders/limits.ts';
import type { Order } from '../../../api/orders/entities.ts';
import { OrderStatus, STORE_ACTIVE_STATUSES } from '../../../api/orders/status.ts';
import { isOffline } from '../admin-api.ts';
import { useConsoleCall, useConsoleSession } from '../console-session.tsx';
import { readEventStream, type StreamMessage } from './sse.ts';

export const POLL_MS = 10_000;
/** Finished orders: delivered or collected, and cancelled. */
export const FINISHED_STATUSES: readonly number[] = [OrderStatus.DELIVERED, OrderStatus.CANCELLED];

/** Midnight where the board is, as an instant: "today" for the board's finished orders and figures. */
export function startOfToday(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
export const STREAM_RETRY_MS = 30_000;


export type FeedMode = 'connecting' | 'live' | 'polling';

export interface StoreOrderFeed {
  orders: Order[];
  mode: FeedMode;
  /** The last read failed (offline, refused); the board still shows what it had. */
  failed: boolean;
  /** A move made on this screen: its answer goes on the board at once. */
  update(order: Order): void;
}

export function useStoreOrderFeed(onNewOrder: (order: Order) => void): StoreOrderFeed {
  const call = useConsoleCall();
  const { token } = useConsoleSession();
  const [orders, setOrders] = useState<Record<string, Order>>({});
  const [mode, setMode] = useState<FeedMode>('connecting');
  const [failed, setFailed] = useState(false);
  const onNew = useRef(onNewOrder);
  useEffect(() => {
    onNew.current = onNewOrder;
  });

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    const known = new Set<string>();
    let firstRead = true;

    /** The orders as they are now; the first read's placed orders were there before the board, not new. */
    const take = (fresh: Order[], announce: boolean) => {
      for (const order of fresh) {
        const isNew = !known.has(order.unique_order_id) && order.status === OrderStatus.PLACED;
        known.add(order.unique_order_id);
        if (announce && isNew) onNew.current(order);
      }
      setOrders((current) => ({ ...current, ...Object.fromEntries(fresh.map((order) => [order.unique_order_id, order])) }));
    };

    // The orders under way, and those finished today (issue 32.3: a reload showed "Finished 0" after a day's deliveries).
    const refresh = async () => {
      const [active, finished] = await Promise.all([
        call('get-store-orders', { status: [...STORE_ACTIVE_STATUSES], limit: STORE_ORDERS_LIMIT }, signal),
        call('get-store-orders', { status: [...FINISHED_STATUSES], limit: STORE_ORDERS_LIMIT, updated_since: startOfToday().toISOString() }, signal),
      ]);
      if (signal.aborted) return;
      setFailed(!active.ok || !finished.ok);
      if (active.ok) {
        take(active.value.orders, !firstRead);
        firstRead = false;
      }
      if (finished.ok) take(finished.value.orders, false);
    };

    const onMessage = (message: StreamMessage) => {
      if (message.event !== 'placed' && message.event !== 'updated') return;
      try {
        const { order } = JSON.parse(message.data) as { order: Order };
        if (order && typeof order.unique_order_id === 'string') take([order], true);
      } catch {
        // A message that is not an order changes nothing; the next refresh puts the board right.
      }
    };

    const openStream = async (): Promise<ReadableStream<Uint8Array> | null> => {
      if (isOffline()) return null;
      try {
        const response = await fetch(STORE_ORDER_EVENTS_PATH, {
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
          cache: 'no-store',
          signal,
        });
        const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
        if (response.ok && isStream && response.body) return response.body;
        await response.body?.cancel().catch(() => undefined);
        return null;
      } catch {
        return null;
      }
    };

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      });

    void (async () => {
      await refresh();
      while (!signal.aborted) {
        const body = await openStream();
        if (signal.aborted) return;
        if (body) {
          setMode('live');
          // Orders placed while the stream was opening are in this read.
          await refresh();
          await readEventStream(body, onMessage).catch(() => undefined);
          if (signal.aborted) return;
        }
        setMode('polling');
        for (let waited = 0; waited < STREAM_RETRY_MS && !signal.aborted; waited += POLL_MS) {
          await sleep(POLL_MS);
          if (!signal.aborted) await refresh();
        }
      }
    })();
    return () => abort.abort();
  }, [call, token]);

  const update = useCallback((order: Order) => setOrders((current) => ({ ...current, [order.unique_order_id]: order })), []);
  const list = Object.values(orders).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { orders: list, mode, failed, update };
}
