/**
 * Razorpay (the spec's "razorpay-style provider": create-order, process).
 * start creates a Razorpay order for the amount; Razorpay Checkout in the
 * page takes the payment and hands back order id, payment id and a
 * signature, HMAC-SHA256 of "order_id|payment_id" keyed with the key secret.
 * confirm checks that signature, then reads the payment from Razorpay for
 * its real status and amount, capturing it when the account leaves payments
 * only authorised.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/http-error.ts';
import type { RazorpayConfig } from './config.ts';
import { basicAuth, CredentialedGateway, field, requestOk } from './gateway-http.ts';
import {
  NO_ACTION,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';

export interface RazorpayProof {
  orderId: string;
  paymentId: string;
  signature: string;
}

const PROVIDER = 'Razorpay';

/** Razorpay's checkout signature: hex HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export function razorpaySignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function isValidRazorpaySignature(proof: RazorpayProof, keySecret: string): boolean {
  const expected = Buffer.from(razorpaySignature(proof.orderId, proof.paymentId, keySecret), 'utf8');
  const given = Buffer.from(proof.signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class RazorpayGateway extends CredentialedGateway<RazorpayConfig> implements PaymentGateway<RazorpayProof> {
  readonly id = 'RAZORPAY' as const;
  readonly displayName = 'Razorpay';
  readonly currencies = 'any' as const;

  override clientConfig(): Record<string, string> {
    return this.config ? { key_id: this.config.keyId } : {};
  }

  async startPayment({ attempt, merchantName }: StartPaymentInput): Promise<StartedPayment> {
    const config = this.configured(PROVIDER);
    // A Razorpay order takes any number of attempts until paid: resuming needs no call.
    const orderId =
      attempt.reference ??
      field(
        PROVIDER,
        await requestOk(PROVIDER, `${config.apiUrl}/v1/orders`, {
          method: 'POST',
          headers: { authorization: basicAuth(config.keyId, config.keySecret) },
          json: {
            amount: attempt.amount,
            currency: attempt.currency,
            // At most 40 characters; unique per payment so Razorpay's reports name it.
            receipt: `payment-${attempt.paymentId}`,
            notes: { unique_order_id: attempt.uniqueOrderId },
          },
        }),
        'id',
        'string',
      );
    return {
      reference: orderId,
      action: {
        type: 'checkout_sdk',
        url: null,
        client_secret: null,
        fields: {
          key: config.keyId,
          order_id: orderId,
          amount: String(attempt.amount),
          currency: attempt.currency,
          name: merchantName,
          description: `Order ${attempt.uniqueOrderId}`,
          prefill_name: attempt.customer.name,
          prefill_email: attempt.customer.email,
          prefill_contact: attempt.customer.phone ?? '',
        },
      },
    };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }, proof: RazorpayProof): Promise<GatewayVerdict> {
    const config = this.configured(PROVIDER);
    if (proof.orderId !== attempt.reference || !isValidRazorpaySignature(proof, config.keySecret)) {
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', 'The Razorpay signature does not match this order and payment.');
    }
    const auth = { authorization: basicAuth(config.keyId, config.keySecret) };
    let payment = await requestOk(PROVIDER, `${config.apiUrl}/v1/payments/${encodeURIComponent(proof.paymentId)}`, { method: 'GET', headers: auth });
    if (payment.order_id !== attempt.reference) {
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', 'This Razorpay payment belongs to another order.');
    }
    if (payment.status === 'authorized') {
      payment = await requestOk(PROVIDER, `${config.apiUrl}/v1/payments/${encodeURIComponent(proof.paymentId)}/capture`, {
        method: 'POST',
        headers: auth,
        json: { amount: field(PROVIDER, payment, 'amount', 'number'), currency: field(PROVIDER, payment, 'currency', 'string') },
      });
    }
    const status = field(PROVIDER, payment, 'status', 'string');
    return {
      outcome: status === 'captured' ? 'SUCCEEDED' : status === 'failed' ? 'FAILED' : 'PENDING',
      reference: attempt.reference,
      amount: field(PROVIDER, payment, 'amount', 'number'),
      currency: field(PROVIDER, payment, 'currency', 'string').toUpperCase(),
      action: NO_ACTION,
      detail: `payment ${proof.paymentId} ${status}${typeof payment.error_description === 'string' ? `: ${payment.error_description}` : ''}`,
    };
  }

}
