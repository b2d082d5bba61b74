/**
 * Paying for an order (spec §7 get-payment-gateways and the gateway calls):
 * the methods a customer may pay with now, what the client does next to pay
 * through a gateway, and where a payment stands. Money is integer minor
 * units; nothing here ever carries a secret.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ORDER_PAYMENT_STATUSES, PAYMENT_ACTION_TYPES, PAYMENT_METHOD_IDS } from './payment-limits.ts';

export * from './payment-limits.ts';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const PaymentMethodIdSchema = literals(PAYMENT_METHOD_IDS);

/** One way to pay the customer can choose now. */
export const PaymentGatewaySchema = Type.Object({
  id: PaymentMethodIdSchema,
  /** The provider's name as customers know it ("Cash on delivery", "Card (Stripe)"…). */
  name: Type.String(),
  /** built_in: settled by the server itself (cash, wallet); gateway: an online provider. */
  kind: Type.Union([Type.Literal('built_in'), Type.Literal('gateway')]),
  /**
   * The public values the client needs for the provider's own script, e.g.
   * { publishable_key } for Stripe.js, { key_id } for Razorpay Checkout,
   * { mid, script_url } for Paytm JS Checkout. Never a secret.
   */
  client: Type.Record(Type.String(), Type.String()),
});
export type PaymentGateway = Static<typeof PaymentGatewaySchema>;

/** What the client does next to pay (checkout/payment-limits.ts PAYMENT_ACTION_TYPES says when each applies). */
export const PaymentActionSchema = Type.Object({
  type: literals(PAYMENT_ACTION_TYPES),
  /** redirect: where to send the customer. */
  url: Nullable(Type.String()),
  /** stripe_confirm: the PaymentIntent's client secret for Stripe.js. */
  client_secret: Nullable(Type.String()),
  /** checkout_sdk and stripe_confirm: the values the provider's script takes (order id, amount, key…). */
  fields: Type.Record(Type.String(), Type.String()),
});
export type PaymentAction = Static<typeof PaymentActionSchema>;

/** Where an order's payment stands after a payment call. */
export const PaymentStateSchema = Type.Object({
  unique_order_id: Type.String(),
  /** The order's payment_mode, e.g. 'STRIPE'. */
  gateway: PaymentMethodIdSchema,
  /** The order's state now (orders/status.ts): 8 awaiting payment, 1 placed once paid, 9 payment failed. */
  orderstatus_id: Type.Integer(),
  payment_status: literals(ORDER_PAYMENT_STATUSES),
  /** What the gateway is asked to take, minor units of `currency`. */
  amount: Type.Integer(),
  /** ISO 4217, upper case (the store's currencyCode setting). */
  currency: Type.String(),
  /** type 'none' once there is nothing left for the client to do. */
  action: PaymentActionSchema,
});
export type PaymentState = Static<typeof PaymentStateSchema>;
