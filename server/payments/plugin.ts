/**
 * Payments on the app: `app.payments` (the gateways built from the
 * environment's credentials, and which methods a customer may use now) and
 * the provider-facing webhook route, which is no call of the app's contract:
 * Stripe posts signed events to it.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway as PaymentGatewayEntity } from '../../src/api/checkout/payment-entities.ts';
import type { PaymentMethodId } from '../../src/api/checkout/payment-limits.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import type { PaymentsConfig } from './config.ts';
import { availableMethods, createGateways, isAvailable, type Gateways } from './gateways.ts';
import { settingsOf } from './order-payments.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';

export interface Payments {
  gateways: Gateways;
  /** The methods a customer may choose now (settings switches, credentials, store currency). */
  availableMethods(): Promise<PaymentGatewayEntity[]>;
  /** Whether a customer may pay with this method now: place-order asks this before it takes an order for it. */
  isAvailable(id: PaymentMethodId): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

/** Where Stripe posts its events: configure this URL (on the public host) in the Stripe dashboard. */
export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/webhooks/stripe`;

async function paymentsPlugin(app: FastifyInstance, options: { config?: PaymentsConfig | undefined }): Promise<void> {
  const gateways = createGateways(options.config);
  app.decorate('payments', {
    gateways,
    availableMethods: async () => availableMethods(gateways, await settingsOf(app)),
    isAvailable: async (id: PaymentMethodId) => isAvailable(gateways, await settingsOf(app), id),
  } satisfies Payments);
  await app.register(async (scope) => registerStripeWebhook(scope, STRIPE_WEBHOOK_PATH));
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['database'] });
