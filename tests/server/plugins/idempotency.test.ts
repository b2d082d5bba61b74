/**
 * Idempotency-Key through the real server and database: a replayed queued
 * action (DESIGN §4) answers like the first and changes nothing. The test
 * routes below write real rows, so "ran once" is counted in the database.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_RETENTION_HOURS } from '../../../src/api/constants.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../server/http/idempotency.ts';
import { postRaw } from '../../support/api-client.ts';
import { testDatabases } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const ADD_PLACE = `${API_PREFIX}/test-add-place`;
const SLOW_ADD_PLACE = `${API_PREFIX}/test-slow-add-place`;
const FLAKY_ADD_PLACE = `${API_PREFIX}/test-flaky-add-place`;

/** Lets the test hold the slow route mid-request and release it. */
const slowRoute = { started: deferred(), release: deferred() };
let flakyFailuresLeft = 0;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function registerTestRoutes(app: FastifyInstance): void {
  const addPlace = async (name: string) => {
    await app.db.insertInto('popular_locations').values({ name, latitude: 1, longitude: 2, is_default: 0 }).execute();
    const { count } = await app.db
      .selectFrom('popular_locations')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return { name, count: Number(count) };
  };
  app.post<{ Body: { name: string; token?: string } }>(ADD_PLACE, async (request, reply) => {
    reply.code(201);
    return addPlace(request.body.name);
  });
  app.post<{ Body: { name: string } }>(SLOW_ADD_PLACE, async (request) => {
    slowRoute.started.resolve();
    await slowRoute.release.promise;
    return addPlace(request.body.name);
  });
  app.post<{ Body: { name: string } }>(FLAKY_ADD_PLACE, async (request) => {
    if (flakyFailuresLeft > 0) {
      flakyFailuresLeft -= 1;
      throw new Error('the database hiccuped');
    }
    return addPlace(request.body.name);
  });
}

describe.each(testDatabases())('idempotency on $kind', ({ kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, seed: false, register: registerTestRoutes });
  });
  afterAll(async () => {
    await server?.close();
  });

  let keyCounter = 0;
  let key: string;
  beforeEach(() => {
    keyCounter += 1;
    key = `test-key-${keyCounter}-${Date.now()}`;
  });

  const placesNamed = async (name: string) =>
    Number(
      (
        await server.db
          .selectFrom('popular_locations')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postRaw(server.url, path, JSON.stringify(body), { [IDEMPOTENCY_HEADER]: key, ...headers });

  it('a repeat with the same key replays the first answer and writes once', async () => {
    const first = await send(ADD_PLACE, { name: 'replay' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ name: 'replay', count: 1 });
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();

    const second = await send(ADD_PLACE, { name: 'replay' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ name: 'replay', count: 1 });
    expect(second.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(second.headers.get('content-type')).toContain('application/json');
    expect(await placesNamed('replay')).toBe(1);
  });

  it('the same body with keys in another order still counts as the same request', async () => {
    await send(ADD_PLACE, { name: 'order', token: 't-1' });
    const again = await postRaw(server.url, ADD_PLACE, '{"token":"t-1","name":"order"}', { [IDEMPOTENCY_HEADER]: key });
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await placesNamed('order')).toBe(1);
  });

  it('without the header every request runs', async () => {
    await postRaw(server.url, ADD_PLACE, JSON.stringify({ name: 'no-key' }));
    await postRaw(server.url, ADD_PLACE, JSON.stringify({ name: 'no-key' }));
    expect(await placesNamed('no-key')).toBe(2);
  });

  it('the same key with a different body is refused with 422 and runs nothing', async () => {
    await send(ADD_PLACE, { name: 'reuse-a' });
    const reused = await send(ADD_PLACE, { name: 'reuse-b' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await placesNamed('reuse-b')).toBe(0);
  });

  it('a repeat while the first is still running gets 409, then the replay', async () => {
    slowRoute.started = deferred();
    slowRoute.release = deferred();
    const first = send(SLOW_ADD_PLACE, { name: 'slow' });
    await slowRoute.started.promise;
    const meanwhile = await send(SLOW_ADD_PLACE, { name: 'slow' });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });

    slowRoute.release.resolve();
    expect((await first).body).toEqual({ name: 'slow', count: 1 });
    const after = await send(SLOW_ADD_PLACE, { name: 'slow' });
    expect(after.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await placesNamed('slow')).toBe(1);
  });

  it('a 5xx releases the key so the retry runs, once', async () => {
    flakyFailuresLeft = 1;
    const failed = await send(FLAKY_ADD_PLACE, { name: 'flaky' });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: 'Something went wrong', code: 'INTERNAL' });

    const retried = await send(FLAKY_ADD_PLACE, { name: 'flaky' });
    expect(retried.status).toBe(200);
    expect(retried.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const replayed = await send(FLAKY_ADD_PLACE, { name: 'flaky' });
    expect(replayed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await placesNamed('flaky')).toBe(1);
  });

  it('a 4xx is remembered too: the replay answers the same error', async () => {
    const first = await send(`${API_PREFIX}/get-single-language`, { id: 4242 });
    expect(first.status).toBe(404);
    const second = await send(`${API_PREFIX}/get-single-language`, { id: 4242 });
    expect(second.status).toBe(404);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
  });

  it('keys are per caller: another token with the same key runs its own request', async () => {
    await send(ADD_PLACE, { name: 'scoped' }, { authorization: 'Bearer driver-a' });
    const other = await send(ADD_PLACE, { name: 'scoped' }, { authorization: 'Bearer driver-b' });
    expect(other.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await placesNamed('scoped')).toBe(2);
  });

  it('keys are per call: the same key on another path is a new request', async () => {
    await send(ADD_PLACE, { name: 'per-path' });
    const elsewhere = await send(FLAKY_ADD_PLACE, { name: 'per-path' });
    expect(elsewhere.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await placesNamed('per-path')).toBe(2);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon1'])('a malformed key "%s" is a 400', async (bad) => {
    const response = await postRaw(server.url, ADD_PLACE, JSON.stringify({ name: 'bad-key' }), {
      [IDEMPOTENCY_HEADER]: bad,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await placesNamed('bad-key')).toBe(0);
  });

  it(`a key older than ${IDEMPOTENCY_RETENTION_HOURS} h no longer replays and is purged`, async () => {
    await send(ADD_PLACE, { name: 'old' });
    const longAgo = new Date(Date.now() - (IDEMPOTENCY_RETENTION_HOURS + 1) * 3600_000).toISOString();
    await server.db.updateTable('idempotency_keys').set({ created_at: longAgo }).where('idempotency_key', '=', key).execute();

    const again = await send(ADD_PLACE, { name: 'old' });
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await placesNamed('old')).toBe(2);

    await server.db.updateTable('idempotency_keys').set({ created_at: longAgo }).execute();
    expect(await server.app.idempotencyRepository.purgeExpired()).toBeGreaterThan(0);
    const left = await sql<{ n: number }>`select count(*) as n from idempotency_keys`.execute(server.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
