/**
 * The payment calls (spec §7: get-payment-gateways and the payment endpoints
 * of each provider). place-order creates an order awaiting payment (state 8)
 * for an online gateway; start-payment (or razorpay-create-order) opens the
 * provider's payment for it and says what the client does next; the
 * provider's confirm call settles it: paid moves the order to placed (1),
 * failed to payment failed (9). Settling is idempotent: a second confirm or a
 * replayed webhook changes nothing.
 *
 * Every call takes the token of the order's customer (or an agent acting for
 * them): another user's order is a 404. Errors: ORDER_NOT_AWAITING_PAYMENT,
 * WRONG_PAYMENT_GATEWAY, PAYMENT_METHOD_UNAVAILABLE (switched off or not
 * configured), PAYMENT_SIGNATURE_INVALID, PAYMENT_AMOUNT_MISMATCH, and 502
 * PAYMENT_GATEWAY_UNAVAILABLE when the provider does not answer.
 */
import * as Type from '@sinclair/typebox';
import { PaymentGatewaySchema, PaymentStateSchema } from './payment-entities.ts';

const strict = { additionalProperties: false } as const;
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const UniqueOrderId = Type.String({ minLength: 1, maxLength: 64 });
/** A provider's id of something (intent, order, payment, pidx). */
const GatewayRef = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9_.:-]+$' });
const OrderRef = { token: Token, unique_order_id: UniqueOrderId };

export const paymentCalls = {
  'get-payment-gateways': {
    access: 'anyone',
    summary:
      'The ways to pay a customer can choose now: cash on delivery and the wallet when switched on in the settings, and each online gateway ' +
      'the admin switched on whose credentials the server has (and that takes the store currency), with the public values its script needs. Never a secret.',
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(PaymentGatewaySchema),
  },
  'start-payment': {
    access: 'user',
    summary:
      "Opens the gateway's payment for an order awaiting payment and answers what the client does next (confirm with Stripe.js, " +
      'redirect, or open the provider\'s checkout script). A second call resumes the same payment where the provider allows it. ' +
      'return_path is where a redirect-based provider sends the customer back (an app path; default /running-order/<unique_order_id>).',
    body: Type.Object(
      { ...OrderRef, return_path: Type.Optional(Type.String({ maxLength: 200, pattern: '^/(?![/\\\\])[^\\s]*$' })) },
      strict,
    ),
    response: PaymentStateSchema,
  },
  'stripe-accept': {
    access: 'user',
    summary:
      "Stripe: settles the order's PaymentIntent. With payment_method (a pm_… from Stripe.js) the server confirms the intent with it; " +
      'without, it reads the intent the client confirmed. Succeeded: the order is placed and paid; failed: payment failed; ' +
      'needing authentication: answers the action (redirect or stripe_confirm) and stays awaiting payment.',
    body: Type.Object({ ...OrderRef, payment_method: Type.Optional(GatewayRef) }, strict),
    response: PaymentStateSchema,
  },
  'stripe-redirect-capture': {
    access: 'user',
    summary:
      'Stripe: the return from a redirect-based method or 3-D Secure (?payment_intent=pi_…): reads the intent and settles its order.',
    body: Type.Object({ token: Token, payment_intent: GatewayRef }, strict),
    response: PaymentStateSchema,
  },
  'razorpay-create-order': {
    access: 'user',
    summary: "Razorpay: creates (or resumes) the Razorpay order for an order awaiting payment; answers Razorpay Checkout's fields.",
    body: Type.Object(OrderRef, strict),
    response: PaymentStateSchema,
  },
  'razorpay-process': {
    access: 'user',
    summary:
      "Razorpay: what Razorpay Checkout handed the page; the signature (HMAC-SHA256 of order_id|payment_id with the key secret) is checked, " +
      'then the payment is read from Razorpay (captured if only authorised) and the order settled.',
    body: Type.Object(
      {
        ...OrderRef,
        razorpay_order_id: GatewayRef,
        razorpay_payment_id: GatewayRef,
        razorpay_signature: Type.String({ minLength: 1, maxLength: 256 }),
      },
      strict,
    ),
    response: PaymentStateSchema,
  },
  'paytm-verify': {
    access: 'user',
    summary: "Paytm: after JS Checkout closes, asks Paytm's transaction status API (signed both ways) and settles the order.",
    body: Type.Object(OrderRef, strict),
    response: PaymentStateSchema,
  },
  'paymongo-verify': {
    access: 'user',
    summary: 'PayMongo: after the hosted checkout returns, reads the checkout session and settles the order.',
    body: Type.Object(OrderRef, strict),
    response: PaymentStateSchema,
  },
  'mercado-pago-verify': {
    access: 'user',
    summary:
      'Mercado Pago: the return from Checkout Pro (?payment_id=…): reads the payment, checks it is for this order and amount, and settles the order.',
    body: Type.Object({ ...OrderRef, payment_id: GatewayRef }, strict),
    response: PaymentStateSchema,
  },
  'khalti-verify': {
    access: 'user',
    summary: "Khalti: the return from Khalti's payment page: looks the order's pidx up with Khalti (never trusting the return URL's status) and settles the order.",
    body: Type.Object(OrderRef, strict),
    response: PaymentStateSchema,
  },
} as const;
