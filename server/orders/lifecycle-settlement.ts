/**
 * What money and points do when an order ends, inside the transaction of the
 * move that ended it (every change a ledger row):
 *
 * - cancelled, or its card payment failed: the wallet part goes back to the
 *   wallet; a part already paid online goes back to the wallet too (the
 *   gateways have no refund call here, and the wallet is money the customer
 *   spends or sees on their ledger at once); redeemed points come back; the
 *   coupon use is released for someone else (or the customer) to use.
 * - delivered or collected: the points the order promised are credited
 *   (earnLoyaltyPoints), and a cash order is paid (the driver or the counter
 *   took the cash); the delivering driver's commission and the tip are
 *   credited to their wallet and the cash recorded as in their hands
 *   (server/driver/earnings.ts).
 *
 * The state machine makes each of these run once per order: cancelled,
 * payment failed and delivered are final states, and a move to the state an order is already
 * in is a no-op that never reaches here.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { isPaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';
import type { Database, OrdersTable, PaymentStatusColumn } from '../db/tables.ts';
import { settleDriverOfDeliveredOrder } from '../driver/earnings.ts';
import { earnLoyaltyPoints, returnRedeemedPoints } from '../checkout/loyalty.ts';

type OrderRow = Selectable<OrdersTable>;

/** The payment status an unfulfilled order ends with, given what was refunded. */
function paymentStatusAfterCancel(order: OrderRow, refunded: number): PaymentStatusColumn {
  if (refunded > 0) return 'REFUNDED';
  // Nothing was taken (cash never collected, a card never charged): keep what it was.
  return order.payment_status;
}

/** The part of the total paid online that a cancel gives back. */
function paidOnline(order: OrderRow): number {
  return isPaymentGatewayId(order.payment_mode) && order.payment_status === 'PAID' ? Number(order.payable_amount) : 0;
}

/** Refunds an order that ends unfulfilled (cancelled, payment failed); answers the payment status it ends with. */
export async function settleUnfulfilledOrder(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: OrderRow,
  actorUserId: number | null,
  now: Date,
): Promise<PaymentStatusColumn> {
  const userId = Number(order.user_id);
  const fromWallet = Number(order.wallet_amount);
  const online = paidOnline(order);
  const what = Number(order.status) === OrderStatus.PAYMENT_FAILED ? 'unpaid' : 'cancelled';
  if (fromWallet > 0) {
    await app.walletRepository.appendEntry(
      {
        userId,
        amount: fromWallet,
        type: 'order_refund',
        reason: `Refund for ${what} order ${order.unique_order_id}`,
        createdBy: actorUserId,
        now,
      },
      trx,
    );
  }
  if (online > 0) {
    await app.walletRepository.appendEntry(
      {
        userId,
        amount: online,
        type: 'order_refund',
        reason: `Refund of the ${order.payment_mode.toLowerCase()} payment for ${what} order ${order.unique_order_id}`,
        createdBy: actorUserId,
        now,
      },
      trx,
    );
  }
  await returnRedeemedPoints(app, trx, order);
  await app.couponsRepository.releaseUseOf(Number(order.id), trx);
  return paymentStatusAfterCancel(order, fromWallet + online);
}

/** Credits the loyalty the delivered order promised and pays its driver; answers the payment status it ends with. */
export async function settleCompletedOrder(app: FastifyInstance, trx: Kysely<Database>, order: OrderRow, now: Date): Promise<PaymentStatusColumn> {
  await earnLoyaltyPoints(app, trx, order);
  await settleDriverOfDeliveredOrder(app, trx, order, now);
  return order.payment_mode === 'COD' ? 'PAID' : order.payment_status;
}
