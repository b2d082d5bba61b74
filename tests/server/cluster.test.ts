/**
 * Several real server processes (`npm start`'s entry, child processes) on one
 * database behind a small round-robin proxy in the test (node:http, each
 * request to the next live backend, responses streamed as they come), the
 * way a load balancer runs them (issue 17).
 *
 * On PostgreSQL, two processes A and B:
 * - an order's step made on A reaches its order-events stream held by B
 *   within a second (order-events-bus.ts: NOTIFY, LISTEN), and so do the
 *   driver's position and a new order for the store's console stream on B;
 *   the figures are printed;
 * - a sign-in lock set on A (5 wrong passwords) holds on B;
 * - with TEST_REDIS_URL, both share one Redis (REDIS_URL, a key prefix of
 *   the run's own): the login door's rate limit reached through A refuses
 *   on B;
 * - both keep uploads in one S3 bucket (a real S3 server on loopback,
 *   tests/support/s3-server.ts): a profile picture uploaded through A is
 *   served by B;
 * - A dies (kill -9): the streams on B go on, the proxy skips A and
 *   place-order succeeds through it, and a client whose stream was on A
 *   reconnects through the proxy and is sent where its order stands now.
 *
 * On SQLite (one process by design) a process is killed and started again
 * on the same data: a client reconnecting is sent where its order stands,
 * and hears the next step.
 *
 * Every process is killed at the end, whatever happened. The proxy and the
 * calls and streams are tests/support/cluster.ts's, which the cluster bench
 * shares.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_ORDER_EVENTS_PATH } from '../../src/api/admin/limits.ts';
import type { Account, LoginResult } from '../../src/api/account/entities.ts';
import type { Order, OrderTracking } from '../../src/api/orders/entities.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { startServerProcess } from '../../bench/server-process.ts';
import { LOGIN_RATE_LIMIT } from '../../server/routes/api/rate-limits.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { postCall } from '../support/api-client.ts';
import { ends, killHard, move, openStream, orderStream, placeOrder, RoundRobinProxy, timed, type OpenStream, type Running } from '../support/cluster.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/databases.ts';
import { readyToDeliver } from '../support/drivers.ts';
import { testRedis, testRedisUrl, type TestRedis } from '../support/redis.ts';
import { startTestS3Server, type TestS3Server } from '../support/s3-server.ts';
import { createTestStore, setSetting, type TestStore } from './checkout/checkout-fixtures.ts';

/** How soon a change made on one process must reach a stream held by another. */
const CROSS_PROCESS_WITHIN_MS = 1_000;

function demoAccount(email: string) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
}

async function login(url: string, email: string, password = demoAccount(email).password) {
  return postCall(url, 'login', { email, password });
}

