/**
 * The service worker's answer to a queued action's POST (DESIGN §4 point 3):
 * pass it to the network, and when the network is gone (or simulated gone)
 * store it in its kind's queue and answer `202 {"queued": true}`, so the sync
 * worker marks the outbox row queued instead of sending it again. Whatever
 * the server answers, even an error, passes through unchanged: only the
 * replay and the worker judge answers.
 */
import { API_PREFIX } from '../src/api/paths.ts';
import { IDEMPOTENCY_HEADER, OUTBOX_KIND_HEADER, isOutboxKind, type QueuedAnswer } from '../src/api/outbox.ts';
import type { QueuedActionMetadata, ReplayDeps, ReplayQueue } from './outbox-replay.ts';
import { enqueueOnce } from './outbox-replay.ts';

export interface OutboxFetchDeps extends Pick<ReplayDeps, 'fetch' | 'isOffline' | 'report' | 'log'> {
  queueFor(kind: QueuedActionMetadata['kind']): ReplayQueue;
}

/** The action a request carries, or null when it is not a queueable outbox POST. */
export function queuedActionOf(request: Request): QueuedActionMetadata | null {
  if (request.method !== 'POST' || !new URL(request.url).pathname.startsWith(`${API_PREFIX}/`)) return null;
  const kind = request.headers.get(OUTBOX_KIND_HEADER);
  const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
  // Without a key a replay could apply the action twice: such a request is never queued.
  return isOutboxKind(kind) && idempotencyKey ? { kind, idempotencyKey } : null;
}

export async function handleOutboxPost(
  request: Request,
  action: QueuedActionMetadata,
  deps: OutboxFetchDeps,
): Promise<Response> {
  if (!(await deps.isOffline())) {
    try {
      return await deps.fetch(request.clone());
    } catch {
      // A dead network: keep it for later, below.
    }
  }
  const queue = deps.queueFor(action.kind);
  const stored = await enqueueOnce(queue, request, action, (key) => deps.log(`[sw] dropped ${action.kind} ${key}: a newer one replaces it`));
  deps.log(`[sw] ${stored ? 'queued' : 'already queued'} ${action.kind} ${action.idempotencyKey}`);
  await deps.report({ type: 'OUTBOX_QUEUED', idempotencyKey: action.idempotencyKey, kind: action.kind });
  const answer: QueuedAnswer = { queued: true, queue: queue.name };
  return new Response(JSON.stringify(answer), { status: 202, headers: { 'Content-Type': 'application/json' } });
}
