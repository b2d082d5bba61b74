/**
 * Settling a gateway payment: what a provider said (a confirm call, a
 * signed webhook) becomes the payments row's final status, the order's
 * payment status and the order's move out of awaiting payment, all in one
 * transaction.
 *
 * - Paid: payments SUCCEEDED, orders.payment_status PAID, the order moves
 *   8 → 1 (actor 'gateway'), then on to preparing when its store accepts
 *   orders automatically, as place-order does for an order paid at once.
 * - Failed: payments FAILED, orders.payment_status FAILED, 8 → 9.
 * - Paid after the customer cancelled the waiting order (cancel-order allows
 *   8 → 6), or after a failure already failed the order (a retry on the same
 *   Stripe intent): the payment is recorded and its amount goes back to the
 *   wallet (a ledger row; orders.payment_status REFUNDED), as a cancel does
 *   with an order paid online.
 * - Idempotent: the payments row changes only from the status it was read
 *   with (a conditional UPDATE, so of a webhook and a confirm arriving
 *   together exactly one settles), and a replay finds it settled and changes
 *   nothing.
 * - A paid verdict for another amount or currency than the row's is refused
 *   (409 PAYMENT_AMOUNT_MISMATCH), logged, and changes nothing.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { orderEvents } from '../orders/order-events.ts';
import { moveOrder } from '../orders/transitions.ts';
import type { GatewayVerdict } from './gateway.ts';

export interface Settlement {
  gateway: PaymentGatewayId;
  verdict: GatewayVerdict;
  /** The store's currency: every payment is charged in it. */
  currency: string;
  /** Where the verdict came from, for the order history note and the log. */
  source: 'confirm' | 'webhook';
}

export type SettleResult =
  /** The verdict was final and this call wrote it. */
  | { kind: 'settled'; orderId: number }
  /** Already settled earlier (a replay), or the verdict is still pending: nothing changed. */
  | { kind: 'unchanged'; orderId: number };

export async function settlePayment(app: FastifyInstance, log: FastifyBaseLogger, settlement: Settlement): Promise<SettleResult> {
  const { gateway, verdict } = settlement;
  const result = await app.db.transaction().execute(async (trx): Promise<SettleResult> => {
    const payment = await app.paymentsRepository.findByReference(gateway, verdict.reference, trx);
    if (!payment) throw notFound(`There is no ${gateway} payment ${verdict.reference}.`);
    const orderId = Number(payment.order_id);
    const paid = verdict.outcome === 'SUCCEEDED';
    // Final once settled, except that money taken after a failure (a retry on the same intent) is still money taken.
    const open = payment.status === 'PENDING' || (payment.status === 'FAILED' && paid);
    if (!open || verdict.outcome === 'PENDING') return { kind: 'unchanged', orderId };

    if (paid && (verdict.amount !== Number(payment.amount) || verdict.currency !== settlement.currency)) {
      log.error(
        { gateway, reference: verdict.reference, orderId, expected: { amount: Number(payment.amount), currency: settlement.currency }, reported: { amount: verdict.amount, currency: verdict.currency }, source: settlement.source },
        'payment refused: the provider reports another amount or currency than the order',
      );
      throw new HttpError(409, 'PAYMENT_AMOUNT_MISMATCH', 'The amount paid does not match this order; it was not settled.');
    }

    const now = new Date().toISOString();
    const claimed = await app.paymentsRepository.settle(Number(payment.id), payment.status, paid ? 'SUCCEEDED' : 'FAILED', now, trx);
    // Settled meanwhile by a concurrent confirm or webhook.
    if (claimed === 0) return { kind: 'unchanged', orderId };

    const order = await app.ordersRepository.settlementFactsOf(orderId, trx);
    if (Number(order.status) !== OrderStatus.AWAITING_PAYMENT) {
      // The customer cancelled while the payment was pending, or it failed and a retry went through after all.
      if (paid) {
        const why = Number(order.status) === OrderStatus.CANCELLED ? `cancelled order ${order.unique_order_id}` : `order ${order.unique_order_id}, not placed`;
        await refundToWallet(app, trx, log, { gateway, amount: Number(payment.amount), orderId, userId: Number(order.user_id), why });
      }
      return { kind: 'settled', orderId };
    }
    await app.ordersRepository.setPaymentStatusAt(orderId, paid ? 'PAID' : 'FAILED', now, trx);
    const note = `${gateway} ${settlement.source}: ${verdict.detail}`.slice(0, 500);
    const moved = await moveOrder(app, trx, { orderId, to: paid ? OrderStatus.PLACED : OrderStatus.PAYMENT_FAILED, actor: 'gateway', actorUserId: null, note });
    if (paid && (await acceptsAutomatically(app, trx, Number(moved.order.restaurant_id)))) {
      await moveOrder(app, trx, { orderId, to: OrderStatus.PREPARING, actor: 'system', actorUserId: null, note: 'Accepted automatically' });
    }
    return { kind: 'settled', orderId };
  });
  if (result.kind === 'settled') {
    orderEvents.announce(result.orderId);
    log.info({ gateway, reference: verdict.reference, outcome: verdict.outcome, orderId: result.orderId, source: settlement.source }, 'payment settled');
  }
  return result;
}

/** Money taken for an order that no longer waits for it goes back to the customer's wallet, as a cancel refunds a paid order. */
async function refundToWallet(
  app: FastifyInstance,
  trx: Kysely<Database>,
  log: FastifyBaseLogger,
  refund: { gateway: PaymentGatewayId; amount: number; orderId: number; userId: number; why: string },
): Promise<void> {
  await app.walletRepository.appendEntry(
    {
      userId: refund.userId,
      amount: refund.amount,
      type: 'order_refund',
      reason: `Refund of the ${refund.gateway.toLowerCase()} payment for ${refund.why}`,
      createdBy: null,
    },
    trx,
  );
  await app.ordersRepository.setPaymentStatusAt(refund.orderId, 'REFUNDED', new Date().toISOString(), trx);
  log.warn({ gateway: refund.gateway, orderId: refund.orderId, amount: refund.amount }, 'payment arrived for an order no longer awaiting it: refunded to the wallet');
}

async function acceptsAutomatically(app: FastifyInstance, trx: Kysely<Database>, restaurantId: number): Promise<boolean> {
  const store = await app.storesRepository.autoAcceptOf(restaurantId, trx);
  return Number(store?.auto_accept_orders) === 1;
}
