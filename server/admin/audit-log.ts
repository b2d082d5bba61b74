/**
 * Reading the console's audit trail (admin/get-audit-log): newest first,
 * filtered by what was touched or who did it, paged by id. The indexes of
 * migration 0009 serve each filter.
 */
import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_SIZE, type AuditPage } from '../../src/api/admin/entities.ts';

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
    // Written by the audit repository as JSON; anything else was put there by hand, and is shown as it is.
    return { raw: json };
  }
}

export async function auditPage(app: FastifyInstance, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const rows = await app.auditRepository.page(
    { entity: query.entity, entityId: query.entityId, userId: query.userId, before: query.before },
    limit + 1,
  );
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
