/**
 * The route-level rate limits shared through Redis (issue 17,
 * plugins/redis.ts): two app instances, each on a database of its own so
 * that only Redis is shared, count one limit; it holds across a restart;
 * another key prefix (another deployment, another test run) counts apart.
 * /health/ready checks Redis, and a Redis that went away neither breaks the
 * limited calls nor the app's close.
 *
 * The Redis-backed cases run when TEST_REDIS_URL is set (.ci/run sets it).
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_RATE_LIMIT } from '../../../server/routes/api/rate-limits.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { testRedis, testRedisUrl, type TestRedis } from '../../support/redis.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

/** A password sign-in for an account no one has: answered 401 until a limit refuses it. */
async function wrongSignIn(t: TestApp, email: string): Promise<string> {
  const answer = await injectCall(t.app, 'login', { email, password: 'not-the-password' });
  return `${answer.statusCode} ${answer.statusCode === 401 ? '' : (answer.json<{ code: string }>().code ?? '')}`.trim();
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(testDatabases())('rate limits with Redis on $kind', ({ kind }) => {
  const apps: TestApp[] = [];
  const runs: TestRedis[] = [];
  const app = async (redis?: TestRedis): Promise<TestApp> => {
    const t = await buildTestApp(kind, { seed: false, ...(redis ? { redis: { url: redis.url, keyPrefix: redis.keyPrefix } } : {}) });
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const run of runs.splice(0)) await run.dropKeys();
  });

  describe.runIf(testRedisUrl())('sharing one Redis', () => {
    const redis = (): TestRedis => {
      const run = testRedis();
      runs.push(run);
      return run;
    };

    it('a limit reached through one instance holds on the other, for that caller only; ready checks Redis', async () => {
      const shared = redis();
      const [a, b] = await Promise.all([app(shared), app(shared)]);
      const email = 'someone@example.test';
      const throughA: string[] = [];
      for (let n = 0; n < LOGIN_RATE_LIMIT.max; n += 1) throughA.push(await wrongSignIn(a, email));
      expect(throughA).toEqual(Array<string>(LOGIN_RATE_LIMIT.max).fill('401'));
      // B's database has seen none of these tries: only the count in Redis refuses it.
      expect(await wrongSignIn(b, email)).toBe('429 RATE_LIMITED');
      expect(await wrongSignIn(a, email)).toBe('429 RATE_LIMITED');
      // The key holds who is signing in: someone else from the same address is not held up.
      expect(await wrongSignIn(b, 'someone-else@example.test')).toBe('401');

      const ready = await b.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });
    });

    it('holds across a restart; another key prefix (another deployment or test run) counts apart', async () => {
      const shared = redis();
      const first = await app(shared);
      const email = 'restart@example.test';
      for (let n = 0; n < LOGIN_RATE_LIMIT.max; n += 1) expect(await wrongSignIn(first, email)).toBe('401');
      await first.close();
      apps.splice(apps.indexOf(first), 1);

      const restarted = await app(shared);
      expect(await wrongSignIn(restarted, email)).toBe('429 RATE_LIMITED');

      const elsewhere = await app(redis());
      expect(await wrongSignIn(elsewhere, email)).toBe('401');
    });
  });

  it('without Redis each instance counts in its own memory (what Redis fixes)', async () => {
    const [a, b] = await Promise.all([app(), app()]);
    const email = 'memory@example.test';
    for (let n = 0; n < LOGIN_RATE_LIMIT.max; n += 1) expect(await wrongSignIn(a, email)).toBe('401');
    expect(await wrongSignIn(a, email)).toBe('429 RATE_LIMITED');
    expect(await wrongSignIn(b, email)).toBe('401');
  });

  it('Redis unreachable: ready answers 503 naming redis, the limited calls still answer, the app closes', async () => {
    const gone: TestRedis = { url: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: 'foodpilot-test-gone:', dropKeys: async () => undefined };
    const t = await app(gone);
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'Redis does not answer.', code: 'NOT_READY', failed: ['redis'] });
    // These limits only slow a caller down (the database bounds guessing): without Redis the call goes through.
    expect(await wrongSignIn(t, 'nobody@example.test')).toBe('401');
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});
