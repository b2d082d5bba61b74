/**
 * How fast the nearby store list answers when the city is big: 10,000 stores
 * spread over about 110 × 85 km around a point, with opening hours and
 * reviews, in a temporary SQLite database. The real server (`npm start`'s
 * entry) runs in a child process so the load generator does not share its
 * event loop; this process drives it over 50 keep-alive connections with a
 * minimal HTTP/1.1 client (RawConnection), in phases measured the same way
 * (3 s warm-up, 5 s measured): GET /health (the same server doing nothing),
 * get-delivery-restaurants at one of 2,000 points of the area (customers'
 * addresses, taken in turn, so each is asked again every 2,000 requests),
 * GET /health again. Budgets: the nearby list keeps at least half the
 * trivial route's throughput (the mean of the two /health phases, which
 * bracket it so drift in the machine's background load shows), and its p99
 * stays under 20 ms. A last phase, without a budget, asks at a point never
 * asked before on every request: what a list costs when no earlier answer
 * can be reused (the server keeps answers by exact point, see
 * server/nearby/answer-cache.ts). The server's own CPU time per request
 * (from /proc) is reported beside each phase: unlike requests/s, it does not
 * depend on how the two cores are shared with the load generator.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { cpuMsOf, startServerProcess, stopServerProcess } from '../server-process.ts';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';

const STORE_COUNT = 10_000;
const CENTER = { latitude: 40.4406, longitude: -79.9959 };
/** Half the side of the square the stores are spread over, in degrees (≈ 55 km north–south). */
const SPREAD_DEGREES = 0.5;
const CONNECTIONS = 50;
/** Per phase: long enough for the JIT to settle and the heap to reach its working size. */
const WARM_UP_MS = 3_000;
const MEASURE_MS = 5_000;
const THROUGHPUT_SHARE_BUDGET = 50;
const P99_BUDGET_MS = 20;

interface LoadResult {
  requests: number;
  /** The server process's CPU time (user + system) per measured request, from /proc (Linux), in µs. */
  serverCpuUsPerRequest?: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  bytesPerAnswer: number;
}

/** A deterministic random sequence, so every run seeds the same city. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedCity(dataDir: string): Promise<void> {
  const db = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    const random = seededRandom(42);
    const createdAt = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < STORE_COUNT; start += 500) {
        const stores = Array.from({ length: Math.min(500, STORE_COUNT - start) }, (_, offset) => {
          const n = start + offset;
          const latitude = CENTER.latitude + (random() * 2 - 1) * SPREAD_DEGREES;
          return {
            name: `Bench Store ${n}`,
            slug: `bench-store-${n}`,
            city: 'Benchton',
            description: 'A store of the nearby-stores bench.',
            image: '/public/images/stores/bench.svg',
            is_active: n % 50 === 0 ? 0 : 1,
            is_featured: n % 40 === 0 ? 1 : 0,
            custom_featured_name: null,
            custom_message_on_list: null,
            rating: 3 + Math.round(random() * 20) / 10,
            delivery_time: 15 + Math.floor(random() * 40),
            price_range: 1500 + Math.floor(random() * 5000),
            delivery_type: (1 + Math.floor(random() * 3)) as 1 | 2 | 3,
            latitude,
            longitude: CENTER.longitude + (random() * 2 - 1) * SPREAD_DEGREES,
            delivery_radius_km: 2 + Math.round(random() * 40) / 10,
            store_color: null,
            owner_user_id: null,
            created_at: createdAt,
            timezone: 'America/New_York',
          };
        });
        const ids = await trx.insertInto('restaurants').values(stores).returning('id').execute();
        const hours = ids.flatMap(({ id }) =>
          [0, 1, 2, 3, 4, 5, 6].map((day) => ({ restaurant_id: Number(id), day_of_week: day, opens_minute: 600, closes_minute: 1380 })),
        );
        await trx.insertInto('restaurant_opening_hours').values(hours).execute();
        const reviews = ids.flatMap(({ id }) =>
          Array.from({ length: Math.floor(random() * 4) }, () => ({
            restaurant_id: Number(id),
            user_id: null,
            rating: 1 + Math.floor(random() * 5),
            comment: 'Bench review',
            created_at: createdAt,
          })),
        );
        if (reviews.length > 0) await trx.insertInto('reviews').values(reviews).execute();
      }
    });
  } finally {
    await db.destroy();
  }
}

interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
}

/**
 * One keep-alive connection speaking just enough HTTP/1.1 to time requests:
 * it writes a prebuilt request and counts the answer's bytes up to its
 * Content-Length, nothing more. The load generator shares the machine's two
 * cores with the server, so its own cost per answer must stay small next to
 * the server's (node:http's client spent about as long receiving a 15 kB
 * answer as the server spent making it, and capped both routes' figures
 * instead of the server).
 */
