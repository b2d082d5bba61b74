/**
 * Mercado Pago through Checkout Pro: start creates a preference (one item
 * for the order's amount, in the currency's decimal units; external_reference
 * names this payment), and the customer pays on its init_point. Mercado Pago
 * sends them back with ?payment_id=…; confirm reads that payment with the
 * access token and believes it only when its external_reference is this
 * payment's, so another order's approved payment cannot settle this one.
 */
import { HttpError } from '../http/http-error.ts';
import type { MercadoPagoConfig } from './config.ts';
import { toDecimalAmount, toMinorUnits } from './currency.ts';
import { CredentialedGateway, field, requestOk } from './gateway-http.ts';
import {
  NO_ACTION,
  redirectAction,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';

export interface MercadoPagoProof {
  /** The payment_id Mercado Pago appends to the return URL. */
  paymentId: string;
}

const PROVIDER = 'Mercado Pago';
const FAILED_STATUSES = new Set(['rejected', 'cancelled', 'refunded', 'charged_back']);

/** What the preference's external_reference holds: ties a Mercado Pago payment to exactly one payments row. */
export function mercadoPagoReferenceOf(attempt: Pick<PaymentAttempt, 'uniqueOrderId' | 'paymentId'>): string {
  return `${attempt.uniqueOrderId}:${attempt.paymentId}`;
}

export class MercadoPagoGateway extends CredentialedGateway<MercadoPagoConfig> implements PaymentGateway<MercadoPagoProof> {
  readonly id = 'MERCADOPAGO' as const;
  readonly displayName = 'Mercado Pago';
  readonly currencies = ['ARS', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'UYU'] as const;

  async startPayment({ attempt, returnUrls, merchantName }: StartPaymentInput): Promise<StartedPayment> {
    const config = this.configured(PROVIDER);
    const headers = { authorization: `Bearer ${config.accessToken}` };
    const preference = attempt.reference
      ? await requestOk(PROVIDER, `${config.apiUrl}/checkout/preferences/${encodeURIComponent(attempt.reference)}`, { method: 'GET', headers })
      : await requestOk(PROVIDER, `${config.apiUrl}/checkout/preferences`, {
          method: 'POST',
          // Mercado Pago's own idempotency: a retried start makes no second preference.
          headers: { ...headers, 'x-idempotency-key': `foodpilot-payment-${attempt.paymentId}` },
          json: {
            items: [
              {
                id: attempt.uniqueOrderId,
                title: `${merchantName} order ${attempt.uniqueOrderId}`,
                quantity: 1,
                currency_id: attempt.currency,
                unit_price: Number(toDecimalAmount(attempt.amount, attempt.currency)),
              },
            ],
            payer: { name: attempt.customer.name, email: attempt.customer.email },
            external_reference: mercadoPagoReferenceOf(attempt),
            back_urls: { success: returnUrls.success, pending: returnUrls.success, failure: returnUrls.cancel },
            auto_return: 'approved',
            metadata: { unique_order_id: attempt.uniqueOrderId, payment_id: attempt.paymentId },
          },
        });
    return { reference: field(PROVIDER, preference, 'id', 'string'), action: redirectAction(field(PROVIDER, preference, 'init_point', 'string')) };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }, proof: MercadoPagoProof): Promise<GatewayVerdict> {
    const config = this.configured(PROVIDER);
    const payment = await requestOk(PROVIDER, `${config.apiUrl}/v1/payments/${encodeURIComponent(proof.paymentId)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${config.accessToken}` },
    });
    if (payment.external_reference !== mercadoPagoReferenceOf(attempt)) {
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', 'This Mercado Pago payment is for another order.');
    }
    const status = field(PROVIDER, payment, 'status', 'string');
    const currency = field(PROVIDER, payment, 'currency_id', 'string').toUpperCase();
    return {
      outcome: status === 'approved' ? 'SUCCEEDED' : FAILED_STATUSES.has(status) ? 'FAILED' : 'PENDING',
      reference: attempt.reference,
      amount: toMinorUnits(field(PROVIDER, payment, 'transaction_amount', 'number'), currency),
      currency,
      action: NO_ACTION,
      detail: `payment ${proof.paymentId} ${status} ${typeof payment.status_detail === 'string' ? payment.status_detail : ''}`.trim(),
    };
  }

}
