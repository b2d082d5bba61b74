/**
 * Schema fuzz: every operation of the server's own OpenAPI document gets a
 * bounded, deterministic set of hostile but well-formed inputs (wrong types,
 * integers past what a column holds, NUL in text, very long text, bodies
 * nested 5,000 deep, huge arrays, unknown and missing fields, hostile path
 * parameters and query strings), anonymously and with a customer's token, on
 * every test database. Nothing may answer 5xx, and every 4xx is the shared
 * `{ message, code }`. A new call is fuzzed the moment it is in the document.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo-accounts.ts';
import { driverCalls as driverCalls_ } from '../../../src/api/driver/calls.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST';
  /** The OpenAPI path, `{param}` style. */
  path: string;
  name: string;
  body?: JsonSchema;
  parameters: Parameter[];
}

interface Probe {
  label: string;
  /** The body's shape alone is wrong (not an object, too deep, cut short): refused before any token is read, so sent once. */
  shapeOnly?: boolean;
  url: string;
  /** A raw JSON text, so bodies deeper than JSON.stringify likes are still sent exactly. */
  payload?: string;
}

const INT_PAST_COLUMN = 2 ** 31;
const DEEP = 5_000;
const LONG_TEXT = 'x'.repeat(20_000);
const HUGE_ARRAY_LENGTH = 20_000;
/** Leaves of a body mutated per call: enough to reach every field of nearly every call, bounded for the big console forms. */
const LEAVES_PER_CALL = 8;
/** Server-sent event streams: fuzzed anonymously only, so no probe opens a stream that stays open. */
const STREAMS = new Set(['/public/api/order-events/{unique_order_id}', '/public/api/store-order-events']);

/** mulberry32: the same sequence on every run, so a failure is reproducible from its label. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

/** A value the schema would likely take: the starting point each mutation changes one thing of. */
function sample(schema: JsonSchema, depth = 0, userId = 1): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sample(variants.find((variant) => variant.type !== 'null') ?? variants[0]!, depth, userId);
  if (schema.allOf?.length) return sample(schema.allOf[0]!, depth, userId);
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (key === 'token') continue; // the token travels in the Authorization header
        // The signed-in customer's own id, so calls that check "self" run on past that check.
        out[key] = key === 'user_id' ? userId : sample(child, depth + 1, userId);
      }
      return out;
    }
    case 'array':
      return depth > 6 || !schema.items ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items!, depth + 1, userId));
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return null;
  }
}

/** JSON-pointer-ish paths of the leaves of a sample (and of its arrays and objects), first LEAVES_PER_CALL. */
function leavesOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length >= LEAVES_PER_CALL) return out;
  if (prefix.length > 0) out.push(prefix);
  if (Array.isArray(value)) value.slice(0, 1).forEach((item, index) => leavesOf(item, [...prefix, index], out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leavesOf(child, [...prefix, key], out);
  }
  return out.slice(0, LEAVES_PER_CALL);
}

function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, next);
  return copy;
}

/** `[[[…0…]]]` nested `levels` deep, as text (JSON.stringify would recurse as deep). */
function deepJson(levels: number): string {
  return `${'['.repeat(levels)}0${']'.repeat(levels)}`;
}

/** `{"a":{"a":…0…}}` nested `levels` deep, as text. */
function deepObjectJson(levels: number): string {
  return `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`;
}

/** Values that replace one leaf: each must be refused or handled, never a 500. */
const LEAF_MUTATIONS: { label: string; json: (current: unknown) => string; applies?: (current: unknown) => boolean }[] = [
  { label: 'int 2^31', json: () => String(INT_PAST_COLUMN) },
  { label: 'int -1', json: () => '-1' },
  { label: 'number 1e308', json: () => '1e308' },
  { label: 'fraction 0.5', json: () => '0.5' },
  { label: 'NUL text', json: () => JSON.stringify('\u0000') },
  { label: 'NUL inside text', json: (current) => JSON.stringify(`${typeof current === 'string' ? current : 'a'}\u0000b`) },
  { label: 'long text', json: () => JSON.stringify(LONG_TEXT) },
  { label: 'wrong type', json: (current) => (typeof current === 'boolean' ? '"true"' : '{"x":1}') },
  { label: 'null', json: () => 'null' },
  // Only where an array goes: anywhere else it is one more wrong type, and the parsing is the slow part of the whole run.
  {
    label: `array of ${HUGE_ARRAY_LENGTH}`,
    json: (current) => `[${Array.from({ length: HUGE_ARRAY_LENGTH }, () => JSON.stringify((current as unknown[])[0] ?? 1)).join(',')}]`,
    applies: (current) => Array.isArray(current),
  },
  { label: `nested ${DEEP} deep`, json: (current) => (current && typeof current === 'object' && !Array.isArray(current) ? deepObjectJson(DEEP) : deepJson(DEEP)) },
];

/** Path parameter values: the column's bounds, NUL and junk, percent-encoded as a client would send them. */
const PARAM_MUTATIONS = ['2147483648', '9999999999', '0', '-1', '1e308', '0.5', '%00', 'a%00b', 'x'.repeat(300), '%F0%9F%8D%95'];

function bodyJson(value: unknown, path: (string | number)[], leafJson: string): string {
  // Put a marker in place of the leaf, then swap the marker for the raw JSON text.
  const marker = '"__FUZZ_LEAF__"';
  return JSON.stringify(replaced(value, path, '__FUZZ_LEAF__')).replace(marker, () => leafJson);
}

