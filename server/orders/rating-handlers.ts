/**
 * Ratings of delivered orders: get-ratable-order and rate-order
 * (server/orders/ratings.ts has the rules). Only the order's customer,
 * signed in as themselves.
 */
import type { FastifyInstance } from 'fastify';
import { rateOrder, ratableOrderOf } from './ratings.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

export type RatingCalls = 'get-ratable-order' | 'rate-order';

export function createRatingHandlers(app: FastifyInstance): Pick<CallHandlers, RatingCalls> {
  return {
    'get-ratable-order': async (body, request) => {
      const user = userOf(request);
      return { order: await ratableOrderOf(app, user, body.unique_order_id) };
    },

    'rate-order': async (body, request) => {
      const user = userOf(request);
      return rateOrder(app, user, {
        uniqueOrderId: body.unique_order_id,
        rating: body.rating,
        comment: body.comment,
        driverRating: body.driver_rating,
      });
    },
  };
}