class RawConnection {
  readonly #socket: net.Socket;
  /** Bytes of the answer's head seen so far (only until its end is found). */
  #head = '';
  #received = 0;
  #expected = -1;
  #status = 0;
  #done: ((answer: { status: number; bytes: number }) => void) | undefined;
  #fail: ((error: Error) => void) | undefined;

  constructor(url: URL) {
    // One read buffer per connection, reused for every read: the answers are only counted, never kept.
    this.#socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      onread: { buffer: Buffer.allocUnsafe(64 * 1024), callback: (size: number, buffer: Uint8Array) => this.#onRead(buffer, size) },
    });
    this.#socket.setNoDelay(true);
    this.#socket.on('error', (error) => this.#fail?.(error));
    this.#socket.on('close', () => this.#fail?.(new Error('connection closed')));
  }

  request(bytes: Buffer): Promise<{ status: number; bytes: number }> {
    return new Promise((done, fail) => {
      this.#done = done;
      this.#fail = fail;
      this.#head = '';
      this.#received = 0;
      this.#expected = -1;
      this.#socket.write(bytes);
    });
  }

  close(): void {
    this.#fail = undefined;
    this.#socket.destroy();
  }

  /** Always true: keep reading. */
  #onRead(buffer: Uint8Array, size: number): boolean {
    this.#received += size;
    if (this.#expected < 0) {
      this.#head += Buffer.from(buffer.buffer, buffer.byteOffset, Math.min(size, 1024)).toString('latin1');
      const end = this.#head.indexOf('\r\n\r\n');
      if (end < 0) return true;
      this.#status = Number(this.#head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(this.#head.slice(0, end))?.[1];
      if (length === undefined) {
        this.#fail?.(new Error(`no content-length in: ${this.#head}`));
        return true;
      }
      this.#expected = end + 4 + Number(length);
    }
    if (this.#received >= this.#expected) {
      const done = this.#done;
      this.#done = undefined;
      this.#fail = undefined;
      done?.({ status: this.#status, bytes: this.#expected });
    }
    return true;
  }
}

