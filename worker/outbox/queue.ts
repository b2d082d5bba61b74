/**
 * Writing a queued action (DESIGN §4 point 1): one outbox row whose id is the
 * Idempotency-Key, its place in line from a counter in prefs, and the
 * action's optimistic effect, all in one transaction.
 */
import { isOutboxKind, type OutboxEntry } from '../../src/api/outbox.ts';
import type { QueueActionInput } from '../../src/api/worker-api.ts';
import { PrefKey, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { OutboxEffects } from './effects.ts';

export async function queueAction(
  db: ReplicaDatabase,
  effects: OutboxEffects,
  input: QueueActionInput,
  now: number,
): Promise<OutboxEntry> {
  // The input crossed the worker boundary: its types were not checked there.
  if (!isOutboxKind(input.kind)) throw new Error(`Unknown outbox kind: ${String(input.kind)}`);
  const effect = effects.get(input.call);
  const tables = [db.outbox, db.prefs, ...effects.tablesFor(db, [input.call])];
  return db.transaction('rw', tables, async (tx) => {
    const seqRow = await db.prefs.get(PrefKey.outboxSeq);
    const createdSeq = (typeof seqRow?.value === 'number' ? seqRow.value : 0) + 1;
    await db.prefs.put({ key: PrefKey.outboxSeq, value: createdSeq });
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      kind: input.kind,
      call: input.call,
      body: input.body,
      status: 'pending',
      userKey: input.userKey,
      actedAt: new Date(now).toISOString(),
      createdSeq,
      attempts: 0,
      label: input.label,
    };
    await db.outbox.add(entry);
    await effect?.apply(tx, entry);
    return entry;
  });
}
