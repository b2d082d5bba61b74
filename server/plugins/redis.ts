/**
 * The Redis client the server processes of a cluster share (issue 17), when
 * REDIS_URL is set: the route-level rate limits count in it
 * (plugins/external.ts), so a limit reached through one process holds on
 * the others and across restarts. Without REDIS_URL there is no client and
 * those limits are counted in this process's memory, as on one machine.
 *
 * `app.redis` is the client or undefined; `app.redisKeyPrefix` starts every
 * key the app writes (REDIS_KEY_PREFIX, default 'foodpilot:'), so one Redis
 * can serve several deployments, or several test runs, apart.
 * `app.redisProblem()` answers undefined while Redis answers a PING within
 * the readiness timeout (routes/health.ts), else why not. The client closes
 * with the app.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | undefined;
    redisKeyPrefix: string;
    /** undefined when Redis is not configured or answers a PING within `timeoutMs`; else the error. */
    redisProblem(timeoutMs: number): Promise<unknown>;
  }
}

export const DEFAULT_REDIS_KEY_PREFIX = 'foodpilot:';

export interface RedisPluginOptions {
  url?: string | undefined;
  keyPrefix?: string | undefined;
}

/** How long a command waits for a connection before it fails (a rate limit then lets the request through, see external.ts). */
const CONNECT_TIMEOUT_MS = 1_000;
/** A warning per this long at most while Redis is unreachable: ioredis reports every reconnect attempt. */
const ERROR_LOG_INTERVAL_MS = 30_000;

async function redisPlugin(app: FastifyInstance, options: RedisPluginOptions): Promise<void> {
  app.decorate('redisKeyPrefix', options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX);
  if (!options.url) {
    app.decorate('redis', undefined);
    app.decorate('redisProblem', async () => undefined);
    return;
  }
  // The settings @fastify/rate-limit recommends: a request is not held long by a Redis that went away.
  const client = new Redis(options.url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectionName: 'foodpilot',
    // Reconnects with a growing pause, at most 2 s apart, for as long as the process lives.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let lastLogged = 0;
  client.on('error', (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    app.log.warn({ err: error }, 'redis: the connection failed; rate limits let requests through until it is back');
  });

  app.decorate('redis', client);
  app.decorate('redisProblem', async (timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return undefined;
    } catch (error) {
      return error ?? new Error('PING failed');
    } finally {
      clearTimeout(timer);
    }
  });
  app.addHook('onClose', async () => {
    if (client.status === 'ready') {
      await client.quit().catch(() => client.disconnect());
    } else {
      // Not connected (yet, or any more): nothing to say goodbye to, and no reconnect after this.
      client.disconnect();
    }
  });
}

export default fp(redisPlugin, { name: 'redis' });
