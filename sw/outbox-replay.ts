/**
 * The service worker's background-sync queues, as plain logic over a queue
 * interface that Workbox's `Queue` satisfies (DESIGN §4 points 3 and 4), so it
 * runs in Node tests with real Requests and Responses. Replay reads each
 * answer: 2xx settles, a final 4xx is rejected and reported (never re-queued),
 * a 5xx, 429 or dead network puts the request back at the front and pauses
 * the queue (the caller tells Workbox to try again later).
 */
import {
  IDEMPOTENCY_HEADER,
  NEWEST_ONLY_KINDS,
  OUTBOX_KIND_HEADER,
  isOutboxKind,
  replayVerdict,
  type OutboxKind,
} from '../src/api/outbox.ts';
import type { FromServiceWorkerMessage } from '../src/api/sw-messages.ts';

/** One stored request, as Workbox's Queue hands it out and takes it back. */
export interface QueuedRequest {
  request: Request;
  timestamp?: number;
  metadata?: object;
}

export interface ReplayQueue {
  readonly name: string;
  pushRequest(entry: QueuedRequest): Promise<void>;
  unshiftRequest(entry: QueuedRequest): Promise<void>;
  shiftRequest(): Promise<QueuedRequest | undefined>;
  getAll(): Promise<QueuedRequest[]>;
}

/** What each stored request carries besides itself, so an outcome names its outbox row. */
export interface QueuedActionMetadata {
  idempotencyKey: string;
  kind: OutboxKind;
}

export interface ReplayDeps {
  fetch(request: Request): Promise<Response>;
  /** The testers' simulated offline mode: replay then behaves as with a dead network. */
  isOffline(): Promise<boolean>;
  report(message: FromServiceWorkerMessage): Promise<void>;
  log(line: string): void;
}

export interface ReplaySummary {
  applied: number;
  rejected: number;
  /** The request the queue stopped at because it has to wait, and why. */
  paused?: { idempotencyKey: string; reason: string };
}

const queueTurns = new Map<string, Promise<unknown>>();

/**
 * One operation per queue at a time: a sync event, a REPLAY_QUEUE message and
 * the start-up replay may come together, and two replays shifting from one
 * queue would send its requests out of order.
 */
export function inQueueTurn<T>(queueName: string, operation: () => Promise<T>): Promise<T> {
  const previous = queueTurns.get(queueName) ?? Promise.resolve();
  const next = previous.then(operation);
  queueTurns.set(queueName, next.catch(() => undefined));
  return next;
}

export function metadataOf(entry: QueuedRequest): QueuedActionMetadata | null {
  const stored = entry.metadata as Partial<QueuedActionMetadata> | undefined;
  const idempotencyKey = stored?.idempotencyKey ?? entry.request.headers.get(IDEMPOTENCY_HEADER);
  const kind = stored?.kind ?? entry.request.headers.get(OUTBOX_KIND_HEADER);
  return idempotencyKey && isOutboxKind(kind) ? { idempotencyKey, kind } : null;
}

/**
 * Stores a request unless one with the same Idempotency-Key already waits;
 * true when stored. In a queue of a newest-only kind (cart checks) the
 * requests already waiting are older and worth nothing now: they are dropped
 * (`onDropped` names each), and the worker has deleted their rows already.
 */
export function enqueueOnce(
  queue: ReplayQueue,
  request: Request,
  metadata: QueuedActionMetadata,
  onDropped?: (idempotencyKey: string) => void,
): Promise<boolean> {
  return inQueueTurn(queue.name, async () => {
    const waiting = await queue.getAll();
    if (waiting.some((entry) => metadataOf(entry)?.idempotencyKey === metadata.idempotencyKey)) return false;
    if (NEWEST_ONLY_KINDS.includes(metadata.kind)) {
      for (let left = waiting.length; left > 0; left -= 1) {
        const dropped = await queue.shiftRequest();
        if (dropped) onDropped?.(metadataOf(dropped)?.idempotencyKey ?? 'without a key');
      }
    }
    await queue.pushRequest({ request, metadata: { ...metadata } });
    return true;
  });
}

export function replayQueue(queue: ReplayQueue, deps: ReplayDeps): Promise<ReplaySummary> {
  return inQueueTurn(queue.name, () => replayInTurn(queue, deps));
}

async function replayInTurn(queue: ReplayQueue, deps: ReplayDeps): Promise<ReplaySummary> {
  const summary: ReplaySummary = { applied: 0, rejected: 0 };
  let entry: QueuedRequest | undefined;
  while ((entry = await queue.shiftRequest())) {
    const metadata = metadataOf(entry);
    if (!metadata) {
      deps.log(`[sw] dropped a request without ${IDEMPOTENCY_HEADER} from ${queue.name}`);
      continue;
    }
    const response = await sendOrNull(entry.request, deps);
    const body = response ? await readBody(response) : undefined;
    const verdict = response ? replayVerdict(response.status, body) : 'retry';
    if (!response || verdict === 'retry') {
      // Back to the front with its first timestamp, so retention still counts from the action.
      await queue.unshiftRequest(entry);
      const reason = response ? `status ${response.status}` : 'network';
      deps.log(`[sw] replay paused ${metadata.kind} ${metadata.idempotencyKey}: ${reason}`);
      summary.paused = { idempotencyKey: metadata.idempotencyKey, reason };
      break;
    }
    const status = response.status;
    deps.log(`[sw] replayed ${metadata.idempotencyKey} ${status}`);
    const type = verdict === 'applied' ? 'OUTBOX_APPLIED' : 'OUTBOX_REJECTED';
    await deps.report({ type, idempotencyKey: metadata.idempotencyKey, kind: metadata.kind, status, body });
    if (verdict === 'applied') summary.applied += 1;
    else summary.rejected += 1;
  }
  return summary;
}

async function sendOrNull(request: Request, deps: ReplayDeps): Promise<Response | null> {
  if (await deps.isOffline()) return null;
  try {
    return await deps.fetch(request.clone());
  } catch {
    return null;
  }
}

/** JSON when it parses, the text otherwise: every outcome carries what the server said. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The raw entries of Workbox's QueueStore, which still include expired ones. */
export interface StoredEntries {
  getAll(): Promise<Array<{ id: number; timestamp: number; metadata?: object }>>;
  deleteEntry(id: number): Promise<void>;
}

/**
 * Workbox drops a request past its retention without a word; this finds them
 * first and reports each as expired, so the user sees it did not go out.
 */
export async function expireOldEntries(
  store: StoredEntries,
  queueName: string,
  retentionMinutes: number,
  now: number,
  deps: Pick<ReplayDeps, 'report' | 'log'>,
): Promise<number> {
  return inQueueTurn(queueName, async () => {
    let expired = 0;
    for (const entry of await store.getAll()) {
      if (now - entry.timestamp <= retentionMinutes * 60_000) continue;
      await store.deleteEntry(entry.id);
      expired += 1;
      const metadata = entry.metadata as Partial<QueuedActionMetadata> | undefined;
      if (!metadata?.idempotencyKey || !isOutboxKind(metadata.kind)) continue;
      deps.log(`[sw] expired ${metadata.kind} ${metadata.idempotencyKey}`);
      await deps.report({ type: 'OUTBOX_EXPIRED', idempotencyKey: metadata.idempotencyKey, kind: metadata.kind });
    }
    return expired;
  });
}
