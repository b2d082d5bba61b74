/**
 * Reading the console's audit trail (admin/get-audit-log): newest first,
 * filtered by what was touched or who did it, paged by id. The indexes of
 * migration 0009 serve each filter.
 */
import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type AuditPage } from '../../src/api/admin/entities.ts';
import type { Database } from '../db/tables.ts';

export interface AuditQuery {
  entity?: string | undefined;
  entityId?: string | undefined;
  userId?: number | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

function parsedDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    // Written by recordAudit as JSON; anything else was put there by hand, and is shown as it is.
    return { raw: json };
  }
}

export async function auditPage(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  let select = db
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.user_id', 'u.name as user_name', 'a.role', 'a.action', 'a.entity', 'a.entity_id', 'a.details', 'a.created_at']);
  if (query.entity !== undefined) select = select.where('a.entity', '=', query.entity);
  if (query.entityId !== undefined) select = select.where('a.entity_id', '=', query.entityId);
  if (query.userId !== undefined) select = select.where('a.user_id', '=', query.userId);
  if (query.before !== undefined) select = select.where('a.id', '<', query.before);
  const rows = await select
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: Number(row.id),
      user_id: Number(row.user_id),
      user_name: row.user_name ?? '',
      role: row.role,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      details: parsedDetails(row.details),
      created_at: row.created_at,
    })),
    next_before: rows.length > limit ? Number(page.at(-1)?.id) : null,
  };
}
