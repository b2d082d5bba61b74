/**
 * `GET /public/api/store-order-events`: server-sent events of the orders of
 * the caller's stores (every store for an administrator), for the console's
 * live order board (issue 7). The token is `Authorization: Bearer` (the
 * console reads the stream with fetch) or `?token=` for EventSource; store
 * owners and administrators only (UNAUTHORIZED, FORBIDDEN otherwise, before
 * the stream starts). `?since=<ISO time>` first sends what changed since
 * then, for a console reconnecting after a gap; without it the stream sends
 * only what changes from now on.
 *
 * Messages: `placed` (a new order waits for the store: play the sound) and
 * `updated` (any other change), each `{ "order": Order }` without the
 * delivery PIN; a comment every ORDER_EVENTS_HEARTBEAT_MS keeps proxies from
 * closing it, and each heartbeat also re-reads (store-order-feed.ts says why).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { STORE_ORDER_EVENTS_PATH } from '../../../src/api/admin/entities.ts';
import { ApiErrorSchema } from '../../../src/api/error-schema.ts';
import { requireOrderStaff } from '../admin-access.ts';
import { StoreOrderFeed } from './store-order-feed.ts';
import { HttpError } from '../../http/http-error.ts';
import { orderEvents } from '../../orders/order-events.ts';
import { openStreamsOf, runEventStream } from '../../live/event-stream.ts';

const Query = Type.Object({
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  since: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
});

function sinceOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new HttpError(400, 'VALIDATION_FAILED', 'since is not a time.', [{ path: '/since', message: 'is not a time' }]);
  return new Date(time);
}

export default async function storeOrderEventsRoute(app: FastifyInstance): Promise<void> {
  const openStreams = openStreamsOf(app);

  app.get(STORE_ORDER_EVENTS_PATH, {
    // The token may be in the URL: keep request URLs of this route out of the info-level access log.
    logLevel: 'warn',
    schema: {
      summary: "Server-sent events of the caller's stores' orders: `placed` for a new order, `updated` for any other change.",
      tags: ['app'],
      querystring: Query,
      response: { '4xx': ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const query = request.query as { token?: string; since?: string };
      const viewer = await requireOrderStaff(app, request, { token: query.token });
      const since = sinceOf(query.since);

      await runEventStream(request, reply, {
        name: 'store-order-events',
        openStreams,
        watch: (write) =>
          new StoreOrderFeed(
            app,
            viewer,
            (type, order) => write(type, { order }),
            (error) => request.log.error({ err: error }, 'store-order-events: reading the orders failed'),
            since,
          ),
        // Any order's step may be one of the viewer's: the feed's query decides (a driver's position alone changes nothing here).
        subscribe: (feed) =>
          orderEvents.onAnyChange((_orderId, change) => {
            if (change === 'step') feed.check();
          }),
        // Ready: a console that connects, then loads its list, misses nothing in between.
        readyComment: 'ready',
      });
    },
  });
}
