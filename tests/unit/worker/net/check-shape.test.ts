// @vitest-environment node
/**
 * The worker's own schema check (worker/net/check-shape.ts) against TypeBox's
 * `Value.Check`, which only this test loads: the contract must use no keyword
 * the checker skips, and on every schema of the contract both must agree on
 * valid answers and on many broken ones, down to the path of the first problem.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { VersionResponse, appCalls } from '../../../../src/api/calls.ts';
import { ApiErrorSchema } from '../../../../src/api/error-schema.ts';
import { createApiClient } from '../../../../worker/net/api-client.ts';
import { CHECKED_KEYWORDS, checkValue, findProblem } from '../../../../worker/net/check-shape.ts';
import type { HttpOutcome } from '../../../../worker/net/http.ts';

type Json = Record<string, unknown>;
const asJson = (schema: TSchema) => schema as unknown as Json;

/** Every top-level schema of the calls the worker makes (the console's it never checks), named for the failure messages. */
const roots: [string, TSchema][] = [
  ...Object.entries(appCalls).flatMap(([name, call]): [string, TSchema][] => [
    [`${name} response`, call.response],
    [`${name} body`, call.body],
    ...('params' in call ? [[`${name} params`, call.params] as [string, TSchema]] : []),
  ]),
  ['version', VersionResponse],
  ['error', ApiErrorSchema],
];

/** The schemas a schema holds, under the keywords the checker descends into. */
function children(schema: Json): [string, Json][] {
  const nested: [string, Json][] = [];
  for (const keyword of ['properties', 'patternProperties'] as const) {
    for (const [key, child] of Object.entries((schema[keyword] ?? {}) as Record<string, Json>)) nested.push([`${keyword}/${key}`, child]);
  }
  if (schema.items) nested.push(['items', schema.items as Json]);
  ((schema.anyOf ?? []) as Json[]).forEach((child, index) => nested.push([`anyOf/${index}`, child]));
  return nested;
}

function everySchema(): [string, Json][] {
  const all: [string, Json][] = [];
  const walk = (where: string, schema: Json) => {
    all.push([where, schema]);
    for (const [key, child] of children(schema)) walk(`${where}/${key}`, child);
  };
  for (const [name, schema] of roots) walk(name, asJson(schema));
  return all;
}

/** TypeBox kinds whose `Value.Check` is exactly what their JSON Schema keywords say. */
const PLAIN_KINDS = ['Object', 'Record', 'Array', 'Union', 'Literal', 'String', 'Integer', 'Number', 'Boolean', 'Null'];
const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];

describe('the contract uses only what the checker checks', () => {
  it('every keyword of every schema reachable from the call table, the version file and the error shape', () => {
    const problems: string[] = [];
    const used = new Set<string>();
    for (const [where, schema] of everySchema()) {
      for (const keyword of Object.keys(schema)) {
        used.add(keyword);
        if (!(CHECKED_KEYWORDS as readonly string[]).includes(keyword)) problems.push(`${where}: keyword "${keyword}" is not checked`);
      }
      for (const symbol of Object.getOwnPropertySymbols(schema)) {
        // Optional only takes a key out of `required`, which the checker reads.
        if (symbol !== Kind && symbol !== OptionalKind) problems.push(`${where}: TypeBox modifier ${String(symbol)}`);
      }
      const kind = schema[Kind as unknown as string];
      if (!PLAIN_KINDS.includes(String(kind))) problems.push(`${where}: TypeBox kind ${String(kind)}`);
      if ('type' in schema && !TYPES.includes(String(schema.type))) problems.push(`${where}: type ${JSON.stringify(schema.type)}`);
      if ('additionalProperties' in schema && typeof schema.additionalProperties !== 'boolean') problems.push(`${where}: additionalProperties holds a schema`);
      if ('items' in schema && Array.isArray(schema.items)) problems.push(`${where}: tuple items`);
      // TypeBox's records read their first pattern only.
      if ('patternProperties' in schema && Object.keys(schema.patternProperties as Json).length !== 1) problems.push(`${where}: several patternProperties`);
      if ('properties' in schema && 'patternProperties' in schema) problems.push(`${where}: properties beside patternProperties`);
    }
    expect(problems).toEqual([]);
    // And nothing is handled that the contract no longer needs.
    expect([...used].sort()).toEqual([...CHECKED_KEYWORDS].sort());
  });
});

