/**
 * Live order updates inside this server process: a hub where whatever
 * changes an order (a transition, the driver's position) announces it, and
 * the order-events streams (server/orders/order-events-route.ts) of that order
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
 * Across processes: with several server processes on one PostgreSQL, each
 * process's order-events-bus.ts publishes its announcements with NOTIFY and
 * feeds the other processes' into this hub (announceRemote), so their
 * streams wake as fast as this process's own. On SQLite there is one
 * process and nothing to publish. The periodic re-read (lifecycle-watch.ts,
 * every heartbeat) stays the safety net for anything missed.
 */

/** A step of the order (its status, payment, history) or only where its driver is. */
export type OrderChange = 'step' | 'position';
/**
 * Where an announcement comes from: this process after the change committed,
 * this process inside the change's transaction, or another process
 * (order-events-bus.ts says which of them it publishes, and how).
 */
export type AnnouncementSource = 'committed' | 'uncommitted' | 'remote';
type OrderListener = () => void;
/** `orderId` undefined: any order may have changed (wakeAll, after the bus missed a stretch). */
type ChangeListener = (orderId: number | undefined, change: OrderChange, source: AnnouncementSource) => void;

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
    this.#wake(orderId, change, 'committed');
  }

  /** The order took a step inside a transaction that may not have committed yet. */
  announceUncommitted(orderId: number): void {
    this.#wake(orderId, 'step', 'uncommitted');
    for (const delay of RECHECK_DELAYS_MS) {
      const timer = setTimeout(() => this.#wakeOrder(orderId), delay);
      // Never what keeps a process (or a test run) alive.
      timer.unref();
    }
  }

  /** Another process announced a committed change (order-events-bus.ts). */
  announceRemote(orderId: number, change: OrderChange): void {
    this.#wake(orderId, change, 'remote');
  }

  /** Every stream re-reads once: announcements from other processes may have been missed (the bus was down). */
  wakeAll(): void {
    for (const listener of [...this.#anyChange]) listener(undefined, 'step', 'remote');
    for (const orderId of [...this.#byOrder.keys()]) this.#wakeOrder(orderId);
  }

  /** How many streams listen to the order (tests, diagnostics). */
  listenerCount(orderId: number): number {
    return this.#byOrder.get(orderId)?.size ?? 0;
  }

  #wake(orderId: number, change: OrderChange, source: AnnouncementSource): void {
    for (const listener of [...this.#anyChange]) listener(orderId, change, source);
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
