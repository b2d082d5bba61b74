/**
 * Plain constants of paying for an order (no schema builders), for the UI and
 * the worker to import without pulling TypeBox into their bundles.
 * checkout/payment-entities.ts re-exports them for the server.
 *
 * An order's payment_mode is one of PAYMENT_METHOD_IDS: a built-in method
 * (cash on delivery, the wallet) or a card gateway behind the server's one
 * adapter interface (server/payments/gateway.ts).
 */

/** Methods the server settles itself, with no outside call. */
export const BUILT_IN_PAYMENT_METHODS = ['COD', 'WALLET'] as const;
export type BuiltInPaymentMethod = (typeof BUILT_IN_PAYMENT_METHODS)[number];

/** Online gateways (spec §7 payment endpoints). */
export const PAYMENT_GATEWAY_IDS = ['STRIPE', 'RAZORPAY', 'PAYTM', 'PAYMONGO', 'MERCADOPAGO', 'KHALTI'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAY_IDS)[number];

export const PAYMENT_METHOD_IDS = [...BUILT_IN_PAYMENT_METHODS, ...PAYMENT_GATEWAY_IDS] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

export function isPaymentGatewayId(value: string): value is PaymentGatewayId {
  return (PAYMENT_GATEWAY_IDS as readonly string[]).includes(value);
}

export function isPaymentMethodId(value: string): value is PaymentMethodId {
  return (PAYMENT_METHOD_IDS as readonly string[]).includes(value);
}

/**
 * The settings switch (src/api/settings/defaults.ts) that offers each method at
 * checkout. A gateway also needs its credentials in the server's environment.
 */
export const PAYMENT_METHOD_SETTINGS = {
  COD: 'codEnabled',
  WALLET: 'walletPaymentEnabled',
  STRIPE: 'stripeEnabled',
  RAZORPAY: 'razorpayEnabled',
  PAYTM: 'paytmEnabled',
  PAYMONGO: 'paymongoEnabled',
  MERCADOPAGO: 'mercadoPagoEnabled',
  KHALTI: 'khaltiEnabled',
} as const satisfies Record<PaymentMethodId, string>;

/**
 * What the client does next to pay through a gateway:
 * - `stripe_confirm`: confirm with Stripe.js using client_secret and publishable_key (or send the
 *   payment method to stripe-accept), then call stripe-accept;
 * - `redirect`: open `url`; the gateway sends the customer back to the return path;
 * - `checkout_sdk`: open the gateway's own checkout script with `fields` (Razorpay, Paytm);
 * - `none`: nothing; the payment is settled (see the answer's payment_status).
 */
export const PAYMENT_ACTION_TYPES = ['stripe_confirm', 'redirect', 'checkout_sdk', 'none'] as const;
export type PaymentActionType = (typeof PAYMENT_ACTION_TYPES)[number];

/** orders.payment_status as the payment calls answer it. */
export const ORDER_PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUNDED'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Where the app lands after a redirect-based payment unless start-payment names another path. */
export const DEFAULT_PAYMENT_RETURN_PATH = '/running-order/{unique_order_id}';
