/**
 * Plain constants of ordering (no schema builders), for the UI and the worker
 * to import without pulling TypeBox into their bundles. orders/entities.ts
 * re-exports them for the server.
 */

import { OrderStatus } from './status.ts';
import type { PaymentMethodId } from '../checkout/payment-limits.ts';

/** Lines in one cart (one line per item and add-on choice). */
export const MAX_CART_LINES = 50;
/** Units of one line. */
export const MAX_LINE_QUANTITY = 99;

/** Why a cart line cannot be ordered now, as check-cart-items-availability answers it. */
export const UNAVAILABLE_REASONS = [
  /** The item is no longer sold. */
  'NOT_FOUND',
  /** The item is sold out or switched off for now. */
  'INACTIVE',
  /** The item belongs to another store than the cart's. */
  'WRONG_STORE',
  /** An add-on chosen is gone or switched off, or the choice breaks its group's min/max. */
  'ADDONS_CHANGED',
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

// ---------------------------------------------------------------------------
// Checkout: order types, payment modes, tips, the orders list, cancelling.
// (Lifecycle and rating constants follow in their own section.)
// ---------------------------------------------------------------------------

/** How the customer gets the order (spec §4 order-type preference). */
export const ORDER_TYPES = ['DELIVERY', 'SELFPICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * What place-order accepts as payment_mode: cash (on delivery, or at the
 * counter for self pickup), the wallet for the whole total, or an online
 * gateway. COD may take part of the total from the wallet (use_wallet); a
 * gateway may not, so a card payment that fails or is abandoned never leaves
 * wallet money stranded on an unpaid order. Each mode is offered only while
 * its switch (checkout/payment-limits.ts PAYMENT_METHOD_SETTINGS) is on.
 */
export const PAYMENT_MODES = ['COD', 'WALLET', 'STRIPE', 'RAZORPAY', 'PAYTM', 'PAYMONGO', 'MERCADOPAGO', 'KHALTI'] as const satisfies readonly PaymentMethodId[];
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The largest tip, minor units ($100.00): a fat-fingered extra zero is refused, not charged. */
export const MAX_TIP = 10_000;
/** Notes for the store or the driver ("no onions", "ring twice"). */
export const MAX_ORDER_NOTES_LENGTH = 500;
export const MAX_COUPON_CODE_LENGTH = 32;
/** Minor units in one currency unit (cents in a dollar): loyalty points are earned per whole unit spent. */
export const MINOR_UNITS_PER_CURRENCY_UNIT = 100;

/** get-orders answers this many per page unless asked for fewer (at most ORDERS_PAGE_MAX). */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 50;

/** Every order id starts like this: FP-7K3QX9MD. */
export const UNIQUE_ORDER_ID_PREFIX = 'FP-';
/** The digits of the PIN the customer gives the driver at the door. */
export const DELIVERY_PIN_DIGITS = 4;

/** The name of each status code (DESIGN §6), as the Order entity's status_name carries it. */
export const ORDER_STATUS_NAMES = {
  [OrderStatus.PLACED]: 'PLACED',
  [OrderStatus.PREPARING]: 'PREPARING',
  [OrderStatus.DRIVER_ASSIGNED]: 'DRIVER_ASSIGNED',
  [OrderStatus.PICKED_UP]: 'PICKED_UP',
  [OrderStatus.DELIVERED]: 'DELIVERED',
  [OrderStatus.CANCELLED]: 'CANCELLED',
  [OrderStatus.READY_FOR_PICKUP]: 'READY_FOR_PICKUP',
  [OrderStatus.AWAITING_PAYMENT]: 'AWAITING_PAYMENT',
  [OrderStatus.PAYMENT_FAILED]: 'PAYMENT_FAILED',
} as const satisfies { [Name in keyof typeof OrderStatus as (typeof OrderStatus)[Name]]: Name };
export type OrderStatusName = (typeof ORDER_STATUS_NAMES)[keyof typeof ORDER_STATUS_NAMES];

// ---------------------------------------------------------------------------
// Order lifecycle: store and driver moves, live tracking, driver position,
// ratings (server/orders/transitions.ts, lifecycle-*.ts, ratings.ts).
// ---------------------------------------------------------------------------

/** store-cancel-order: the reason the customer reads in their alert. */
export const MAX_CANCEL_REASON_LENGTH = 300;
/** get-store-orders answers at most this many, newest first. */
export const STORE_ORDERS_LIMIT = 100;

/**
 * `GET ORDER_EVENTS_PATH/<unique_order_id>?token=…`: a server-sent-events
 * stream of one order's tracking (get-order-status's answer) on every change.
 * Events: `tracking` (on connect and after each transition) and `position`
 * (the driver moved); a comment line every ORDER_EVENTS_HEARTBEAT_MS keeps
 * proxies from closing it; `retry:` tells EventSource how soon to reconnect.
 */
export const ORDER_EVENTS_PATH = '/public/api/order-events';
export const ORDER_EVENTS_HEARTBEAT_MS = 25_000;
export const ORDER_EVENTS_RETRY_MS = 3_000;
export const ORDER_EVENT_TYPES = ['tracking', 'position'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** rate-order: stars for the store and for the driver, and the comment's length. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const MAX_RATING_COMMENT_LENGTH = 1000;
/** get-ratable-order without an id offers the newest unrated order delivered within this many days. */
export const RATING_PROMPT_DAYS = 7;
