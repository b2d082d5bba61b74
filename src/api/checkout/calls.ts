/**
 * The checkout's calls: the server's price for a cart, a coupon tried on it,
 * and the order placed. Answered by server/checkout/.
 */
import * as Type from '@sinclair/typebox';
import {
  AppliedCouponResultSchema,
  CartLinesSchema,
  DeliveryAddressSchema,
  MAX_COUPON_CODE_LENGTH,
  MAX_ORDER_NOTES_LENGTH,
  MAX_TIP,
  OrderQuoteSchema,
  OrderSchema,
  OrderTypeSchema,
  PaymentModeSchema,
} from '../orders/entities.ts';
import type { CallDefinition } from '../call-definition.ts';

const strict = { additionalProperties: false } as const;
/** As in call-parts.ts: the spec's `token` field, optional because `Authorization: Bearer` works instead. */
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));

/**
 * The cart and the choices a checkout carries: get-order-quote,
 * apply-coupon and place-order take the same fields, so the price the
 * customer saw is the price they are charged (re-computed by the server from
 * the database each time: the client never sends a price).
 */
const checkoutFields = {
  token: Token,
  restaurant_id: Type.Integer({ minimum: 1 }),
  items: CartLinesSchema,
  order_type: OrderTypeSchema,
  /** Required for DELIVERY (ADDRESS_REQUIRED), ignored for SELFPICKUP. */
  address: Type.Optional(DeliveryAddressSchema),
  /** Any case; '' means none. */
  coupon_code: Type.Optional(Type.String({ maxLength: MAX_COUPON_CODE_LENGTH })),
  /** Loyalty points to redeem (0 or absent: none). */
  loyalty_points: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  /** Minor units; only when tips are on and the order is delivered (TIP_NOT_ALLOWED). */
  tip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TIP })),
  /** Take what the wallet holds, up to the total, before the payment mode pays the rest (COD only). */
  use_wallet: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Type.String({ maxLength: MAX_ORDER_NOTES_LENGTH })),
};
const checkoutErrors =
  'STORE_CLOSED, ITEMS_UNAVAILABLE (details name each line: /items/<index>), MIN_ORDER_NOT_MET, OUT_OF_DELIVERY_AREA, ' +
  'ORDER_TYPE_NOT_AVAILABLE, ADDRESS_REQUIRED, TIP_NOT_ALLOWED, LOYALTY_UNAVAILABLE, LOYALTY_POINTS_INVALID, ' +
  'COUPON_NOT_FOUND, COUPON_INACTIVE, COUPON_EXPIRED, COUPON_WRONG_STORE, COUPON_USED_UP, COUPON_MIN_SUBTOTAL';

export const checkoutCalls = {
  'get-order-quote': {
    access: 'visitor-or-customer',
    summary:
      "The server's price for this cart now, part by part (subtotal, store charge, delivery fee by distance, tax, tip, coupon, loyalty, wallet), " +
      `with the loyalty rules and the customer's points, for the checkout to show before placing. Refuses what place-order would: ${checkoutErrors}. ` +
      'Works without a token: a visitor sees the fees before signing up, priced with no wallet and no points.',
    body: Type.Object(checkoutFields, strict),
    response: OrderQuoteSchema,
  },
  'apply-coupon': {
    access: 'visitor-or-customer',
    summary:
      'Checks a coupon against this cart and this customer and answers what it takes off with the new quote. ' +
      'Works without a token (a visitor trying a coupon); the per-customer limit is then checked when the order is placed. ' +
      'COUPON_NOT_FOUND, COUPON_INACTIVE, COUPON_EXPIRED (also not yet started), COUPON_WRONG_STORE, COUPON_USED_UP (in total or by this customer), ' +
      'COUPON_MIN_SUBTOTAL (the message names the minimum).',
    body: Type.Object(
      { ...checkoutFields, coupon_code: Type.String({ minLength: 1, maxLength: MAX_COUPON_CODE_LENGTH }) },
      strict,
    ),
    response: AppliedCouponResultSchema,
  },
  'place-order': {
    access: 'customer',
    summary:
      'Places the order: needs the Idempotency-Key header (IDEMPOTENCY_KEY_REQUIRED), so a double tap or a replay creates one order and answers the first answer again. ' +
      'Re-prices the cart from the database; takes the wallet part, the loyalty points and the coupon use in the same transaction. ' +
      'payment_mode COD (with use_wallet for a partial wallet payment), WALLET (the whole total; INSUFFICIENT_BALANCE) or an enabled gateway ' +
      `(the order then awaits payment; PAYMENT_METHOD_UNAVAILABLE when switched off). ${checkoutErrors}. ` +
      'With expected_total (the total the customer saw): PRICE_CHANGED (409, with details /total and the new quote) when the order costs anything else now.',
    body: Type.Object(
      {
        ...checkoutFields,
        payment_mode: PaymentModeSchema,
        /**
         * The total the customer was shown (get-order-quote's total, minor units). When the order would cost
         * anything else now, nothing is placed: 409 PRICE_CHANGED with the new quote. The app always sends it.
         */
        expected_total: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      strict,
    ),
    response: OrderSchema,
  },
} as const satisfies Record<string, CallDefinition>;