// ---------------------------------------------------------------------------
// Valid values: TypeBox's defaults, fuller values built from the schema, and
// answers as the server writes them.
// ---------------------------------------------------------------------------

/** Strings that match each pattern of the contract. */
const PATTERN_EXAMPLES: Record<string, string[]> = {
  '^[a-z0-9]+(?:-[a-z0-9]+)*$': ['corner-bakery', 'x9'],
  '^[1-9][0-9]{0,9}$': ['12', '9999999999'],
  // A path id: 1 to 2147483647, what an integer column holds (column-bounds.ts).
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$': [
    '12',
    '2147483647',
  ],
  // An in-app path a payment returns to.
  '^/(?![/\\\\])[^\\s]*$': ['/checkout', '/running-order/FP-ABCD2345?paid=1'],
  // A gateway's reference (Stripe's pi_…, Razorpay's order_…).
  '^[A-Za-z0-9_.:-]+$': ['pi_3Nz9XYZ', 'order_ABC.123:x-y'],
  // An Idempotency-Key in a driver-actions batch.
  '^[A-Za-z0-9_-]+$': ['3f2b9c1e-7d4a-4b8e-9a51-0c6d2e8f1a77', 'step_0001'],
  // A language code (LANGUAGE_CODE_PATTERN): the catalogue calls' language.
  '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$': ['ar', 'pt-BR'],
  // ISO-8601 with a zone (a driver's acted_at, a GPS fix's time).
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$': ['2026-11-21T18:30:00.000Z', '2026-11-21T19:30+01:00'],
};

/** A valid value, made different by `variant`: another alternative of each union, optional properties there or not. */
function build(schema: Json, variant: number): unknown {
  if (schema.anyOf) {
    const alternatives = schema.anyOf as Json[];
    return build(alternatives[variant % alternatives.length]!, variant);
  }
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'null':
      return null;
    case 'boolean':
      return variant % 2 === 0;
    case 'integer':
      return Math.min(Math.max(7 + variant, (schema.minimum as number | undefined) ?? -Infinity), (schema.maximum as number | undefined) ?? Infinity);
    case 'number':
      return Math.min(Math.max(40.25 + variant, (schema.minimum as number | undefined) ?? -Infinity), (schema.maximum as number | undefined) ?? Infinity);
    case 'string': {
      if (schema.pattern) {
        const examples = PATTERN_EXAMPLES[schema.pattern as string];
        if (!examples) throw new Error(`Add examples for the pattern ${String(schema.pattern)}`);
        return examples[variant % examples.length];
      }
      const text = ['Market Square', 'ünïcode ✓', 'a'][variant % 3]!;
      return text.slice(0, (schema.maxLength as number | undefined) ?? text.length).padEnd((schema.minLength as number | undefined) ?? 0, 'z');
    }
    case 'array': {
      const length = Math.min(Math.max(2, (schema.minItems as number | undefined) ?? 0), (schema.maxItems as number | undefined) ?? 2);
      return Array.from({ length }, (_, index) => build(schema.items as Json, variant + index));
    }
    case 'object': {
      if (schema.patternProperties) {
        const [, values] = Object.entries(schema.patternProperties as Record<string, Json>)[0]!;
        return { 'home.title': build(values, variant), '': build(values, variant + 1) };
      }
      const required = (schema.required ?? []) as string[];
      const value: Json = {};
      for (const [key, property] of Object.entries(schema.properties as Record<string, Json>)) {
        if (required.includes(key) || variant % 2 === 1) value[key] = build(property, variant + key.length);
      }
      return value;
    }
    default:
      throw new Error(`No builder for ${JSON.stringify(schema)}`);
  }
}