async function tokenOf(url: string, email: string): Promise<string> {
  const answer = await login(url, email);
  if (answer.status !== 200) throw new Error(`login ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as LoginResult).data.auth_token;
}

/** The database migrated and seeded (the demo city, and a test store the demo owner owns, always open), before any process starts. */
async function seed(database: TestDatabase): Promise<TestStore> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db);
    await seedDemo(db, database.dataDir);
    const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@foodpilot.test').executeTakeFirstOrThrow();
    const driver = await db.selectFrom('users').select('id').where('email', '=', 'driver@foodpilot.test').executeTakeFirstOrThrow();
    const store = await createTestStore(db, { owner_user_id: Number(owner.id), name: 'Cluster Kitchen' });
    await readyToDeliver(db, Number(driver.id), [store.id]);
    await setSetting(db, 'driverMaxActiveOrders', '1000');
    return store;
  } finally {
    await db.destroy();
  }
}

describe.each(testDatabases())('server processes behind a balancer on $kind', ({ kind }) => {
  const children: ChildProcess[] = [];
  const streams: OpenStream[] = [];
  let database: TestDatabase;
  let proxy: RoundRobinProxy | undefined;
  let distDir: string;
  let store: TestStore;
  // On PostgreSQL, with TEST_REDIS_URL: the processes share one Redis, as a cluster does (REDIS_URL).
  const redis: TestRedis | undefined = kind === 'postgres' && testRedisUrl() ? testRedis() : undefined;
  let s3: TestS3Server | undefined;

  const start = async (name: string): Promise<Running> => {
    // On PostgreSQL DATA_DIR holds only the images: each process its own, so two starting at once do not write the same files.
    const dataDir = kind === 'postgres' ? path.join(database.dataDir, name) : database.dataDir;
    const started = await startServerProcess(dataDir, {
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      env: {
        DIST_DIR: distDir,
        LOG_LEVEL: 'error',
        ...(redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix } : {}),
        ...(s3 ? s3.env : {}),
      },
    });
    children.push(started.child);
    return started;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A stand-in build, so the server does not build the web app first.
    distDir = path.join(database.dataDir, 'dist');
    await fs.mkdir(distDir, { recursive: true });
    await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>cluster test</title>');
    store = await seed(database);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await proxy?.close();
    // Whatever happened, no process outlives the test.
    for (const child of children) await killHard(child);
    await database?.drop();
    await redis?.dropKeys();
    await s3?.close();
  });

  if (kind === 'postgres') {
    let a: Running;
    let b: Running;
    let proxyUrl: string;

    beforeAll(async () => {
      s3 = await startTestS3Server();
      [a, b] = await Promise.all([start('a'), start('b')]);
      proxy = new RoundRobinProxy([a.url, b.url]);
      proxyUrl = await proxy.listen();
    });

    it('a step made on A reaches the order-events stream on B within a second; a driver move and a new order for the console too', async () => {
      const customer = await tokenOf(proxyUrl, 'customer@foodpilot.test');
      const owner = await tokenOf(proxyUrl, 'owner@foodpilot.test');
      const driver = await tokenOf(proxyUrl, 'driver@foodpilot.test');
      const figures: string[] = [];

      for (let round = 1; round <= 3; round += 1) {
        const order = await placeOrder(proxyUrl, customer, store);
        const { stream, first } = await orderStream(b.url, order, customer);
        streams.push(stream);
        expect(first).toMatchObject({ event: 'tracking', data: { unique_order_id: order.unique_order_id, status: OrderStatus.PLACED } });

        const accepted = await timed<OrderTracking>(stream.events, () => move(a.url, 'accept-order', owner, order));
        expect(accepted.message).toMatchObject({ event: 'tracking', data: { status: OrderStatus.PREPARING } });
        figures.push(`accept-order on A → tracking on B: ${accepted.ms.toFixed(1)} ms`);
        expect(accepted.ms).toBeLessThan(CROSS_PROCESS_WITHIN_MS);

        if (round === 1) {
          const taken = await timed<OrderTracking>(stream.events, () => move(a.url, 'accept-to-deliver', driver, order));
          expect(taken.message).toMatchObject({ event: 'tracking', data: { status: OrderStatus.DRIVER_ASSIGNED } });
          figures.push(`accept-to-deliver on A → tracking on B: ${taken.ms.toFixed(1)} ms`);
          expect(taken.ms).toBeLessThan(CROSS_PROCESS_WITHIN_MS);

          const located = await timed<OrderTracking>(stream.events, async () => {
            const fix = await postCall(a.url, 'set-delivery-guy-gps-location', { token: driver, latitude: 40.4431, longitude: -79.9901 });
            expect(fix.status).toBe(200);
          });
          expect(located.message).toMatchObject({ event: 'position', data: { driver: { latitude: 40.4431, longitude: -79.9901 } } });
          figures.push(`driver position on A → position on B: ${located.ms.toFixed(1)} ms`);
          expect(located.ms).toBeLessThan(CROSS_PROCESS_WITHIN_MS);
        }
        stream.close();
      }

      // The store's console on B hears of an order placed on A.
      const board = await openStream(`${b.url}${STORE_ORDER_EVENTS_PATH}`, { authorization: `Bearer ${owner}` });
      streams.push(board);
      await board.events.untilComment('ready');
      let placed: Order | undefined;
      const announced = await timed<{ order: Order }>(board.events, async () => {
        placed = await placeOrder(a.url, customer, store);
      });
      expect(announced.message).toMatchObject({ event: 'placed', data: { order: { unique_order_id: placed?.unique_order_id } } });
      figures.push(`place-order on A → placed on B's console stream: ${announced.ms.toFixed(1)} ms`);
      expect(announced.ms).toBeLessThan(CROSS_PROCESS_WITHIN_MS);
      board.close();

      console.log(`cross-process latency (PostgreSQL NOTIFY/LISTEN):\n  ${figures.join('\n  ')}`);
    });

    it('a sign-in lock set on A (5 wrong passwords) holds on B', async () => {
      const agent = demoAccount('agent@foodpilot.test');
      for (let n = 0; n < 5; n += 1) expect((await login(a.url, agent.email, 'not-the-password')).status).toBe(401);
      // By phone: the same account, another key for the login door's rate limit (shared through Redis when configured).
      const onB = await postCall(b.url, 'login', { phone: agent.phone, password: agent.password });
      expect(onB.status).toBe(429);
      expect(onB.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    });

    it.runIf(redis)('the login door\'s rate limit reached through A refuses on B (one Redis)', async () => {
      const email = 'door@example.test';
      for (let n = 0; n < LOGIN_RATE_LIMIT.max; n += 1) expect((await login(a.url, email, 'not-the-password')).status).toBe(401);
      // The route's limit, counted in Redis, refuses before the sign-in (a database lock would say ACCOUNT_LOCKED).
      const onB = await login(b.url, email, 'not-the-password');
      expect(onB.status).toBe(429);
      expect(onB.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests/) });
    });

    it('a profile picture uploaded through A is served by B (one S3 bucket)', async () => {
      const customer = await tokenOf(a.url, 'customer@foodpilot.test');
      const picture = await sharp({ create: { width: 9, height: 7, channels: 3, background: '#0a7' } }).png().toBuffer();
      const changed = await postCall(a.url, 'change-avatar', { token: customer, avatar: `data:image/png;base64,${picture.toString('base64')}` });
      expect(changed.status).toBe(200);
      const url = (changed.body as { data: Account }).data.avatar ?? '';
      expect(url).toMatch(/^\/public\/images\/avatars\//);
      const served = await fetch(`${b.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 9, height: 7 });
    });

    it('kill -9 of A: the stream on B goes on, the proxy skips A, and a client that was on A reconnects to where its order stands', async () => {
      const customer = await tokenOf(proxyUrl, 'customer@foodpilot.test');
      const owner = await tokenOf(proxyUrl, 'owner@foodpilot.test');
      const order = await placeOrder(proxyUrl, customer, store);
      const onB = await orderStream(b.url, order, customer);
      const onA = await orderStream(a.url, order, customer);
      streams.push(onB.stream, onA.stream);

      await killHard(a.child);
      // A's stream drops with its process.
      expect(await ends(onA.stream)).toBe(true);

      // Through the proxy, whichever backend's turn it is: A refuses the connection and is skipped.
      const more = [await placeOrder(proxyUrl, customer, store), await placeOrder(proxyUrl, customer, store)];
      expect(more.map((placed) => placed.status)).toEqual([OrderStatus.PLACED, OrderStatus.PLACED]);
      expect(proxy?.backends.map((backend) => backend.dead)).toEqual([true, false]);

      const accepted = await timed<OrderTracking>(onB.stream.events, () => move(proxyUrl, 'accept-order', owner, order));
      expect(accepted.message).toMatchObject({ event: 'tracking', data: { status: OrderStatus.PREPARING } });

      // The client that was on A comes back through the proxy: its first message is the step it missed.
      const again = await orderStream(proxyUrl, order, customer);
      streams.push(again.stream);
      expect(again.first).toMatchObject({ event: 'tracking', data: { status: OrderStatus.PREPARING } });
      expect(again.first.data.history.map((step) => step.status)).toEqual([OrderStatus.PLACED, OrderStatus.PREPARING]);
    });
  } else {
    it('a process killed and started again: a client reconnecting through the proxy is sent where its order stands, then the next step', async () => {
      const first = await start('a');
      proxy = new RoundRobinProxy([first.url]);
      const proxyUrl = await proxy.listen();
      const customer = await tokenOf(proxyUrl, 'customer@foodpilot.test');
      const owner = await tokenOf(proxyUrl, 'owner@foodpilot.test');
      const order = await placeOrder(proxyUrl, customer, store);
      const before = await orderStream(proxyUrl, order, customer);
      streams.push(before.stream);
      expect(before.first).toMatchObject({ event: 'tracking', data: { status: OrderStatus.PLACED } });

      await killHard(first.child);
      expect(await ends(before.stream)).toBe(true);
      const restarted = await start('a');
      proxy.backends.splice(0, 1, { url: restarted.url, dead: false });
      await move(proxyUrl, 'accept-order', owner, order);

      const after = await orderStream(proxyUrl, order, customer);
      streams.push(after.stream);
      expect(after.first).toMatchObject({ event: 'tracking', data: { status: OrderStatus.PREPARING } });
      const cancelled = await timed<OrderTracking>(after.stream.events, () => move(proxyUrl, 'store-cancel-order', owner, order, { reason: 'Out of burgers' }));
      expect(cancelled.message).toMatchObject({ event: 'tracking', data: { status: OrderStatus.CANCELLED } });
    });
  }
}, 90_000);
