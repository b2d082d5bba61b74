/**
 * Status changes of outbox rows. A row is final once the server has answered
 * (applied or rejected); a late message about it (the worker and the service
 * worker both sent it) changes nothing, so each effect settles once per answer.
 */
import { isApiError } from '../../src/api/errors.ts';
import { QUEUE_RETENTION_MINUTES } from '../../src/api/constants.ts';
import type { OutboxEntry, OutboxStatus } from '../../src/api/outbox.ts';
import type { FromServiceWorkerMessage } from '../../src/api/sw-messages.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import type { OutboxEffects, OutboxOutcome } from './effects.ts';

const FINAL: readonly OutboxStatus[] = ['applied', 'rejected'];
const IN_LINE: readonly OutboxStatus[] = ['pending', 'sending', 'queued'];
const APPLIED_KEPT_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = QUEUE_RETENTION_MINUTES * 60 * 1000;

export const EXPIRED_WORDS = `Not sent: the network did not come back within ${Math.round(QUEUE_RETENTION_MINUTES / 1440)} days.`;

export type SettlePatch = Pick<OutboxEntry, 'response' | 'lastError'>;

/** Moves a row to a final (or expired) status and runs its effect's `settle`; false when nothing changed. */
export async function settleEntry(
  db: ReplicaDatabase,
  effects: OutboxEffects,
  id: string,
  outcome: OutboxOutcome,
  patch: SettlePatch,
  now: number,
  /** The row's call when the caller knows it (the drain does): saves reading the row twice. */
  knownCall?: string,
): Promise<boolean> {
  const call = knownCall ?? (await db.outbox.get(id))?.call;
  if (call === undefined) return false;
  const tables = [db.outbox, ...effects.tablesFor(db, [call])];
  return db.transaction('rw', tables, async (tx) => {
    const row = await db.outbox.get(id);
    if (!row || FINAL.includes(row.status)) return false;
    if (outcome === 'expired' && row.status === 'expired') return false;
    const settled: OutboxEntry = { ...row, ...patch, status: outcome, settledAt: new Date(now).toISOString() };
    await db.outbox.put(settled);
    await effects.get(row.call)?.settle(tx, settled, outcome);
    return true;
  });
}

/** A change while the row is still in line (pending, sending, queued): the row as changed, or null once it has left the line. */
export async function updateInLine(
  db: ReplicaDatabase,
  id: string,
  patch: Partial<Pick<OutboxEntry, 'status' | 'attempts' | 'lastError'>>,
): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (!row || !IN_LINE.includes(row.status)) return null;
    const changed = { ...row, ...patch };
    await db.outbox.put(changed);
    return changed;
  });
}

/** The row if it is still in line (pending, sending, queued), else null. */
export async function stillInLine(db: ReplicaDatabase, id: string): Promise<OutboxEntry | null> {
  const row = await db.outbox.get(id);
  return row && IN_LINE.includes(row.status) ? row : null;
}

/** The server's words when it has some, so a rejected action is explained, never dropped silently. */
export function rejectionWords(status: number, body: unknown): string {
  if (isApiError(body)) return body.message;
  return `The server refused this action (${status}).`;
}

/** Applies an outcome the service worker broadcast; true when it settled a row for good. */
export async function settleFromServiceWorker(
  db: ReplicaDatabase,
  effects: OutboxEffects,
  message: FromServiceWorkerMessage,
  now: number,
): Promise<boolean> {
  switch (message.type) {
    case 'OUTBOX_QUEUED':
      await updateInLine(db, message.idempotencyKey, { status: 'queued' });
      return false;
    case 'OUTBOX_APPLIED':
      return settleEntry(db, effects, message.idempotencyKey, 'applied', {
        response: { status: message.status, body: message.body },
        lastError: undefined,
      }, now);
    case 'OUTBOX_REJECTED':
      return settleEntry(db, effects, message.idempotencyKey, 'rejected', {
        response: { status: message.status, body: message.body },
        lastError: rejectionWords(message.status, message.body),
      }, now);
    case 'OUTBOX_EXPIRED':
      return settleEntry(db, effects, message.idempotencyKey, 'expired', { lastError: EXPIRED_WORDS }, now);
    case 'QUEUE_SIZES':
      return false;
  }
}

/**
 * The service worker drops what it held past its retention; the row must say
 * so rather than wait forever. Measured from when the user acted, which is
 * never later than when the service worker stored it.
 */
export async function expireStaleQueued(db: ReplicaDatabase, effects: OutboxEffects, now: number): Promise<number> {
  const stale = await db.outbox
    .where('status')
    .equals('queued')
    .filter((row) => now - Date.parse(row.actedAt) > RETENTION_MS)
    .toArray();
  let expired = 0;
  for (const row of stale) {
    if (await settleEntry(db, effects, row.id, 'expired', { lastError: EXPIRED_WORDS }, now)) expired += 1;
  }
  return expired;
}

/** Applied rows leave the list after a day; rejected and expired ones stay, because the user must learn of them. */
export async function pruneApplied(db: ReplicaDatabase, now: number): Promise<number> {
  return db.outbox
    .where('status')
    .equals('applied')
    .filter((row) => row.settledAt !== undefined && now - Date.parse(row.settledAt) > APPLIED_KEPT_MS)
    .delete();
}
