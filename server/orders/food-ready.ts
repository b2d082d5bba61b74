/**
 * A delivery order's food is ready at the counter (issue 32.3): the store
 * says so with mark-order-ready, before or after a driver has taken the
 * order, so the driver and the customer know it waits only for the driver.
 * It is a time on the order (food_ready_at), not a status: a status would
 * have to choose between "ready" and "driver assigned", and both are true.
 * Written once (a second tap, or a replay, changes nothing) and only while
 * the food can still be at the counter (FOOD_READY_STATUSES).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { FOOD_READY_STATUSES } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { whereTheOrderIs } from './lifecycle-rules.ts';
import { orderEvents } from './order-events.ts';
import { notifyInTransaction } from './order-events-bus.ts';

export async function markFoodReady(app: FastifyInstance, trx: Kysely<Database>, orderId: number, now: Date, tries = 3): Promise<{ changed: boolean }> {
  const order = await app.ordersRepository.foodReadyFactsOf(orderId, trx);
  if (!order) throw notFound(`There is no order ${orderId}.`);
  if (order.food_ready_at !== null) return { changed: false };
  if (!(FOOD_READY_STATUSES as readonly number[]).includes(Number(order.status))) {
    throw new HttpError(409, 'ILLEGAL_TRANSITION', `${whereTheOrderIs({ status: Number(order.status), order_type: order.order_type })} Its food can be marked ready while it is prepared or waits for its driver.`);
  }
  const at = now.toISOString();
  const updated = await app.ordersRepository.markFoodReady(orderId, at, trx);
  // A driver picked it up, or another tap marked it, between the read and the write: judged again as it is now.
  if (updated === 0) {
    if (tries <= 1) throw new HttpError(409, 'ILLEGAL_TRANSITION', 'This order changed while its food was marked ready. Try again.');
    return markFoodReady(app, trx, orderId, now, tries - 1);
  }
  await notifyInTransaction(app, trx, orderId);
  orderEvents.announceUncommitted(orderId);
  return { changed: true };
}
