/**
 * Hostile but well-formed input is the client's 400 on both databases, never
 * a 500 (issue 13): ids past what an integer column holds, NUL in text, and
 * bodies nested thousands deep. The schema fuzz (schema-fuzz.test.ts) sweeps
 * every call; these are the cases reported, spelled out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { DB_INTEGER_MAX } from '../../../src/api/column-bounds.ts';
import { toApiError } from '../../../server/http/error-handler.ts';
import { jsonDepth, MAX_JSON_DEPTH, pathOfNul } from '../../../server/plugins/hostile-input.ts';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo-accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall, loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

function expectRefusal(response: LightMyRequestResponse, code: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ message: unknown; code: unknown }>();
  expect(typeof body.message).toBe('string');
  expect(body.code).toBe(code);
}

describe('the JSON depth and NUL scanners', () => {
  it('measure nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth('[[[[[[', 3)).toBe(4);
  });
  it('find a NUL in a value or a key, with its path', () => {
    expect(pathOfNul({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('/a/1/c');
    expect(pathOfNul({ 'k\u0000': 1 })).toBe('/k\u0000');
    expect(pathOfNul({ a: ['fine'] })).toBeUndefined();
  });
});

describe('the error handler', () => {
  it("answers a PostgreSQL data exception a schema missed as the client's 400, a constraint's refusal 409, other database errors 500", () => {
    const pgError = (code: string) => Object.assign(new Error('pg says no'), { code, severity: 'ERROR' });
    for (const code of ['22P02', '22003', '22021', '22001']) {
      expect(toApiError(pgError(code))).toEqual({ status: 400, body: { message: expect.any(String), code: 'BAD_REQUEST' } });
    }
    expect(toApiError(pgError('40001')).status).toBe(500);
    // Two requests racing for one row (errors.test.ts makes one on both databases).
    expect(toApiError(pgError('23505'))).toEqual({ status: 409, body: { message: expect.any(String), code: 'CONFLICT' } });
  });
});

describe.each(testDatabases())('hostile input on $kind', ({ kind }) => {
  let t: TestApp;
  let customerToken: string;
  let customerId: number;
  let driverToken: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    customerToken = await loginAs(t.app, 'customer');
    driverToken = await loginAs(t.app, 'driver');
    const customer = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!;
    customerId = (await t.db.selectFrom('users').select('id').where('email', '=', customer.email).executeTakeFirstOrThrow()).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses ids past what an integer column holds, in bodies and in paths, anonymously', async () => {
    for (const id of [2 ** 31, 1e308, DB_INTEGER_MAX + 1]) {
      expectRefusal(await injectCall(t.app, 'get-single-item', { id }), 'VALIDATION_FAILED');
      expectRefusal(await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id, latitude: 0, longitude: 0 }), 'VALIDATION_FAILED');
    }
    for (const id of ['2147483648', '9999999999']) {
      expectRefusal(await injectCall(t.app, 'get-restaurant-items', {}, { params: { id } }), 'VALIDATION_FAILED');
      expectRefusal(await injectCall(t.app, 'get-restaurant-info-by-id', {}, { params: { id } }), 'VALIDATION_FAILED');
    }
    // The largest id a column holds is still a plain "no such item".
    expect((await injectCall(t.app, 'get-single-item', { id: DB_INTEGER_MAX })).statusCode).toBe(404);
    expect((await injectCall(t.app, 'get-restaurant-items', {}, { params: { id: String(DB_INTEGER_MAX) } })).statusCode).toBe(404);
  });

  it('refuses NUL in any text: body fields, keys, path parameters and query strings', async () => {
    const auth = { authorization: `Bearer ${customerToken}` };
    const status = await injectCall(t.app, 'get-order-status', { unique_order_id: 'OD-\u0000' }, { headers: auth });
    expectRefusal(status, 'VALIDATION_FAILED');
    expect(status.json<{ details: { path: string }[] }>().details[0]?.path).toBe('/unique_order_id');
    const address = { user_id: customerId, latitude: 40.44, longitude: -79.99, address: '1 Main St\u0000', house: null, tag: null };
    expectRefusal(await injectCall(t.app, 'save-address', address, { headers: auth }), 'VALIDATION_FAILED');
    const { address: _withNul, ...rest } = address;
    void _withNul;
    const saved = await injectCall(t.app, 'save-address', { ...rest, address: '1 Main St' }, { headers: auth });
    expect(saved.statusCode, saved.body).toBe(200);
    const path = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-restaurant-info/a%00b`, payload: {} });
    expectRefusal(path, 'VALIDATION_FAILED');
    const unknownKey = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-settings`, payload: '{"\\u0000":1}', headers: { 'content-type': 'application/json' } });
    expectRefusal(unknownKey, 'VALIDATION_FAILED');
  });

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} before parsing it, and takes one just within`, async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`;
    const batch = (inner: string) =>
      `{"actions":[{"key":"fuzz-key-0001","call":"toggle-delivery-guy-status","body":${inner}}]}`;
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/driver-actions`,
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${driverToken}` },
      });
    expectRefusal(await send(batch(deep(5_000))), 'BAD_REQUEST');
    expectRefusal(await send(batch(deep(MAX_JSON_DEPTH))), 'BAD_REQUEST');
    // Within the bound the batch runs: the step itself is refused by its own schema (a is no field of it).
    const within = await send(batch(deep(MAX_JSON_DEPTH - 4)));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json<{ results: { status: number }[] }>().results[0]?.status).toBe(400);
    // Prototype poisoning is still refused by the parser the bound delegates to.
    const poisoned = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/get-settings`,
      payload: '{"__proto__":{"x":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
    expect(typeof poisoned.json<{ code: unknown }>().code).toBe('string');
  });
});
