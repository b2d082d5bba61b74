/**
 * The orders' calls (spec §7 "further endpoints": the orders list, cancel,
 * the order's steps, tracking, ratings); the cart's and the checkout's are in
 * cart/calls.ts and checkout/calls.ts. Spread into the one call table in calls.ts.
 */
import * as Type from '@sinclair/typebox';
import {
  ORDERS_PAGE_MAX,
  ORDERS_PAGE_SIZE,
  OrderSchema,
  OrdersPageSchema,
} from './entities.ts';
// The order lifecycle's schemas and limits (its own section at the end of this file).
import {
  DELIVERY_PIN_DIGITS,
  DriverPositionSavedSchema,
  MAX_CANCEL_REASON_LENGTH,
  MAX_RATING_COMMENT_LENGTH,
  OrderDriverPositionSchema,
  OrderMoveResultSchema,
  OrderTrackingSchema,
  RATING_MAX,
  RATING_MIN,
  RATING_PROMPT_DAYS,
  RateOrderResultSchema,
  RatableOrderAnswerSchema,
  STORE_ORDERS_LIMIT,
  StoreOrdersSchema,
} from './entities.ts';
import { PREP_MINUTES_MAX, PREP_MINUTES_MIN } from '../admin/limits.ts';

const strict = { additionalProperties: false } as const;
/** As in calls.ts: the spec's `token` field, optional because `Authorization: Bearer` works instead. */
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const UniqueOrderId = Type.String({ minLength: 1, maxLength: 64 });


export const orderCalls = {
  'get-orders': {
    access: 'user',
    summary:
      `The customer's orders, newest first, ${ORDERS_PAGE_SIZE} a page (limit up to ${ORDERS_PAGE_MAX}); before is the next_before of the previous page. ` +
      "user_id, when sent, must be the token's user (an admin may name any customer).",
    body: Type.Object(
      {
        token: Token,
        user_id: Type.Optional(Type.Integer({ minimum: 1 })),
        before: Type.Optional(Type.Integer({ minimum: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDERS_PAGE_MAX })),
      },
      strict,
    ),
    response: OrdersPageSchema,
  },
  'cancel-order': {
    access: 'customer',
    summary:
      'The customer cancels their order while the store has not accepted it (placed) or its card payment is pending: the wallet part is refunded, ' +
      'redeemed points and the coupon use are given back. ORDER_NOT_CANCELLABLE (409) once the store accepted; NOT_FOUND for an order that is not theirs.',
    body: Type.Object(
      { token: Token, unique_order_id: UniqueOrderId, reason: Type.Optional(Type.String({ maxLength: 200 })) },
      strict,
    ),
    response: OrderSchema,
  },
} as const;

// ---------------------------------------------------------------------------
// Order lifecycle (DESIGN §6): the store's moves (its owner or an admin), the
// driver's moves, live tracking, the driver's position, ratings. Every move
// is a transition of the state machine: a move to where the order already is
// answers changed: false and changes nothing, so a replayed queued action is
// harmless even without its Idempotency-Key. An illegal move is a 409
// ILLEGAL_TRANSITION (the message says where the order is, e.g. "already
// picked up"), a move by the wrong kind of actor a 409 NOT_ALLOWED_FOR_ACTOR,
// an order the caller may not act on a 403 FORBIDDEN.
// ---------------------------------------------------------------------------

const OrderRef = { token: Token, unique_order_id: UniqueOrderId };
/**
 * When the driver acted (ISO-8601), for an action queued offline: recorded as
 * the step's time, clamped to no later than now and no earlier than the
 * order's previous step.
 */
const ActedAt = Type.Optional(
  Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$' }),
);
const Stars = Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX });
const storeMove = 'Callable by the owner of the order\'s store and by admins (FORBIDDEN otherwise).';
const driverMove = 'Drivers only (FORBIDDEN otherwise); acted_at is when they acted, for a queued action.';

