/**
 * The order-events bus (server/orders/order-events-bus.ts) inside one
 * process: on PostgreSQL, a step's NOTIFY goes with its transaction (heard on
 * commit, never after a rollback), a committed announcement goes through the
 * pool, another process's announcement wakes this one's streams and its own
 * echo does not, and a lost LISTEN connection makes the process not ready
 * until it is back, then wakes every stream once. On SQLite there is nothing
 * to publish or hear. Several processes: tests/server/cluster.test.ts.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_CHANNEL, PROCESS_ID, notifyInTransaction, parseBusMessage, type BusMessage } from '../../../server/orders/order-events-bus.ts';
import { orderEvents } from '../../../server/orders/order-events.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How often the hub woke the streams of an order; stop() unsubscribes. */
function wakesOf(orderId: number): { count(): number; stop(): void } {
  let count = 0;
  const stop = orderEvents.subscribe(orderId, () => {
    count += 1;
  });
  return { count: () => count, stop };
}

describe('bus messages', () => {
  it('are parsed only when they are one: an order id, a known change, who sent it', () => {
    expect(parseBusMessage('{"order":7,"change":"step","from":"p"}')).toEqual({ order: 7, change: 'step', from: 'p' });
    expect(parseBusMessage('{"order":7,"change":"position","from":"p"}')).toEqual({ order: 7, change: 'position', from: 'p' });
    for (const junk of [undefined, '', 'nope', '{"order":"7","change":"step","from":"p"}', '{"order":7,"change":"gone","from":"p"}', '{"order":7,"change":"step"}', 'null']) {
      expect(parseBusMessage(junk), String(junk)).toBeUndefined();
    }
  });
});

describe.each(testDatabases())('the order-events bus on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  if (kind === 'sqlite') {
    it('has nothing to hear or publish: ready, and a step inside a transaction notifies nothing', async () => {
      expect(t.app.hearsOtherProcesses()).toBe(true);
      await t.db.transaction().execute((trx) => notifyInTransaction(t.app, trx, 1));
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    });
    return;
  }

  /** A listener of the channel of our own, as another process's would be. */
  let listener: pg.Client;
  const heard: BusMessage[] = [];
  beforeAll(async () => {
    listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    listener.on('notification', (notification) => {
      const message = parseBusMessage(notification.payload);
      if (message) heard.push(message);
    });
    await listener.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
  });

  it("a step's NOTIFY goes with its transaction (heard on commit, never after a rollback); a committed announcement goes through the pool", async () => {
    await t.db.transaction().execute((trx) => notifyInTransaction(t.app, trx, 9_001));
    await eventually(() => heard.some((message) => message.order === 9_001));
    expect(heard.find((message) => message.order === 9_001)).toEqual({ order: 9_001, change: 'step', from: PROCESS_ID });

    await expect(
      t.db.transaction().execute(async (trx) => {
        await notifyInTransaction(t.app, trx, 9_002);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    orderEvents.announce(9_003, 'position');
    // Notifications arrive in commit order: had the rolled-back one been sent, it would be here before this one.
    await eventually(() => heard.some((message) => message.order === 9_003));
    expect(heard.find((message) => message.order === 9_003)).toEqual({ order: 9_003, change: 'position', from: PROCESS_ID });
    expect(heard.some((message) => message.order === 9_002)).toBe(false);
  });

  it("another process's announcement wakes this one's streams of the order; this process's own echo and junk do not", async () => {
    const wakes = wakesOf(9_101);
    try {
      const notify = (payload: string) => listener.query('select pg_notify($1, $2)', [ORDER_EVENTS_CHANNEL, payload]);
      await notify(JSON.stringify({ order: 9_101, change: 'step', from: PROCESS_ID }));
      await notify('not a message');
      await notify(JSON.stringify({ order: 9_101, change: 'step', from: 'another-process' }));
      await eventually(() => wakes.count() > 0);
      // The marker after the echo and the junk arrived: they were skipped.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(wakes.count()).toBe(1);
    } finally {
      wakes.stop();
    }
  });

  it('the LISTEN connection lost: ready answers 503 failed order-events until it is back, then every stream re-reads once', async () => {
    const database = new URL(t.databaseUrl ?? '').pathname.slice(1);
    const wakes = wakesOf(9_201);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // No new connection to the database for now: the listener cannot come back until it is allowed again.
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'foodpilot order-events listener'",
        [database],
      );
      expect(rowCount).toBe(1);
      await eventually(() => !t.app.hearsOtherProcesses());
      const down = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'NOT_READY', failed: expect.arrayContaining(['order-events']) });
      expect(wakes.count()).toBe(0);

      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
      await eventually(() => t.app.hearsOtherProcesses(), 10_000);
      expect(wakes.count()).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
      wakes.stop();
    }
  }, 20_000);
});
