/**
 * The console's audit trail (issue 7: "every change is audited: who, when,
 * what"). Call recordAudit inside the transaction that makes the change, so a
 * change and its record land together or not at all.
 */
import type { Kysely } from 'kysely';
import type { AdminAuditTable, Database } from '../db/tables.ts';
import type { Selectable } from 'kysely';

export type AuditDetails = Record<string, unknown>;

export interface AuditEntry {
  userId: number;
  role: string;
  /** The call name, e.g. 'admin/save-settings'. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** The values that changed; never secrets or passwords. */
  details?: AuditDetails;
  now?: Date;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
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
}

export type AuditRow = Selectable<AdminAuditTable>;
