/**
 * What get-order-quote, apply-coupon and place-order are asked about: the
 * cart as the replica holds it (its store, lines, coupon and the points
 * chosen in cartMeta) with the checkout's choices, as one request body. The
 * choices crossed the worker boundary unchecked, so they are checked here.
 */
import type { CallBody } from '../../src/api/calls.ts';
import type { CartCoupon, CheckoutChoices } from '../../src/api/checkout/worker-api.ts';
import type { CartLineInput, DeliveryAddress } from '../../src/api/orders/entities.ts';
import { MAX_COUPON_CODE_LENGTH, MAX_ORDER_NOTES_LENGTH, MAX_TIP, ORDER_TYPES } from '../../src/api/orders/limits.ts';
import type { SyncFailure } from '../../src/api/worker-api.ts';
import type { CartMetaRow, ReplicaDatabase } from '../../src/db/schema.ts';
import { readCartLines, readCartMeta } from '../cart/api.ts';
import { invalidInput } from '../net/failures.ts';

/** get-order-quote's body without the token: what the server prices. */
export type QuoteBody = Omit<CallBody<'get-order-quote'>, 'token'>;

export interface CheckoutCart {
  storeId: number;
  items: CartLineInput[];
  meta: CartMetaRow;
}

export const EMPTY_CART: SyncFailure = invalidInput('The cart is empty: add something before checking out.');

/** The cart's store and lines as the server takes them; null for an empty cart. Call inside a transaction over cartLines and cartMeta. */
export async function readCheckoutCart(db: ReplicaDatabase): Promise<CheckoutCart | null> {
  const [meta, lines] = await Promise.all([readCartMeta(db), readCartLines(db)]);
  const storeId = meta.store?.id ?? lines[0]?.storeId;
  if (lines.length === 0 || storeId === undefined) return null;
  const items = lines.map((line) => ({ id: line.itemId, quantity: line.quantity, addon_ids: line.addons.map((addon) => addon.id) }));
  return { storeId, items, meta };
}

/** cartMeta.coupon as this module writes it, or null for anything else (an older row). */
export function cartCouponOf(meta: CartMetaRow): CartCoupon | null {
  const coupon = meta.coupon as Partial<CartCoupon> | null | undefined;
  if (!coupon || typeof coupon.code !== 'string' || coupon.code === '') return null;
  return { code: coupon.code, applied: coupon.applied ?? null, minSubtotal: coupon.minSubtotal ?? null };
}

/** The points the customer chose to redeem (cartMeta.loyalty), 0 for none. */
export function redeemedPointsOf(meta: CartMetaRow): number {
  return meta.loyalty?.redeemed ? meta.loyalty.redeemedPoints : 0;
}

/**
 * The coupon goes with the request while it is applied, and also while it
 * only lacked the subtotal: a cart that grows past the minimum gets it back
 * without the customer typing it again.
 */
function couponToSend(meta: CartMetaRow): string | null {
  const coupon = cartCouponOf(meta);
  if (!coupon) return null;
  return coupon.applied || meta.couponError === 'COUPON_MIN_SUBTOTAL' ? coupon.code : null;
}

export interface BodyOptions {
  /** Send the cart's coupon (false: price without it). */
  coupon: boolean;
  /** Send the points chosen (false: price without them). */
  loyalty: boolean;
}

export function checkoutBody(cart: CheckoutCart, choices: CheckoutChoices, options: BodyOptions): QuoteBody {
  const delivery = choices.orderType === 'DELIVERY';
  const body: QuoteBody = { restaurant_id: cart.storeId, items: cart.items, order_type: choices.orderType };
  if (delivery && choices.address) {
    const { lat, lng, address, house } = choices.address;
    body.address = { lat, lng, address, house: house ?? null };
  }
  const coupon = options.coupon ? couponToSend(cart.meta) : null;
  if (coupon) body.coupon_code = coupon;
  const points = options.loyalty ? redeemedPointsOf(cart.meta) : 0;
  if (points > 0) body.loyalty_points = points;
  if (delivery && choices.tip > 0) body.tip = choices.tip;
  if (choices.useWallet) body.use_wallet = true;
  const notes = choices.notes.trim();
  if (notes) body.notes = notes;
  return body;
}

function isFiniteIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function addressProblem(address: DeliveryAddress | null): string | null {
  if (address === null) return null;
  if (typeof address !== 'object') return 'The address must be an object or null.';
  if (!isFiniteIn(address.lat, -90, 90) || !isFiniteIn(address.lng, -180, 180)) return 'The address needs a latitude and a longitude.';
  if (typeof address.address !== 'string' || address.address.trim() === '' || address.address.length > 500) return 'The address needs its text.';
  if (address.house != null && (typeof address.house !== 'string' || address.house.length > 200)) return 'The house must be text.';
  return null;
}

/** What is wrong with choices that crossed the worker boundary unchecked, or null. */
export function choicesProblem(choices: CheckoutChoices): string | null {
  if (!choices || typeof choices !== 'object') return 'The checkout choices are missing.';
  if (!(ORDER_TYPES as readonly string[]).includes(choices.orderType)) return 'The order type must be DELIVERY or SELFPICKUP.';
  if (!Number.isInteger(choices.tip) || choices.tip < 0 || choices.tip > MAX_TIP) return `The tip must be 0 to ${MAX_TIP} minor units.`;
  if (typeof choices.useWallet !== 'boolean') return 'useWallet must be true or false.';
  if (typeof choices.notes !== 'string' || choices.notes.length > MAX_ORDER_NOTES_LENGTH) {
    return `Notes are text of at most ${MAX_ORDER_NOTES_LENGTH} characters.`;
  }
  return addressProblem(choices.address);
}

/** A coupon code as the customer typed it, trimmed; null when empty or too long. */
export function normalisedCouponCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const trimmed = code.trim();
  return trimmed !== '' && trimmed.length <= MAX_COUPON_CODE_LENGTH ? trimmed : null;
}
