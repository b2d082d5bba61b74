/**
 * Every payment method the server knows, and which of them a customer may
 * choose now: cash and the wallet per their settings switch; an online
 * gateway when the admin switched it on, the server holds its credentials,
 * and it takes the store's currency. get-payment-gateways answers this list;
 * checkout asks isAvailable() before it places an order for a method.
 */
import type { PaymentGateway as PaymentGatewayEntity } from '../../src/api/checkout/payment-entities.ts';
import { PAYMENT_GATEWAY_IDS, PAYMENT_METHOD_SETTINGS, type PaymentGatewayId, type PaymentMethodId } from '../../src/api/checkout/payment-limits.ts';
import { readSetting, readSwitch, type SettingsMap } from '../../src/api/settings/defaults.ts';
import type { PaymentsConfig } from './config.ts';
import { supportsCurrency } from './gateway.ts';
import { KhaltiGateway } from './khalti-gateway.ts';
import { MercadoPagoGateway } from './mercado-pago-gateway.ts';
import { PaymongoGateway } from './paymongo-gateway.ts';
import { PaytmGateway } from './paytm-gateway.ts';
import { RazorpayGateway } from './razorpay-gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';

export interface Gateways {
  STRIPE: StripeGateway;
  RAZORPAY: RazorpayGateway;
  PAYTM: PaytmGateway;
  PAYMONGO: PaymongoGateway;
  MERCADOPAGO: MercadoPagoGateway;
  KHALTI: KhaltiGateway;
}

export function createGateways(config: PaymentsConfig = {}): Gateways {
  return {
    STRIPE: new StripeGateway(config.stripe),
    RAZORPAY: new RazorpayGateway(config.razorpay),
    PAYTM: new PaytmGateway(config.paytm),
    PAYMONGO: new PaymongoGateway(config.paymongo),
    MERCADOPAGO: new MercadoPagoGateway(config.mercadoPago),
    KHALTI: new KhaltiGateway(config.khalti),
  } satisfies { [Id in PaymentGatewayId]: { id: Id } };
}

const BUILT_IN_NAMES = { COD: 'Cash on delivery', WALLET: 'Wallet' } as const;

/** The store's currency (ISO 4217, upper case), as every amount is charged in. */
export function storeCurrency(settings: SettingsMap): string {
  return readSetting(settings, 'currencyCode').trim().toUpperCase();
}

/** Whether a customer may pay with this method now (see the file's comment for the rules). */
export function isAvailable(gateways: Gateways, settings: SettingsMap, id: PaymentMethodId): boolean {
  if (!readSwitch(settings, PAYMENT_METHOD_SETTINGS[id])) return false;
  if (id === 'COD' || id === 'WALLET') return true;
  const gateway = gateways[id];
  return gateway.isConfigured() && supportsCurrency(gateway, storeCurrency(settings));
}

/** The methods a customer may choose now, cash and wallet first, each with the public values its client needs. */
export function availableMethods(gateways: Gateways, settings: SettingsMap): PaymentGatewayEntity[] {
  const builtIn = (['COD', 'WALLET'] as const)
    .filter((id) => isAvailable(gateways, settings, id))
    .map((id): PaymentGatewayEntity => ({ id, name: BUILT_IN_NAMES[id], kind: 'built_in', client: {} }));
  const online = PAYMENT_GATEWAY_IDS.filter((id) => isAvailable(gateways, settings, id)).map(
    (id): PaymentGatewayEntity => ({ id, name: gateways[id].displayName, kind: 'gateway', client: gateways[id].clientConfig() }),
  );
  return [...builtIn, ...online];
}
