/**
 * `GET /public/api/order-events/:unique_order_id?token=…`: a server-sent-events
 * stream of one order for the running-order page (EventSource). The token
 * rides in the query because EventSource cannot set headers
 * (`Authorization: Bearer` works too); only those who may read the order
 * get a stream (NOT_FOUND otherwise, UNAUTHORIZED without a valid token:
 * EventSource then stops instead of retrying).
 *
 * The stream starts with `retry:` and a `tracking` message (where the order
 * stands), then sends `tracking` on every step and `position` when the
 * driver moves (server/ordering/lifecycle-watch.ts), and a comment every
 * ORDER_EVENTS_HEARTBEAT_MS so proxies keep it open; each heartbeat also
 * re-reads the order, the safety net for a change this process did not hear
 * of (order-events.ts). It ends when the client goes and when the server
 * closes. The client closes it once the order is final (delivered,
 * cancelled, payment failed); get-order-status is the polling fallback.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ApiErrorSchema,
  ORDER_EVENTS_HEARTBEAT_MS,
  ORDER_EVENTS_PATH,
  ORDER_EVENTS_RETRY_MS,
  type OrderEventType,
  type OrderTracking,
} from '../../src/api/index.ts';
import { requireUser } from '../auth/authenticate.ts';
import { notFound } from '../http-error.ts';
import { readTracking } from '../ordering/lifecycle-tracking.ts';
import { OrderWatch } from '../ordering/lifecycle-watch.ts';
import { canReadOrder, loadOrderFacts } from '../ordering/order-access.ts';
import { orderEvents } from '../ordering/order-events.ts';

const Params = Type.Object({ unique_order_id: Type.String({ minLength: 1, maxLength: 64 }) });
const Query = Type.Object({ token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

export default async function orderEventsRoute(app: FastifyInstance): Promise<void> {
  /** Ends each open stream; run before the server waits for its connections to finish. */
  const openStreams = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.all([...openStreams].map((end) => end()));
  });

  app.get(`${ORDER_EVENTS_PATH}/:unique_order_id`, {
    // The token may be in the URL: keep request URLs of this route out of the info-level access log.
    logLevel: 'warn',
    schema: {
      summary: 'Server-sent events of one order: `tracking` on connect and on every step, `position` when the driver moves.',
      tags: ['app'],
      params: Params,
      querystring: Query,
      response: { '4xx': ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const { unique_order_id: uniqueOrderId } = request.params as { unique_order_id: string };
      const { token } = request.query as { token?: string };
      const user = await requireUser(app, request, { token });
      const order = await loadOrderFacts(app.db, uniqueOrderId);
      if (!order || !canReadOrder(user, order)) throw notFound(`There is no order ${uniqueOrderId}.`);

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and friends: do not hold the messages back.
        'x-accel-buffering': 'no',
      });
      stream.write(`retry: ${ORDER_EVENTS_RETRY_MS}\n\n`);

      const send = (type: OrderEventType, tracking: OrderTracking) => {
        if (!stream.writableEnded) stream.write(`event: ${type}\ndata: ${JSON.stringify(tracking)}\n\n`);
      };
      const watch = new OrderWatch(() => readTracking(app.db, order.id), send, (error) =>
        request.log.error({ err: error }, 'order-events: reading the order failed'),
      );
      const unsubscribe = orderEvents.subscribe(order.id, () => watch.check());
      const heartbeat = setInterval(() => {
        if (!stream.writableEnded) stream.write(': heartbeat\n\n');
        watch.check();
      }, ORDER_EVENTS_HEARTBEAT_MS);
      heartbeat.unref();

      let ended: Promise<void> | undefined;
      const end = (): Promise<void> => {
        ended ??= (async () => {
          openStreams.delete(end);
          clearInterval(heartbeat);
          unsubscribe();
          await watch.close();
          if (!stream.writableEnded) stream.end();
        })();
        return ended;
      };
      openStreams.add(end);
      // The client went (closed the page, lost the network, called EventSource.close()).
      stream.on('close', () => void end());

      try {
        await watch.start();
      } catch (error) {
        request.log.error({ err: error }, 'order-events: the first read failed');
        await end();
      }
    },
  });
}
