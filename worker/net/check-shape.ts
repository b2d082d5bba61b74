/**
 * The worker's own check of an answer against the contract's schemas, so the
 * worker does not ship TypeBox's validator. A TypeBox schema is plain JSON
 * Schema; this walks exactly the keywords src/api uses (CHECKED_KEYWORDS) and
 * accepts exactly what `Value.Check` accepts with TypeBox's default policy:
 * numbers must be finite, arrays are not objects, and an optional property
 * may hold `undefined`. tests/unit/worker/net/check-shape.test.ts fails when the
 * contract starts using a keyword missing here, and compares every verdict
 * with TypeBox's.
 */
import type { TSchema } from '@sinclair/typebox';

/** Every keyword `findProblem` reads; `$id` names a schema and constrains nothing. */
export const CHECKED_KEYWORDS = [
  '$id',
  'type',
  'const',
  'anyOf',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
] as const;

/** The first thing wrong with a value: a JSON pointer into it (`''` is the value itself) and what was expected. */
export interface ShapeProblem {
  path: string;
  message: string;
}

interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  const?: unknown;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  patternProperties?: Record<string, Schema>;
}

type Found = ShapeProblem | undefined;

export function checkValue(schema: TSchema, value: unknown): boolean {
  return findProblem(schema, value) === undefined;
}

export function findProblem(schema: TSchema, value: unknown): Found {
  return visit(schema as Schema, value, '');
}

const regexes = new Map<string, RegExp>();
function matches(pattern: string, text: string): boolean {
  let regex = regexes.get(pattern);
  if (!regex) regexes.set(pattern, (regex = new RegExp(pattern)));
  return regex.test(text);
}

const problem = (path: string, message: string): ShapeProblem => ({ path, message });
/** A JSON pointer segment (RFC 6901), as TypeBox writes its error paths. */
const segment = (path: string, key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
const atLeast = (size: number, limit: number | undefined) => limit === undefined || size >= limit;
const atMost = (size: number, limit: number | undefined) => limit === undefined || size <= limit;

function visit(schema: Schema, value: unknown, path: string): Found {
  if (schema.anyOf) {
    return schema.anyOf.some((alternative) => !visit(alternative, value, path)) ? undefined : problem(path, 'Expected one of the alternatives');
  }
  if ('const' in schema) return value === schema.const ? undefined : problem(path, `Expected ${JSON.stringify(schema.const)}`);
  switch (schema.type) {
    case 'null':
      return value === null ? undefined : problem(path, 'Expected null');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : problem(path, 'Expected boolean');
    case 'integer':
    case 'number':
      if (!(schema.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value))) return problem(path, `Expected ${schema.type}`);
      return atLeast(value as number, schema.minimum) && atMost(value as number, schema.maximum)
        ? undefined
        : problem(path, `Expected a number from ${schema.minimum ?? '-∞'} to ${schema.maximum ?? '∞'}`);
    case 'string':
      if (typeof value !== 'string') return problem(path, 'Expected string');
      if (!atLeast(value.length, schema.minLength) || !atMost(value.length, schema.maxLength)) {
        return problem(path, `Expected ${schema.minLength ?? 0} to ${schema.maxLength ?? '∞'} characters`);
      }
      return schema.pattern === undefined || matches(schema.pattern, value) ? undefined : problem(path, `Expected string to match ${schema.pattern}`);
    case 'array':
      return visitArray(schema, value, path);
    case 'object':
      return visitObject(schema, value, path);
    default:
      return undefined;
  }
}

function visitArray(schema: Schema, value: unknown, path: string): Found {
  if (!Array.isArray(value)) return problem(path, 'Expected array');
  if (!atLeast(value.length, schema.minItems) || !atMost(value.length, schema.maxItems)) {
    return problem(path, `Expected ${schema.minItems ?? 0} to ${schema.maxItems ?? '∞'} items`);
  }
  for (let index = 0; index < value.length; index += 1) {
    const found = schema.items && visit(schema.items, value[index], segment(path, index));
    if (found) return found;
  }
  if (schema.uniqueItems && new Set(value.map(identity)).size !== value.length) return problem(path, 'Expected unique items');
  return undefined;
}

function visitObject(schema: Schema, value: unknown, path: string): Found {
  const isRecord = schema.patternProperties !== undefined;
  // TypeBox's records also refuse a Date or a Uint8Array: JSON has neither, yet the verdicts stay identical.
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (isRecord && (value instanceof Date || value instanceof Uint8Array))) {
    return problem(path, 'Expected object');
  }
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const patterns = Object.entries(schema.patternProperties ?? {});
  // In TypeBox's order: missing properties, then unexpected ones, then each property's value.
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(record, key)) return problem(segment(path, key), 'Expected required property');
  }
  const keys = Object.keys(record);
  if (schema.additionalProperties === false) {
    const extra = keys.find((key) => !Object.hasOwn(properties, key) && !patterns.some(([pattern]) => matches(pattern, key)));
    if (extra !== undefined) return problem(segment(path, extra), 'Unexpected property');
  }
  for (const [key, property] of Object.entries(properties)) {
    // An optional property may be absent or undefined; a required one must hold a value its schema accepts.
    const found = (schema.required?.includes(key) || record[key] !== undefined) && visit(property, record[key], segment(path, key));
    if (found) return found;
  }
  for (const key of keys) {
    for (const [pattern, property] of patterns) {
      const found = matches(pattern, key) && visit(property, record[key], segment(path, key));
      if (found) return found;
    }
  }
  return undefined;
}

/** Equal JSON values get equal strings: object keys sorted, and -0 told apart from 0 as TypeBox's hash does. */
function identity(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(identity).join()}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${identity(record[key])}`).join()}}`;
  }
  return Object.is(value, -0) ? '-0' : (JSON.stringify(value) ?? String(value));
}
