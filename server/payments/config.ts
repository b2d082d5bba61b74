/**
 * Gateway credentials from the environment. Nothing set means no online
 * gateway is configured (cash and the wallet still work). A gateway is
 * configured by its variables; a half-set gateway (an id without its secret)
 * stops the server at start with a message naming what is missing, rather
 * than failing at the first customer's payment. Secrets live only here, never
 * in settings (get-settings is public): the admin's settings only switch a
 * configured gateway on or off.
 */
import type { PaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** Verifies webhook signatures; without it the webhook route refuses every event. */
  webhookSecret?: string | undefined;
  /** Another Stripe-compatible endpoint (tests point it at a local fake): protocol, host and port are taken from it. */
  apiUrl?: string | undefined;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  apiUrl: string;
}

export interface PaytmConfig {
  mid: string;
  /** The merchant key: signs requests (AES-128 of a salted SHA-256) and checks Paytm's answers. */
  merchantKey: string;
  /** Paytm's website name for the merchant: WEBSTAGING on staging, DEFAULT (or as given) in production. */
  website: string;
  apiUrl: string;
}

export interface PaymongoConfig {
  secretKey: string;
  /** Methods the hosted checkout offers, e.g. card, gcash, paymaya, grab_pay. */
  paymentMethodTypes: readonly string[];
  apiUrl: string;
}

export interface MercadoPagoConfig {
  accessToken: string;
  apiUrl: string;
}

export interface KhaltiConfig {
  secretKey: string;
  /** The ePayment API root, e.g. https://khalti.com/api/v2 (production) or https://dev.khalti.com/api/v2 (sandbox). */
  apiUrl: string;
}

export interface PaymentsConfig {
  stripe?: StripeConfig | undefined;
  razorpay?: RazorpayConfig | undefined;
  paytm?: PaytmConfig | undefined;
  paymongo?: PaymongoConfig | undefined;
  mercadoPago?: MercadoPagoConfig | undefined;
  khalti?: KhaltiConfig | undefined;
}

export const DEFAULT_GATEWAY_URLS = {
  razorpay: 'https://api.razorpay.com',
  paytm: 'https://securegw.paytm.in',
  paymongo: 'https://api.paymongo.com',
  mercadoPago: 'https://api.mercadopago.com',
  khalti: 'https://khalti.com/api/v2',
} as const;

const DEFAULT_PAYMONGO_METHODS = ['card', 'gcash', 'paymaya', 'grab_pay'];

/** The variables that configure each gateway (all of them, or none). */
export const GATEWAY_ENV_VARIABLES = {
  STRIPE: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  RAZORPAY: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'],
  PAYTM: ['PAYTM_MID', 'PAYTM_MERCHANT_KEY'],
  PAYMONGO: ['PAYMONGO_SECRET_KEY'],
  MERCADOPAGO: ['MERCADOPAGO_ACCESS_TOKEN'],
  KHALTI: ['KHALTI_SECRET_KEY'],
} as const satisfies Record<PaymentGatewayId, readonly string[]>;

type Read = (name: string) => string | undefined;

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): PaymentsConfig {
  const read: Read = (name) => env[name]?.trim() || undefined;
  return {
    stripe: group(read, GATEWAY_ENV_VARIABLES.STRIPE, ([secretKey, publishableKey]) => ({
      secretKey,
      publishableKey,
      webhookSecret: read('STRIPE_WEBHOOK_SECRET'),
      apiUrl: checkedUrl('STRIPE_API_URL', read('STRIPE_API_URL')),
    })),
    razorpay: group(read, GATEWAY_ENV_VARIABLES.RAZORPAY, ([keyId, keySecret]) => ({
      keyId,
      keySecret,
      apiUrl: checkedUrl('RAZORPAY_API_URL', read('RAZORPAY_API_URL')) ?? DEFAULT_GATEWAY_URLS.razorpay,
    })),
    paytm: group(read, GATEWAY_ENV_VARIABLES.PAYTM, ([mid, merchantKey]) => {
      // AES-128 takes a 16-byte key: any other length cannot sign a single request.
      if (Buffer.byteLength(merchantKey) !== 16) throw new Error('PAYTM_MERCHANT_KEY must be the 16-character key Paytm issued');
      return {
        mid,
        merchantKey,
        website: read('PAYTM_WEBSITE') ?? 'DEFAULT',
        apiUrl: checkedUrl('PAYTM_API_URL', read('PAYTM_API_URL')) ?? DEFAULT_GATEWAY_URLS.paytm,
      };
    }),
    paymongo: group(read, GATEWAY_ENV_VARIABLES.PAYMONGO, ([secretKey]) => ({
      secretKey,
      paymentMethodTypes: read('PAYMONGO_PAYMENT_METHODS')?.split(',').map((type) => type.trim()).filter(Boolean) ?? DEFAULT_PAYMONGO_METHODS,
      apiUrl: checkedUrl('PAYMONGO_API_URL', read('PAYMONGO_API_URL')) ?? DEFAULT_GATEWAY_URLS.paymongo,
    })),
    mercadoPago: group(read, GATEWAY_ENV_VARIABLES.MERCADOPAGO, ([accessToken]) => ({
      accessToken,
      apiUrl: checkedUrl('MERCADOPAGO_API_URL', read('MERCADOPAGO_API_URL')) ?? DEFAULT_GATEWAY_URLS.mercadoPago,
    })),
    khalti: group(read, GATEWAY_ENV_VARIABLES.KHALTI, ([secretKey]) => ({
      secretKey,
      apiUrl: checkedUrl('KHALTI_API_URL', read('KHALTI_API_URL')) ?? DEFAULT_GATEWAY_URLS.khalti,
    })),
  };
}

/** All of a gateway's required variables, or none of them. */
function group<const Names extends readonly string[], T>(
  read: Read,
  names: Names,
  build: (values: { [Index in keyof Names]: string }) => T,
): T | undefined {
  const values = names.map(read);
  if (values.every((value) => value === undefined)) return undefined;
  const missing = names.filter((_, index) => values[index] === undefined);
  if (missing.length > 0) throw new Error(`${names.join(' and ')} go together; missing ${missing.join(', ')}`);
  return build(values as { [Index in keyof Names]: string });
}

function checkedUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}
