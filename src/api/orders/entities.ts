/**
 * Ordering (spec §7 ordering calls, DESIGN §6): cart lines as the client sends
 * them, availability answers, and (as the ordering issue grows) quotes,
 * orders, payments and ratings. Money is integer minor units; times are
 * ISO-8601 UTC.
 */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  ORDER_STATUS_NAMES,
  ORDER_TYPES,
  PAYMENT_MODES,
  UNAVAILABLE_REASONS,
} from './limits.ts';
import { ORDER_PAYMENT_STATUSES } from '../checkout/payment-limits.ts';

export * from './limits.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const strict = { additionalProperties: false } as const;

/** One cart line as the client sends it: the item, how many, and the add-ons chosen (ids, each once). */
export const CartLineInputSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
    addon_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 }),
  },
  strict,
);
export type CartLineInput = Static<typeof CartLineInputSchema>;

export const CartLinesSchema = Type.Array(CartLineInputSchema, { minItems: 1, maxItems: MAX_CART_LINES });

/** The server's word on one cart line, in the order sent. */
export const CartLineAvailabilitySchema = Type.Object({
  id: Type.Integer(),
  available: Type.Boolean(),
  /** Null when available. */
  reason: Nullable(Type.Union(UNAVAILABLE_REASONS.map((reason) => Type.Literal(reason)))),
  /** The item's name now (null when NOT_FOUND), so the cart can say which one. */
  name: Nullable(Type.String()),
  /** Unit price now with the chosen add-ons, integer minor units (null when NOT_FOUND). */
  unit_price: Nullable(Type.Integer()),
});
export type CartLineAvailability = Static<typeof CartLineAvailabilitySchema>;

export const CartAvailabilitySchema = Type.Object({
  restaurant_id: Type.Integer(),
  /** The store takes orders now (active and within its opening hours). */
  store_open: Type.Boolean(),
  items: Type.Array(CartLineAvailabilitySchema),
  /** When the server checked, so a check replayed later is shown with its time. */
  checked_at: Type.String(),
});
export type CartAvailability = Static<typeof CartAvailabilitySchema>;

// ---------------------------------------------------------------------------
// Checkout: the server's price breakdown (quote), coupons, loyalty, and the
// Order entity that get-orders, place-order and cancel-order answer.
// ---------------------------------------------------------------------------

export const OrderTypeSchema = Type.Union(ORDER_TYPES.map((type) => Type.Literal(type)));
export const PaymentModeSchema = Type.Union(PAYMENT_MODES.map((mode) => Type.Literal(mode)));
export const PaymentStatusSchema = Type.Union(ORDER_PAYMENT_STATUSES.map((status) => Type.Literal(status)));
const statusNames = Object.values(ORDER_STATUS_NAMES);
export const OrderStatusNameSchema = Type.Union(statusNames.map((name) => Type.Literal(name)));

/** Where a delivery goes (the app's current or saved address). */
export const DeliveryAddressSchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    address: Type.String({ minLength: 1, maxLength: 500 }),
    house: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  strict,
);
export type DeliveryAddress = Static<typeof DeliveryAddressSchema>;

export const OrderAddonSchema = Type.Object({ id: Type.Integer(), name: Type.String(), price: Type.Integer() });
export type OrderAddon = Static<typeof OrderAddonSchema>;

/** One priced line: the item's price plus its add-ons' is unit_price; line_total = unit_price × quantity. */
export const OrderLineSchema = Type.Object({
  /** Null once the item was deleted from the menu; the line keeps its name and price. */
  item_id: Nullable(Type.Integer()),
  name: Type.String(),
  unit_price: Type.Integer(),
  quantity: Type.Integer(),
  addons: Type.Array(OrderAddonSchema),
  line_total: Type.Integer(),
});
export type OrderLine = Static<typeof OrderLineSchema>;

/**
 * Every part of a price, integer minor units:
 * total = subtotal + store_charge + delivery_fee + tax + tip − coupon_discount − loyalty_discount,
 * total = wallet_amount + payable_amount.
 */
export const PriceBreakdownSchema = Type.Object({
  subtotal: Type.Integer(),
  store_charge: Type.Integer(),
  delivery_fee: Type.Integer(),
  tax: Type.Integer(),
  tip: Type.Integer(),
  coupon_discount: Type.Integer(),
  loyalty_points_redeemed: Type.Integer(),
  loyalty_discount: Type.Integer(),
  total: Type.Integer(),
  /** Taken from the wallet. */
  wallet_amount: Type.Integer(),
  /** Left to pay in cash or through the gateway. */
  payable_amount: Type.Integer(),
});
export type PriceBreakdown = Static<typeof PriceBreakdownSchema>;

/** A coupon as applied to this cart. */
export const AppliedCouponSchema = Type.Object({
  code: Type.String(),
  description: Type.String(),
  discount_type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]),
  /** PERCENT: whole percent; FIXED: minor units. */
  discount_value: Type.Integer(),
  /** The most a PERCENT coupon takes off, or null. */
  max_discount: Nullable(Type.Integer()),
  /** What it takes off this cart, minor units. */
  discount: Type.Integer(),
});
export type AppliedCoupon = Static<typeof AppliedCouponSchema>;