function probesOf(operation: Operation, userId: number): Probe[] {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const validParams = Object.fromEntries(pathParams.map((parameter) => [parameter.name, validParam(parameter)]));
  const urlWith = (params: Record<string, string>, query = ''): string =>
    operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '1') + query;
  const url = urlWith(validParams);
  const probes: Probe[] = [];

  for (const parameter of pathParams) {
    for (const value of PARAM_MUTATIONS) {
      probes.push({ label: `path ${parameter.name}=${value.slice(0, 20)}`, url: urlWith({ ...validParams, [parameter.name]: value }) });
    }
  }
  const queryValues = ['%00', '2147483648', 'x'.repeat(3000), '1e308'];
  for (const parameter of queryParams) {
    for (const value of queryValues) probes.push({ label: `query ${parameter.name}=${value.slice(0, 20)}`, url: urlWith(validParams, `?${parameter.name}=${value}`) });
  }
  if (operation.method === 'GET') {
    probes.push({ label: 'query unknown', url: urlWith(validParams, '?__fuzz=%00&__fuzz=2') });
    return probes;
  }

  const body = operation.body ? sample(operation.body, 0, userId) : {};
  probes.push({ label: 'valid-looking body', url, payload: JSON.stringify(body) });
  probes.push({ label: 'missing fields', url, payload: '{}' });
  probes.push({ label: 'unknown field', url, payload: JSON.stringify({ ...(body as object), __fuzz: '\u0000' }) });
  probes.push({ label: `body is an array of ${HUGE_ARRAY_LENGTH}`, url, shapeOnly: true, payload: `[${'0,'.repeat(HUGE_ARRAY_LENGTH)}0]` });
  probes.push({ label: 'body is a string', url, shapeOnly: true, payload: '"\\u0000"' });
  probes.push({ label: 'body is a number', url, shapeOnly: true, payload: '1e308' });
  probes.push({ label: `body nested ${DEEP} deep`, url, shapeOnly: true, payload: deepJson(DEEP) });
  probes.push({ label: `object nested ${DEEP} deep`, url, shapeOnly: true, payload: deepObjectJson(DEEP) });
  probes.push({ label: 'truncated JSON', url, shapeOnly: true, payload: JSON.stringify(body).slice(0, -1) });
  for (const path of leavesOf(body)) {
    const current = path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], body);
    for (const mutation of LEAF_MUTATIONS) {
      if (mutation.applies && !mutation.applies(current)) continue;
      probes.push({ label: `/${path.join('/')} ${mutation.label}`, url, payload: bodyJson(body, path, mutation.json(current)) });
    }
  }
  return probes;
}

function validParam(parameter: Parameter): string {
  return parameter.name === 'id' ? '1' : 'a';
}

function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as {
    paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST') continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        name: operation.operationId ?? `${upper} ${path}`,
        ...(body ? { body } : {}),
        parameters: operation.parameters ?? [],
      });
    }
  }
  // Calls that end the session go last, so the token stays good for the rest.
  const last = (operation: Operation) => (/logout|delete-user/.test(operation.path) ? 1 : 0);
  return operations.sort((a, b) => last(a) - last(b));
}

function problemOf(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 160)}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} not JSON: ${response.body.slice(0, 160)}`;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || typeof code !== 'string') return `${response.statusCode} not {message, code}: ${response.body.slice(0, 160)}`;
  return undefined;
}

describe.each(testDatabases())('schema fuzz on $kind', ({ kind }) => {
  let t: TestApp;
  let customerToken: string;
  let customerId: number;
  let driverToken: string;
  let driverCalls: Set<string>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const signIn = async (role: 'customer' | 'driver') => {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
      const login = await t.app.inject({ method: 'POST', url: '/public/api/login', payload: { email: account.email, password: account.password } });
      expect(login.statusCode).toBe(200);
      return login.json<{ data: { id: number; auth_token: string } }>().data;
    };
    ({ auth_token: customerToken, id: customerId } = await signIn('customer'));
    driverToken = (await signIn('driver')).auth_token;
    // The driver area's calls and the driver's moves are fuzzed with a driver's token as well: their handlers run further with it.
    driverCalls = new Set([...Object.keys(driverCalls_), 'accept-to-deliver', 'pickedup-order', 'deliver-order', 'set-delivery-guy-gps-location']);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers every mutation of every call with a 4xx {message, code} or a success, never a 5xx', async () => {
    const random = seeded(13);
    const operations = operationsOf(t.app);
    expect(operations.length).toBeGreaterThan(140);
    const failures: string[] = [];
    let fuzzed = 0;
    let serverErrors = 0;
    for (const operation of operations) {
      const streaming = STREAMS.has(operation.path);
      for (const probe of probesOf(operation, customerId)) {
        const tokens =
          streaming || probe.shapeOnly ? [undefined] : driverCalls.has(operation.name) ? [undefined, customerToken, driverToken] : [undefined, customerToken];
        for (const token of tokens) {
          const response = await t.app.inject({
            method: operation.method,
            url: probe.url,
            remoteAddress: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
            headers: {
              ...(probe.payload !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
          });
          fuzzed += 1;
          if (response.statusCode >= 500) serverErrors += 1;
          const problem = problemOf(response);
          if (problem) failures.push(`${operation.name} [${token === undefined ? 'anonymous' : token === driverToken ? 'driver' : 'customer'}] ${probe.label}: ${problem}`);
        }
      }
    }
    console.info(`schema fuzz on ${kind}: ${fuzzed} requests over ${operations.length} operations, ${serverErrors} answered 5xx, ${failures.length} failures`);
    expect(failures, `${failures.length} failures`).toEqual([]);
  }, 240_000);
});
