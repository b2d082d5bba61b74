/**
 * One Workbox background-sync queue per outbox kind, all replayed by our own
 * logic (outbox-replay.ts) rather than Workbox's default, which counts any
 * answer, even a 500, as done.
 */
import { Queue, QueueStore } from 'workbox-background-sync';
import { QUEUE_RETENTION_MINUTES } from '../src/api/constants.ts';
import { OUTBOX_KINDS, queueNameFor, type OutboxKind } from '../src/api/outbox.ts';
import { broadcast, log } from './broadcast.ts';
import { expireOldEntries, replayQueue, type ReplayDeps, type ReplaySummary } from './outbox-replay.ts';
import { readSimulatedOffline } from './simulated-offline.ts';

declare const self: ServiceWorkerGlobalScope;

export const replayDeps: ReplayDeps = {
  fetch: (request) => fetch(request),
  isOffline: readSimulatedOffline,
  report: broadcast,
  log,
};

export interface OutboxQueues {
  queueFor(kind: OutboxKind): Queue;
  /** Replays one kind, or all of them one after another. */
  replay(kind?: OutboxKind): Promise<ReplaySummary[]>;
  /** Waiting requests per kind, after reporting the expired ones. */
  sizes(): Promise<Partial<Record<OutboxKind, number>>>;
}

export function createOutboxQueues(): OutboxQueues {
  // With Background Sync (Chromium) our onSync runs on the `sync` event and
  // must throw to have the browser retry. Without it, Workbox calls onSync
  // once while constructing the queue, outside any event: nothing would catch.
  const retriedBySyncEvents = 'sync' in self.registration;

  // The raw store sees the entries past retention that Queue would drop silently.
  const stores = new Map(OUTBOX_KINDS.map((kind) => [kind, new QueueStore(queueNameFor(kind))]));
  const expireOld = (kind: OutboxKind) =>
    expireOldEntries(stores.get(kind) as QueueStore, queueNameFor(kind), QUEUE_RETENTION_MINUTES, Date.now(), replayDeps);

  const replayKind = async (kind: OutboxKind, queue: Queue): Promise<ReplaySummary> => {
    await expireOld(kind);
    return replayQueue(queue, replayDeps);
  };

  const queues = new Map<OutboxKind, Queue>();
  for (const kind of OUTBOX_KINDS) {
    const queue = new Queue(queueNameFor(kind), {
      maxRetentionTime: QUEUE_RETENTION_MINUTES,
      onSync: async ({ queue: syncing }) => {
        const summary = await replayKind(kind, syncing);
        if (summary.paused && retriedBySyncEvents) {
          throw new Error(`${syncing.name} paused at ${summary.paused.idempotencyKey}: ${summary.paused.reason}`);
        }
      },
    });
    queues.set(kind, queue);
  }

  const queueFor = (kind: OutboxKind): Queue => queues.get(kind) as Queue;

  return {
    queueFor,
    async replay(kind) {
      const summaries: ReplaySummary[] = [];
      for (const each of kind ? [kind] : OUTBOX_KINDS) summaries.push(await replayKind(each, queueFor(each)));
      return summaries;
    },
    async sizes() {
      const sizes: Partial<Record<OutboxKind, number>> = {};
      for (const kind of OUTBOX_KINDS) {
        await expireOld(kind);
        sizes[kind] = (await queueFor(kind).getAll()).length;
      }
      return sizes;
    },
  };
}
