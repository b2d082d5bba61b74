/**
 * GET /metrics (plugins/metrics.ts): what a Prometheus scrape of one app sees
 * after real traffic, and who may read it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { buildApp } from '../../../server/app.ts';
import { HttpError } from '../../../server/http/http-error.ts';
import { createTestDatabase, testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { testConfig } from '../../support/test-server.ts';

/** The value of one sample line, e.g. sample(text, 'foodpilot_orders{status="placed"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const registerTestRoutes = (app: Parameters<NonNullable<Parameters<typeof buildTestApp>[1]>['register'] & object>[0]) => {
  app.post(`${API_PREFIX}/test-echo`, async (request) => ({ echoed: request.body }));
  app.get('/test/limited', async () => {
    throw new HttpError(429, 'RATE_LIMITED', 'Too many.');
  });
};

describe.each(testDatabases())('metrics on $kind', ({ kind }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts requests per route pattern, 429s, idempotent replays, and reads orders by status and the pool on scrape', async () => {
    t = await buildTestApp(kind, { register: registerTestRoutes });
    const { app } = t;
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/no/such/page.png' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/test/limited' })).statusCode).toBe(429);
    const echo = { method: 'POST' as const, url: `${API_PREFIX}/test-echo`, headers: { [IDEMPOTENCY_HEADER]: 'metrics-key-0001' }, payload: { a: 1 } };
    expect((await app.inject(echo)).headers['idempotent-replayed']).toBeUndefined();
    const again = await app.inject(echo);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sample(text, 'foodpilot_http_requests_total{route="/health/live",method="GET",status="2xx"}')).toBe(3);
    expect(sample(text, 'foodpilot_http_request_duration_seconds_count{route="/health/live",method="GET",status="2xx"}')).toBe(3);
    expect(sample(text, 'foodpilot_http_requests_total{route="/test/limited",method="GET",status="4xx"}')).toBe(1);
    expect(sample(text, 'foodpilot_rate_limited_total{route="/test/limited"}')).toBe(1);
    expect(sample(text, `foodpilot_idempotent_replays_total{route="${API_PREFIX}/test-echo"}`)).toBe(1);
    // The 404 is counted under one label, not one per URL a scanner tries.
    expect(text).not.toContain('/no/such/page.png');
    expect(sample(text, 'foodpilot_http_requests_total{route="unmatched",method="GET",status="4xx"}')).toBe(1);
    expect(sample(text, 'foodpilot_open_event_streams{stream="order-events"}')).toBe(0);

    // Orders by status are what the table holds at the scrape, not a count kept in memory.
    const rows = await t.db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const expected = new Map(rows.map((row) => [row.status, Number(row.n)]));
    for (const [name, code] of Object.entries(OrderStatus)) {
      expect(sample(text, `foodpilot_orders{status="${name.toLowerCase()}"}`), name).toBe(expected.get(code) ?? 0);
    }
    const someOrder = await t.db.selectFrom('orders').select(['id', 'status']).executeTakeFirst();
    if (someOrder) {
      await t.db.updateTable('orders').set({ status: OrderStatus.CANCELLED }).where('id', '=', someOrder.id).execute();
      const after = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const cancelledBefore = expected.get(OrderStatus.CANCELLED) ?? 0;
      expect(sample(after, 'foodpilot_orders{status="cancelled"}')).toBe(cancelledBefore + (someOrder.status === OrderStatus.CANCELLED ? 0 : 1));
    }

    const total = sample(text, 'foodpilot_db_pool_connections{state="total"}');
    if (kind === 'sqlite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    // A scrape's own query may be waiting for a connection being opened: present, not necessarily 0.
    expect(sample(text, 'foodpilot_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'foodpilot_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
  });
});

describe('who may read /metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('without METRICS_TOKEN: callers on this machine only, not a stranger nor anyone a proxy forwarded', async () => {
    t = await buildTestApp('sqlite', { seed: false });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const stranger = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(stranger.body).not.toContain('foodpilot_');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
  });

  it('with METRICS_TOKEN: the bearer token from anywhere, nothing without it (not even loopback)', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp({ ...testConfig(database), metricsToken: 'scrape-secret-123' });
    try {
      await app.ready();
      const bare = await app.inject({ method: 'GET', url: '/metrics' });
      expect(bare.statusCode).toBe(401);
      expect(bare.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-124' } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer scrape-secret-123' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('foodpilot_http_requests_total');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
