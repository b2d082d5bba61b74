/**
 * The checkout and orders part of the sync worker's API (SyncWorkerApi
 * extends it), and the replica rows it writes for /checkout and /my-orders.
 *
 * The server prices every order: the worker asks for a quote of the cart as
 * the replica holds it with the customer's choices, keeps the answer in the
 * replica, and places the order with an Idempotency-Key made once per
 * attempt and kept in the replica before anything is sent, so a double tap,
 * a retry after a lost answer, or a second tab make one order. Placing an
 * order is never queued offline: prices and availability need the server's
 * word at that moment, so offline the worker refuses with 'offline' and
 * keeps the cart and the choices.
 */
import type { CallBody } from '../calls.ts';
import type { ErrorCode } from '../errors.ts';
import type { AppliedCoupon, DeliveryAddress, Order, OrderQuote, OrderType, PaymentMode } from '../orders/entities.ts';
import type { PaymentGateway, PaymentGatewayId, PaymentState } from './payment-entities.ts';
import type { FailureDetail, SyncFailure, SyncResult } from '../sync-result.ts';

/**
 * One detail of a refusal, as the server sends it: MIN_ORDER_NOT_MET and
 * COUPON_MIN_SUBTOTAL give the minimum (minor units) at /subtotal,
 * OUT_OF_DELIVERY_AREA the radius (km) at /address, ITEMS_UNAVAILABLE one
 * per line at /items/<index of the line sent>.
 */
export type RefusalDetail = FailureDetail;

/** A checkout call's failure: a SyncFailure (with the server's details when it refused), and a changed price's quote. */
export type CheckoutFailure = SyncFailure & {
  /** PRICE_CHANGED: the server's new quote, as it sent it (the worker checks it before writing it). */
  quote?: unknown;
};
export type CheckoutResult<T = undefined> = ([T] extends [undefined] ? { ok: true } : { ok: true; value: T }) | CheckoutFailure;

/** What the customer chose at checkout. The cart, the coupon and the points to redeem come from the replica (cartLines, cartMeta). */
export interface CheckoutChoices {
  orderType: OrderType;
  /** Where a delivery goes; ignored for self pickup. */
  address: DeliveryAddress | null;
  /** Minor units; only for delivery while tips are on. */
  tip: number;
  /** Take what the wallet holds first, cash for the rest (payment mode COD). */
  useWallet: boolean;
  notes: string;
}

export interface PlaceOrderInput extends CheckoutChoices {
  paymentMode: PaymentMode;
  /**
   * The total the customer was shown for exactly these choices (the quote's total, minor units), sent as
   * place-order's expected_total: the server places nothing at another price (PRICE_CHANGED, and the
   * worker writes the new quote so the screen shows it and asks again). The checkout screen always
   * sends it; only callers that price nothing for a person (tests, tools) leave it out.
   */
  expectedTotal?: number;
}

/** place-order's body as an attempt keeps it: everything but the token, which is added when sending. */
export type PlaceOrderBody = Omit<CallBody<'place-order'>, 'token'>;

/**
 * cartMeta.coupon (spec §3 "coupon"): the code the customer entered and, once
 * the server accepted it for this cart, what it takes off. cartMeta.couponError
 * holds the code of the server's refusal (COUPON_EXPIRED…) while `applied` is null.
 */
export interface CartCoupon {
  code: string;
  applied: AppliedCoupon | null;
  /** COUPON_MIN_SUBTOTAL: the subtotal the coupon needs, minor units. */
  minSubtotal: number | null;
}

/** CheckoutQuoteRow.userId of a visitor's quote (priced without a token: no wallet, no points). */
export const VISITOR_QUOTE_USER_ID = 0;

/** PrefKey.checkoutQuote: the server's last price for the cart, with the choices the screen sent. */
export interface CheckoutQuoteRow {
  /** The customer it was priced for; VISITOR_QUOTE_USER_ID before signing in. */
  userId: number;
  storeId: number;
  /** Null when the server refused to price it (then `refusal` says why). */
  quote: OrderQuote | null;
  refusal: { code: ErrorCode; details: RefusalDetail[] } | null;
  /** A coupon or points the server refused for this cart: left out of this quote, with the refusal's code. */
  dropped: { coupon: ErrorCode | null; loyalty: ErrorCode | null };
  fetchedAt: number;
}

/** PrefKey.lastDeliveryAddress: where the customer's last delivery order went, as placed; the next checkout starts there. */
export interface LastDeliveryAddressRow {
  userId: number;
  address: DeliveryAddress;
}

/** PrefKey.paymentGateways: the ways to pay get-payment-gateways last answered, so checkout shows them offline. */
export interface PaymentGatewaysRow {
  gateways: PaymentGateway[];
  fetchedAt: number;
}

/**
 * PrefKey.placeOrderAttempt: a place-order the server has not answered yet.
 * Written before the first send; every retry sends the same key, so the
 * server makes at most one order of it. Dropped once it answered.
 */
export interface PlaceOrderAttempt {
  userId: number;
  /** The Idempotency-Key. */
  key: string;
  /**
   * Every body sent with this key, oldest first: a tap after the customer
   * changed something sends its own body under the same key, and the
   * server's IDEMPOTENCY_KEY_REUSED then says an earlier one got there.
   */
  bodies: PlaceOrderBody[];
  createdAt: number;
}

