/**
 * Optimistic effects of queued actions (DESIGN §4 point 1). A feature that
 * queues an action registers, under the action's call name, what the action
 * does to the replica at once (`apply`, in the same transaction that writes
 * the outbox row, so the screen and the outbox never disagree) and what the
 * server's final word does to it (`settle`: keep, confirm or undo).
 */
import type { Table, Transaction } from 'dexie';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';

export type ReplicaTableName = {
  [K in keyof ReplicaDatabase]: ReplicaDatabase[K] extends Table ? K : never;
}[keyof ReplicaDatabase];

/**
 * applied and rejected are the server's answer; expired means the action never
 * reached it. An expired action can still be applied later if the service
 * worker replays it after all, so `settle` may run twice for one entry.
 */
export type OutboxOutcome = 'applied' | 'rejected' | 'expired';

export interface OutboxEffect {
  /** The tables the hooks touch: they join the outbox's transaction. */
  tables: readonly ReplicaTableName[];
  apply(tx: Transaction, entry: OutboxEntry): Promise<void>;
  settle(tx: Transaction, entry: OutboxEntry, outcome: OutboxOutcome): Promise<void>;
}

export class OutboxEffects {
  private readonly byCall = new Map<string, OutboxEffect>();

  register(call: string, effect: OutboxEffect): void {
    if (this.byCall.has(call)) throw new Error(`An outbox effect is already registered for ${call}.`);
    this.byCall.set(call, effect);
  }

  get(call: string): OutboxEffect | undefined {
    return this.byCall.get(call);
  }

  /** The tables a transaction over these calls' rows must include. */
  tablesFor(db: ReplicaDatabase, calls: Iterable<string>): Table[] {
    const names = new Set<ReplicaTableName>();
    for (const call of calls) this.byCall.get(call)?.tables.forEach((name) => names.add(name));
    return [...names].map((name) => db[name] as Table);
  }
}
