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
 * driver moves (server/orders/lifecycle-watch.ts), and a comment every
 * ORDER_EVENTS_HEARTBEAT_MS so proxies keep it open; each heartbeat also
 * re-reads the order, the safety net for a change this process did not hear
 * of (order-events.ts). It ends when the client goes and when the server
 * closes. The client closes it once the order is final (delivered,
 * cancelled, payment failed); get-order-status is the polling fallback.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiErrorSchema } from '../../src/api/error-schema.ts';
import type { OrderTracking } from '../../src/api/orders/entities.ts';
import { ORDER_EVENTS_PATH, type OrderEventType } from '../../src/api/orders/limits.ts';
import { requireUser } from '../account/authenticate.ts';
import { notFound } from '../http/http-error.ts';
import { readTracking } from './lifecycle-tracking.ts';
import { OrderWatch } from './lifecycle-watch.ts';
import { canReadOrder, loadOrderFacts } from './order-access.ts';
import { orderEvents } from './order-events.ts';
import { openStreamsOf, runEventStream } from '../live/event-stream.ts';

const Params = Type.Object({ unique_order_id: Type.String({ minLength: 1, maxLength: 64 }) });
const Query = Type.Object({ token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

export default async function orderEventsRoute(app: FastifyInstance): Promise<void> {
  const openStreams = openStreamsOf(app);

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
      const order = await loadOrderFacts(app, uniqueOrderId);
      if (!order || !canReadOrder(user, order)) throw notFound(`There is no order ${uniqueOrderId}.`);

      await runEventStream(request, reply, {
        name: 'order-events',
        openStreams,
        watch: (write) =>
          new OrderWatch(
            () => readTracking(app, app.db, order.id),
            (type: OrderEventType, tracking: OrderTracking) => write(type, tracking),
            (error) => request.log.error({ err: error }, 'order-events: reading the order failed'),
          ),
        subscribe: (watch) => orderEvents.subscribe(order.id, () => watch.check()),
      });
    },
  });
}
