/**
 * Live order updates inside this server process: a hub where whatever
 * changes an order (a transition, the driver's position) announces it, and
 * the order-events streams (server/routes/order-events.ts) of that order
 * wake up.
 *
 * An announcement carries no data on purpose. It may be made inside a
 * transaction that later rolls back, or before its commit is visible to
 * other connections (PostgreSQL), so a woken stream re-reads the order from
 * the database and sends only what differs from what it sent last
 * (lifecycle-watch.ts). A rolled-back change therefore sends nothing, and a
 * wake-up that came too early is repeated: announcements from inside a
 * transaction wake the streams again after RECHECK_DELAYS_MS. Callers that
 * announce after their commit (the API handlers do) are seen at once.
 *
 * The hub is one per process and keyed by order id, so every app in the
 * process hears every announcement (tests run several apps side by side):
 * harmless, since a stream only sends what its own database says changed.
 *
 * One process only. With several server processes behind a load balancer a
 * change made by one would reach the others' streams only through their
 * periodic re-read (lifecycle-watch.ts, every heartbeat); instant delivery
 * across processes needs a shared channel: PostgreSQL LISTEN/NOTIFY (NOTIFY
 * inside the transaction is delivered on commit, exactly the semantics
 * wanted) or Redis pub/sub, feeding announce() in each process.
 */

/** A step of the order (its status, payment, history) or only where its driver is. */
export type OrderChange = 'step' | 'position';
type OrderListener = () => void;
type ChangeListener = (orderId: number, change: OrderChange) => void;

/** Re-wakes after an announcement from inside a transaction: most commits land within the first, slow ones within the second. */
export const RECHECK_DELAYS_MS = [150, 1_500] as const;

export class OrderEventHub {
  readonly #byOrder = new Map<number, Set<OrderListener>>();
  readonly #anyChange = new Set<ChangeListener>();

  /** Calls `listener` whenever the order may have changed; answers the unsubscribe. */
  subscribe(orderId: number, listener: OrderListener): () => void {
    let listeners = this.#byOrder.get(orderId);
    if (!listeners) {
      listeners = new Set();
      this.#byOrder.set(orderId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#byOrder.get(orderId) === listeners) this.#byOrder.delete(orderId);
    };
  }

  /** Hears every announcement in the process (e.g. to kick the push dispatcher after an order's step). */
  onAnyChange(listener: ChangeListener): () => void {
    this.#anyChange.add(listener);
    return () => this.#anyChange.delete(listener);
  }

  /** The order changed and the change is committed. */
  announce(orderId: number, change: OrderChange = 'step'): void {
    this.#wake(orderId, change);
  }

  /** The order took a step inside a transaction that may not have committed yet. */
  announceUncommitted(orderId: number): void {
    this.#wake(orderId, 'step');
    for (const delay of RECHECK_DELAYS_MS) {
      const timer = setTimeout(() => this.#wakeOrder(orderId), delay);
      // Never what keeps a process (or a test run) alive.
      timer.unref();
    }
  }

  /** How many streams listen to the order (tests, diagnostics). */
  listenerCount(orderId: number): number {
    return this.#byOrder.get(orderId)?.size ?? 0;
  }

  #wake(orderId: number, change: OrderChange): void {
    for (const listener of [...this.#anyChange]) listener(orderId, change);
    this.#wakeOrder(orderId);
  }

  #wakeOrder(orderId: number): void {
    const listeners = this.#byOrder.get(orderId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener();
  }
}

/** The process's hub. */
export const orderEvents = new OrderEventHub();
