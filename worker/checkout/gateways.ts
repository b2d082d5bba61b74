/**
 * Settling a payment made through a gateway other than Stripe (see
 * payment.ts for the order's way there): Razorpay Checkout's answer
 * goes to razorpay-process, which checks its signature; Paytm, PayMongo,
 * Mercado Pago and Khalti are settled by the server asking the provider
 * (Mercado Pago with the payment_id its return URL names). The page's word
 * is never the verdict: the server's answer is recorded like stripe-accept's.
 */
import type { CheckoutResult, RazorpayCheckoutAnswer, VerifiedGateway } from '../../src/api/checkout/worker-api.ts';
import type { PaymentState } from '../../src/api/checkout/payment-entities.ts';
import type { CheckoutDeps } from './quote.ts';
import { invalidInput } from '../net/failures.ts';
import { checkoutCall } from '../net/checkout-client.ts';
import { isReference, paymentCall } from './payment.ts';
import type { SyncContext } from '../replica/context.ts';

/** razorpay-process's limit on the signature (a hex HMAC-SHA256 is 64 characters). */
const SIGNATURE_PATTERN = /^[A-Za-z0-9]{1,256}$/;

const VERIFY_CALLS = {
  PAYTM: 'paytm-verify',
  PAYMONGO: 'paymongo-verify',
  MERCADOPAGO: 'mercado-pago-verify',
  KHALTI: 'khalti-verify',
} as const satisfies Record<VerifiedGateway, string>;

export function processRazorpayPayment(
  ctx: SyncContext,
  deps: CheckoutDeps,
  uniqueOrderId: string,
  answer: RazorpayCheckoutAnswer,
): Promise<CheckoutResult<PaymentState>> {
  if (!isReference(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  if (!isReference(answer?.razorpay_order_id) || !isReference(answer.razorpay_payment_id)) {
    return Promise.resolve(invalidInput('Razorpay answered no order or payment id.'));
  }
  if (typeof answer.razorpay_signature !== 'string' || !SIGNATURE_PATTERN.test(answer.razorpay_signature)) {
    return Promise.resolve(invalidInput('Razorpay answered no signature.'));
  }
  return paymentCall(ctx, (session) =>
    checkoutCall(deps.send, 'razorpay-process', {
      token: session.token,
      unique_order_id: uniqueOrderId,
      razorpay_order_id: answer.razorpay_order_id,
      razorpay_payment_id: answer.razorpay_payment_id,
      razorpay_signature: answer.razorpay_signature,
    }),
  );
}

export function verifyGatewayPayment(
  ctx: SyncContext,
  deps: CheckoutDeps,
  uniqueOrderId: string,
  gateway: VerifiedGateway,
  paymentId?: string,
): Promise<CheckoutResult<PaymentState>> {
  if (!isReference(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  if (!Object.hasOwn(VERIFY_CALLS, gateway)) return Promise.resolve(invalidInput(`${String(gateway)} is not settled by a verify call.`));
  if (gateway === 'MERCADOPAGO') {
    if (!isReference(paymentId)) return Promise.resolve(invalidInput('Mercado Pago named no payment.'));
    return paymentCall(ctx, (session) =>
      checkoutCall(deps.send, 'mercado-pago-verify', { token: session.token, unique_order_id: uniqueOrderId, payment_id: paymentId }),
    );
  }
  return paymentCall(ctx, (session) =>
    checkoutCall(deps.send, VERIFY_CALLS[gateway], { token: session.token, unique_order_id: uniqueOrderId }),
  );
}