function requestBytes(url: URL, spec: RequestSpec): Buffer {
  const body = spec.body?.();
  const head = `${spec.method} ${spec.path} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n`;
  if (body === undefined) return Buffer.from(`${head}\r\n`);
  return Buffer.from(`${head}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * CONNECTIONS loops, each sending its next request when the last answered:
 * WARM_UP_MS unmeasured (JIT, caches, connection set-up), then MEASURE_MS
 * measured. Every request's bytes are built before its timer starts.
 */
async function load(baseUrl: string, spec: RequestSpec, serverPid?: number): Promise<LoadResult> {
  const url = new URL(baseUrl);
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const warmUpEnds = Date.now() + WARM_UP_MS;
  const ends = warmUpEnds + MEASURE_MS;
  const connections = Array.from({ length: CONNECTIONS }, () => new RawConnection(url));
  let cpuAtStart: number | undefined;
  const cpuTimer = setTimeout(() => (cpuAtStart = cpuMsOf(serverPid)), WARM_UP_MS);
  const loop = async (connection: RawConnection) => {
    while (Date.now() < ends) {
      const request = requestBytes(url, spec);
      const started = process.hrtime.bigint();
      try {
        const answer = await connection.request(request);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (Date.now() >= warmUpEnds) {
          if (answer.status === 200) {
            latencies.push(ms);
            bytes += answer.bytes;
          } else errors += 1;
        }
      } catch {
        errors += 1;
        return;
      }
    }
  };
  let cpuMs: number | undefined;
  try {
    await Promise.all(connections.map(loop));
    const cpuAtEnd = cpuMsOf(serverPid);
    if (cpuAtStart !== undefined && cpuAtEnd !== undefined) cpuMs = cpuAtEnd - cpuAtStart;
  } finally {
    clearTimeout(cpuTimer);
    for (const connection of connections) connection.close();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    ...(cpuMs !== undefined && latencies.length > 0 ? { serverCpuUsPerRequest: Math.round((cpuMs * 1000) / latencies.length) } : {}),
    perSecond: Math.round(latencies.length / (MEASURE_MS / 1000)),
    p50Ms: round2(at(0.5)),
    p99Ms: round2(at(0.99)),
    errors,
    bytesPerAnswer: latencies.length > 0 ? Math.round(bytes / latencies.length) : 0,
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export const nearbyStores: BenchScenario = {
  id: 'nearby-stores',
  description: `get-delivery-restaurants among ${STORE_COUNT.toLocaleString('en')} stores vs GET /health, ${CONNECTIONS} connections, server in a child process`,
  async run(): Promise<BenchFigure[]> {
    const dataDir = mkdtempSync(join(tmpdir(), 'foodpilot-bench-'));
    let child: ChildProcess | undefined;
    try {
      await seedCity(dataDir);
      const server = await startServerProcess(dataDir);
      child = server.child;
      const random = seededRandom(7);
      // Customers anywhere in the middle of the city.
      const pointBody = () =>
        JSON.stringify({
          latitude: CENTER.latitude + (random() * 2 - 1) * SPREAD_DEGREES * 0.8,
          longitude: CENTER.longitude + (random() * 2 - 1) * SPREAD_DEGREES * 0.8,
        });
      const points = Array.from({ length: 2_000 }, pointBody);
      let next = 0;
      const pid = child.pid;
      // The trivial route right before and right after, measured the same way: the machine's
      // background load drifts, and the nearby figure is judged against the mean of the two.
      const healthBefore = await load(server.url, { method: 'GET', path: '/health' }, pid);
      const nearby = await load(
        server.url,
        {
          method: 'POST',
          path: '/public/api/get-delivery-restaurants',
          body: () => points[(next += 1) % points.length] as string,
        },
        pid,
      );
      const healthAfter = await load(server.url, { method: 'GET', path: '/health' }, pid);
      // A point never asked before on every request (the random sequence goes on past the 2,000 above).
      const fresh = await load(server.url, { method: 'POST', path: '/public/api/get-delivery-restaurants', body: pointBody }, pid);
      const storesPerAnswer = await averageStores(server.url, points.slice(0, 50));
      const errors = healthBefore.errors + nearby.errors + healthAfter.errors + fresh.errors;
      if (errors > 0) {
        throw new Error(
          `Requests failed: ${healthBefore.errors} + ${healthAfter.errors} on /health, ${nearby.errors} + ${fresh.errors} on get-delivery-restaurants`,
        );
      }
      const healthPerSecond = (healthBefore.perSecond + healthAfter.perSecond) / 2;
      const shareOf = (perSecond: number) => (healthPerSecond > 0 ? Math.round((perSecond / healthPerSecond) * 1000) / 10 : 0);
      const share = shareOf(nearby.perSecond);
      return [
        judged({ name: 'GET /health (before): requests/s', value: healthBefore.perSecond, unit: 'req/s', detail: healthBefore }),
        judged({ name: 'GET /health (after): requests/s', value: healthAfter.perSecond, unit: 'req/s', detail: healthAfter }),
        judged({ name: 'GET /health: p99 latency (worse of the two)', value: Math.max(healthBefore.p99Ms, healthAfter.p99Ms), unit: 'ms' }),
        judged({ name: 'GET /health: server CPU per request', value: healthBefore.serverCpuUsPerRequest ?? 0, unit: 'µs' }),
        judged({ name: 'nearby stores: requests/s', value: nearby.perSecond, unit: 'req/s', detail: { ...nearby, storesPerAnswer } }),
        judged({
          name: 'nearby stores: throughput vs /health (mean)',
          value: share,
          unit: '%',
          budget: THROUGHPUT_SHARE_BUDGET,
          budgetComparison: '≥',
        }),
        judged({ name: 'nearby stores: p99 latency', value: nearby.p99Ms, unit: 'ms', budget: P99_BUDGET_MS }),
        judged({ name: 'nearby stores: server CPU per request', value: nearby.serverCpuUsPerRequest ?? 0, unit: 'µs' }),
        judged({ name: 'nearby stores: bytes per answer', value: nearby.bytesPerAnswer, unit: 'B' }),
        judged({ name: 'nearby stores: stores per answer (mean)', value: storesPerAnswer, unit: 'stores' }),
        judged({ name: 'nearby, new point each request: requests/s', value: fresh.perSecond, unit: 'req/s', detail: fresh }),
        judged({ name: 'nearby, new point each request: vs /health', value: shareOf(fresh.perSecond), unit: '%' }),
        judged({ name: 'nearby, new point each request: p99 latency', value: fresh.p99Ms, unit: 'ms' }),
        judged({ name: 'nearby, new point each request: server CPU', value: fresh.serverCpuUsPerRequest ?? 0, unit: 'µs' }),
      ];
    } finally {
      if (child) await stopServerProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

async function averageStores(baseUrl: string, bodies: readonly string[]): Promise<number> {
  let total = 0;
  for (const body of bodies) {
    const response = await fetch(`${baseUrl}/public/api/get-delivery-restaurants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    total += ((await response.json()) as unknown[]).length;
  }
  return Math.round((total / bodies.length) * 10) / 10;
}