export const orderLifecycleCalls = {
  'accept-order': {
    access: 'user',
    summary:
      `The store accepts a placed order: placed → preparing. prep_minutes (${PREP_MINUTES_MIN}–${PREP_MINUTES_MAX}) is how long the food ` +
      'takes: the customer then sees estimated_ready_at on the order and its tracking. A replay on an order already preparing changes nothing. ' +
      storeMove,
    body: Type.Object(
      { ...OrderRef, prep_minutes: Type.Optional(Type.Integer({ minimum: PREP_MINUTES_MIN, maximum: PREP_MINUTES_MAX })) },
      strict,
    ),
    response: OrderMoveResultSchema,
  },
  'mark-order-ready': {
    access: 'user',
    summary:
      `The order's food is ready at the counter. Self pickup: preparing → ready for pickup. Delivery: the order keeps its status and gains food_ready_at, ` +
      `while it is prepared or waits for its driver (ILLEGAL_TRANSITION once picked up); a second mark changes nothing. ${storeMove}`,
    body: Type.Object(OrderRef, strict),
    response: OrderMoveResultSchema,
  },
  'complete-pickup-order': {
    access: 'user',
    summary: `The customer collected their self-pickup order: ready for pickup → completed; a cash order is then paid. ${storeMove}`,
    body: Type.Object(OrderRef, strict),
    response: OrderMoveResultSchema,
  },
  'store-cancel-order': {
    access: 'user',
    summary:
      `The store cancels an order before it is picked up, with a reason the customer reads. The wallet part is refunded, redeemed points ` +
      `and the coupon use are given back. ${storeMove}`,
    body: Type.Object({ ...OrderRef, reason: Type.String({ minLength: 1, maxLength: MAX_CANCEL_REASON_LENGTH }) }, strict),
    response: OrderMoveResultSchema,
  },
  'get-store-orders': {
    access: 'user',
    summary:
      `The orders of the caller's stores (every store for an admin), newest first, at most ${STORE_ORDERS_LIMIT} (limit); ` +
      'status filters by status codes, restaurant_id by one store (FORBIDDEN for a store that is not theirs), updated_since by the last change ' +
      "(ISO 8601: the board's orders finished today). Store owners and admins only. " +
      'The delivery PIN is never in it.',
    body: Type.Object(
      {
        token: Token,
        restaurant_id: Type.Optional(Type.Integer({ minimum: 1 })),
        status: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { minItems: 1, maxItems: 9 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_ORDERS_LIMIT })),
        updated_since: ActedAt,
      },
      strict,
    ),
    response: StoreOrdersSchema,
  },
  'accept-to-deliver': {
    access: 'driver',
    summary:
      `A driver takes a delivery order the store is preparing: preparing → driver assigned, the driver being the caller. ` +
      `ORDER_TAKEN (409) when another driver has it, WRONG_ORDER_TYPE for self pickup. ${driverMove}`,
    body: Type.Object({ ...OrderRef, acted_at: ActedAt }, strict),
    response: OrderMoveResultSchema,
  },
  'pickedup-order': {
    access: 'driver',
    summary: `The assigned driver picked the order up at the store: driver assigned → picked up (FORBIDDEN for another driver). ${driverMove}`,
    body: Type.Object({ ...OrderRef, acted_at: ActedAt }, strict),
    response: OrderMoveResultSchema,
  },
  'deliver-order': {
    access: 'driver',
    summary:
      `The assigned driver hands the order over: picked up → delivered, with the customer's ${DELIVERY_PIN_DIGITS}-digit delivery_pin ` +
      '(missing or wrong: WRONG_DELIVERY_PIN, 422) unless the setting deliveryPinRequired is off. A cash order is then paid (the cash ' +
      "is recorded as in the driver's hands), the driver's commission and the tip are credited to their wallet, and the customer earns " +
      `their loyalty points. ${driverMove}`,
    body: Type.Object({ ...OrderRef, delivery_pin: Type.Optional(Type.String({ maxLength: 16 })), acted_at: ActedAt }, strict),
    response: OrderMoveResultSchema,
  },
  'set-delivery-guy-gps-location': {
    access: 'driver',
    summary:
      "The driver's position (recorded_at: when the device took the fix, default now): a fix older than the one stored is ignored " +
      '(stored: false), so queued fixes replayed late never move the driver back. Pushed to the order-events streams of their running orders. Drivers only.',
    body: Type.Object(
      {
        token: Token,
        latitude: Type.Number({ minimum: -90, maximum: 90 }),
        longitude: Type.Number({ minimum: -180, maximum: 180 }),
        heading: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 360 }), Type.Null()])),
        recorded_at: ActedAt,
      },
      strict,
    ),
    response: DriverPositionSavedSchema,
  },
  'get-delivery-guy-gps-location': {
    access: 'user',
    summary:
      "The last position of the order's driver while they have it (driver assigned, picked up); null before and after. " +
      'For whoever may read the order: its customer, its store, its driver, admins.',
    body: Type.Object(OrderRef, strict),
    response: OrderDriverPositionSchema,
  },
  'get-order-status': {
    access: 'user',
    summary:
      'Where an order stands now (status, history, driver and position, updated_at): cheap, for polling when the order-events stream is ' +
      'not available. For whoever may read the order (NOT_FOUND otherwise).',
    body: Type.Object(OrderRef, strict),
    response: OrderTrackingSchema,
  },
  'get-ratable-order': {
    access: 'user',
    summary:
      'A delivered order of the customer not rated yet: the one named (NOT_FOUND when not theirs, ORDER_NOT_RATABLE before delivery, ALREADY_RATED), ' +
      `or without unique_order_id the newest one delivered in the last ${RATING_PROMPT_DAYS} days (order: null when there is none).`,
    body: Type.Object({ token: Token, unique_order_id: Type.Optional(UniqueOrderId) }, strict),
    response: RatableOrderAnswerSchema,
  },
  'rate-order': {
    access: 'user',
    summary:
      `The customer rates their delivered order once: ${RATING_MIN}–${RATING_MAX} stars for the store with an optional comment (at most ` +
      `${MAX_RATING_COMMENT_LENGTH} characters; it shows on the store's reviews), and ${RATING_MIN}–${RATING_MAX} for the driver when one delivered it. ` +
      'ALREADY_RATED, ORDER_NOT_RATABLE (409); NOT_FOUND for an order that is not theirs.',
    body: Type.Object(
      {
        ...OrderRef,
        rating: Stars,
        comment: Type.Optional(Type.String({ maxLength: MAX_RATING_COMMENT_LENGTH })),
        driver_rating: Type.Optional(Stars),
      },
      strict,
    ),
    response: RateOrderResultSchema,
  },
} as const;
