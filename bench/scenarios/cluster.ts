/**
 * `npm run bench -- cluster` (issue 17; on demand, not in CI: it needs
 * PostgreSQL, and its figures move with the machine's load): place-order per
 * second on PostgreSQL with one server process and then with two, in the
 * same run on the same machine, and how long an order's step made on one
 * process takes to reach its event stream held by the other.
 *
 * A fresh PostgreSQL database (TEST_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test; tests/support/databases.ts) gets
 * place-orders.ts's bench store and customers. The servers are `npm start`'s
 * entry in child processes (bench/server-process.ts). The load generator
 * sends each order to the next process in turn on keep-alive connections,
 * as a balancer keeping upstream connections open does, CONCURRENCY at
 * once, each order with its own Idempotency-Key (place-orders.ts's
 * requests, without the double taps). Per phase: orders/s, the server
 * processes' CPU per order (/proc), and the whole machine's busy CPU per
 * order (/proc/stat: PostgreSQL and the load generator included). On a
 * 2-core machine the two processes share the cores with PostgreSQL and the
 * load generator: the ratio says what a second process buys here, not on
 * machines with cores to spare.
 *
 * Event latency: a customer's order stream held by one process, the owner's
 * accept-order sent to the other (alternating), the time from the call to
 * the tracking message; measured while the two-process load runs, and again
 * with the machine idle. Budgets: event p99 ≤ 1 s; no order lost or doubled
 * (every key answered has exactly one order in the database, and the
 * wallets add up: place-orders.ts's check).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Order, OrderTracking } from '../../src/api/orders/entities.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { hashToken, newToken } from '../../server/account/tokens.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/tables.ts';
import { addressKmNorth, createTestStore, line, type TestStore } from '../../tests/server/checkout/checkout-fixtures.ts';
import { move, orderStream, placeOrder, timed, type Running } from '../../tests/support/cluster.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/databases.ts';
import { cpuMsOf, startServerProcess, stopServerProcess } from '../server-process.ts';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';
import { checkIntegrity, isInProgress, post, seedFixture, type KeyOutcome } from './place-orders.ts';

const CONCURRENCY = 32;
const WARM_UP_ORDERS = 300;
const MEASURED_ORDERS = 2_000;
/** Event rounds while the two-process load runs (at most; they stop with the load), and with the machine idle. */
const EVENT_ROUNDS_UNDER_LOAD = 200;
const EVENT_ROUNDS_IDLE = 100;
const EVENT_P99_BUDGET_MS = 1_000;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

interface Backend {
  url: URL;
  agent: http.Agent;
}

/** An owner with a session and a store of theirs for the event rounds (apart from the bench store, whose orders the integrity check counts). */
async function seedEventStore(db: Kysely<Database>): Promise<{ store: TestStore; ownerToken: string }> {
  const createdAt = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({ name: 'Bench Owner', email: 'bench-owner@bench.foodpilot.test', phone: null, password_hash: '!', role: 'store_owner', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ownerToken = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(ownerToken), user_id: Number(id), created_at: createdAt, expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(), acting_user_id: null })
    .execute();
  const store = await createTestStore(db, { name: 'Bench Events Kitchen', owner_user_id: Number(id) });
  return { store, ownerToken };
}

