/**
 * A delivery order's food is ready at the counter (issue 32.3): the store
 * says so with mark-order-ready, before or after a driver has taken the
 * order, so the driver and the customer know it waits only for the driver.
 * It is a time on the order (food_ready_at), not a status: a status would
 * have to choose between "ready" and "driver assigned", and both are true.
 * Written once (a second tap, or a replay, changes nothing) and only while
 * the food can still be at the counter (FOOD_READY_STATUSES).
 */
import type { Kysely } from 'kysely';
import { FOOD_READY_STATUSES } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { whereTheOrderIs } from './lifecycle-rules.ts';
import { orderEvents } from './order-events.ts';
import { notifyInTransaction } from './order-events-bus.ts';

export async function markFoodReady(trx: Kysely<Database>, orderId: number, now: Date, tries = 3): Promise<{ changed: boolean }> {
  const order = await trx.selectFrom('orders').select(['status', 'order_type', 'food_ready_at']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound(`There is no order ${orderId}.`);
  if (order.food_ready_at !== null) return { changed: false };
  if (!(FOOD_READY_STATUSES as readonly number[]).includes(Number(order.status))) {
    throw new HttpError(409, 'ILLEGAL_TRANSITION', `${whereTheOrderIs({ status: Number(order.status), order_type: order.order_type })} Its food can be marked ready while it is prepared or waits for its driver.`);
  }
  const at = now.toISOString();
  const updated = await trx
    .updateTable('orders')
    .set({ food_ready_at: at, updated_at: at })
    .where('id', '=', orderId)
    .where('food_ready_at', 'is', null)
    .where('status', 'in', [...FOOD_READY_STATUSES])
    .executeTakeFirst();
  // A driver picked it up, or another tap marked it, between the read and the write: judged again as it is now.
  if (Number(updated.numUpdatedRows) === 0) {
    if (tries <= 1) throw new HttpError(409, 'ILLEGAL_TRANSITION', 'This order changed while its food was marked ready. Try again.');
    return markFoodReady(trx, orderId, now, tries - 1);
  }
  await notifyInTransaction(trx, orderId);
  orderEvents.announceUncommitted(orderId);
  return { changed: true };
}
