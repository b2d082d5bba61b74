/**
 * The sync worker's API composed from its areas, with every dependency passed
 * in: the worker entry gives it the real ones, tests give it a real server's
 * address and a fake-indexeddb replica. Each area's api.ts holds its methods
 * (and registers the outbox effects it owns); this file only makes what they
 * share (the HTTP door, the reconnect probe, the outbox's drainer, the order
 * trackers) and merges them.
 */
import { API_TIMEOUT_MS } from '../src/api/constants.ts';
import type { ToServiceWorkerMessage } from '../src/api/sw-messages.ts';
import type { SyncWorkerApi, SyncWorkerAreas } from '../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../src/db/schema.ts';
import { accountApi } from './account/api.ts';
import { bootApi, type EarlyBoot } from './boot/api.ts';
import { cartApi } from './cart/api.ts';
import { catalogApi, type EarlyStore } from './catalog/api.ts';
import { checkoutApi } from './checkout/api.ts';
import { driverApi, driverRefresher } from './driver/api.ts';
import { createApiClient } from './net/api-client.ts';
import { createHttp } from './net/http.ts';
import { ReconnectProbe, type ReconnectProbeOptions } from './net/reconnect-probe.ts';
import { isSimulatedOffline } from './net/simulated-offline.ts';
import { OrderTrackers, ordersApi, type TrackingOptions } from './orders/api.ts';
import { OutboxDrainer, OutboxEffects, drainOnce, outboxApi, type DrainerOptions, type OutboxAccess } from './outbox/api.ts';
import type { SyncContext } from './replica/context.ts';
import { recordConnectivity } from './replica/sync-state.ts';
import { neverThrow } from './replica/never-throw.ts';

export interface SyncServiceOptions {
  db: ReplicaDatabase;
  /** e.g. `https://app.example` or a test server's `http://127.0.0.1:port`. */
  origin: string;
  fetch: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** First delay before retrying a 5xx in a read call. */
  apiRetryBaseMs?: number;
  effects?: OutboxEffects;
  drainer?: Pick<DrainerOptions, 'retryBaseMs' | 'retryMaxMs' | 'periodMs' | 'withLock'>;
  /** Reaches a running service worker (the broadcast channel); it may not be listening. */
  postToServiceWorker?: (message: ToServiceWorkerMessage) => void;
  /** Copies the simulated-offline switch where the service worker reads it. */
  mirrorSimulatedOffline?: (offline: boolean) => Promise<void>;
  /** The running order's stream and polling timings (tests shorten them). */
  tracking?: TrackingOptions;
  /** How soon and how often to ask whether the network is back after a request failed by network. */
  reconnect?: ReconnectProbeOptions;
}

export interface SyncService {
  api: SyncWorkerApi;
  drainer: OutboxDrainer;
  /** The running orders watched now (tests stop them all when they end). */
  trackers: OrderTrackers;
  /** Asks the server whether the network is back while the last request failed by network. */
  reconnect: ReconnectProbe;
  /** A first visit's boot, begun before the page asks (worker/boot/api.ts). */
  bootBeforeAsked: EarlyBoot['bootBeforeAsked'];
  /** A store page's fetch, begun before the page asks (worker/catalog/api.ts). */
  openStoreBeforeAsked: EarlyStore['openStoreBeforeAsked'];
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const effects = options.effects ?? new OutboxEffects();
  const send = createHttp({
    origin: options.origin,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    isSimulatedOffline: () => isSimulatedOffline(db),
    async onOutcome(outcome) {
      // Written before the probe hears of it: a reconnection's refreshes find the app online.
      await recordConnectivity(db, outcome.kind === 'answer' ? null : outcome.kind, now());
      reconnect.observe(outcome, outcome.kind === 'offline' && outcome.simulated === true);
    },
  });
  // The network is back (an answer after a failure by network): what waited for it goes now. The
  // screens see the connectivity row turn online and refresh what they show.
  const reconnect = new ReconnectProbe({
    ...options.reconnect,
    send: (request) => send(request),
    isSimulatedOffline: () => isSimulatedOffline(db),
    onReconnect() {
      void drainer.drain();
      // Whatever the service worker queued while the network was down (all kinds: it may hold rows the replica marked queued).
      options.postToServiceWorker?.({ type: 'REPLAY_QUEUE' });
    },
  });
  const ctx: SyncContext = { db, api: createApiClient({ send, retryBaseMs: options.apiRetryBaseMs }), now };
  // A driver's steps were answered: their counts, wallet and lists moved on the server.
  const refreshDriverIfSignedIn = driverRefresher(ctx);
  const drainer = new OutboxDrainer({
    ...options.drainer,
    drainOnce: () => drainOnce({ db, effects, send, now }),
    afterPass(pass) {
      // Rows the service worker holds: ask it to try now rather than wait for a sync event.
      for (const kind of pass.queuedKinds) options.postToServiceWorker?.({ type: 'REPLAY_QUEUE', kind });
      if (pass.applied + pass.rejected > 0) void refreshDriverIfSignedIn();
    },
  });
  const outbox: OutboxAccess = { effects, drain: () => drainer.drain() };
  const trackers = new OrderTrackers(
    ctx,
    { origin: options.origin, fetch: options.fetch, isSimulatedOffline: () => isSimulatedOffline(db) },
    options.tracking,
  );

  const { bootBeforeAsked, ...bootHandlers } = bootApi({
    ctx,
    mirror: options.mirrorSimulatedOffline ?? (async () => {}),
    drain: outbox.drain,
    watchedOrders: () => trackers.keptIds(),
  });
  const { openStoreBeforeAsked, ...catalogHandlers } = catalogApi({ ctx, outbox });
  // Areas that queue actions register their outbox effects as they are made.
  const api = composeAreas({
    boot: bootHandlers,
    outbox: outboxApi({ db, effects, drainer, reconnect, now, afterSettled: refreshDriverIfSignedIn }),
    catalog: catalogHandlers,
    cart: cartApi({ ctx, outbox }),
    account: accountApi({ ctx, outbox, afterLogout: () => trackers.stopAll() }),
    checkout: checkoutApi({ ctx, send, retryBaseMs: options.apiRetryBaseMs ?? 500 }),
    orders: ordersApi({ ctx, trackers }),
    driver: driverApi({ ctx, outbox }),
  });

  return { api, drainer, trackers, reconnect, bootBeforeAsked, openStoreBeforeAsked };
}

/**
 * The worker's API from its areas' methods (issue 31): each area answers its
 * part of the contract (`SyncWorkerAreas`, src/api/worker-api.ts), and this
 * merges them, once, for every method:
 *
 * - a name two areas answer is refused when the worker starts (a plain
 *   `{ ...a, ...b }` let the later one silently win);
 * - every method keeps the worker's promise to the UI (DESIGN §3): it
 *   resolves to a result and never throws (neverThrow), applied here rather
 *   than by hand in each area, so no method can be left out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any method's own arguments pass through unchanged
type AreaMethod = (...args: any[]) => Promise<unknown>;

export function composeAreas(areas: SyncWorkerAreas): SyncWorkerApi {
  const api: Record<string, AreaMethod> = {};
  for (const [areaName, area] of Object.entries(areas) as [string, Record<string, AreaMethod>][]) {
    for (const [name, method] of Object.entries(area)) {
      if (Object.hasOwn(api, name)) throw new Error(`Two areas of the sync worker answer ${name}: each method belongs to one area (the second is ${areaName}).`);
      api[name] = (...args) => neverThrow(() => method(...args));
    }
  }
  return api as unknown as SyncWorkerApi;
}
