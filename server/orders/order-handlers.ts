/**
 * The customer's orders (src/api/orders/calls.ts): their list, page by page,
 * and their cancel while the store has not accepted. The steps of an order
 * (the store's and the driver's moves, tracking) are in lifecycle-handlers.ts,
 * ratings in rating-handlers.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ORDERS_PAGE_SIZE } from '../../src/api/orders/limits.ts';
import { forbidden } from '../account/authenticate.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';
import { cancelOrderByCustomer } from './cancel-order.ts';
import { toOrder, toOrders } from './order-view.ts';

export function createOrderHandlers(app: FastifyInstance): Pick<CallHandlers, 'get-orders' | 'cancel-order'> {
  return {
    'get-orders': async (body, request) => {
      const user = userOf(request);
      const customerId = body.user_id ?? user.id;
      // Another customer's orders: only an admin signed in as themselves may read them.
      if (customerId !== user.id && (user.role !== 'admin' || user.acting_user_id !== null)) {
        throw forbidden('You can only see your own orders.');
      }
      const page = await app.ordersRepository.pageOf(customerId, { before: body.before, limit: body.limit ?? ORDERS_PAGE_SIZE });
      return { orders: await toOrders(app, page.rows, { showPin: customerId === user.id }), next_before: page.nextBefore };
    },

    'cancel-order': async (body, request) => {
      const customer = userOf(request);
      const row = await cancelOrderByCustomer(app, customer, body);
      return toOrder(app, row, { showPin: true });
    },
  };
}