function tryCreate(schema: TSchema): unknown[] {
  try {
    return [Value.Create(schema)];
  } catch {
    return []; // TypeBox cannot invent a string for a pattern or unique items; `build` can.
  }
}

const STORE = {
  id: 3, name: 'Corner Bakery', slug: 'corner-bakery', city: 'Riverton', description: 'Bread, pies & coffee.', image: '/public/images/stores/3.webp',
  is_active: true, is_featured: false, custom_featured_name: null, custom_message_on_list: 'Free coffee before 9',
  avgRating: 4.25, rating: 4, reviews_count: 12, delivery_time: 25, price_range: 1800, distance: 1.2, delivery_type: 3,
  store_color: null, latitude: 40.4406, longitude: -79.9959, is_open: true,
};
const DETAIL = { ...STORE, delivery_radius_km: 7.5, timezone: 'America/New_York', opening_hours: [{ day: 0, opens: '09:00', closes: '01:00' }], categories_ids: [1, 4] };
const ITEM = {
  id: 31, restaurant_id: 3, item_category_id: null, name: 'Apple pie', description: '', price: 450, image: null, is_veg: true, is_recommended: true, is_active: true,
  addon_categories: [{ id: 2, name: 'Extras', type: 'MULTI', min_select: 0, max_select: null, addons: [{ id: 5, name: 'Cream', price: 50 }] }],
};

/** Answers as the server writes them, per call. */
const REALISTIC: Partial<Record<string, unknown[]>> = {
  'get-settings response': [[{ key: 'storeName', value: 'FoodPilot' }]],
  'get-single-language response': [{ id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: true, data: { 'home.title': 'Home', 'a\nb': 'two lines' } }],
  'get-delivery-restaurants response': [[STORE, { ...STORE, id: 4, distance: null, custom_featured_name: 'Top pick', store_color: '#ff6600' }]],
  'get-restaurant-info response': [DETAIL],
  'get-restaurant-info-with-favourite response': [{ ...DETAIL, is_favourite: false }],
  'get-restaurant-info-and-operational-status response': [{ ...DETAIL, delivers_to_location: true }],
  'get-restaurant-items response': [{ recommended: [ITEM], categories: [{ id: 1, name: 'Pies', items: [ITEM, { ...ITEM, id: 32, addon_categories: [] }] }] }],
  'search-restaurants response': [{ restaurants: [STORE], items: [{ ...ITEM, restaurant: { id: 3, name: 'Corner Bakery', slug: 'corner-bakery', city: 'Riverton' } }] }],
  'get-store-reviews response': [{ restaurant: { id: 3, name: 'Corner Bakery', slug: 'corner-bakery', city: 'Riverton' }, avgRating: 4.5, reviews_count: 2, reviews: [{ id: 1, rating: 5, comment: 'Great', user_name: 'Ann', created_at: '2026-01-02T10:00:00Z' }] }],
  'login response': [{ success: true, data: { id: 2, name: 'Casey', email: 'customer@foodpilot.test', phone: null, phone_verified: false, role: 'customer', avatar: null, tax_number: null, wallet_balance: 1750, created_at: '2026-01-02T10:00:00.000Z', auth_token: 'abc.def', acting_agent_id: null } }],
  'coordinate-to-address response': ['Market Square, Riverton'],
  'get-filtered-restaurants body': [{ latitude: 40.44, longitude: -79.99, category_ids: [1, 2, 3] }],
  error: [{ message: 'Check the form.', code: 'VALIDATION_FAILED', details: [{ path: '/slug', message: 'Expected string' }] }],
};

// ---------------------------------------------------------------------------
// Broken values: every position of a valid value replaced by each of a set of
// wrong (and some right) values, plus edits that only make sense for its schema.
// ---------------------------------------------------------------------------

const REMOVE = Symbol('remove');
type Edit = unknown; // a new value, or REMOVE

