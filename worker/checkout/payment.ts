/**
 * Paying a card order (README "How a card order goes"): place-order left it
 * awaiting payment (PrefKey.pendingPayment, the cart still kept);
 * start-payment says what the page does next (Stripe.js confirms the intent
 * with the client secret); stripe-accept, or stripe-redirect-capture after a
 * redirect, settles it (the other gateways' confirm calls: gateways.ts). Paid: the order is placed, the cart emptied and the
 * pending payment gone. Failed: the order is payment failed and the cart
 * stays for another try. Still pending: the row keeps the next action.
 */
import type { CheckoutResult, PendingPaymentRow } from '../../src/api/checkout/worker-api.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import type { PaymentState } from '../../src/api/checkout/payment-entities.ts';
import { PrefKey, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import { endSessionIfRefused, readSession } from '../replica/session.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import type { CheckoutDeps } from './quote.ts';
import { invalidInput } from '../net/failures.ts';
import { checkoutCall, type CheckoutValue } from '../net/checkout-client.ts';
import { emptyCartAfterOrder } from './place-order.ts';
import type { SyncContext } from '../replica/context.ts';
import { patchOrderPayment, refreshOrder } from '../orders/api.ts';
import { readPref } from '../replica/prefs.ts';

const { AWAITING_PAYMENT } = OrderStatus;
/** Where a redirect-based method brings the customer back: the checkout, which settles it (stripe-redirect-capture, or the gateway's verify call). */
export const PAYMENT_RETURN_PATH = '/checkout';
const REFERENCE_PATTERN = /^[A-Za-z0-9_.:-]{1,255}$/;

async function readPending(db: ReplicaDatabase, userId: number): Promise<PendingPaymentRow | undefined> {
  const row = await readPref<PendingPaymentRow>(db, PrefKey.pendingPayment);
  return row?.userId === userId ? row : undefined;
}

/** The server's word on a payment into the replica: the order's row, the pending payment, and the cart once paid. */
async function recordState(ctx: SyncContext, session: CustomerSession, state: PaymentState): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.orders, db.prefs, db.cartLines, db.cartMeta, db.outbox], async () => {
    await patchOrderPayment(db, state, ctx.now());
    const pending = await readPending(db, session.userId);
    if (pending?.uniqueOrderId !== state.unique_order_id) return;
    if (state.orderstatus_id === AWAITING_PAYMENT && state.payment_status === 'PENDING') {
      await db.prefs.put({ key: PrefKey.pendingPayment, value: { ...pending, state, updatedAt: ctx.now() } });
      return;
    }
    await db.prefs.delete(PrefKey.pendingPayment);
    // Paid: the cart became this order. Failed or cancelled: the cart stays for another try.
    if (state.payment_status === 'PAID') await emptyCartAfterOrder(db);
  });
}

/** A payment call with the session; its answer recorded, and the order's history fetched behind it. */
export async function paymentCall(
  ctx: SyncContext,
  call: (session: CustomerSession) => Promise<CheckoutValue<PaymentState>>,
): Promise<CheckoutResult<PaymentState>> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await call(session);
  if (!result.ok) {
    await endSessionIfRefused(ctx, session, result);
    // The order moved on without this device (paid by the webhook, cancelled): find out where it is.
    if ('code' in result && result.code === 'ORDER_NOT_AWAITING_PAYMENT') await forgetSettled(ctx, session);
    return result;
  }
  await recordState(ctx, session, result.value);
  if (result.value.orderstatus_id !== AWAITING_PAYMENT) await refreshOrder(ctx, result.value.unique_order_id);
  return result;
}

async function forgetSettled(ctx: SyncContext, session: CustomerSession): Promise<void> {
  const pending = await readPending(ctx.db, session.userId);
  if (!pending) return;
  await refreshOrder(ctx, pending.uniqueOrderId);
  const order = await ctx.db.orders.get(pending.uniqueOrderId);
  if (order && order.status !== AWAITING_PAYMENT) {
    await recordState(ctx, session, {
      unique_order_id: pending.uniqueOrderId,
      gateway: pending.gateway,
      orderstatus_id: order.status as number,
      payment_status: order.payment_status as PaymentState['payment_status'],
      amount: pending.amount,
      currency: pending.state?.currency ?? '',
      action: { type: 'none', url: null, client_secret: null, fields: {} },
    });
  }
}

export function isReference(value: unknown): value is string {
  return typeof value === 'string' && REFERENCE_PATTERN.test(value);
}

export function startPayment(ctx: SyncContext, deps: CheckoutDeps, uniqueOrderId: string): Promise<CheckoutResult<PaymentState>> {
  if (!isReference(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  return paymentCall(ctx, (session) =>
    checkoutCall(deps.send, 'start-payment', { token: session.token, unique_order_id: uniqueOrderId, return_path: PAYMENT_RETURN_PATH }),
  );
}

export function confirmStripePayment(
  ctx: SyncContext,
  deps: CheckoutDeps,
  uniqueOrderId: string,
  paymentMethod?: string,
): Promise<CheckoutResult<PaymentState>> {
  if (!isReference(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  if (paymentMethod !== undefined && !isReference(paymentMethod)) return Promise.resolve(invalidInput('Not a payment method id.'));
  return paymentCall(ctx, (session) =>
    checkoutCall(deps.send, 'stripe-accept', {
      token: session.token,
      unique_order_id: uniqueOrderId,
      ...(paymentMethod ? { payment_method: paymentMethod } : {}),
    }),
  );
}

export function captureStripeRedirect(ctx: SyncContext, deps: CheckoutDeps, paymentIntent: string): Promise<CheckoutResult<PaymentState>> {
  if (!isReference(paymentIntent)) return Promise.resolve(invalidInput('Not a payment intent id.'));
  return paymentCall(ctx, (session) =>
    checkoutCall(deps.send, 'stripe-redirect-capture', { token: session.token, payment_intent: paymentIntent }),
  );
}
