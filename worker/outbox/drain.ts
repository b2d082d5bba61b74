/**
 * One pass over the outbox (DESIGN §4 point 2): per user, in the order the
 * user acted, send each waiting row and record the answer. A row that cannot
 * get through stops its user's line, because a later action may depend on it
 * ("delivered" after "picked up").
 */
import { API_PREFIX } from '../../src/api/paths.ts';
import {
  ACTED_AT_HEADER,
  IDEMPOTENCY_HEADER,
  OUTBOX_KIND_HEADER,
  isQueuedAnswer,
  replayVerdict,
  type OutboxEntry,
  type OutboxKind,
} from '../../src/api/outbox.ts';
import type { DrainReport } from '../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import { batchFrom, sendBatch } from './batch.ts';
import type { DrainDeps } from './drain-deps.ts';
import { expireStaleQueued, pruneApplied, rejectionWords, settleEntry, stillInLine, updateInLine } from './row-status.ts';

export interface DrainPass extends DrainReport {
  /** Something could not get through: try again later. */
  retryNeeded: boolean;
  /** Kinds of the rows the service worker still holds after this pass. */
  queuedKinds: OutboxKind[];
}

type SendResult = 'applied' | 'rejected' | 'queued' | 'failed' | 'skipped';

export async function drainOnce(deps: DrainDeps): Promise<DrainPass> {
  const { db, effects } = deps;
  await expireStaleQueued(db, effects, deps.now());
  await pruneApplied(db, deps.now());

  const pass: DrainPass = { sent: 0, applied: 0, rejected: 0, queued: 0, remaining: 0, retryNeeded: false, queuedKinds: [] };
  for (const line of await linesPerUser(db)) {
    // Rows the service worker holds are its to replay, unless a later row of
    // the same user waits behind them: then this sends them first, and the
    // Idempotency-Key makes the second copy harmless.
    const lastWaiting = lastIndexWhere(line, (row) => row.status !== 'queued');
    let networkWorks = false;
    for (let index = 0; index <= lastWaiting; index += 1) {
      // Once a row went through, a run of the driver's steps behind it goes in one request (batch.ts).
      if (networkWorks) {
        const batch = await sendBatch(deps, batchFrom(line, index, lastWaiting));
        if (batch) {
          pass.sent += batch.settled;
          pass.applied += batch.applied;
          pass.rejected += batch.rejected;
          if (batch.stopped) {
            pass.retryNeeded = true;
            break;
          }
          if (batch.settled > 0) {
            index += batch.settled - 1;
            continue;
          }
        }
      }
      const result = await sendEntry(deps, line[index] as OutboxEntry);
      if (result === 'skipped') continue;
      pass.sent += 1;
      if (result === 'applied') pass.applied += 1;
      if (result === 'rejected') pass.rejected += 1;
      if (result === 'queued') pass.queued += 1;
      networkWorks = result === 'applied' || result === 'rejected';
      if (result === 'failed' || result === 'queued') {
        // A row the service worker now holds only needs another pass if rows wait behind it.
        if (result === 'failed' || index < lastWaiting) pass.retryNeeded = true;
        break;
      }
    }
  }

  const left = await db.outbox.where('status').anyOf('pending', 'sending', 'queued').toArray();
  pass.remaining = left.length;
  pass.queuedKinds = [...new Set(left.filter((row) => row.status === 'queued').map((row) => row.kind))];
  return pass;
}

/** Rows still in line, grouped by user, each group in the order its user acted. */
async function linesPerUser(db: ReplicaDatabase): Promise<OutboxEntry[][]> {
  // 'sending' rows found here were in flight in a worker that died (a closed
  // tab); drains are serialized, so none of them is in flight now.
  const rows = await db.outbox.where('status').anyOf('pending', 'sending', 'queued').toArray();
  const lines = new Map<string, OutboxEntry[]>();
  for (const row of rows) {
    const line = lines.get(row.userKey) ?? [];
    line.push(row);
    lines.set(row.userKey, line);
  }
  return [...lines.values()].map((line) => line.sort(byPlaceInLine));
}

function lastIndexWhere<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (predicate(items[index] as T)) return index;
  }
  return -1;
}

function byPlaceInLine(a: OutboxEntry, b: OutboxEntry): number {
  return (a.createdSeq ?? Number.MAX_SAFE_INTEGER) - (b.createdSeq ?? Number.MAX_SAFE_INTEGER) || a.actedAt.localeCompare(b.actedAt);
}

async function sendEntry(deps: DrainDeps, entry: OutboxEntry): Promise<SendResult> {
  const { db, effects } = deps;
  // Settled meanwhile by a service-worker broadcast: nothing left to send.
  // A GPS batch grows while it is pending (worker/driver/gps.ts): marked as being sent, it stops growing, and
  // the body sent is the one marked. Other rows never change: a read is enough to see one the service worker
  // settled meanwhile, and spares a write per action when a long line drains.
  const current = entry.kind === 'driver-gps' ? await updateInLine(db, entry.id, { status: 'sending' }) : await stillInLine(db, entry.id);
  if (!current) return 'skipped';
  const { body } = current;
  const outcome = await deps.send({
    method: 'POST',
    path: `${API_PREFIX}/${entry.call}`,
    body,
    headers: {
      [IDEMPOTENCY_HEADER]: entry.id,
      [OUTBOX_KIND_HEADER]: entry.kind,
      [ACTED_AT_HEADER]: entry.actedAt,
    },
  });

  if (outcome.kind !== 'answer') {
    await updateInLine(db, entry.id, { status: 'pending', attempts: entry.attempts + 1, lastError: outcome.kind });
    return 'failed';
  }
  if (outcome.status === 202 && isQueuedAnswer(outcome.body)) {
    await updateInLine(db, entry.id, { status: 'queued', attempts: entry.attempts + 1, lastError: undefined });
    return 'queued';
  }
  const response = { status: outcome.status, body: outcome.body };
  switch (replayVerdict(outcome.status, outcome.body)) {
    case 'applied':
      await settleEntry(db, effects, entry.id, 'applied', { response, lastError: undefined }, deps.now(), entry.call);
      return 'applied';
    case 'rejected':
      await settleEntry(db, effects, entry.id, 'rejected', {
        response,
        lastError: rejectionWords(outcome.status, outcome.body),
      }, deps.now(), entry.call);
      return 'rejected';
    case 'retry':
      await updateInLine(db, entry.id, {
        status: 'pending',
        attempts: entry.attempts + 1,
        lastError: `The server answered ${outcome.status}; trying again later.`,
      });
      return 'failed';
  }
}
