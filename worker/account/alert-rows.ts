/**
 * The `alerts` rows and the outbox effects of marking them read. A mark made
 * offline shows at once (the row turns read, remembering which queued action
 * did it in `markedBy`), and every list from the server is rebased on the
 * marks still in line, so the badge never comes back while an action waits
 * for the network. A mark the server refuses, or that expires, is undone.
 * Everything here runs inside the caller's transaction (alerts + outbox).
 */
import type { Notification } from '../../src/api/entities.ts';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import type { CustomerAlertRow, ReplicaDatabase } from '../../src/db/schema.ts';
import type { OutboxEffect } from '../outbox/api.ts';

export const MARK_ONE_CALL = 'mark-one-notification-read';
export const MARK_ALL_CALL = 'mark-all-notifications-read';
const MARK_CALLS: readonly string[] = [MARK_ONE_CALL, MARK_ALL_CALL];

export interface MarkAllBody {
  token: string;
  user_id: number;
}
export interface MarkOneBody extends MarkAllBody {
  notification_id: number;
}

function alertIdOf(entry: OutboxEntry): number | undefined {
  const id = (entry.body as Partial<MarkOneBody> | null)?.notification_id;
  return typeof id === 'number' ? id : undefined;
}

/** Whether a queued mark covers this alert (mark-all covers every one). */
function covers(entry: OutboxEntry, alertId: number): boolean {
  return entry.call === MARK_ALL_CALL || alertIdOf(entry) === alertId;
}

/** Marks of this user still waiting for the server's answer, in the order they were made. */
async function marksInLine(db: ReplicaDatabase, userKey: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('status').anyOf('pending', 'sending', 'queued').toArray();
  return rows
    .filter((row) => MARK_CALLS.includes(row.call) && row.userKey === userKey)
    .sort((a, b) => (a.createdSeq ?? 0) - (b.createdSeq ?? 0));
}

function withoutMark(row: CustomerAlertRow): CustomerAlertRow {
  const { markedBy: _markedBy, ...rest } = row;
  return rest;
}

/** Turns the unread alerts this mark covers read, remembering the mark. */
async function applyMark(db: ReplicaDatabase, entry: OutboxEntry): Promise<void> {
  const rows = (await db.alerts.where('is_read').equals(0).toArray()) as CustomerAlertRow[];
  const marked = rows.filter((row) => covers(entry, row.id)).map((row) => ({ ...row, is_read: 1 as const, markedBy: entry.id }));
  if (marked.length > 0) await db.alerts.bulkPut(marked);
}

/** This mark did not reach the server: its alerts turn unread again, unless another mark in line covers them. */
async function undoMark(db: ReplicaDatabase, entry: OutboxEntry): Promise<void> {
  const rows = ((await db.alerts.toArray()) as CustomerAlertRow[]).filter((row) => row.markedBy === entry.id);
  if (rows.length === 0) return;
  const others = (await marksInLine(db, entry.userKey)).filter((other) => other.id !== entry.id);
  await db.alerts.bulkPut(
    rows.map((row) => {
      const cover = others.find((other) => covers(other, row.id));
      return cover ? { ...row, markedBy: cover.id } : { ...withoutMark(row), is_read: 0 as const };
    }),
  );
}

/** The server confirmed: its alerts are simply read. */
async function confirmMark(db: ReplicaDatabase, entry: OutboxEntry): Promise<void> {
  const rows = ((await db.alerts.toArray()) as CustomerAlertRow[]).filter((row) => row.markedBy === entry.id);
  await db.alerts.bulkPut(rows.map((row) => ({ ...withoutMark(row), is_read: 1 as const })));
}

/** The server's list (newest first) replaces the replica's, with the marks still in line applied on top. */
export async function replaceAlerts(
  db: ReplicaDatabase,
  alerts: readonly Notification[],
  userId: number,
  at: number,
): Promise<void> {
  await db.alerts.clear();
  await db.alerts.bulkPut(alerts.map((alert): CustomerAlertRow => ({ ...alert, userId, fetchedAt: at })));
  for (const entry of await marksInLine(db, `customer:${userId}`)) await applyMark(db, entry);
}

/**
 * apply: read at once. settle: an answer confirms (mark-one also takes the
 * server's copy of the alert); NOT_FOUND for mark-one means the alert is
 * gone, so it leaves the replica; any other refusal, or an expiry, undoes it.
 */
export function alertMarkEffect(db: ReplicaDatabase, now: () => number): OutboxEffect {
  return {
    tables: ['alerts'],
    async apply(_tx, entry) {
      await applyMark(db, entry);
    },
    async settle(_tx, entry, outcome) {
      const alertId = alertIdOf(entry);
      if (outcome === 'applied') {
        await confirmMark(db, entry);
        const answer = entry.response?.body as Partial<Notification> | undefined;
        const row = alertId === undefined ? undefined : ((await db.alerts.get(alertId)) as CustomerAlertRow | undefined);
        if (entry.call === MARK_ONE_CALL && row && answer?.id === alertId) {
          await db.alerts.put({ ...withoutMark(row), ...answer, is_read: 1, fetchedAt: now() } as CustomerAlertRow);
        }
        return;
      }
      if (entry.call === MARK_ONE_CALL && alertId !== undefined && entry.response?.status === 404) {
        await db.alerts.delete(alertId);
        return;
      }
      await undoMark(db, entry);
    },
  };
}
