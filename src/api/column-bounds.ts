/**
 * What the database's columns hold, as bounds on what a call may send. Every
 * integer the API takes is an id, a cursor over ids or an amount in minor
 * units, all stored in 32-bit integer columns: PostgreSQL refuses a larger
 * value with an error (SQLite would just find nothing), so the schema refuses
 * it first, with the same 400 on both databases.
 */
import * as Type from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';

/** The largest value of an `integer` column (PostgreSQL int4; SQLite stores it the same way). */
export const DB_INTEGER_MAX = 2_147_483_647;
export const DB_INTEGER_MIN = -2_147_483_648;

/** An id in a path: digits only, 1 to DB_INTEGER_MAX (the pattern spells the bound out digit by digit). */
export const PathIdSchema = Type.String({
  pattern:
    '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$',
});

/**
 * A copy of a request schema whose integers without a bound of their own get
 * the column's: the server registers every call's body and params through it,
 * so a call added tomorrow is bounded too, and the OpenAPI document says so.
 */
export function withColumnBounds<T extends TSchema>(schema: T): T {
  return bound(schema) as T;
}

function bound(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bound);
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string | symbol, unknown> = {};
  for (const key of Reflect.ownKeys(value)) copy[key] = bound((value as Record<string | symbol, unknown>)[key]);
  if (copy.type === 'integer') {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = DB_INTEGER_MAX;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = DB_INTEGER_MIN;
  }
  return copy;
}
