/**
 * Khalti ePayment (KPG-2): start initiates a payment (amount in paisa) and
 * redirects the customer to its payment_url; Khalti sends them back with
 * ?pidx=…, and confirm looks that pidx up (the only proof Khalti offers:
 * the return URL's own status parameter is not to be trusted). Each start
 * initiates anew (Khalti has no call that answers an old pidx's payment URL)
 * unless the earlier pidx is already paid or being paid.
 * Authorization is "Key <secret key>". Khalti takes Nepalese rupees only.
 */
import type { KhaltiConfig } from './config.ts';
import { CredentialedGateway, field, GatewayUnavailableError, requestOk } from './gateway-http.ts';
import {
  NO_ACTION,
  redirectAction,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';

const PROVIDER = 'Khalti';
/** Lookup statuses that end the payment without money taken. */
const FAILED_STATUSES = new Set(['Expired', 'User canceled', 'Refunded', 'Partially Refunded']);

export class KhaltiGateway extends CredentialedGateway<KhaltiConfig> implements PaymentGateway {
  readonly id = 'KHALTI' as const;
  readonly displayName = 'Khalti';
  readonly currencies = ['NPR'] as const;

  async startPayment({ attempt, returnUrls, siteUrl }: StartPaymentInput): Promise<StartedPayment> {
    const config = this.configured(PROVIDER);
    if (attempt.reference) {
      // Paid (or being paid) on the earlier pidx: a new one would take the money twice.
      const earlier = await this.#lookup(config, attempt.reference);
      if (earlier.status === 'Completed' || earlier.status === 'Pending') return { reference: attempt.reference, action: NO_ACTION };
    }
    const answer = await requestOk(PROVIDER, `${config.apiUrl}/epayment/initiate/`, {
      method: 'POST',
      headers: { authorization: `Key ${config.secretKey}` },
      json: {
        return_url: returnUrls.success,
        website_url: siteUrl,
        amount: attempt.amount,
        purchase_order_id: attempt.uniqueOrderId,
        purchase_order_name: `Order ${attempt.uniqueOrderId}`,
        customer_info: { name: attempt.customer.name, email: attempt.customer.email, ...(attempt.customer.phone ? { phone: attempt.customer.phone } : {}) },
      },
    });
    return { reference: field(PROVIDER, answer, 'pidx', 'string'), action: redirectAction(field(PROVIDER, answer, 'payment_url', 'string')) };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }): Promise<GatewayVerdict> {
    const lookup = await this.#lookup(this.configured(PROVIDER), attempt.reference);
    const { status } = lookup;
    return {
      outcome: status === 'Completed' ? 'SUCCEEDED' : FAILED_STATUSES.has(status) ? 'FAILED' : 'PENDING',
      reference: attempt.reference,
      amount: field(PROVIDER, lookup, 'total_amount', 'number'),
      currency: 'NPR',
      action: NO_ACTION,
      detail: `pidx ${attempt.reference} ${status}${typeof lookup.transaction_id === 'string' ? ` (transaction ${lookup.transaction_id})` : ''}`,
    };
  }

  async #lookup(config: KhaltiConfig, pidx: string): Promise<Record<string, unknown> & { status: string }> {
    const lookup = await requestOk(PROVIDER, `${config.apiUrl}/epayment/lookup/`, {
      method: 'POST',
      headers: { authorization: `Key ${config.secretKey}` },
      json: { pidx },
    });
    if (lookup.pidx !== pidx) throw new GatewayUnavailableError(PROVIDER, `lookup answered for pidx ${String(lookup.pidx)}`);
    return { ...lookup, status: field(PROVIDER, lookup, 'status', 'string') };
  }

}
