/**
 * The cart's call (src/api/cart/calls.ts): can these lines be ordered from
 * the store now? No token needed: a visitor's cart is checked too.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { cartAvailability, loadCheckoutStore } from './availability.ts';

export function createCartHandlers(app: FastifyInstance): Pick<CallHandlers, 'check-cart-items-availability'> {
  return {
    'check-cart-items-availability': async ({ restaurant_id, items }) => {
      const store = await loadCheckoutStore(app, restaurant_id);
      if (!store) throw notFound(`There is no store with id ${restaurant_id}.`);
      return cartAvailability(app, store, items);
    },
  };
}