/** Values to put anywhere: each wrong type, null, non-integers, non-finite numbers, edge strings, empty containers. */
const PALETTE: unknown[] = [null, undefined, true, false, 0, -0, 1, -1, 1.5, 1e12, NaN, Infinity, '', 'x', 'ltr', 'MULTI', 'BAD_REQUEST', [], [1], {}, { extra: 1 }, new Date(0)];

interface Position {
  path: (string | number)[];
  schema: Json;
  value: unknown;
}

/** Every position of a valid value with the schema that governs it (the union alternative that accepts it). */
function positions(schema: Json, value: unknown, path: (string | number)[] = []): Position[] {
  if (schema.anyOf) {
    const alternative = (schema.anyOf as Json[]).find((candidate) => Value.Check(candidate as unknown as TSchema, value));
    return [{ path, schema, value }, ...(alternative ? positions(alternative, value, path) : [])];
  }
  const found: Position[] = [{ path, schema, value }];
  if (Array.isArray(value) && schema.items) value.forEach((item, index) => found.push(...positions(schema.items as Json, item, [...path, index])));
  if (schema.type === 'object' && value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const property = (schema.properties as Record<string, Json> | undefined)?.[key] ?? Object.values((schema.patternProperties ?? {}) as Record<string, Json>)[0];
      if (property) found.push(...positions(property, item, [...path, key]));
    }
  }
  return found;
}

function editsFor(schema: Json, value: unknown): Edit[] {
  const edits: Edit[] = [...PALETTE, REMOVE];
  const constraint = (keyword: string) => schema[keyword] as number | undefined;
  for (const alternative of (schema.anyOf ?? []) as Json[]) {
    if ('const' in alternative) edits.push(typeof alternative.const === 'number' ? alternative.const + 1 : `${String(alternative.const)}x`);
  }
  if ('const' in schema) edits.push(typeof schema.const === 'string' ? schema.const.toUpperCase() : !schema.const);
  const minimum = constraint('minimum');
  const maximum = constraint('maximum');
  if (minimum !== undefined) edits.push(minimum, minimum - 1, minimum - 0.5);
  if (maximum !== undefined) edits.push(maximum, maximum + 1, maximum + 0.5);
  const minLength = constraint('minLength');
  const maxLength = constraint('maxLength');
  if (minLength !== undefined) edits.push('a'.repeat(minLength), 'a'.repeat(Math.max(0, minLength - 1)));
  if (maxLength !== undefined) edits.push('a'.repeat(maxLength), 'a'.repeat(maxLength + 1), '✓'.repeat(maxLength));
  if (schema.pattern) edits.push('Not A Slug', '-a', 'a--b', '0', '01', '12345678901', 'ab\n', ...(PATTERN_EXAMPLES[schema.pattern as string] ?? []));
  if (Array.isArray(value)) {
    edits.push([...value, ...value.slice(0, 1)], [...value, null], value.slice(1));
    const minItems = constraint('minItems');
    const maxItems = constraint('maxItems');
    if (minItems !== undefined) edits.push(value.slice(0, Math.max(0, minItems - 1)));
    if (maxItems !== undefined && value.length > 0) edits.push(Array.from({ length: maxItems + 1 }, (_, index) => (typeof value[0] === 'number' ? index + 1 : value[0])));
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Json;
    edits.push({ ...record, extra: 1 }, { ...record, extra: 'text' }, { ...record, 'x\ny': 1 }, Object.assign(new Date(0), record));
    for (const key of Object.keys(record)) {
      const { [key]: _dropped, ...rest } = record;
      edits.push(rest, { ...record, [key]: undefined });
    }
    for (const key of Object.keys((schema.properties ?? {}) as Json)) {
      if (!(key in record)) edits.push({ ...record, [key]: undefined }, { ...record, [key]: 'x' });
    }
  }
  return edits;
}

