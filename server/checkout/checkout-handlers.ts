/**
 * The checkout's calls (src/api/checkout/calls.ts): the quote and coupons,
 * and placing an order. Placing needs a customer account's token (an agent
 * acting for a customer holds one); a quote and a coupon also answer a
 * visitor without one, so fees and discounts are seen before signing up
 * (priced with no wallet and no points).
 */
import type { FastifyInstance } from 'fastify';
import { isPaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';
import type { AppliedCoupon } from '../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { HttpError } from '../http/http-error.ts';
import { readCheckoutSettings } from './checkout-settings.ts';
import { VISITOR_BALANCES, customerBalances, prepareCheckout, type CheckoutRequest } from './checkout.ts';
import { orderEvents } from '../orders/order-events.ts';
import { placedOrderView, placeOrder } from './place-order.ts';
import { storeAnswerWithin } from '../http/idempotency.ts';
import type { SessionUser } from '../account/users-repository.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

export type CheckoutCalls = 'get-order-quote' | 'apply-coupon' | 'place-order';

export function createCheckoutHandlers(app: FastifyInstance): Pick<CallHandlers, CheckoutCalls> {
  async function quote(user: SessionUser | null, body: CheckoutRequest) {
    const settings = await readCheckoutSettings(app);
    const balances = user ? await customerBalances(app, app.db, user.id, { lock: false }) : VISITOR_BALANCES;
    // While the wallet is not offered as payment, the quote does not count on it either.
    const useWallet = (body.use_wallet ?? false) && settings.paymentEnabled.WALLET;
    return (await prepareCheckout(app, app.db, { ...body, use_wallet: useWallet }, balances, settings)).quote;
  }

  return {
    'get-order-quote': async (body, request) => quote(request.caller, body),

    'apply-coupon': async (body, request) => {
      const priced = await quote(request.caller, body);
      // coupon_code is required by the schema, so a quote that did not refuse it applied it.
      return { success: true as const, coupon: priced.coupon as AppliedCoupon, quote: priced };
    },

    'place-order': async (body, request) => {
      // Without a key a double tap would place two orders: refuse before anything runs.
      if (request.headers[IDEMPOTENCY_HEADER.toLowerCase()] === undefined) {
        throw new HttpError(400, 'IDEMPOTENCY_KEY_REQUIRED', `place-order needs an ${IDEMPOTENCY_HEADER} header, made once per tap on "Place order".`);
      }
      const customer = userOf(request);
      // Switched on by the admin is not enough for a card gateway: it also needs the server's credentials
      // and the store's currency, or the customer would be stuck at payment with an order awaiting it.
      if (isPaymentGatewayId(body.payment_mode) && !(await app.payments.isAvailable(body.payment_mode))) {
        throw new HttpError(422, 'PAYMENT_METHOD_UNAVAILABLE', `Paying by ${body.payment_mode} is not offered at the moment.`);
      }
      const settings = await readCheckoutSettings(app);
      const placed = await placeOrder(app, body, {
        customer,
        settings,
        notifications: app.notificationsRepository,
        // The answer commits with the order: a crash never leaves an order its retry cannot find.
        beforeCommit: (trx, order) => storeAnswerWithin(request, trx, placedOrderView(order)),
      });
      // Committed: the stores' live order boards (store-order-events) hear of it at once.
      orderEvents.announce(Number(placed.order.id));
      return placedOrderView(placed);
    },

  };
}
