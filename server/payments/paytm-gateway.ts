/**
 * Paytm (JS Checkout): start calls Initiate Transaction for a Paytm order id
 * of our own and answers the transaction token the page's Paytm script opens;
 * confirm asks the Transaction Status API. Both requests are signed with the
 * merchant key (paytm-checksum.ts), and the status answer's signature is
 * checked before a word of it is believed. Paytm takes rupees only.
 */
import { HttpError } from '../http/http-error.ts';
import type { PaytmConfig } from './config.ts';
import { toDecimalAmount, toMinorUnits } from './currency.ts';
import { CredentialedGateway, GatewayUnavailableError, field, isRecord, recordField, requestOk } from './gateway-http.ts';
import {
  NO_ACTION,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';
import { isValidPaytmSignature, paytmSignature } from './paytm-checksum.ts';

const PROVIDER = 'Paytm';

/** Paytm order ids: letters, digits, @ - _ . and at most 50 characters. */
export function paytmOrderId(attempt: Pick<PaymentAttempt, 'uniqueOrderId' | 'paymentId'>): string {
  const suffix = `-${attempt.paymentId}`;
  return `${attempt.uniqueOrderId.replace(/[^A-Za-z0-9@_.-]/g, '').slice(0, 50 - suffix.length)}${suffix}`;
}

export class PaytmGateway extends CredentialedGateway<PaytmConfig> implements PaymentGateway {
  readonly id = 'PAYTM' as const;
  readonly displayName = 'Paytm';
  readonly currencies = ['INR'] as const;

  override clientConfig(): Record<string, string> {
    if (!this.config) return {};
    return { mid: this.config.mid, script_url: this.#scriptUrl(this.config) };
  }

  async startPayment({ attempt, returnUrls }: StartPaymentInput): Promise<StartedPayment> {
    const config = this.configured(PROVIDER);
    // Initiating again for the same Paytm order id (a resumed payment) answers a fresh token for it.
    const orderId = attempt.reference ?? paytmOrderId(attempt);
    const amount = toDecimalAmount(attempt.amount, attempt.currency);
    const body = {
      requestType: 'Payment',
      mid: config.mid,
      websiteName: config.website,
      orderId,
      callbackUrl: returnUrls.success,
      txnAmount: { value: amount, currency: attempt.currency },
      userInfo: { custId: `CUST_${attempt.customer.id}` },
    };
    const query = new URLSearchParams({ mid: config.mid, orderId });
    const answer = await requestOk(PROVIDER, `${config.apiUrl}/theia/api/v1/initiateTransaction?${query}`, {
      method: 'POST',
      json: { body, head: { signature: paytmSignature(JSON.stringify(body), config.merchantKey) } },
    });
    const answerBody = recordField(PROVIDER, answer, 'body');
    const resultInfo = recordField(PROVIDER, answerBody, 'resultInfo');
    if (resultInfo.resultStatus !== 'S') {
      throw new GatewayUnavailableError(PROVIDER, `initiateTransaction ${String(resultInfo.resultCode)}: ${String(resultInfo.resultMsg)}`);
    }
    return {
      reference: orderId,
      action: {
        type: 'checkout_sdk',
        url: null,
        client_secret: null,
        fields: {
          mid: config.mid,
          order_id: orderId,
          txn_token: field(PROVIDER, answerBody, 'txnToken', 'string'),
          amount,
          script_url: this.#scriptUrl(config),
        },
      },
    };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }): Promise<GatewayVerdict> {
    const config = this.configured(PROVIDER);
    const body = { mid: config.mid, orderId: attempt.reference };
    const answer = await requestOk(PROVIDER, `${config.apiUrl}/v3/order/status`, {
      method: 'POST',
      json: { body, head: { signature: paytmSignature(JSON.stringify(body), config.merchantKey) } },
    });
    const head = isRecord(answer.head) ? answer.head : {};
    const status = recordField(PROVIDER, answer, 'body');
    if (typeof head.signature !== 'string' || !isValidPaytmSignature(JSON.stringify(status), config.merchantKey, head.signature)) {
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', "Paytm's answer is not signed with this merchant's key.");
    }
    const resultInfo = recordField(PROVIDER, status, 'resultInfo');
    const resultStatus = field(PROVIDER, resultInfo, 'resultStatus', 'string');
    if (status.orderId !== attempt.reference) throw new GatewayUnavailableError(PROVIDER, `status answered for order ${String(status.orderId)}`);
    const amount = typeof status.txnAmount === 'string' ? toMinorUnits(status.txnAmount, 'INR') : Number.NaN;
    return {
      outcome: resultStatus === 'TXN_SUCCESS' ? 'SUCCEEDED' : resultStatus === 'TXN_FAILURE' ? 'FAILED' : 'PENDING',
      reference: attempt.reference,
      amount,
      currency: 'INR',
      action: NO_ACTION,
      detail: `txn ${String(status.txnId ?? '-')} ${resultStatus} ${String(resultInfo.resultCode ?? '')}: ${String(resultInfo.resultMsg ?? '')}`,
    };
  }

  #scriptUrl(config: PaytmConfig): string {
    return `${config.apiUrl}/merchantpgpui/checkoutjs/merchants/${encodeURIComponent(config.mid)}.js`;
  }

}
