/**
 * Live tracking of the orders the UI watches (trackOrder / stopTracking).
 *
 * One tracker per order: it reads the order-events stream and writes each
 * `tracking` and `position` message into the order's row. When the stream
 * cannot be had (offline, a proxy that buffers or blocks it, a server
 * restart) it polls get-order-status at once and then with backoff
 * (pollBaseMs doubling to pollMaxMs), trying the stream again before each
 * poll; the row says `reconnecting` meanwhile and keeps its last confirmed
 * time. Everything stops when the order is final, when nobody watches, and
 * when the customer signs out.
 */
import { appCalls } from '../../src/api/calls.ts';
import { ORDER_EVENTS_HEARTBEAT_MS, ORDER_EVENT_TYPES } from '../../src/api/orders/limits.ts';
import type { OrderTracking } from '../../src/api/orders/entities.ts';
import { isTerminalStatus } from '../../src/api/orders/status.ts';
import type { SyncResult } from '../../src/api/worker-api.ts';
import { backoffDelay } from '../net/backoff.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import { findProblem } from '../net/check-shape.ts';
import type { SyncContext } from '../replica/context.ts';
import { openOrderEvents, readEventStream, type ServerSentEvent, type StreamDeps } from './tracking-stream.ts';
import { updateRunningOrder, writeTracking, type Viewer } from './running-order-rows.ts';
import { completeOrderDetails, currentViewer, fetchOrderStatus } from './running-order.ts';

export interface TrackingOptions {
  /** The first wait between polls while the stream is down; it doubles up to pollMaxMs. */
  pollBaseMs?: number;
  pollMaxMs?: number;
  /** A stream with no first message this long after asking (a proxy that buffers it) counts as failed. */
  firstMessageTimeoutMs?: number;
  /** An open stream silent this long is dead: the server sends a heartbeat every ORDER_EVENTS_HEARTBEAT_MS. */
  silenceTimeoutMs?: number;
}

const DEFAULTS: Required<TrackingOptions> = {
  pollBaseMs: 5_000,
  pollMaxMs: 60_000,
  firstMessageTimeoutMs: 10_000,
  silenceTimeoutMs: 2 * ORDER_EVENTS_HEARTBEAT_MS + 10_000,
};

interface TrackerDeps {
  ctx: SyncContext;
  stream: StreamDeps;
  options: Required<TrackingOptions>;
}

/** How a stream attempt ended: the order is final, the server refused it, it was open and went, or it never opened. */
type StreamEnd = 'final' | 'refused' | 'dropped' | 'failed' | 'signed-out';

const TRACKING_SCHEMA = appCalls['get-order-status'].response;

function trackingOf(event: ServerSentEvent): OrderTracking | undefined {
  if (!(ORDER_EVENT_TYPES as readonly string[]).includes(event.event)) return undefined;
  try {
    const value: unknown = JSON.parse(event.data);
    return findProblem(TRACKING_SCHEMA, value) ? undefined : (value as OrderTracking);
  } catch {
    return undefined;
  }
}

class OrderTracker {
  watchers = 1;
  #stopped = false;
  #stream: AbortController | null = null;
  #wake: (() => void) | null = null;
  readonly done: Promise<void>;

  constructor(
    private readonly deps: TrackerDeps,
    readonly viewer: Viewer,
    readonly uniqueOrderId: string,
  ) {
    this.done = this.#run().catch((error: unknown) => console.error('order tracking failed', error));
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Cuts a wait between attempts short: the page came back, the network may have too. */
  wake(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stream?.abort();
    this.#wake?.();
    await this.done;
  }

  async #run(): Promise<void> {
    const { ctx } = this.deps;
    await completeOrderDetails(ctx, this.viewer, this.uniqueOrderId).catch(() => undefined);
    let failures = 0;
    while (!this.#stopped) {
      const end = await this.#streamOnce();
      if (end === 'final' || end === 'refused' || end === 'signed-out' || this.#stopped) break;
      // A stream that was open and went reconnects quickly; one that never opened backs off.
      failures = end === 'dropped' ? 1 : failures + 1;
      const polled = await fetchOrderStatus(ctx, this.viewer, this.uniqueOrderId, 'reconnecting');
      if (polled.kind === 'refused' || polled.kind === 'signed-out') break;
      if (polled.kind === 'written' && isTerminalStatus(polled.status)) break;
      if (polled.kind === 'unreachable') await this.#setLink('reconnecting');
      await this.#sleep(backoffDelay(failures, this.deps.options.pollBaseMs, this.deps.options.pollMaxMs));
    }
    this.#stopped = true;
    await this.#setLink('idle');
  }

  async #setLink(link: 'reconnecting' | 'idle'): Promise<void> {
    await updateRunningOrder(this.deps.ctx.db, this.viewer, this.uniqueOrderId, () => ({ link })).catch(() => undefined);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      this.#wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    }).finally(() => {
      this.#wake = null;
    });
  }

  async #streamOnce(): Promise<StreamEnd> {
    const { ctx, options, stream } = this.deps;
    const controller = new AbortController();
    this.#stream = controller;
    let opened = false;
    let end: StreamEnd | null = null;
    let deadline = setTimeout(() => controller.abort(), options.firstMessageTimeoutMs);
    const stayAlive = () => {
      clearTimeout(deadline);
      deadline = setTimeout(() => controller.abort(), options.silenceTimeoutMs);
    };
    const finish = (how: StreamEnd) => {
      end = how;
      controller.abort();
    };
    try {
      const opening = await openOrderEvents(stream, this.uniqueOrderId, this.viewer.token, controller.signal);
      if (opening.kind === 'refused') return 'refused';
      if (opening.kind === 'failed') return 'failed';
      await readEventStream(opening.body, {
        onBytes: async () => {
          if (await stream.isSimulatedOffline()) return finish(opened ? 'dropped' : 'failed');
          if (!opened) return;
          stayAlive();
          // A heartbeat: what the row shows is still true now.
          if (!(await updateRunningOrder(ctx.db, this.viewer, this.uniqueOrderId, () => ({ fetchedAt: ctx.now() })))) finish('signed-out');
        },
        onEvent: async (event) => {
          const tracking = trackingOf(event);
          if (!tracking || tracking.unique_order_id !== this.uniqueOrderId || end) return;
          opened = true;
          stayAlive();
          if (!(await writeTracking(ctx.db, this.viewer, tracking, 'live', ctx.now()))) return finish('signed-out');
          if (isTerminalStatus(tracking.status)) finish('final');
        },
      });
    } catch {
      // Aborted (final, stopped, silent too long) or the connection broke: `end` and `opened` say which.
    } finally {
      clearTimeout(deadline);
      this.#stream = null;
    }
    return end ?? (opened ? 'dropped' : 'failed');
  }
}