/** The loyalty rules and where the customer stands, so the checkout can show them. */
export const LoyaltySummarySchema = Type.Object({
  enabled: Type.Boolean(),
  /** Points the customer holds. */
  points: Type.Integer(),
  /** What one point takes off, minor units. */
  point_value: Type.Integer(),
  /** Fewer points than this cannot be redeemed. */
  min_redeem_points: Type.Integer(),
  /** The most this cart can redeem (held points, and the share of the subtotal points may pay). */
  max_redeemable_points: Type.Integer(),
  /** The share of the subtotal after the coupon that points may pay, percent. */
  max_redeem_percent: Type.Integer(),
  points_per_currency_unit: Type.Number(),
  /** Points this order earns once delivered (on the subtotal after discounts). */
  points_to_earn: Type.Integer(),
});
export type LoyaltySummary = Static<typeof LoyaltySummarySchema>;

/** get-order-quote: the price the server would charge for this cart now, part by part. */
export const OrderQuoteSchema = Type.Composite([
  PriceBreakdownSchema,
  Type.Object({
    restaurant_id: Type.Integer(),
    order_type: OrderTypeSchema,
    lines: Type.Array(OrderLineSchema),
    /** Store to address (delivery), km rounded to 0.1; null for self pickup. */
    distance_km: Nullable(Type.Number()),
    coupon: Nullable(AppliedCouponSchema),
    /** Tax rate in basis points (500 = 5 %), applied to the subtotal after discounts. */
    tax_basis_points: Type.Integer(),
    min_order_subtotal: Type.Integer(),
    /** From this subtotal delivery is free; null when never. */
    free_delivery_subtotal: Nullable(Type.Integer()),
    /** A tip may be added (the setting is on and the order is delivered). */
    tips_enabled: Type.Boolean(),
    wallet_balance: Type.Integer(),
    loyalty: LoyaltySummarySchema,
  }),
]);
export type OrderQuote = Static<typeof OrderQuoteSchema>;

export const AppliedCouponResultSchema = Type.Object({
  success: Type.Literal(true),
  coupon: AppliedCouponSchema,
  quote: OrderQuoteSchema,
});
export type AppliedCouponResult = Static<typeof AppliedCouponResultSchema>;

export const OrderStoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  city: Type.String(),
  image: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** To call the store about the order (optional: replicas from before lack it). */
  phone: Type.Optional(Nullable(Type.String())),
});

/** The driver once one is assigned, with their last known position (null until they sent one). */
export const OrderDriverSchema = Type.Object({
  name: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  located_at: Nullable(Type.String()),
  /** To call the driver: only while they hold the order (assigned, picked up), else null or absent. */
  phone: Type.Optional(Nullable(Type.String())),
});

export const OrderHistoryEntrySchema = Type.Object({ status: Type.Integer(), at: Type.String() });

/** Who ordered, so the store and the administrators can call about the order. */
export const OrderCustomerSchema = Type.Object({ name: Type.String(), phone: Nullable(Type.String()) });
export type OrderCustomer = Static<typeof OrderCustomerSchema>;

/** An order as its customer (or an agent, an admin) sees it. */
export const OrderSchema = Type.Composite([
  Type.Object({
    id: Type.Integer(),
    unique_order_id: Type.String(),
    /** DESIGN §6 code (orders/status.ts). */
    status: Type.Integer(),
    status_name: OrderStatusNameSchema,
    order_type: OrderTypeSchema,
    restaurant: OrderStoreSchema,
    /** The delivery address; null for self pickup. */
    address: Nullable(Type.String()),
    house: Nullable(Type.String()),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    notes: Type.String(),
    lines: Type.Array(OrderLineSchema),
  }),
  PriceBreakdownSchema,
  Type.Object({
    coupon_code: Nullable(Type.String()),
    /** Points credited once the order is delivered. */
    loyalty_points_earned: Type.Integer(),
    payment_mode: PaymentModeSchema,
    payment_status: PaymentStatusSchema,
    /** The PIN for the driver: only in the customer's own view (and an agent's acting for them), else null. */
    delivery_pin: Nullable(Type.String()),
    driver: Nullable(OrderDriverSchema),
    /** The customer's name and phone: only in the store's and the administrators' views (the console), else absent. */
    customer: Type.Optional(Nullable(OrderCustomerSchema)),
    /** Every status the order took, oldest first. */
    history: Type.Array(OrderHistoryEntrySchema),
    cancel_reason: Nullable(Type.String()),
    /** Minutes the store said the food takes when it accepted; null when it did not say (optional: replicas from before lack it). */
    prep_minutes: Type.Optional(Nullable(Type.Integer())),
    /** When the store expects the food ready (acceptance + prep_minutes); null when it gave no time. */
    estimated_ready_at: Type.Optional(Nullable(Type.String())),
    /** A delivery order's food ready at the counter, waiting for its driver (mark-order-ready); null until then. */
    food_ready_at: Type.Optional(Nullable(Type.String())),
    /** The store's promised minutes from order to door (its delivery time), for the arrival estimate before it accepts. */
    delivery_minutes: Type.Optional(Type.Integer()),
    /** Minutes a driver takes from the store to this address (distance at city speed, plus the hand-over). */
    travel_minutes: Type.Optional(Type.Integer()),
    created_at: Type.String(),
    updated_at: Type.String(),
    can_cancel: Type.Boolean(),
    can_rate: Type.Boolean(),
  }),
]);
export type Order = Static<typeof OrderSchema>;

