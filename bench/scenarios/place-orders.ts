/**
 * Orders placed per second on SQLite by concurrent customers, and whether
 * any were lost or doubled on the way. A fresh SQLite database gets a bench
 * store (always open, the checkout tests' prices) and CUSTOMERS customers,
 * each with a session and wallet credit (ledger rows, as a top-up makes);
 * then the real server (`npm start`'s entry) runs on it in a child process,
 * so this process's load generator does not share the server's event loop
 * (bench/server-process.ts), and the server's own CPU time per order is
 * reported from /proc. CONCURRENCY clients then place orders
 * through HTTP on keep-alive connections, each with its own Idempotency-Key
 * and a mix of payment modes (the whole total from the wallet, part wallet
 * part cash, cash), with deliberate duplicates: every DOUBLE_TAP_EVERY-th
 * order is sent twice at once with the same key (a double tap), and every
 * REPLAY_EVERY-th is sent again once answered (a replay after a lost
 * answer). A 409 IDEMPOTENCY_IN_PROGRESS is retried the way the app's
 * outbox does, until the first answer is there to replay.
 *
 * Budgets: at least ORDERS_PER_SECOND_BUDGET orders/s over the measured
 * phase (after an unmeasured warm-up); no order lost (a key answered 200
 * whose order is not in the database, or a key with no successful answer)
 * or doubled (two orders for one key, told apart by the key carried in the
 * order's notes, or two different orders answered for one key); and every
 * customer's wallet ledger adds up to their balance, which is their credit
 * less what their orders took.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Order } from '../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { hashToken, newToken } from '../../server/account/tokens.ts';
import type { Database } from '../../server/db/tables.ts';
import { createWalletRepository } from '../../server/account/wallet-repository.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { addressKmNorth, createTestStore, line, type TestStore } from '../../tests/server/checkout/checkout-fixtures.ts';
import { cpuMsOf, startServerProcess, stopServerProcess } from '../server-process.ts';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';

const CUSTOMERS = 200;
const CONCURRENCY = 32;
const WARM_UP_ORDERS = 300;
const MEASURED_ORDERS = 3_000;
const DOUBLE_TAP_EVERY = 10;
const REPLAY_EVERY = 25;
/** Enough for every order a customer can get in this run, whatever the payment mode. */
const WALLET_CREDIT = 1_000_000;
const ORDERS_PER_SECOND_BUDGET = 500;

export interface BenchCustomer {
  id: number;
  token: string;
}

export interface BenchFixture {
  store: TestStore;
  customers: BenchCustomer[];
}

/** The checkout tests' store (always open, known prices) and customers with a session and wallet credit. */
export async function seedFixture(db: Kysely<Database>): Promise<BenchFixture> {
  const store = await createTestStore(db, { name: 'Bench Kitchen', delivery_radius_km: 8, min_order_subtotal: 1000 });
  const customers: BenchCustomer[] = [];
  const createdAt = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < CUSTOMERS; n += 1) {
      const { id } = await trx
        .insertInto('users')
        .values({ name: `Bench Customer ${n}`, email: `bench-${n}@bench.foodpilot.test`, phone: null, password_hash: '!', role: 'customer', created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newToken();
      await trx
        .insertInto('auth_tokens')
        .values({ token_hash: hashToken(token), user_id: Number(id), created_at: createdAt, expires_at: expiresAt, acting_user_id: null })
        .execute();
      await createWalletRepository(trx).appendEntry({ userId: Number(id), amount: WALLET_CREDIT, type: 'top_up', reason: 'Bench credit', createdBy: null }, trx);
      customers.push({ id: Number(id), token });
    }
  });
  return { store, customers };
}

export interface Answer {
  status: number;
  body: string;
}

/** POST on a keep-alive agent. */
export function post(agent: http.Agent, url: URL, path: string, body: string, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), [IDEMPOTENCY_HEADER]: key },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface KeyOutcome {
  key: string;
  /** The unique_order_id of each 200 answered for the key. */
  orderIds: string[];
  /** Other answers than 200 and 409 IDEMPOTENCY_IN_PROGRESS (which is retried). */
  failures: string[];
}

export const isInProgress = (answer: Answer) => answer.status === 409 && answer.body.includes('IDEMPOTENCY_IN_PROGRESS');

