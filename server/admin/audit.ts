/**
 * The console's audit trail (issue 7: "every change is audited: who, when,
 * what"). Call recordAudit inside the transaction that makes the change, so a
 * change and its record land together or not at all.
 */
import type { Kysely } from 'kysely';
import type { AdminAuditTable, Database } from '../db/tables.ts';
import type { Selectable } from 'kysely';
import { createAuditRepository } from './audit-repository.ts';

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

/** Records the entry on `trx` (the audit repository's record; app.auditRepository.record(entry, trx) is the same). */
export async function recordAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await createAuditRepository(trx).record(entry, trx);
}

export type AuditRow = Selectable<AdminAuditTable>;