function replaced(root: unknown, path: (string | number)[], edit: Edit): unknown {
  if (path.length === 0) return edit === REMOVE ? undefined : edit;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (edit === REMOVE && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = replaced(root[head as number], rest, edit);
    return copy;
  }
  const copy = { ...(root as Json) };
  if (edit === REMOVE && rest.length === 0) delete copy[head as string];
  else copy[head as string] = replaced((root as Json)[head as string], rest, edit);
  return copy;
}

function describeValue(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item === undefined ? '<undefined>' : Number.isNaN(item) ? '<NaN>' : item))?.slice(0, 160) ?? String(value);
}

// Every mutation at every position of the larger answers takes seconds, more
// when the other test files share the two cores: a generous time-out, not a flaky one.
describe('the checker agrees with TypeBox', { timeout: 60_000 }, () => {
  for (const [name, schema] of roots) {
    it(name, () => {
      const json = asJson(schema);
      const valid = [...tryCreate(schema), build(json, 0), build(json, 1), build(json, 2), ...(REALISTIC[name] ?? [])];
      const disagreements: string[] = [];
      let accepted = 0;
      let rejected = 0;
      for (const value of valid) {
        expect(Value.Check(schema, value), `not a valid ${name}: ${describeValue(value)}`).toBe(true);
        for (const position of positions(json, value)) {
          for (const edit of editsFor(position.schema, position.value)) {
            const broken = replaced(value, position.path, edit);
            const expected = Value.Check(schema, broken);
            const problem = findProblem(schema, broken);
            if (checkValue(schema, broken) !== expected || (problem === undefined) !== expected) {
              disagreements.push(`${describeValue(broken)}: TypeBox ${expected}, ours ${!expected}`);
              continue;
            }
            if (expected) {
              accepted += 1;
              continue;
            }
            rejected += 1;
            const first = Value.Errors(schema, broken).First();
            if (problem?.path !== first?.path) disagreements.push(`${describeValue(broken)}: TypeBox first at "${first?.path}", ours at "${problem?.path}"`);
          }
        }
      }
      expect(disagreements.slice(0, 20)).toEqual([]);
      // The edits did reach both verdicts.
      expect(rejected).toBeGreaterThan(10);
      expect(accepted).toBeGreaterThan(0);
    });
  }
});

describe('the worker reports a broken answer', () => {
  const answering = (body: unknown) =>
    createApiClient({ send: async (): Promise<HttpOutcome> => ({ kind: 'answer', status: 200, body, isJson: true }), retries: 0 });

  it('as a bad response naming the path of the first problem', async () => {
    const stores = [STORE, { ...STORE, id: 4, distance: 'far' }];
    expect(await answering(stores).call('get-delivery-restaurants', { latitude: 40.44, longitude: -79.99 })).toEqual({
      ok: false,
      reason: 'bad-response',
      message: 'Unexpected answer from /public/api/get-delivery-restaurants at "/1/distance": Expected one of the alternatives',
    });
    const missing = await answering([{ key: 'storeName' }]).call('get-settings', {});
    expect(missing).toMatchObject({ ok: false, reason: 'bad-response', message: expect.stringContaining('at "/0/value": Expected required property') });
    const page = await answering('<!doctype html>').call('get-pages', {});
    expect(page).toMatchObject({ ok: false, reason: 'bad-response', message: expect.stringContaining('at "/": Expected array') });
  });

  it('and hands over a valid one untouched', async () => {
    expect(await answering([STORE]).call('get-delivery-restaurants', { latitude: 40.44, longitude: -79.99 })).toEqual({ ok: true, value: [STORE] });
    expect(await answering({ forceNewSettingsVersion: '3', forceCacheClearVersion: '1' }).getVersion()).toMatchObject({ ok: true });
  });
});

describe('the worker ships no TypeBox validator', () => {
  it('imports TypeBox in worker/ for its types only', () => {
    const dir = resolve(import.meta.dirname, '../../../../worker');
    const runtime = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /^import\s+(?!type\b)[^;]*from\s+'@sinclair\/typebox/m.test(readFileSync(resolve(dir, file), 'utf8')));
    expect(runtime).toEqual([]);
  });
});
