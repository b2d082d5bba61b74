/**
 * PayMongo through its hosted Checkout: start creates a checkout session
 * (amount in centavos, the customer is redirected to its checkout_url) and
 * resumes it while it is active; confirm reads the session back: a paid
 * payment in it settles the order, an expired session without one fails it.
 * Authentication is HTTP Basic with the secret key and no password.
 */
import type { PaymongoConfig } from './config.ts';
import { basicAuth, CredentialedGateway, field, isRecord, recordField, requestOk } from './gateway-http.ts';
import {
  NO_ACTION,
  redirectAction,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';

const PROVIDER = 'PayMongo';

interface Session {
  id: string;
  status: string;
  checkoutUrl: string;
  /** Payments made in the session: status (paid, failed…), amount, currency. */
  payments: { id: string; status: string; amount: number; currency: string }[];
}

export class PaymongoGateway extends CredentialedGateway<PaymongoConfig> implements PaymentGateway {
  readonly id = 'PAYMONGO' as const;
  readonly displayName = 'PayMongo';
  readonly currencies = ['PHP'] as const;

  async startPayment({ attempt, returnUrls, merchantName }: StartPaymentInput): Promise<StartedPayment> {
    const config = this.configured(PROVIDER);
    if (attempt.reference) {
      const session = await this.#session(config, attempt.reference);
      if (session.status === 'active') return { reference: session.id, action: redirectAction(session.checkoutUrl) };
    }
    const answer = await requestOk(PROVIDER, `${config.apiUrl}/v1/checkout_sessions`, {
      method: 'POST',
      headers: { authorization: basicAuth(config.secretKey, '') },
      json: {
        data: {
          attributes: {
            line_items: [{ name: `${merchantName} order ${attempt.uniqueOrderId}`, amount: attempt.amount, currency: attempt.currency, quantity: 1 }],
            payment_method_types: config.paymentMethodTypes,
            success_url: returnUrls.success,
            cancel_url: returnUrls.cancel,
            reference_number: attempt.uniqueOrderId,
            description: `Order ${attempt.uniqueOrderId}`,
            send_email_receipt: false,
            show_line_items: true,
            billing: { name: attempt.customer.name, email: attempt.customer.email, ...(attempt.customer.phone ? { phone: attempt.customer.phone } : {}) },
            metadata: { unique_order_id: attempt.uniqueOrderId, payment_id: String(attempt.paymentId) },
          },
        },
      },
    });
    const session = sessionOf(answer);
    return { reference: session.id, action: redirectAction(session.checkoutUrl) };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }): Promise<GatewayVerdict> {
    const session = await this.#session(this.configured(PROVIDER), attempt.reference);
    const paid = session.payments.find((payment) => payment.status === 'paid');
    const base = { reference: session.id, amount: attempt.amount, currency: attempt.currency, action: NO_ACTION };
    if (paid) return { ...base, outcome: 'SUCCEEDED', amount: paid.amount, currency: paid.currency.toUpperCase(), detail: `payment ${paid.id}` };
    if (session.status === 'expired') return { ...base, outcome: 'FAILED', detail: `checkout session ${session.id} expired unpaid` };
    return { ...base, outcome: 'PENDING', action: redirectAction(session.checkoutUrl), detail: `checkout session ${session.id} ${session.status}` };
  }

  async #session(config: PaymongoConfig, id: string): Promise<Session> {
    return sessionOf(
      await requestOk(PROVIDER, `${config.apiUrl}/v1/checkout_sessions/${encodeURIComponent(id)}`, {
        method: 'GET',
        headers: { authorization: basicAuth(config.secretKey, '') },
      }),
    );
  }

}

/** PayMongo's JSON:API shape: { data: { id, attributes: { status, checkout_url, payments: [{ id, attributes }] } } }. */
function sessionOf(answer: Record<string, unknown>): Session {
  const data = recordField(PROVIDER, answer, 'data');
  const attributes = recordField(PROVIDER, data, 'attributes');
  const payments = Array.isArray(attributes.payments) ? attributes.payments.filter(isRecord) : [];
  return {
    id: field(PROVIDER, data, 'id', 'string'),
    status: field(PROVIDER, attributes, 'status', 'string'),
    checkoutUrl: field(PROVIDER, attributes, 'checkout_url', 'string'),
    payments: payments.map((payment) => {
      const paymentAttributes = recordField(PROVIDER, payment, 'attributes');
      return {
        id: field(PROVIDER, payment, 'id', 'string'),
        status: field(PROVIDER, paymentAttributes, 'status', 'string'),
        amount: field(PROVIDER, paymentAttributes, 'amount', 'number'),
        currency: field(PROVIDER, paymentAttributes, 'currency', 'string'),
      };
    }),
  };
}
