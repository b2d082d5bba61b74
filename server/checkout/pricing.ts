/**
 * The one place a price is computed. Everything is integer minor units; the
 * only rounding is where a rate meets an amount (a percent coupon, the tax),
 * and it rounds half up once, on the final figure of that part.
 *
 * The rules, as a food delivery product states them to its customers:
 * - subtotal: each line's unit price (the item plus its chosen add-ons) times
 *   its quantity, summed. The store's minimum order is checked against it.
 * - store charge: the store's fixed charge per order (packaging, service).
 * - delivery fee (DELIVERY only): delivery_fee_base covers the first
 *   delivery_fee_base_km; every km started beyond that adds
 *   delivery_fee_per_km. A subtotal at or above free_delivery_subtotal
 *   delivers free (the menu price, before discounts, is what the customer
 *   sees when the app says "free delivery from $30").
 * - coupon: PERCENT of the subtotal (capped at max_discount) or FIXED; never
 *   more than the subtotal.
 * - loyalty: points redeemed × point value, never more than what is left of
 *   the subtotal after the coupon (loyalty.ts also caps it at a share).
 * - tax: tax_basis_points of the subtotal after both discounts (fees and tips
 *   are not taxed here).
 * - total = subtotal + store charge + delivery fee + tax + tip − coupon − loyalty.
 * - wallet: with use of the wallet, what it holds up to the total; the rest
 *   (payable) is paid in cash or through a gateway.
 */
import type { PriceBreakdown } from '../../src/api/orders/entities.ts';
import type { OrderType } from '../../src/api/orders/limits.ts';
import type { CouponDiscountType } from '../db/tables.ts';

/** The columns of a store that price an order (restaurants, migration 0006). */
export interface StorePrices {
  min_order_subtotal: number;
  store_charge: number;
  tax_basis_points: number;
  delivery_fee_base: number;
  delivery_fee_base_km: number;
  delivery_fee_per_km: number;
  free_delivery_subtotal: number | null;
}

export interface CouponTerms {
  discount_type: CouponDiscountType;
  /** PERCENT: whole percent; FIXED: minor units. */
  discount_value: number;
  max_discount: number | null;
}

export interface PriceInput {
  /** unit_price × quantity of every line. */
  lineTotals: readonly number[];
  store: StorePrices;
  orderType: OrderType;
  /** Store to the delivery address; ignored for self pickup. */
  distanceKm: number | null;
  coupon: CouponTerms | null;
  /** Points redeemed (already checked against the loyalty rules) and what one is worth. */
  loyaltyPoints: number;
  pointValue: number;
  tip: number;
  /** Take the wallet's balance toward the total. */
  useWallet: boolean;
  walletBalance: number;
}

/** The item's price plus each chosen add-on's. */
export function unitPriceOf(itemPrice: number, addonPrices: readonly number[]): number {
  return addonPrices.reduce((sum, price) => sum + price, itemPrice);
}

export function lineTotalOf(unitPrice: number, quantity: number): number {
  return unitPrice * quantity;
}

export function subtotalOf(lineTotals: readonly number[]): number {
  return lineTotals.reduce((sum, total) => sum + total, 0);
}

/** Half up, for the non-negative amounts prices are made of. */
function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5);
}

/** km started beyond the base, to the metre, so 3.0000001 km past a 3 km base is not a 4th km. */
function startedKmBeyond(distanceKm: number, baseKm: number): number {
  const extraMetres = Math.round((distanceKm - baseKm) * 1000);
  return extraMetres <= 0 ? 0 : Math.ceil(extraMetres / 1000);
}

export function deliveryFeeOf(store: StorePrices, orderType: OrderType, distanceKm: number | null, subtotal: number): number {
  if (orderType !== 'DELIVERY') return 0;
  if (store.free_delivery_subtotal !== null && subtotal >= store.free_delivery_subtotal) return 0;
  const extraKm = startedKmBeyond(distanceKm ?? 0, store.delivery_fee_base_km);
  return store.delivery_fee_base + extraKm * store.delivery_fee_per_km;
}

export function couponDiscountOf(coupon: CouponTerms | null, subtotal: number): number {
  if (!coupon) return 0;
  let discount =
    coupon.discount_type === 'PERCENT' ? roundHalfUp((subtotal * coupon.discount_value) / 100) : coupon.discount_value;
  if (coupon.discount_type === 'PERCENT' && coupon.max_discount !== null) discount = Math.min(discount, coupon.max_discount);
  return Math.max(0, Math.min(discount, subtotal));
}

export function taxOf(taxBasisPoints: number, taxable: number): number {
  return roundHalfUp((taxBasisPoints * Math.max(0, taxable)) / 10_000);
}

export function priceOrder(input: PriceInput): PriceBreakdown {
  const subtotal = subtotalOf(input.lineTotals);
  const store_charge = input.store.store_charge;
  const delivery_fee = deliveryFeeOf(input.store, input.orderType, input.distanceKm, subtotal);
  const coupon_discount = couponDiscountOf(input.coupon, subtotal);
  const loyalty_discount = Math.min(input.loyaltyPoints * input.pointValue, subtotal - coupon_discount);
  const tax = taxOf(input.store.tax_basis_points, subtotal - coupon_discount - loyalty_discount);
  const tip = input.tip;
  const total = subtotal + store_charge + delivery_fee + tax + tip - coupon_discount - loyalty_discount;
  const wallet_amount = input.useWallet ? Math.max(0, Math.min(input.walletBalance, total)) : 0;
  return {
    subtotal,
    store_charge,
    delivery_fee,
    tax,
    tip,
    coupon_discount,
    loyalty_points_redeemed: input.loyaltyPoints,
    loyalty_discount,
    total,
    wallet_amount,
    payable_amount: total - wallet_amount,
  };
}
