/**
 * The payment calls: which methods a customer may use, opening a gateway
 * payment for an order awaiting payment, and each provider's confirm call
 * (spec §7: stripe accept and redirect-capture, razorpay create-order and
 * process, paytm, paymongo, mercado-pago and khalti verification). The steps
 * they share live in server/payments/order-payments.ts; each handler only
 * says which provider and what proof the client handed over.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  confirmOrderPayment,
  loadOrderPayment,
  loadOrderPaymentByReference,
  originOf,
  startOrderPayment,
} from './order-payments.ts';
import type { PaymentState } from '../../src/api/checkout/payment-entities.ts';
import type { SessionUser } from '../account/users-repository.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

export type PaymentCalls =
  | 'get-payment-gateways'
  | 'start-payment'
  | 'stripe-accept'
  | 'stripe-redirect-capture'
  | 'razorpay-create-order'
  | 'razorpay-process'
  | 'paytm-verify'
  | 'paymongo-verify'
  | 'mercado-pago-verify'
  | 'khalti-verify';

export function createPaymentHandlers(app: FastifyInstance): Pick<CallHandlers, PaymentCalls> {
  /** Runs a payment step for the customer (or the agent acting for them); what an agent did goes to the audit. */
  async function asPayer(
    request: FastifyRequest,
    body: { token?: string | undefined },
    action: PaymentCalls,
    step: (user: SessionUser) => Promise<PaymentState>,
  ): Promise<PaymentState> {
    const user = userOf(request);
    const state = await step(user);
    await app.agentActionsRepository.recordIfActing(user, action, { unique_order_id: state.unique_order_id, payment_status: state.payment_status });
    return state;
  }

  /** Where Stripe sends the customer after 3-D Secure: the order's running page, tagged with the gateway. */
  function stripeReturnUrl(request: FastifyRequest, uniqueOrderId: string): string {
    const url = new URL(`/running-order/${encodeURIComponent(uniqueOrderId)}`, originOf(request));
    url.searchParams.set('payment_gateway', 'STRIPE');
    return url.toString();
  }

  return {
    'get-payment-gateways': async () => app.payments.availableMethods(),

    'start-payment': (body, request) =>
      asPayer(request, body, 'start-payment', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return startOrderPayment(app, found, { origin: originOf(request), path: body.return_path });
      }),

    'stripe-accept': (body, request) =>
      asPayer(request, body, 'stripe-accept', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        const returnUrl = stripeReturnUrl(request, body.unique_order_id);
        return confirmOrderPayment(app, found, 'STRIPE', (attempt) =>
          app.payments.gateways.STRIPE.confirm(attempt, { paymentMethod: body.payment_method, returnUrl }),
        );
      }),

    'stripe-redirect-capture': (body, request) =>
      asPayer(request, body, 'stripe-redirect-capture', async (user) => {
        const found = await loadOrderPaymentByReference(app, user, 'STRIPE', body.payment_intent);
        const returnUrl = stripeReturnUrl(request, found.order.unique_order_id);
        return confirmOrderPayment(app, found, 'STRIPE', (attempt) => app.payments.gateways.STRIPE.confirm(attempt, { returnUrl }));
      }),

    'razorpay-create-order': (body, request) =>
      asPayer(request, body, 'razorpay-create-order', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return startOrderPayment(app, found, { origin: originOf(request) }, 'RAZORPAY');
      }),

    'razorpay-process': (body, request) =>
      asPayer(request, body, 'razorpay-process', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return confirmOrderPayment(app, found, 'RAZORPAY', (attempt) =>
          app.payments.gateways.RAZORPAY.confirm(attempt, {
            orderId: body.razorpay_order_id,
            paymentId: body.razorpay_payment_id,
            signature: body.razorpay_signature,
          }),
        );
      }),

    'paytm-verify': (body, request) =>
      asPayer(request, body, 'paytm-verify', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return confirmOrderPayment(app, found, 'PAYTM', (attempt) => app.payments.gateways.PAYTM.confirm(attempt));
      }),

    'paymongo-verify': (body, request) =>
      asPayer(request, body, 'paymongo-verify', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return confirmOrderPayment(app, found, 'PAYMONGO', (attempt) => app.payments.gateways.PAYMONGO.confirm(attempt));
      }),

    'mercado-pago-verify': (body, request) =>
      asPayer(request, body, 'mercado-pago-verify', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return confirmOrderPayment(app, found, 'MERCADOPAGO', (attempt) =>
          app.payments.gateways.MERCADOPAGO.confirm(attempt, { paymentId: body.payment_id }),
        );
      }),

    'khalti-verify': (body, request) =>
      asPayer(request, body, 'khalti-verify', async (user) => {
        const found = await loadOrderPayment(app, user, body.unique_order_id);
        return confirmOrderPayment(app, found, 'KHALTI', (attempt) => app.payments.gateways.KHALTI.confirm(attempt));
      }),
  };
}
