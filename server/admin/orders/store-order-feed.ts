/**
 * One store-order-events stream's view (issue 7: "store owners see their
 * stores' orders live, new orders announced with a sound"): the orders of
 * the viewer's stores (every store for an administrator) that changed since
 * the stream opened, each sent once per change.
 *
 * It reads by orders.updated_at (every step writes it; 0010 indexes it)
 * rather than trusting what woke it: the order-events hub wakes it on any
 * order's step in this process, the stream's heartbeat wakes it anyway (the
 * safety net for a change made by another process or announced too early),
 * and each read looks back READ_OVERLAP_MS, because a step's updated_at is
 * taken before its transaction commits and may land behind one already
 * read. What was sent is remembered by order (status, payment, updated_at),
 * so the overlap never sends a change twice. Ownership is read with every
 * query, so a store moved to another owner stops showing at once.
 */
import type { FastifyInstance } from 'fastify';
import type { StoreOrderEventType } from '../../../src/api/admin/entities.ts';
import type { Order } from '../../../src/api/orders/entities.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { toOrders } from '../../orders/order-view.ts';
import type { OrderRow } from '../../orders/orders-repository.ts';
import { SerialReads } from '../../live/serial-reads.ts';
import type { ConsoleUser } from '../admin-access.ts';

/** How far back each read looks past the newest change already read. */
export const READ_OVERLAP_MS = 10_000;
/** Orders one read sends at most; a busier moment is caught up by the next read. */
const READ_LIMIT = 500;

export type StoreOrderSender = (type: StoreOrderEventType, order: Order) => void;

interface Sent {
  key: string;
  updatedAt: string;
}

export class StoreOrderFeed {
  /** The newest updated_at read so far (ms). */
  #cursor: number;
  /** Nothing older than this is read: `since`, or the overlap before the stream opened. */
  readonly #floor: number;
  readonly #openedAt: number;
  readonly #sent = new Map<number, Sent>();
  /** The last status sent of every order this stream sent: a few numbers, kept for the stream's life. */
  readonly #lastStatus = new Map<number, number>();
  /** Without `since`, the first read only learns what is there (the console has just loaded it). */
  #sendOnFirstRead: boolean;
  readonly #reads: SerialReads;

  constructor(
    private readonly app: FastifyInstance,
    private readonly viewer: Pick<ConsoleUser, 'id' | 'role'>,
    private readonly send: StoreOrderSender,
    onError: (error: unknown) => void,
    /** Send what changed since then first (a console reconnecting); without it only what changes from now on. */
    since?: Date,
  ) {
    this.#openedAt = Date.now();
    this.#sendOnFirstRead = since !== undefined;
    this.#floor = since === undefined ? this.#openedAt - READ_OVERLAP_MS : Math.min(since.getTime(), this.#openedAt);
    this.#cursor = this.#floor;
    this.#reads = new SerialReads(() => this.#readAndSend(), onError);
  }

  /** The first read: what changed since `since`, or (without it) what the later reads compare with. */
  start(): Promise<void> {
    return this.#reads.first();
  }

  /** Reads again soon; wake-ups during a read make one more read after it. */
  check(): void {
    this.#reads.check();
  }

  /** No more reads; resolves once a read under way is done. */
  close(): Promise<void> {
    return this.#reads.close();
  }

  async #changedOrders(from: string): Promise<OrderRow[]> {
    return this.app.ordersRepository.changedSince(from, this.viewer, READ_LIMIT);
  }

  async #readAndSend(): Promise<void> {
    const from = new Date(Math.max(this.#floor, this.#cursor - READ_OVERLAP_MS)).toISOString();
    const rows = await this.#changedOrders(from);
    if (this.#reads.closed) return;
    const fresh = rows.filter((row) => this.#sent.get(Number(row.id))?.key !== keyOf(row));
    const orders = fresh.length === 0 || !this.#sendOnFirstRead ? [] : await toOrders(this.app, fresh, { showPin: false, showCustomer: true });
    if (this.#reads.closed) return;
    const sending = this.#sendOnFirstRead;
    this.#sendOnFirstRead = true;
    fresh.forEach((row, index) => {
      const order = orders[index];
      const id = Number(row.id);
      if (sending && order) this.send(this.#typeOf(row), order);
      this.#sent.set(id, { key: keyOf(row), updatedAt: row.updated_at });
      this.#lastStatus.set(id, Number(row.status));
    });
    const newest = rows.at(-1)?.updated_at;
    if (newest !== undefined) this.#cursor = Math.max(this.#cursor, Date.parse(newest));
    this.#forgetOlderThan(new Date(Math.max(this.#floor, this.#cursor - READ_OVERLAP_MS)).toISOString());
  }

  /**
   * placed: the order starts waiting for the store (just placed, or paid after
   * awaiting its card payment), or arrives already accepted automatically;
   * the console plays its sound. updated: any other change.
   */
  #typeOf(row: OrderRow): StoreOrderEventType {
    const status = Number(row.status);
    const before = this.#lastStatus.get(Number(row.id));
    if (status === OrderStatus.PLACED && before !== OrderStatus.PLACED) return 'placed';
    const createdWhileOpen = Date.parse(row.created_at) >= this.#openedAt - READ_OVERLAP_MS;
    if (before === undefined && createdWhileOpen && status === OrderStatus.PREPARING) return 'placed';
    return 'updated';
  }

  /** Orders whose last change is behind the overlap are read no more: nothing to compare them with. */
  #forgetOlderThan(from: string): void {
    for (const [id, sent] of this.#sent) if (sent.updatedAt < from) this.#sent.delete(id);
  }
}

function keyOf(row: OrderRow): string {
  return `${Number(row.status)}|${row.payment_status}|${row.updated_at}|${row.driver_user_id ?? ''}`;
}
