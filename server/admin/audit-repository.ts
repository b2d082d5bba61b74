/**
 * The console's audit log: every line of SQL on admin_audit. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { AuditEntry } from './audit.ts';

export function createAuditRepository(db: Kysely<Database>) {
  return {
    /** Records one change made in the console (call it in the transaction that makes the change). */
    async record(entry: AuditEntry, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('admin_audit')
        .values({
          user_id: entry.userId,
          role: entry.role,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
          details: JSON.stringify(entry.details ?? {}),
          created_at: (entry.now ?? new Date()).toISOString(),
        })
        .execute();
    },

    /**
     * A page of the audit trail with each author's name, newest first: filtered
     * by what was touched or who did it, below the id `before`, at most `limit`.
     */
    async page(
      filter: { entity?: string | undefined; entityId?: string | undefined; userId?: number | undefined; before?: number | undefined },
      limit: number,
      trx: Kysely<Database> = db,
    ) {
      let select = trx
        .selectFrom('admin_audit as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.id', 'a.user_id', 'u.name as user_name', 'a.role', 'a.action', 'a.entity', 'a.entity_id', 'a.details', 'a.created_at']);
      if (filter.entity !== undefined) select = select.where('a.entity', '=', filter.entity);
      if (filter.entityId !== undefined) select = select.where('a.entity_id', '=', filter.entityId);
      if (filter.userId !== undefined) select = select.where('a.user_id', '=', filter.userId);
      if (filter.before !== undefined) select = select.where('a.id', '<', filter.before);
      return select
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    // Methods go above this line.
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
