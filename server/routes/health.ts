/**
 * Health for whatever stands in front of the server (a load balancer, an
 * orchestrator):
 * - `GET /health/live` (and its older name `GET /health`): the process
 *   answers HTTP; never touches the database, so a slow database does not get
 *   a healthy process restarted.
 * - `GET /health/ready`: this process should be sent traffic: the database
 *   answers a trivial query, on PostgreSQL the process hears the other
 *   processes' order events (orders/order-events-bus.ts: its LISTEN
 *   connection is up, or its streams would miss their changes), with
 *   REDIS_URL Redis answers a PING (plugins/redis.ts: the shared rate
 *   limits), and the server is not shutting down. Otherwise 503
 *   `{ message, code, failed }`, `failed` naming what did not answer
 *   ('database', 'order-events', 'redis', 'shutting-down'), so the balancer
 *   routes around it.
 * These are operations endpoints outside the API contract (src/api), hence
 * their own codes.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';

export const HEALTH_PATH = '/health';
export const HEALTH_LIVE_PATH = '/health/live';
export const HEALTH_READY_PATH = '/health/ready';

/** How long the readiness query (and Redis's PING) may take before the database (Redis) counts as not answering. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export type ReadinessFailure = 'database' | 'order-events' | 'redis' | 'shutting-down';

const LiveSchema = Type.Object({ ok: Type.Literal(true) });
const NotReadySchema = Type.Object({
  message: Type.String(),
  code: Type.Union([Type.Literal('NOT_READY'), Type.Literal('SHUTTING_DOWN')]),
  failed: Type.Array(Type.Union([Type.Literal('database'), Type.Literal('order-events'), Type.Literal('redis'), Type.Literal('shutting-down')])),
});

export default async function healthRoute(app: FastifyInstance): Promise<void> {
  const live = {
    schema: {
      summary: 'Liveness: the process answers HTTP (no database).',
      tags: ['app'],
      response: { 200: LiveSchema },
    },
    handler: async () => ({ ok: true as const }),
  };
  app.get(HEALTH_PATH, live);
  app.get(HEALTH_LIVE_PATH, live);

  app.get(HEALTH_READY_PATH, {
    schema: {
      summary:
        'Readiness: the database answers, the order events of other processes are heard, Redis answers (when configured), the server is not shutting down; 503 with what failed otherwise.',
      tags: ['app'],
      response: { 200: LiveSchema, 503: NotReadySchema },
    },
    handler: async (request, reply) => {
      // From app.close()'s start (plugins/shutdown.ts): a balancer polling ready moves away.
      if (app.isShuttingDown()) {
        void reply.header('connection', 'close');
        return reply.code(503).send({ message: 'The server is shutting down.', code: 'SHUTTING_DOWN', failed: ['shutting-down'] });
      }
      const failed: ReadinessFailure[] = [];
      const [databaseError, redisError] = await Promise.all([databaseProblem(app), app.redisProblem(READY_CHECK_TIMEOUT_MS)]);
      if (databaseError) {
        request.log.warn({ err: databaseError }, 'readiness: the database did not answer');
        failed.push('database');
      }
      if (!app.hearsOtherProcesses()) failed.push('order-events');
      if (redisError) {
        request.log.warn({ err: redisError }, 'readiness: Redis did not answer');
        failed.push('redis');
      }
      if (failed.length > 0) {
        const message = databaseError
          ? 'The database does not answer.'
          : failed.includes('order-events')
            ? 'The order events of the other server processes are not heard.'
            : 'Redis does not answer.';
        return reply.code(503).send({ message, code: 'NOT_READY', failed });
      }
      return { ok: true as const };
    },
  });
}

/** undefined when `select 1` answers within READY_CHECK_TIMEOUT_MS; else why not. */
async function databaseProblem(app: FastifyInstance): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      app.settingsRepository.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${READY_CHECK_TIMEOUT_MS} ms`)), READY_CHECK_TIMEOUT_MS);
      }),
    ]);
    return undefined;
  } catch (error) {
    return error ?? new Error('the readiness query failed');
  } finally {
    clearTimeout(timer);
  }
}