export const placeOrders: BenchScenario = {
  id: 'place-orders',
  description: `place-order by ${CUSTOMERS} customers over ${CONCURRENCY} connections on SQLite, with double taps and replays`,
  async run(): Promise<BenchFigure[]> {
    const dataDir = mkdtempSync(join(tmpdir(), 'foodpilot-bench-orders-'));
    const db = openDatabase({ dataDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
    let child: Awaited<ReturnType<typeof startServerProcess>>['child'] | undefined;
    try {
      await migrateToLatest(db);
      const fixture = await seedFixture(db);
      const server = await startServerProcess(dataDir);
      child = server.child;
      const url = new URL(server.url);
      const path = '/public/api/place-order';

      const { menu } = fixture.store;
      const bodyFor = (n: number, key: string): string => {
        const customer = fixture.customers[n % fixture.customers.length] as BenchCustomer;
        const pickup = n % 5 === 0;
        // Cash, part wallet, whole wallet in turn; the key rides in the notes so the database can be checked per key.
        const mode = n % 3;
        return JSON.stringify({
          token: customer.token,
          restaurant_id: fixture.store.id,
          items: [line(menu.burger, 1 + (n % 2)), line(menu.pizza, 1, n % 4 === 0 ? [menu.large, menu.olives] : [menu.regular])],
          order_type: pickup ? 'SELFPICKUP' : 'DELIVERY',
          ...(pickup ? {} : { address: addressKmNorth(0.5 + (n % 7)) }),
          payment_mode: mode === 2 ? 'WALLET' : 'COD',
          ...(mode === 1 ? { use_wallet: true } : {}),
          notes: key,
        });
      };

      /** Sends until the key has an answer that is not "still in progress" (the outbox's retry). */
      const send = async (body: string, key: string, outcome: KeyOutcome): Promise<void> => {
        for (;;) {
          const answer = await post(agent, url, path, body, key);
          if (isInProgress(answer)) {
            await new Promise((resolve) => setTimeout(resolve, 2));
            continue;
          }
          if (answer.status === 200) outcome.orderIds.push((JSON.parse(answer.body) as Order).unique_order_id);
          else outcome.failures.push(`${answer.status} ${answer.body.slice(0, 200)}`);
          return;
        }
      };

      const latencies: number[] = [];
      const placeOne = async (n: number, outcomes: KeyOutcome[]): Promise<void> => {
        const key = randomUUID();
        const outcome: KeyOutcome = { key, orderIds: [], failures: [] };
        outcomes.push(outcome);
        const body = bodyFor(n, key);
        const started = process.hrtime.bigint();
        if (n % DOUBLE_TAP_EVERY === 0) await Promise.all([send(body, key, outcome), send(body, key, outcome)]);
        else await send(body, key, outcome);
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (n % REPLAY_EVERY === 0) await send(body, key, outcome);
      };

      const run = async (from: number, count: number, outcomes: KeyOutcome[]): Promise<number> => {
        let next = from;
        const started = process.hrtime.bigint();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < from + count) {
              const n = next;
              next += 1;
              await placeOne(n, outcomes);
            }
          }),
        );
        return Number(process.hrtime.bigint() - started) / 1e9;
      };

      const warmUp: KeyOutcome[] = [];
      await run(0, WARM_UP_ORDERS, warmUp);
      latencies.length = 0;
      const measured: KeyOutcome[] = [];
      const serverCpuBefore = cpuMsOf(child.pid);
      const clientCpuBefore = process.cpuUsage();
      const seconds = await run(WARM_UP_ORDERS, MEASURED_ORDERS, measured);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const serverCpuAfter = cpuMsOf(child.pid);
      const serverCpuUsPerOrder =
        serverCpuBefore === undefined || serverCpuAfter === undefined ? 0 : Math.round(((serverCpuAfter - serverCpuBefore) * 1000) / MEASURED_ORDERS);
      const clientCpuUsPerOrder = Math.round((clientCpu.user + clientCpu.system) / MEASURED_ORDERS);

      const outcomes = [...warmUp, ...measured];
      const integrity = await checkIntegrity(db, fixture, outcomes);
      const placedPerSecond = Math.round((measured.filter((outcome) => outcome.orderIds.length > 0).length / seconds) * 10) / 10;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
      const failures = outcomes.flatMap((outcome) => outcome.failures);
      return [
        judged({
          name: 'place-order: orders placed/s (SQLite)',
          value: placedPerSecond,
          unit: 'ord/s',
          budget: ORDERS_PER_SECOND_BUDGET,
          budgetComparison: '≥',
          detail: { orders: MEASURED_ORDERS, seconds: Math.round(seconds * 100) / 100, concurrency: CONCURRENCY, customers: CUSTOMERS },
        }),
        // Unlike orders/s, CPU per order does not depend on how the two cores are shared with the load generator.
        judged({ name: 'place-order: server CPU per order', value: serverCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'place-order: load generator CPU per order', value: clientCpuUsPerOrder, unit: 'µs' }),
        judged({ name: 'place-order: p50 latency', value: at(0.5), unit: 'ms' }),
        judged({ name: 'place-order: p99 latency', value: at(0.99), unit: 'ms' }),
        judged({ name: 'place-order: orders lost or doubled', value: integrity.lostOrDoubled, unit: 'orders', budget: 0, detail: { ...integrity, failures: failures.slice(0, 5) } }),
        judged({ name: 'place-order: wallets whose ledger ≠ balance', value: integrity.walletMismatches, unit: 'users', budget: 0 }),
        judged({ name: 'place-order: duplicate submits answered', value: integrity.duplicateAnswers, unit: 'req' }),
      ];
    } finally {
      agent.destroy();
      if (child) await stopServerProcess(child);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export interface Integrity {
  orders: number;
  lost: number;
  doubled: number;
  lostOrDoubled: number;
  walletMismatches: number;
  duplicateAnswers: number;
}

/** Every key: exactly one order in the database, the one every 200 for it named; every wallet: ledger = balance = credit − orders. */
export async function checkIntegrity(db: Kysely<Database>, fixture: BenchFixture, outcomes: readonly KeyOutcome[]): Promise<Integrity> {
  const rows = await db.selectFrom('orders').select(['unique_order_id', 'notes', 'user_id', 'wallet_amount']).where('restaurant_id', '=', fixture.store.id).execute();
  const byKey = new Map<string, string[]>();
  for (const row of rows) byKey.set(row.notes, [...(byKey.get(row.notes) ?? []), row.unique_order_id]);
  let lost = 0;
  let doubled = 0;
  let duplicateAnswers = 0;
  for (const outcome of outcomes) {
    const stored = byKey.get(outcome.key) ?? [];
    const answered = new Set(outcome.orderIds);
    duplicateAnswers += Math.max(0, outcome.orderIds.length - 1);
    if (stored.length > 1 || answered.size > 1) doubled += 1;
    else if (outcome.failures.length > 0 || stored.length === 0 || (answered.size === 1 && !answered.has(stored[0] ?? ''))) lost += 1;
  }
  // Orders nobody asked for (a key the bench never sent) count as doubled too.
  const keys = new Set(outcomes.map((outcome) => outcome.key));
  doubled += rows.filter((row) => !keys.has(row.notes)).length;

  const takenByUser = new Map<number, number>();
  for (const row of rows) takenByUser.set(Number(row.user_id), (takenByUser.get(Number(row.user_id)) ?? 0) + Number(row.wallet_amount));
  const ledger = await db
    .selectFrom('wallet_transactions')
    .select((eb) => ['user_id', eb.fn.sum<number | string>('amount').as('sum')])
    .where('user_id', 'in', fixture.customers.map((customer) => customer.id))
    .groupBy('user_id')
    .execute();
  const ledgerByUser = new Map(ledger.map((row) => [Number(row.user_id), Number(row.sum)]));
  const users = await db
    .selectFrom('users')
    .select(['id', 'wallet_balance'])
    .where('id', 'in', fixture.customers.map((customer) => customer.id))
    .execute();
  const walletMismatches = users.filter((user) => {
    const balance = Number(user.wallet_balance);
    return ledgerByUser.get(Number(user.id)) !== balance || balance !== WALLET_CREDIT - (takenByUser.get(Number(user.id)) ?? 0);
  }).length;
  return { orders: rows.length, lost, doubled, lostOrDoubled: lost + doubled, walletMismatches, duplicateAnswers };
}
