/**
 * Stripe on its official SDK: one PaymentIntent per payments row (created
 * with the row's id as Stripe idempotency key, so a retried start never
 * makes a second intent), confirmed by Stripe.js in the page or by the
 * server with a payment method (stripe-accept), and settled from the
 * intent's status, or from a signed webhook event.
 */
import Stripe from 'stripe';
import type { PaymentAction } from '../../src/api/checkout/payment-entities.ts';
import type { StripeConfig } from './config.ts';
import { GATEWAY_TIMEOUT_MS, GatewayUnavailableError } from './gateway-http.ts';
import {
  NO_ACTION,
  redirectAction,
  type GatewayVerdict,
  type PaymentAttempt,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './gateway.ts';

export interface StripeProof {
  /** A pm_… from Stripe.js: the server confirms the intent with it. */
  paymentMethod?: string | undefined;
  /** Where Stripe sends the customer back after 3-D Secure or a redirect-based method. */
  returnUrl: string;
}

/** A signed webhook event about a PaymentIntent, as settle needs it. */
export interface StripeWebhookVerdict {
  eventId: string;
  verdict: GatewayVerdict;
}

const PROVIDER = 'Stripe';

export class StripeGateway implements PaymentGateway<StripeProof> {
  readonly id = 'STRIPE' as const;
  readonly displayName = 'Card (Stripe)';
  readonly currencies = 'any' as const;
  readonly #config: StripeConfig | undefined;
  readonly #stripe: Stripe | undefined;

  constructor(config: StripeConfig | undefined) {
    this.#config = config;
    this.#stripe = config ? new Stripe(config.secretKey, { ...endpointOf(config.apiUrl), timeout: GATEWAY_TIMEOUT_MS, maxNetworkRetries: 1, telemetry: false }) : undefined;
  }

  isConfigured(): boolean {
    return this.#stripe !== undefined;
  }

  clientConfig(): Record<string, string> {
    return this.#config ? { publishable_key: this.#config.publishableKey } : {};
  }

  async startPayment({ attempt, returnUrls }: StartPaymentInput): Promise<StartedPayment> {
    const stripe = this.#client();
    let intent = attempt.reference ? await call(() => stripe.paymentIntents.retrieve(attempt.reference as string)) : undefined;
    if (!intent || intent.status === 'canceled') {
      intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: attempt.amount,
            currency: attempt.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            description: `Order ${attempt.uniqueOrderId}`,
            metadata: { unique_order_id: attempt.uniqueOrderId, payment_id: String(attempt.paymentId) },
          },
          // A canceled intent needs a new one: the key then names the replacement.
          { idempotencyKey: `foodpilot-payment-${attempt.paymentId}${intent ? `-after-${intent.id}` : ''}` },
        ),
      );
    }
    return { reference: intent.id, action: this.#confirmAction(intent, returnUrls.success) };
  }

  async confirm(attempt: PaymentAttempt & { reference: string }, proof: StripeProof): Promise<GatewayVerdict> {
    const stripe = this.#client();
    if (proof.paymentMethod) {
      try {
        const intent = await stripe.paymentIntents.confirm(attempt.reference, {
          payment_method: proof.paymentMethod,
          return_url: proof.returnUrl,
        });
        return this.#verdictOf(intent, proof.returnUrl);
      } catch (error) {
        // A decline (card error) or a confirm the intent no longer takes (already succeeded):
        // the intent itself says where the payment stands.
        if (!(error instanceof Stripe.errors.StripeCardError) && !(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw unavailable(error);
        }
      }
    }
    const intent = await call(() => stripe.paymentIntents.retrieve(attempt.reference));
    return this.#verdictOf(intent, proof.returnUrl);
  }

  /**
   * Checks a webhook's signature (Stripe-Signature against STRIPE_WEBHOOK_SECRET, within Stripe's
   * 5-minute tolerance) and reads a PaymentIntent event. Throws on a bad signature; answers null for
   * events this server does not act on.
   */
  parseWebhook(rawBody: Buffer | string, signature: string): StripeWebhookVerdict | null {
    const secret = this.#config?.webhookSecret;
    if (!this.#stripe || !secret) throw new Error('Stripe webhooks need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    const event = this.#stripe.webhooks.constructEvent(rawBody, signature, secret);
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
    const intent = event.data.object;
    const verdict = this.#verdictOf(intent, null);
    // The event's type is the fact; the intent inside may already have moved on (a retry after a failure).
    return { eventId: event.id, verdict: { ...verdict, outcome: event.type === 'payment_intent.succeeded' ? 'SUCCEEDED' : 'FAILED' } };
  }

  hasWebhookSecret(): boolean {
    return Boolean(this.#config?.webhookSecret);
  }

  #client(): Stripe {
    if (!this.#stripe) throw new GatewayUnavailableError(PROVIDER, 'not configured');
    return this.#stripe;
  }

  #confirmAction(intent: Stripe.PaymentIntent, returnUrl: string): PaymentAction {
    if (!intent.client_secret) throw new GatewayUnavailableError(PROVIDER, `intent ${intent.id} came without a client secret`);
    return {
      type: 'stripe_confirm',
      url: null,
      client_secret: intent.client_secret,
      fields: { publishable_key: this.#config?.publishableKey ?? '', payment_intent: intent.id, return_url: returnUrl },
    };
  }

  #verdictOf(intent: Stripe.PaymentIntent, returnUrl: string | null): GatewayVerdict {
    const base = {
      reference: intent.id,
      amount: intent.amount,
      currency: intent.currency.toUpperCase(),
      action: NO_ACTION,
      detail: intent.last_payment_error?.message ?? `PaymentIntent ${intent.id} ${intent.status}`,
    };
    switch (intent.status) {
      case 'succeeded':
        return { ...base, outcome: 'SUCCEEDED', detail: `PaymentIntent ${intent.id}` };
      case 'canceled':
        return { ...base, outcome: 'FAILED' };
      case 'requires_payment_method':
        // Right after creation it is simply unpaid; after an attempt it carries the decline.
        if (intent.last_payment_error) return { ...base, outcome: 'FAILED' };
        return { ...base, outcome: 'PENDING', action: returnUrl ? this.#confirmAction(intent, returnUrl) : NO_ACTION };
      case 'requires_action': {
        const redirect = intent.next_action?.redirect_to_url?.url;
        if (redirect) return { ...base, outcome: 'PENDING', action: redirectAction(redirect) };
        return { ...base, outcome: 'PENDING', action: returnUrl ? this.#confirmAction(intent, returnUrl) : NO_ACTION };
      }
      case 'requires_confirmation':
        return { ...base, outcome: 'PENDING', action: returnUrl ? this.#confirmAction(intent, returnUrl) : NO_ACTION };
      default:
        // processing, requires_capture: Stripe finishes it; the webhook settles it.
        return { ...base, outcome: 'PENDING' };
    }
  }
}

/** STRIPE_API_URL (tests: a local fake) as the SDK's host, port and protocol. */
function endpointOf(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw unavailable(error);
  }
}

function unavailable(error: unknown): GatewayUnavailableError {
  const stripeError = error as { type?: string; message?: string; statusCode?: number };
  return new GatewayUnavailableError(PROVIDER, `${stripeError.type ?? 'error'} ${stripeError.statusCode ?? ''}: ${stripeError.message ?? String(error)}`);
}