/**
 * Every tracker of this worker, by order id. Calls for one order run one
 * after another: a page that mounts, unmounts and mounts again (React's
 * strict mode, a quick back and forth) must end with one tracker, never an
 * orphan whose stream nobody closes.
 */
export class OrderTrackers {
  readonly #trackers = new Map<string, OrderTracker>();
  /**
   * Pages open on each order, trackers or not: a delivered order has no
   * tracker, and its row must still outlive a check-running-order that runs
   * meanwhile (boot's), or the page opened by its URL waits for a row that
   * was just deleted (issue 15 point 3).
   */
  readonly #open = new Map<string, number>();
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #deps: TrackerDeps;

  constructor(ctx: SyncContext, stream: StreamDeps, options: TrackingOptions = {}) {
    this.#deps = { ctx, stream, options: { ...DEFAULTS, ...options } };
  }

  /** Orders watched live now (a tracker running). */
  watchedIds(): ReadonlySet<string> {
    return new Set([...this.#trackers].filter(([, tracker]) => !tracker.stopped).map(([id]) => id));
  }

  /** Orders whose rows check-running-order keeps: those watched, and those a page has open (a finished one has no tracker). */
  keptIds(): ReadonlySet<string> {
    return new Set([...this.watchedIds(), ...this.#open.keys()]);
  }

  track(uniqueOrderId: string): Promise<SyncResult> {
    // Counted at once, before any answer: a check-running-order running meanwhile keeps the row.
    this.#open.set(uniqueOrderId, (this.#open.get(uniqueOrderId) ?? 0) + 1);
    return this.#inTurn(uniqueOrderId, () => this.#track(uniqueOrderId));
  }

  stopTracking(uniqueOrderId: string): Promise<void> {
    const open = (this.#open.get(uniqueOrderId) ?? 0) - 1;
    if (open > 0) this.#open.set(uniqueOrderId, open);
    else this.#open.delete(uniqueOrderId);
    return this.#inTurn(uniqueOrderId, () => this.#stopTracking(uniqueOrderId));
  }

  /** Stops every tracker (a sign-out, or the end of a test). */
  async stopAll(): Promise<void> {
    this.#open.clear();
    await Promise.all([...this.#trackers.keys()].map((id) => this.#inTurn(id, () => this.#end(id))));
  }

  #inTurn<T>(uniqueOrderId: string, run: () => Promise<T>): Promise<T> {
    const turn = (this.#queues.get(uniqueOrderId) ?? Promise.resolve()).catch(() => undefined).then(run);
    this.#queues.set(uniqueOrderId, turn);
    const forget = () => {
      if (this.#queues.get(uniqueOrderId) === turn) this.#queues.delete(uniqueOrderId);
    };
    turn.then(forget, forget);
    return turn;
  }

  async #track(uniqueOrderId: string): Promise<SyncResult> {
    const { ctx } = this.#deps;
    const viewer = await currentViewer(ctx);
    if (!viewer) return NOT_SIGNED_IN;
    const running = this.#trackers.get(uniqueOrderId);
    if (running && !running.stopped && running.viewer.userId === viewer.userId) {
      running.watchers += 1;
      running.wake();
      return { ok: true };
    }
    // A watch left by another customer (someone else signed in here meanwhile) ends; the page's watchers carry over.
    const watchers = running && !running.stopped ? running.watchers : 0;
    if (running) await this.#end(uniqueOrderId);

    const first = await fetchOrderStatus(ctx, viewer, uniqueOrderId, 'connecting');
    if (first.kind === 'refused') return first.failure;
    if (first.kind === 'signed-out') return NOT_SIGNED_IN;
    if (first.kind === 'written' && isTerminalStatus(first.status)) {
      await completeOrderDetails(ctx, viewer, uniqueOrderId).catch(() => undefined);
      return { ok: true };
    }
    const tracker = new OrderTracker(this.#deps, viewer, uniqueOrderId);
    tracker.watchers += watchers;
    this.#trackers.set(uniqueOrderId, tracker);
    // Offline the tracker keeps trying; the page shows what the replica knows with its time.
    return first.kind === 'written' ? { ok: true } : first.failure;
  }

  async #stopTracking(uniqueOrderId: string): Promise<void> {
    const tracker = this.#trackers.get(uniqueOrderId);
    if (!tracker) return;
    tracker.watchers -= 1;
    if (tracker.watchers <= 0) await this.#end(uniqueOrderId);
  }

  async #end(uniqueOrderId: string): Promise<void> {
    const tracker = this.#trackers.get(uniqueOrderId);
    this.#trackers.delete(uniqueOrderId);
    await tracker?.stop();
  }
}
