/**
 * The one interface every online payment provider sits behind. The server
 * code around it (server/payments/order-payments.ts, settle.ts) knows orders,
 * payments rows and the state machine; an adapter knows only its provider's
 * API: how to open a payment for an amount and how to tell, from the
 * provider's own answer, whether it was paid.
 *
 * An adapter never trusts what the client says happened: confirm() always
 * asks the provider (or checks the provider's signature) and answers what the
 * provider says, with the amount and currency the provider reports, so the
 * settlement can refuse a payment for another amount.
 */
import type { PaymentAction } from '../../src/api/checkout/payment-entities.ts';
import type { PaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';

/** One payment of one order, as an adapter needs to see it. */
export interface PaymentAttempt {
  /** payments.id: stable across retries, so it makes a good idempotency key at the provider. */
  paymentId: number;
  uniqueOrderId: string;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** payments.gateway_reference: the provider's id of this payment once started (PaymentIntent, order, session, pidx…). */
  reference: string | null;
  customer: { id: number; name: string; email: string; phone: string | null };
}

export interface StartPaymentInput {
  attempt: PaymentAttempt;
  /** Absolute URLs of the app the provider sends the customer back to. */
  returnUrls: { success: string; cancel: string };
  /** The app's own origin, e.g. https://food.example (some providers ask for the merchant's website). */
  siteUrl: string;
  /** The store's name, shown on the provider's page. */
  merchantName: string;
}

export interface StartedPayment {
  /** The provider's id of this payment: stored on the payments row and unique per gateway. */
  reference: string;
  /** What the client does next. */
  action: PaymentAction;
}

export type PaymentOutcome = 'SUCCEEDED' | 'FAILED' | 'PENDING';

/** What the provider says about a payment. */
export interface GatewayVerdict {
  outcome: PaymentOutcome;
  /** The payments.gateway_reference this verdict is about. */
  reference: string;
  /** As the provider reports them: minor units and ISO 4217 upper case. */
  amount: number;
  currency: string;
  /** PENDING: what the client still has to do (3-D Secure, finish on the provider's page); type 'none' otherwise. */
  action: PaymentAction;
  /** For the log and the order history note: the provider's payment id, a decline reason. */
  detail: string;
}

export interface PaymentGateway<Proof = Record<string, never>> {
  readonly id: PaymentGatewayId;
  readonly displayName: string;
  /** Currencies the provider takes (upper case), or 'any'. */
  readonly currencies: readonly string[] | 'any';
  /** Whether the server holds this provider's credentials. */
  isConfigured(): boolean;
  /** The public values the client's script needs (publishable key…): never a secret. */
  clientConfig(): Record<string, string>;
  /** Opens (or, with attempt.reference, resumes) the provider's payment. */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** Asks the provider where the started payment stands; `proof` is what the provider handed the client. */
  confirm(attempt: PaymentAttempt & { reference: string }, proof: Proof): Promise<GatewayVerdict>;
}

export const NO_ACTION: PaymentAction = { type: 'none', url: null, client_secret: null, fields: {} };

export function redirectAction(url: string): PaymentAction {
  return { type: 'redirect', url, client_secret: null, fields: {} };
}

export function supportsCurrency(gateway: Pick<PaymentGateway<unknown>, 'currencies'>, currency: string): boolean {
  return gateway.currencies === 'any' || gateway.currencies.includes(currency.toUpperCase());
}
