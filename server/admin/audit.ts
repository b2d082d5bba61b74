/**
 * The console's audit trail (issue 7: "every change is audited: who, when,
 * what"). Record an entry with app.auditRepository.record(entry, trx) inside
 * the transaction that makes the change, so a change and its record land
 * together or not at all.
 */
import type { Selectable } from 'kysely';
import type { AdminAuditTable } from '../db/tables.ts';

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

export type AuditRow = Selectable<AdminAuditTable>;