/** Busy and total jiffies of the whole machine (/proc/stat's cpu line). */
function machineJiffies(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait are fields 4 and 5.
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

const quantile = (sorted: number[], q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

export const clusterScenario: BenchScenario = {
  id: 'cluster',
  description: `place-order/s on PostgreSQL with 1 and 2 server processes (${CONCURRENCY} connections), and cross-process event latency`,
  async run(): Promise<BenchFigure[]> {
    process.env.TEST_DATABASE_URL ||= DEFAULT_DATABASE_URL;
    const database: TestDatabase = await createTestDatabase('postgres');
    const distDir = join(database.dataDir, 'dist');
    mkdirSync(distDir, { recursive: true });
    // A stand-in build: the servers do not build the web app first.
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>cluster bench</title>');
    const db = openDatabase(database);
    const running: Running[] = [];
    const backends: Backend[] = [];
    try {
      await migrateToLatest(db);
      const fixture = await seedFixture(db);
      const events = await seedEventStore(db);

      const start = async (name: string): Promise<Running> => {
        const dataDir = join(database.dataDir, name);
        mkdirSync(dataDir, { recursive: true });
        const started = await startServerProcess(dataDir, { databaseUrl: database.databaseUrl!, env: { DIST_DIR: distDir } });
        running.push(started);
        backends.push({ url: new URL(started.url), agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }) });
        return started;
      };

      const outcomes: KeyOutcome[] = [];
      const bodyFor = (n: number, key: string): string => {
        const customer = fixture.customers[n % fixture.customers.length]!;
        return JSON.stringify({
          token: customer.token,
          restaurant_id: fixture.store.id,
          items: [line(fixture.store.menu.burger, 1 + (n % 2)), line(fixture.store.menu.pizza, 1, [fixture.store.menu.regular])],
          order_type: 'DELIVERY',
          address: addressKmNorth(0.5 + (n % 7)),
          // Cash, then the wallet in turn: the wallets' ledger must add up across processes.
          payment_mode: n % 2 === 0 ? 'COD' : 'WALLET',
          notes: key,
        });
      };
      let sequence = 0;
      /** `count` orders, each to the next backend in turn; answers the seconds it took. */
      const load = async (count: number): Promise<number> => {
        const last = sequence + count;
        const began = process.hrtime.bigint();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (sequence < last) {
              const n = sequence;
              sequence += 1;
              const backend = backends[n % backends.length]!;
              const key = randomUUID();
              const outcome: KeyOutcome = { key, orderIds: [], failures: [] };
              outcomes.push(outcome);
              for (;;) {
                const answer = await post(backend.agent, backend.url, '/public/api/place-order', bodyFor(n, key), key);
                if (isInProgress(answer)) {
                  await new Promise((resolve) => setTimeout(resolve, 2));
                  continue;
                }
                if (answer.status === 200) outcome.orderIds.push((JSON.parse(answer.body) as Order).unique_order_id);
                else outcome.failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
                break;
              }
            }
          }),
        );
        return Number(process.hrtime.bigint() - began) / 1e9;
      };

      /** Warm-up, then the measured orders: orders/s and CPU per order. */
      const phase = async () => {
        await load(WARM_UP_ORDERS);
        const serverBefore = running.map((server) => cpuMsOf(server.child.pid) ?? 0);
        const machineBefore = machineJiffies();
        const seconds = await load(MEASURED_ORDERS);
        const serverMs = running.reduce((sum, server, index) => sum + ((cpuMsOf(server.child.pid) ?? 0) - (serverBefore[index] ?? 0)), 0);
        const machineAfter = machineJiffies();
        // Jiffies are 10 ms each.
        const machineMs = machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) * 10 : 0;
        return {
          perSecond: Math.round((MEASURED_ORDERS / seconds) * 10) / 10,
          seconds: Math.round(seconds * 100) / 100,
          serverCpuUsPerOrder: Math.round((serverMs * 1000) / MEASURED_ORDERS),
          machineCpuUsPerOrder: Math.round((machineMs * 1000) / MEASURED_ORDERS),
        };
      };

      /** Rounds of: an order placed, its stream opened on one process, accept-order sent to the other; the ms until the stream hears it. */
      const customer = fixture.customers[0]!;
      const eventRounds = async (rounds: number, until?: Promise<unknown>): Promise<number[]> => {
        let done = false;
        void until?.then(() => (done = true));
        const latencies: number[] = [];
        for (let round = 0; round < rounds && !done; round += 1) {
          const [streamOn, changeOn] = round % 2 === 0 ? [running[1]!, running[0]!] : [running[0]!, running[1]!];
          const order = await placeOrder(changeOn.url, customer.token, events.store);
          const { stream, first } = await orderStream(streamOn.url, order, customer.token);
          try {
            if (first.data.status !== OrderStatus.PLACED) throw new Error(`the stream began at ${first.data.status}`);
            const accepted = await timed<OrderTracking>(stream.events, () => move(changeOn.url, 'accept-order', events.ownerToken, order));
            if (accepted.message.data.status !== OrderStatus.PREPARING) throw new Error(`the stream heard ${accepted.message.data.status}`);
            latencies.push(accepted.ms);
          } finally {
            stream.close();
          }
        }
        return latencies.sort((x, y) => x - y);
      };

      await start('a');
      console.log('  one process…');
      const one = await phase();
      await start('b');
      console.log('  two processes, with event rounds alongside…');
      const twoRun = phase();
      const [two, underLoad] = await Promise.all([twoRun, eventRounds(EVENT_ROUNDS_UNDER_LOAD, twoRun)]);
      console.log('  event rounds with the machine idle…');
      const idle = await eventRounds(EVENT_ROUNDS_IDLE);

      const integrity = await checkIntegrity(db, fixture, outcomes);
      const failures = outcomes.flatMap((outcome) => outcome.failures);
      const ratio = Math.round((two.perSecond / one.perSecond) * 100) / 100;
      return [
        judged({ name: 'cluster: orders placed/s, 1 process (PostgreSQL)', value: one.perSecond, unit: 'ord/s', detail: { ...one, orders: MEASURED_ORDERS, concurrency: CONCURRENCY } }),
        judged({ name: 'cluster: orders placed/s, 2 processes (PostgreSQL)', value: two.perSecond, unit: 'ord/s', detail: { ...two, orders: MEASURED_ORDERS, concurrency: CONCURRENCY } }),
        judged({ name: 'cluster: 2 processes ÷ 1 process', value: ratio, unit: '×' }),
        judged({ name: 'cluster: server CPU per order, 1 process', value: one.serverCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'cluster: server CPU per order, 2 processes', value: two.serverCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'cluster: machine CPU per order, 1 process', value: one.machineCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'cluster: machine CPU per order, 2 processes', value: two.machineCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'cluster: event p50, under load', value: quantile(underLoad, 0.5), unit: 'ms', detail: { rounds: underLoad.length } }),
        judged({ name: 'cluster: event p99, under load', value: quantile(underLoad, 0.99), unit: 'ms', budget: EVENT_P99_BUDGET_MS, detail: { rounds: underLoad.length, max: quantile(underLoad, 1) } }),
        judged({ name: 'cluster: event p50, idle', value: quantile(idle, 0.5), unit: 'ms', detail: { rounds: idle.length } }),
        judged({ name: 'cluster: event p99, idle', value: quantile(idle, 0.99), unit: 'ms', budget: EVENT_P99_BUDGET_MS, detail: { rounds: idle.length, max: quantile(idle, 1) } }),
        judged({ name: 'cluster: orders lost or doubled', value: integrity.lostOrDoubled, unit: 'orders', budget: 0, detail: { ...integrity, failures: failures.slice(0, 5) } }),
        judged({ name: 'cluster: wallets whose ledger ≠ balance', value: integrity.walletMismatches, unit: 'users', budget: 0 }),
      ];
    } finally {
      for (const backend of backends) backend.agent.destroy();
      for (const server of running) await stopServerProcess(server.child);
      await db.destroy();
      await database.drop();
    }
  },
};
