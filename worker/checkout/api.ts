/**
 * The checkout's methods: the server's quote of the cart with the
 * customer's choices, coupons and loyalty points, the ways to pay,
 * place-order made safe to repeat, and paying a card order (Stripe and the
 * other gateways). The orders list and an order's cancel are orders/'s.
 */
import type { SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { HttpSend } from '../net/http.ts';
import type { SyncContext } from '../replica/context.ts';
import { processRazorpayPayment, verifyGatewayPayment } from './gateways.ts';
import { captureStripeRedirect, confirmStripePayment, startPayment } from './payment.ts';
import { placeOrder } from './place-order.ts';
import { LatestRequest, applyCoupon, quoteCheckout, refreshPaymentGateways, removeCoupon, setLoyaltyRedemption, type CheckoutDeps } from './quote.ts';

export interface CheckoutApiDeps {
  ctx: SyncContext;
  /** The checkout's calls keep the server's refusal details: they go through the HTTP door, not the API client. */
  send: HttpSend;
  /** First delay before place-order sends its attempt again. */
  retryBaseMs: number;
}

export type CheckoutHandlers = SyncWorkerAreas['checkout'];

export function checkoutApi({ ctx, send, retryBaseMs }: CheckoutApiDeps): CheckoutHandlers {
  const checkout: CheckoutDeps = { send, quotes: new LatestRequest(), retryBaseMs };
  return {
    refreshPaymentGateways: () => refreshPaymentGateways(ctx),
    quoteCheckout: (choices) => quoteCheckout(ctx, checkout, choices),
    applyCoupon: (code, choices) => applyCoupon(ctx, checkout, code, choices),
    removeCoupon: () => removeCoupon(ctx),
    setLoyaltyRedemption: (points) => setLoyaltyRedemption(ctx, points),
    placeOrder: (input) => placeOrder(ctx, checkout, input),
    startPayment: (uniqueOrderId) => startPayment(ctx, checkout, uniqueOrderId),
    confirmStripePayment: (uniqueOrderId, paymentMethod) => confirmStripePayment(ctx, checkout, uniqueOrderId, paymentMethod),
    captureStripeRedirect: (paymentIntent) => captureStripeRedirect(ctx, checkout, paymentIntent),
    processRazorpayPayment: (uniqueOrderId, answer) => processRazorpayPayment(ctx, checkout, uniqueOrderId, answer),
    verifyGatewayPayment: (uniqueOrderId, gateway, paymentId) => verifyGatewayPayment(ctx, checkout, uniqueOrderId, gateway, paymentId),
  };
}
