/**
 * The payment steps of orders paid on the provider's own page (PayMongo's
 * hosted checkout, Mercado Pago Checkout Pro, Khalti's payment page): the
 * customer leaves for start-payment's action.url, and the provider sends
 * them back to /checkout?payment_gateway=<id>, with its own parameters
 * (Mercado Pago's payment_id, Khalti's pidx…) and payment_cancelled=1 from a
 * cancel button. The checkout then asks the server to verify the payment.
 */
import type { VerifiedGateway } from '../../api/checkout/worker-api.ts';
import type { PaymentGatewayId } from '../../api/checkout/payment-limits.ts';

/** Leaving the app for the provider's page; a seam for tests, where jsdom cannot navigate. */
export const providerPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

/** Only a web address is followed: whatever else an answer held is not a page to send a customer to. */
export function isPageUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:' || new URL(url).protocol === 'http:';
  } catch {
    return false;
  }
}

export interface PaymentReturn {
  gateway: VerifiedGateway;
  /** Mercado Pago's payment id; null when it named none (a cancelled checkout). */
  paymentId: string | null;
  /** The provider's cancel button brought the customer back. */
  cancelled: boolean;
}

const RETURNING_GATEWAYS: readonly PaymentGatewayId[] = ['PAYTM', 'PAYMONGO', 'MERCADOPAGO', 'KHALTI'];

/** The return from the provider of the order waiting for its payment, read from the checkout's query; null for any other visit. */
export function paymentReturnOf(search: string, gateway: PaymentGatewayId): PaymentReturn | null {
  const query = new URLSearchParams(search);
  if (query.get('payment_gateway') !== gateway || !RETURNING_GATEWAYS.includes(gateway)) return null;
  // Mercado Pago writes "null" when no payment was made.
  const paymentId = query.get('payment_id') ?? query.get('collection_id');
  return {
    gateway: gateway as VerifiedGateway,
    paymentId: paymentId && paymentId !== 'null' ? paymentId : null,
    cancelled: query.get('payment_cancelled') === '1',
  };
}

/** Whether the server can be asked where the payment stands: Mercado Pago needs the payment its return named. */
export function canVerify(payment: PaymentReturn): boolean {
  return payment.gateway !== 'MERCADOPAGO' || payment.paymentId !== null;
}