/** get-orders: newest first; next_before is the cursor of the next (older) page, null on the last. */
export const OrdersPageSchema = Type.Object({
  orders: Type.Array(OrderSchema),
  next_before: Nullable(Type.Integer()),
});
export type OrdersPage = Static<typeof OrdersPageSchema>;

// ---------------------------------------------------------------------------
// Order lifecycle: the store's and the driver's moves, live tracking, the
// driver's position and ratings. Tracking is the part of an Order that moves
// (same field names and shapes), so the app patches its Order with it.
// ---------------------------------------------------------------------------

/** Where an order stands now: get-order-status, every move's answer, and each order-events message. */
export const OrderTrackingSchema = Type.Object({
  unique_order_id: Type.String(),
  status: Type.Integer(),
  status_name: OrderStatusNameSchema,
  order_type: OrderTypeSchema,
  payment_status: PaymentStatusSchema,
  /** Every status the order took, oldest first; `at` is when it happened (a driver's queued action keeps its own time). */
  history: Type.Array(OrderHistoryEntrySchema),
  /** The driver and their last position while they have the order (driver assigned, picked up); null otherwise. */
  driver: Nullable(OrderDriverSchema),
  cancel_reason: Nullable(Type.String()),
  /** When the store expects the food ready (accept-order prep_minutes); null when it gave no time. */
  estimated_ready_at: Type.Optional(Nullable(Type.String())),
  /** A delivery order's food ready at the counter (mark-order-ready); null until then. */
  food_ready_at: Type.Optional(Nullable(Type.String())),
  updated_at: Type.String(),
});
export type OrderTracking = Static<typeof OrderTrackingSchema>;

/** A move's answer: changed is false when the order was already there (a replay is harmless). */
export const OrderMoveResultSchema = Type.Object({ changed: Type.Boolean(), tracking: OrderTrackingSchema });
export type OrderMoveResult = Static<typeof OrderMoveResultSchema>;

/** get-store-orders: the orders of the caller's stores, newest first. */
export const StoreOrdersSchema = Type.Object({ orders: Type.Array(OrderSchema) });
export type StoreOrders = Static<typeof StoreOrdersSchema>;

/** A driver's fix as the device took it. */
export const DriverPositionSchema = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Degrees clockwise from north; null when the device did not say. */
  heading: Nullable(Type.Number()),
  recorded_at: Type.String(),
});
export type DriverPosition = Static<typeof DriverPositionSchema>;

/** set-delivery-guy-gps-location: stored is false when a newer fix was already stored; position is the newest. */
export const DriverPositionSavedSchema = Type.Object({ stored: Type.Boolean(), position: DriverPositionSchema });
export type DriverPositionSaved = Static<typeof DriverPositionSavedSchema>;

/** get-delivery-guy-gps-location: null while no driver has the order, or they sent no fix yet. */
export const OrderDriverPositionSchema = Type.Object({
  unique_order_id: Type.String(),
  driver_name: Nullable(Type.String()),
  position: Nullable(DriverPositionSchema),
});
export type OrderDriverPosition = Static<typeof OrderDriverPositionSchema>;

/** A delivered order the customer has not rated yet. */
export const RatableOrderSchema = Type.Object({
  unique_order_id: Type.String(),
  restaurant: OrderStoreSchema,
  order_type: OrderTypeSchema,
  total: Type.Integer(),
  delivered_at: Type.String(),
  /** The driver who delivered it (their rating is asked too); null for self pickup. */
  driver_name: Nullable(Type.String()),
});
export type RatableOrder = Static<typeof RatableOrderSchema>;

export const RatableOrderAnswerSchema = Type.Object({ order: Nullable(RatableOrderSchema) });
export type RatableOrderAnswer = Static<typeof RatableOrderAnswerSchema>;

/** The rating as stored: a store review tied to its order, and the driver's stars. */
export const OrderRatingSchema = Type.Object({
  id: Type.Integer(),
  unique_order_id: Type.String(),
  rating: Type.Integer(),
  comment: Type.String(),
  driver_rating: Nullable(Type.Integer()),
  created_at: Type.String(),
});
export type OrderRating = Static<typeof OrderRatingSchema>;

/** rate-order: the rating and the store's aggregates with it counted (as store pages show them). */
export const RateOrderResultSchema = Type.Object({
  success: Type.Literal(true),
  rating: OrderRatingSchema,
  store: Type.Object({ id: Type.Integer(), avgRating: Type.Number(), reviews_count: Type.Integer() }),
});
export type RateOrderResult = Static<typeof RateOrderResultSchema>;
