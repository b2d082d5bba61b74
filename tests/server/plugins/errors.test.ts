/**
 * The one error shape: every failure a client can cause answers
 * `{ message, code }` with a status chosen on purpose, and a server failure
 * never shows its insides.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/api/errors.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { BODY_LIMIT_BYTES } from '../../../server/app.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const SECRET = 'connection to db-primary.internal:5432 refused (password hunter2)';

function registerTestRoutes(app: FastifyInstance): void {
  app.post(`${API_PREFIX}/test-explode`, async () => {
    throw new Error(SECRET);
  });
  // Two requests racing for one row: the second insert of the same key breaks the primary key.
  app.post(`${API_PREFIX}/test-duplicate-row`, async () => {
    const row = { key: 'testRaceKey', value: 'one' };
    await app.db.insertInto('settings').values(row).execute();
    await app.db.insertInto('settings').values(row).execute();
    return { ok: true };
  });
  app.post(`${API_PREFIX}/test-limited`, { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({
    ok: true,
  }));
}

describe.each(testDatabases())('errors on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false, register: registerTestRoutes });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('malformed JSON is a 400 BAD_REQUEST', async () => {
    const response = await post(`${API_PREFIX}/get-single-language`, '{"id": 1,');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(isApiError(response.json())).toBe(true);
  });

  it('a wrong type is a 400 VALIDATION_FAILED naming the field', async () => {
    const response = await post(`${API_PREFIX}/get-single-language`, '{"id": "one"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: '/id' })],
    });
  });

  it('a number sent as a string is not quietly coerced', async () => {
    const response = await post(`${API_PREFIX}/get-single-language`, '{"id": "1"}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a missing field is a 400 VALIDATION_FAILED naming the field', async () => {
    const response = await post(`${API_PREFIX}/get-single-language`, '{}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/id' }] });
  });

  it('an unknown field is a 400, not silently dropped', async () => {
    const response = await post(`${API_PREFIX}/get-settings`, '{"surprise": true}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/surprise', message: expect.stringContaining('surprise') }],
    });
  });

  it('an unsupported content type is a 415', async () => {
    const response = await post(`${API_PREFIX}/get-settings`, '<settings/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a body over the limit is a 413', async () => {
    const response = await post(`${API_PREFIX}/get-settings`, JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it.each(['POST', 'GET', 'PUT', 'DELETE'] as const)('an unknown API path answers JSON 404 to %s', async (method) => {
    const response = await t.app.inject({
      method,
      url: `${API_PREFIX}/no-such-call`,
      headers: { accept: 'text/html,application/json' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('GET on a POST call answers JSON 404 that says calls use POST', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/get-settings` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringContaining('POST'), code: 'NOT_FOUND' });
  });

  it('a crash answers 500 INTERNAL without any detail of what happened', async () => {
    const response = await post(`${API_PREFIX}/test-explode`, '{}');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'INTERNAL' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('db-primary');
  });

  it('a write a unique key refuses (two requests racing for one row) is a 409 CONFLICT, not a 500, and says nothing of the table', async () => {
    const response = await post(`${API_PREFIX}/test-duplicate-row`, '{}');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect(response.body).not.toMatch(/settings|testRaceKey|constraint|UNIQUE|duplicate/i);
  });

  it('a rate-limited route answers 429 RATE_LIMITED once over its limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await post(`${API_PREFIX}/test-limited`, '{}')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await post(`${API_PREFIX}/test-limited`, '{}');
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('routes without a limit are not rate limited', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => (await post(`${API_PREFIX}/get-settings`, '{}')).statusCode),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
