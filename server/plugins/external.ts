/**
 * Third-party plugins the routes rely on: OpenAPI generated from the route
 * schemas (served at /docs, JSON at /docs/json) and the rate limiter, off by
 * default and switched on per route (login and OTP calls). With REDIS_URL
 * (plugins/redis.ts) its counts are kept in Redis, shared by every server
 * process and kept across restarts; else in this process's memory.
 */
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';

async function externalPlugins(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FoodPilot API',
        description:
          'Every call is `POST /public/api/<name>` with a JSON body. Errors answer `{ message, code }` ' +
          '(validation errors add `details`). A POST may carry an `Idempotency-Key` header: a repeat with ' +
          'the same key and body replays the first answer and changes nothing.',
        version: '1',
      },
      tags: [
        { name: 'calls', description: 'The calls of the app (spec §7).' },
        { name: 'app', description: 'Files the app reads outside the API prefix.' },
      ],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(app.redis
      ? {
          redis: app.redis,
          nameSpace: `${app.redisKeyPrefix}rate-limit:`,
          // Redis unreachable: the request goes through (logged by plugins/redis.ts, /health/ready says 'redis').
          // These limits only slow a caller down; what bounds guessing and messages is in the database (routes/api/rate-limits.ts).
          skipOnError: true,
        }
      : {}),
    // Thrown, so the one error handler answers 429 RATE_LIMITED in the usual shape.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many requests. Try again in ${context.after}.`),
  });
}

export default fp(externalPlugins, { name: 'external-plugins' });