/** PrefKey.pendingPayment: a card order placed and waiting for its payment (status 8). The cart stays until it is paid. */
export interface PendingPaymentRow {
  userId: number;
  uniqueOrderId: string;
  gateway: PaymentGatewayId;
  /** What the customer pays through the gateway, minor units. */
  amount: number;
  /** The server's last word on the payment; null until start-payment answered. */
  state: PaymentState | null;
  updatedAt: number;
}

/** What Razorpay Checkout's success handler hands the page, sent as is to razorpay-process. */
export interface RazorpayCheckoutAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** The gateways settled by asking the provider with no proof from the page but, for Mercado Pago, the payment_id of the return URL. */
export type VerifiedGateway = 'PAYTM' | 'PAYMONGO' | 'MERCADOPAGO' | 'KHALTI';

/** An order in the `orders` table: the server's Order, whose it is, and when it was fetched. */
export type StoredOrder = Order & { userId: number; fetchedAt: number };

/** PrefKey.ordersList: where the customer's orders list stands (get-orders' cursor). */
export interface OrdersListRow {
  userId: number;
  /** get-orders' next_before: the next (older) page, null once the last page is in. */
  nextBefore: number | null;
  fetchedAt: number;
}

export interface PlacedOrder {
  uniqueOrderId: string;
  /** DESIGN §6 code: 1 placed (2 at a store that accepts by itself), 8 awaiting a card payment. */
  status: number;
  /** A card order: startPayment next; the cart stays until it is paid. */
  awaitingPayment: boolean;
  /**
   * The order of an earlier tap whose answer was lost, found on the server
   * (this tap's changes were not ordered); the cart was kept when it changed since.
   */
  fromEarlierAttempt: boolean;
}

export interface CheckoutWorkerApi {
  /** get-payment-gateways into PrefKey.paymentGateways. */
  refreshPaymentGateways(): Promise<SyncResult>;
  /**
   * get-order-quote for the cart with these choices, the cart's coupon and
   * the points chosen, into PrefKey.checkoutQuote. A coupon or points the
   * server refuses for this cart are left out (cartMeta says why) and the
   * cart is priced without them. Only the newest request's answer is kept.
   */
  quoteCheckout(choices: CheckoutChoices): Promise<CheckoutResult>;
  /** apply-coupon: the coupon into cartMeta (applied, or couponError with the refusal's code) and the new quote. */
  applyCoupon(code: string, choices: CheckoutChoices): Promise<CheckoutResult>;
  removeCoupon(): Promise<SyncResult>;
  /** The points to redeem (0: none) into cartMeta.loyalty; the next quote prices them. */
  setLoyaltyRedemption(points: number): Promise<SyncResult>;
  /**
   * place-order with the attempt's Idempotency-Key (see PlaceOrderAttempt):
   * writes the order into `orders`, clears the cart (a card order's once
   * paid) and drops the attempt. A refusal keeps the cart and answers the
   * server's code and details; offline keeps everything and answers 'offline'. PRICE_CHANGED writes
   * the server's new quote into PrefKey.checkoutQuote before answering.
   */
  placeOrder(input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>>;
  /** start-payment for the card order waiting for its payment: what the page does next (PendingPaymentRow.state). */
  startPayment(uniqueOrderId: string): Promise<CheckoutResult<PaymentState>>;
  /**
   * stripe-accept: after Stripe.js confirmed the intent in the page (or with
   * a pm_… for the server to confirm). Paid: the order is placed and the cart
   * cleared; failed: the order is payment failed and the cart stays.
   */
  confirmStripePayment(uniqueOrderId: string, paymentMethod?: string): Promise<CheckoutResult<PaymentState>>;
  /** stripe-redirect-capture: the return from a redirect-based method (?payment_intent=pi_…), settled as confirmStripePayment. */
  captureStripeRedirect(paymentIntent: string): Promise<CheckoutResult<PaymentState>>;
  /** razorpay-process: what Razorpay Checkout handed the page (the server checks its signature); settled as confirmStripePayment. */
  processRazorpayPayment(uniqueOrderId: string, answer: RazorpayCheckoutAnswer): Promise<CheckoutResult<PaymentState>>;
  /**
   * paytm-verify, paymongo-verify, mercado-pago-verify (with the return URL's
   * payment_id) or khalti-verify: the server asks the provider where the
   * payment stands; settled as confirmStripePayment.
   */
  verifyGatewayPayment(uniqueOrderId: string, gateway: VerifiedGateway, paymentId?: string): Promise<CheckoutResult<PaymentState>>;
}

/** The orders list (worker/orders/): the customer's orders page by page, one order's status, cancel. */
export interface OrdersListWorkerApi {
  /** The customer's newest orders (get-orders' first page) replace the list in `orders`. */
  refreshOrders(): Promise<SyncResult>;
  /** The next (older) page after what `orders` holds; more: false once the last page is in. */
  loadMoreOrders(): Promise<SyncResult<{ more: boolean }>>;
  /** get-order-status: where one order stands now, patched into its `orders` row. */
  refreshOrder(uniqueOrderId: string): Promise<SyncResult>;
  /** cancel-order (online only): the cancelled order, its refund included, into `orders`. */
  cancelOrder(uniqueOrderId: string, reason?: string): Promise<CheckoutResult>;
}
