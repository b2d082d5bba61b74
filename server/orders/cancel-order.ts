/**
 * cancel-order: the customer changes their mind while the store has not
 * accepted the order yet (placed), or gives up on a card payment that is
 * still pending (awaiting payment). Once the store accepted, only the store
 * or an admin can cancel (they know whether the food is already cooking):
 * 409 ORDER_NOT_CANCELLABLE, saying where the order is.
 *
 * The move goes through moveOrder like every status change, which writes the
 * history row, alerts the customer and settles the money in the same
 * transaction (lifecycle-settlement.ts: the wallet part back as a ledger
 * row, redeemed points back, the coupon use released).
 *
 * Another customer's order answers 404, exactly like an order that does not
 * exist, so order ids cannot be probed.
 */
import type { FastifyInstance } from 'fastify';
import { CANCELLABLE_BY_CUSTOMER, OrderStatus, isStatusIn } from '../../src/api/orders/status.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { actorIdOf } from '../account/agent-actions-repository.ts';
import type { OrderRow } from './orders-repository.ts';
import type { SessionUser } from '../account/users-repository.ts';
import { whereTheOrderIs } from './lifecycle-rules.ts';
import { moveOrder } from './transitions.ts';

export function orderNotFound(uniqueOrderId: string): HttpError {
  return notFound(`You have no order ${uniqueOrderId}.`);
}

export async function cancelOrderByCustomer(
  app: FastifyInstance,
  customer: Pick<SessionUser, 'id' | 'acting_user_id'>,
  request: { unique_order_id: string; reason?: string | undefined },
): Promise<OrderRow> {
  const reason = request.reason?.trim() || undefined;
  const moved = await app.db.transaction().execute(async (trx) => {
    const order = await app.ordersRepository.findByUniqueId(request.unique_order_id, trx);
    if (!order || Number(order.user_id) !== customer.id) throw orderNotFound(request.unique_order_id);
    const status = Number(order.status);
    if (status === OrderStatus.CANCELLED) return { order, changed: false };
    if (!isStatusIn(CANCELLABLE_BY_CUSTOMER, status)) {
      throw new HttpError(409, 'ORDER_NOT_CANCELLABLE', `${whereTheOrderIs(order)} Ask the store to cancel it.`);
    }
    const result = await moveOrder(app, trx, {
      orderId: Number(order.id),
      to: OrderStatus.CANCELLED,
      actor: 'customer',
      actorUserId: actorIdOf(customer),
      ...(reason ? { note: reason } : {}),
    }).catch((error: unknown) => {
      // The store accepted it a moment ago (PostgreSQL runs the two side by side): the same answer as above.
      if (error instanceof HttpError && (error.code === 'NOT_ALLOWED_FOR_ACTOR' || error.code === 'ILLEGAL_TRANSITION')) {
        throw new HttpError(409, 'ORDER_NOT_CANCELLABLE', `${error.message} Ask the store to cancel it.`);
      }
      throw error;
    });
    if (result.changed && customer.acting_user_id !== null) {
      await app.agentActionsRepository.record(
        {
          agentId: customer.acting_user_id,
          action: 'cancel-order',
          customerId: customer.id,
          details: { unique_order_id: order.unique_order_id },
        },
        trx,
      );
    }
    return result;
  });
  return moved.order;
}
