/**
 * Live order updates across server processes (issue 17): on PostgreSQL every
 * announcement of the process's hub (order-events.ts) also goes out with
 * NOTIFY on one channel, and every process LISTENs on it and feeds what the
 * others announced into its own hub, so an order-events stream (a step, the
 * driver's position) or a store-order-events stream (a step) held by process
 * B wakes as soon as process A commits a change. On SQLite there is one
 * process: nothing is published and nothing listened to.
 *
 * The payload is only `{ order, change, from }`: like the hub's
 * announcements it carries no order data (a stream re-reads its database),
 * and `from` is this process's id, so the echo of its own NOTIFY (the
 * listener hears the whole channel) is skipped.
 *
 * Two ways out, chosen by where the announcement is made:
 * - inside the transaction (moveOrder, every step of an order):
 *   notifyInTransaction runs `SELECT pg_notify(...)` on the transaction's
 *   own connection. PostgreSQL delivers it when the transaction commits, by
 *   which time the step is visible to the other processes' reads, and drops
 *   it on a rollback: a refused move wakes no one;
 * - after the commit (announce(): place-order, a settled payment, a driver's
 *   position, and the API's moves announcing their commit): one `pg_notify`
 *   through the query pool. A move made through the API is thus heard twice
 *   by the other processes (at its commit, then from the announce right
 *   after); the second wake-up re-reads, finds nothing new and sends nothing.
 * NOTIFY also collapses identical payloads within one transaction.
 *
 * Each process keeps one dedicated LISTEN connection, outside the query pool
 * (a pooled connection would be handed to queries and its LISTEN lost). When
 * it drops, it reconnects with backoff (RECONNECT_DELAYS_MS), and once back
 * wakes every stream of the process (hub.wakeAll()) once: announcements
 * made while it was down are lost, the re-read finds what they were about.
 * `GET /health/ready` answers 503 (failed: order-events) while it is down,
 * so a balancer sends new streams to a process that hears everything. It
 * closes with the app.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { dialectOf } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';
import { orderEvents, type OrderChange, type OrderEventHub } from './order-events.ts';

/** The one channel of every announcement (fixed: two versions of the app running side by side must agree). */
export const ORDER_EVENTS_CHANNEL = 'foodpilot_order_events';
/** This process in the payloads it publishes; the hub is one per process, so is this. */
export const PROCESS_ID = randomUUID();
/** The LISTEN connection's reconnect delays: doubling from the first up to the last. */
export const RECONNECT_DELAYS_MS = { first: 100, max: 5_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** False while this process's LISTEN connection is down (always true on SQLite). */
    hearsOtherProcesses(): boolean;
  }
}

export interface BusMessage {
  order: number;
  change: OrderChange;
  from: string;
}

function payloadOf(orderId: number, change: OrderChange): string {
  const message: BusMessage = { order: orderId, change, from: PROCESS_ID };
  return JSON.stringify(message);
}

/** The message of a notification on the channel; undefined for anything that is not one. */
export function parseBusMessage(payload: string | undefined): BusMessage | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<BusMessage>;
    const validChange = value.change === 'step' || value.change === 'position';
    if (Number.isSafeInteger(value.order) && validChange && typeof value.from === 'string') return value as BusMessage;
  } catch {
    // Not ours: ignored below.
  }
  return undefined;
}

/** In the change's transaction: the other processes hear of it when it commits, never if it rolls back. No-op on SQLite. */
export async function notifyInTransaction(app: FastifyInstance, trx: Kysely<Database>, orderId: number, change: OrderChange = 'step'): Promise<void> {
  if (dialectOf(trx as unknown as Kysely<unknown>) !== 'postgres') return;
  await app.ordersRepository.announce(ORDER_EVENTS_CHANNEL, payloadOf(orderId, change), trx);
}

interface ListenerLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

/** The process's LISTEN connection: feeds the other processes' announcements into the hub, reconnecting when it drops. */
export class OrderEventsListener {
  #client: pg.Client | undefined;
  #listening = false;
  #closed = false;
  /** Connections lost (or failed) in a row: how long the next attempt waits. */
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly hub: OrderEventHub,
    private readonly log: ListenerLog,
  ) {}

  get listening(): boolean {
    return this.#listening;
  }

  /** Connects and listens; a failure is not thrown but retried, like a drop. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    this.#listening = false;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: 'foodpilot order-events listener' });
    this.#client = client;
    client.on('notification', (notification) => this.#receive(notification.payload));
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('the connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    if (client !== this.#client) return;
    this.#listening = true;
    if (this.#failures > 0) {
      this.log.info('order-events listener: listening again; every stream re-reads once');
      // What the other processes announced meanwhile was not heard: every stream looks for itself.
      this.hub.wakeAll();
    }
    this.#failures = 0;
  }

  #receive(payload: string | undefined): void {
    const message = parseBusMessage(payload);
    if (!message || message.from === PROCESS_ID) return;
    this.hub.announceRemote(message.order, message.change);
  }

  /** The connection failed or dropped: retry after the next delay (once per connection, whichever event came first). */
  #lost(client: pg.Client, error: unknown): void {
    if (client !== this.#client) return;
    this.#client = undefined;
    this.#listening = false;
    client.end().catch(() => undefined);
    if (this.#closed) return;
    const delay = Math.min(RECONNECT_DELAYS_MS.max, RECONNECT_DELAYS_MS.first * 2 ** this.#failures);
    this.#failures += 1;
    this.log.warn({ err: error }, `order-events listener: connection lost; reconnecting in ${delay} ms`);
    this.#timer = setTimeout(() => void this.#connect(), delay);
    this.#timer.unref();
  }
}

async function orderEventsBusPlugin(app: FastifyInstance, options: { databaseUrl?: string | undefined }): Promise<void> {
  const { databaseUrl } = options;
  if (!databaseUrl) {
    app.decorate('hearsOtherProcesses', () => true);
    return;
  }
  const listener = new OrderEventsListener(databaseUrl, orderEvents, {
    info: (message) => app.log.info(message),
    warn: (details, message) => app.log.warn(details, message),
  });
  app.decorate('hearsOtherProcesses', () => listener.listening);

  // This process's committed announcements; those from inside a transaction went with it (notifyInTransaction).
  const stopPublishing = orderEvents.onAnyChange((orderId, change, source) => {
    if (source !== 'committed' || orderId === undefined) return;
    app.ordersRepository
      .announce(ORDER_EVENTS_CHANNEL, payloadOf(orderId, change))
      .catch((error: unknown) => app.log.warn({ err: error }, 'order-events bus: publishing an announcement failed'));
  });
  app.addHook('onClose', async () => {
    stopPublishing();
    await listener.close();
  });
  await listener.start();
}

export default fp(orderEventsBusPlugin, { name: 'order-events-bus', dependencies: ['database'] });
