/**
 * Graceful shutdown, the HTTP half (server.ts closes on SIGTERM/SIGINT with
 * app.close()): from the moment the app begins to close, every new request
 * is answered 503 `{ message, code: 'SHUTTING_DOWN' }` with `Connection:
 * close` (so a keep-alive client or the balancer takes it elsewhere; the app
 * sets Fastify's own return503OnClosing off for this shape), `GET
 * /health/ready` says so, the event streams end with a `retry:` hint
 * (live/event-stream.ts), and the requests already running finish (their
 * answers with `Connection: close`, so no idle keep-alive holds the exit) before
 * the database closes (Fastify waits for them; the database's onClose hook
 * runs after).
 *
 * The wait has an end: Node's server.close() drops the idle keep-alive
 * connections once, but a connection that opened and has not sent a request
 * yet counts as busy, and nothing would ever end it (a half-open socket, a
 * slow client, a balancer's spare connection); a request that never answers
 * would hold the exit the same way. `graceMs` after the close began, every
 * connection still open is cut.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once app.close() has begun. */
    isShuttingDown(): boolean;
  }
}

/** Answered as usual while shutting down: a balancer's probes (ready itself says 503). */
const PROBE_PATHS = new Set(['/health', '/health/live', '/health/ready']);

export interface ShutdownOptions {
  /** How long the requests under way may take to finish once the close began (SHUTDOWN_GRACE_MS). */
  graceMs: number;
}

async function shutdownPlugin(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  let shuttingDown = false;
  app.decorate('isShuttingDown', () => shuttingDown);
  app.addHook('preClose', async () => {
    shuttingDown = true;
    if (!app.server.listening) return;
    const cutOff = setTimeout(() => {
      app.log.warn({ graceMs: options.graceMs }, 'connections still open after the shutdown grace: closing them');
      app.server.closeAllConnections();
    }, options.graceMs);
    // Unref'd: the timer alone never keeps the process up.
    cutOff.unref();
    app.server.once('close', () => clearTimeout(cutOff));
  });
  // A request that arrived before the close is answered, and its keep-alive connection ends with it:
  // otherwise the server would wait for the client to go (Fastify's keepAliveTimeout, 72 s) before it exits.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!shuttingDown || PROBE_PATHS.has(request.url.split('?')[0] ?? '')) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      // Not the route's response schema: SHUTTING_DOWN is an operations code outside the API's error codes.
      .serializer(JSON.stringify)
      .send({ message: 'The server is shutting down; try again.', code: 'SHUTTING_DOWN' });
  });
}

export default fp(shutdownPlugin, { name: 'shutdown' });
