/**
 * What every catalogue write shares: it runs in one transaction with its
 * audit row (who, when, which call, which record, the values given), and its
 * input rules answer the same way (a field named in `details`, a code the
 * console can put into words).
 *
 * Nothing here tells the store lists about a change: the database does.
 * Triggers of migration 0004 bump the catalogue version inside the same
 * transaction on every write to a store, its hours or its category links,
 * and the nearby engine (and its answer cache) reload the changed stores on
 * the next read (at once in this process: db/write-watcher.ts). Menus,
 * slides, pages and coupons are read from the database on every call.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import type { ErrorCode } from '../../../src/api/errors.ts';
import type { Database } from '../../db/tables.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { HttpError } from '../../http/http-error.ts';
import type { AuditDetails } from '../audit.ts';
import { auditedText } from '../audit-values.ts';
import type { ConsoleUser } from '../admin-access.ts';

export interface CatalogActor {
  user: ConsoleUser;
  /** The call making the change, as the audit records it. */
  action: CallName;
}

export interface CatalogWrite<T> {
  result: T;
  /** The table-like name of what changed and its id, for the audit. */
  entity: string;
  entityId: number | null;
  details: AuditDetails;
}

/** Runs a write and records it in the audit log, together or not at all. */
export async function auditedWrite<T>(
  app: FastifyInstance,
  actor: CatalogActor,
  write: (trx: Kysely<Database>) => Promise<CatalogWrite<T>>,
): Promise<T> {
  return app.db.transaction().execute(async (trx) => {
    const done = await write(trx);
    await app.auditRepository.record(
      {
        userId: actor.user.id,
        role: actor.user.role,
        action: actor.action,
        entity: done.entity,
        entityId: done.entityId,
        details: done.details,
      },
      trx,
    );
    return done.result;
  });
}

/** The fields a save call was given (no token, nothing left out, long texts cut), as the audit records them. */
export function givenFields(body: Record<string, unknown>): AuditDetails {
  const details: AuditDetails = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'token' && value !== undefined) details[key] = typeof value === 'string' ? auditedText(value) : value;
  }
  return details;
}

export function fieldError(status: number, code: ErrorCode, field: string, message: string): HttpError {
  return new HttpError(status, code, message, [{ path: `/${field}`, message }]);
}

/** VALIDATION_FAILED naming each field a new record needs and the call did not give. */
export function requireOnCreate<T extends object>(body: T, fields: readonly (keyof T & string)[]): void {
  const missing = fields.filter((field) => body[field] === undefined);
  if (missing.length === 0) return;
  throw new HttpError(
    400,
    'VALIDATION_FAILED',
    `A new record needs ${missing.join(', ')}.`,
    missing.map((field) => ({ path: `/${field}`, message: 'is required to create' })),
  );
}

/** An address on this server (/public/images/…, not //host) or an https address with a host. */
function isOwnPathOrHttps(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

export function checkImageUrl(value: string | null | undefined, field = 'image'): void {
  if (value === null || value === undefined || isOwnPathOrHttps(value)) return;
  throw fieldError(400, 'INVALID_IMAGE_URL', field, `${field} must be a path on this site (/public/images/…) or an https address.`);
}

export function checkLink(value: string | null | undefined, field = 'url'): void {
  if (value === null || value === undefined || isOwnPathOrHttps(value)) return;
  throw fieldError(400, 'INVALID_LINK', field, `${field} must be a path in the app (/…) or an https address.`);
}

/** Runs a write whose unique rule may be broken by a racing writer; that becomes `code` (409) instead of a 500. */
export async function withUniqueAs<T>(code: ErrorCode, field: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) throw fieldError(409, code, field, message);
    throw error;
  }
}

/** A delete refused because rows elsewhere (orders) still point at the row, in either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** 1/0 for a boolean that was given; undefined stays undefined (the column is left as it is). */
export function flagOf(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** Only the keys whose value is defined: what an UPDATE should set. */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The ids of `ids` that are not rows of `table`. */
export async function unknownIds(
  app: FastifyInstance,
  table: 'restaurant_categories' | 'restaurants' | 'items',
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows =
    table === 'restaurants'
      ? await app.storesRepository.knownIds(ids)
      : table === 'restaurant_categories'
        ? await app.catalogRepository.knownCategoryIds(ids)
        : await app.menuRepository.knownItemIds(ids);
  const known = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => !known.has(id));
}

/** NOT_FOUND naming the ids of `ids` that do not exist. */
export async function assertAllExist(
  app: FastifyInstance,
  table: 'restaurant_categories' | 'restaurants' | 'items',
  ids: readonly number[] | undefined,
  field: string,
): Promise<void> {
  const missing = await unknownIds(app, table, ids ?? []);
  if (missing.length > 0) throw fieldError(404, 'NOT_FOUND', field, `${field}: there is nothing with id ${missing.join(', ')}.`);
}
