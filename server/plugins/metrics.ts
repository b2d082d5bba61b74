/**
 * Prometheus metrics at `GET /metrics` (prom-client), in a registry of this
 * app's own (tests build several apps in one process; the global default
 * registry would mix them):
 * - foodpilot_http_requests_total and foodpilot_http_request_duration_seconds,
 *   per route pattern (`/public/api/place-order`, not each order's URL;
 *   'unmatched' for 404s), method and status class (2xx, 4xx, …);
 * - foodpilot_orders (gauge by status name), read on each scrape with one GROUP BY;
 * - foodpilot_open_event_streams by stream (order-events, store-order-events);
 * - foodpilot_idempotent_replays_total: answers replayed from a stored
 *   idempotency key (the outbox's resent actions; Idempotent-Replayed: true);
 * - foodpilot_rate_limited_total: requests refused 429, by route;
 * - foodpilot_db_pool_connections by state (total, idle, waiting): the
 *   PostgreSQL pool; on SQLite one connection, always total 1;
 * - prom-client's process and Node.js defaults (CPU, memory, event loop lag).
 *
 * Who may read it (config.ts, METRICS_TOKEN): without a token only callers on
 * this machine (loopback and not forwarded by a proxy); with a token only
 * requests carrying `Authorization: Bearer <token>`, from anywhere. Others get
 * 403 FORBIDDEN (401 UNAUTHORIZED for a missing or wrong token).
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { pgPoolOf } from '../db/connect.ts';
import { HttpError } from '../http/http-error.ts';
import { isLoopbackAddress } from '../messaging/dev-outbox-route.ts';

export const METRICS_PATH = '/metrics';
const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export interface MetricsOptions {
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>` (from any address). */
  token?: string | undefined;
}

export interface AppMetrics {
  registry: Registry;
  /** A server-sent-events stream opened (live/event-stream.ts); call the answer once when it ends. */
  streamOpened(stream: string): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const STATUS_NAMES = new Map<number, string>(Object.entries(OrderStatus).map(([name, code]) => [code, name.toLowerCase()]));

function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress);
}

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'foodpilot_' });

  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({ name: 'foodpilot_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'foodpilot_http_request_duration_seconds',
    help: 'Time from the request to its answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const replays = new Counter({
    name: 'foodpilot_idempotent_replays_total',
    help: 'Answers replayed from a stored idempotency key (an action the outbox sent again)',
    labelNames: ['route'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'foodpilot_rate_limited_total',
    help: 'Requests refused with 429 (rate limits, lockouts)',
    labelNames: ['route'],
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: 'foodpilot_open_event_streams',
    help: 'Server-sent-event streams open now',
    labelNames: ['stream'],
    registers: [registry],
  });
  for (const stream of ['order-events', 'store-order-events']) openStreams.set({ stream }, 0);

  new Gauge({
    name: 'foodpilot_orders',
    help: 'Orders by status (read at each scrape)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await app.ordersRepository.countByStatus();
      this.reset();
      for (const name of STATUS_NAMES.values()) this.set({ status: name }, 0);
      for (const row of rows) this.set({ status: STATUS_NAMES.get(row.status) ?? String(row.status) }, Number(row.count));
    },
  });

  new Gauge({
    name: 'foodpilot_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; SQLite: one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = pgPoolOf(app.db);
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });

  app.decorate('metrics', {
    registry,
    streamOpened(stream: string) {
      openStreams.inc({ stream });
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        openStreams.dec({ stream });
      };
    },
  } satisfies AppMetrics);

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { route, method: request.method, status: statusClass(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) rateLimited.inc({ route });
    if (reply.getHeader(IDEMPOTENT_REPLAYED_HEADER) === 'true') replays.inc({ route });
  });

  app.get(METRICS_PATH, {
    schema: { hide: true },
    onRequest: async (request) => {
      if (options.token) {
        const header = request.headers.authorization ?? '';
        const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
        if (!sameSecret(given, options.token)) {
          throw new HttpError(401, 'UNAUTHORIZED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.');
        }
        return;
      }
      if (!fromThisMachine(request)) {
        throw new HttpError(403, 'FORBIDDEN', 'Metrics answer only callers on this machine unless METRICS_TOKEN is set.');
      }
    },
    handler: async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    },
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['database'] });
