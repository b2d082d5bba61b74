/**
 * Stripe's webhook: payment_intent.succeeded and payment_intent.payment_failed
 * settle the intent's order, so an order is placed even when the customer
 * closed the page before stripe-accept. The signature (Stripe-Signature,
 * HMAC of the raw body with STRIPE_WEBHOOK_SECRET) is checked on the bytes
 * exactly as they arrived, so this scope keeps JSON bodies raw.
 *
 * Answers: 400 PAYMENT_SIGNATURE_INVALID for a bad or stale signature (Stripe
 * retries, an attacker gets nothing), 404 while no webhook secret is set, and
 * 200 for every signed event, also one that changes nothing (a replay, an
 * event this server does not act on, an intent that is not one of ours, or
 * an amount refused and logged): retrying those would not change the outcome.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { settingsOf } from './order-payments.ts';
import { storeCurrency } from './gateways.ts';
import { settlePayment } from './settle.ts';

/** Registers the route in its own scope; no store of seen event ids is needed, settling is idempotent on the payments row. */
export function registerStripeWebhook(scope: FastifyInstance, path: string): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  scope.post(path, { schema: { summary: "Stripe's signed PaymentIntent events (not called by the app).", tags: ['app'] } }, async (request) => {
    const stripe = scope.payments.gateways.STRIPE;
    if (!stripe.isConfigured() || !stripe.hasWebhookSecret()) {
      throw new HttpError(404, 'NOT_FOUND', 'Stripe webhooks are not configured on this server.');
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', 'A Stripe event needs its Stripe-Signature header and a JSON body.');
    }
    let parsed: ReturnType<typeof stripe.parseWebhook>;
    try {
      parsed = stripe.parseWebhook(request.body, signature);
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw new HttpError(400, 'PAYMENT_SIGNATURE_INVALID', 'The Stripe-Signature does not match this event.');
    }
    if (!parsed) return { received: true, settled: false };
    try {
      const settings = await settingsOf(scope);
      const result = await settlePayment(scope, request.log, {
        gateway: 'STRIPE',
        verdict: parsed.verdict,
        currency: storeCurrency(settings),
        source: 'webhook',
      });
      return { received: true, settled: result.kind === 'settled' };
    } catch (error) {
      // Not ours, refused for its amount (logged), or the order moved on: nothing a retry would change.
      if (error instanceof HttpError && error.statusCode < 500) {
        request.log.warn({ event: parsed.eventId, reference: parsed.verdict.reference, code: error.code }, `Stripe event not settled: ${error.message}`);
        return { received: true, settled: false };
      }
      throw error;
    }
  });
}
