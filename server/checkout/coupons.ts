/**
 * Whether a coupon applies to a cart, with one clear code for each reason it
 * does not, checked in the order a customer would want to hear them: the
 * code is unknown, switched off, outside its dates (not started yet, or
 * expired), for another store, used up (in total, or by this customer), or
 * the subtotal is below its minimum (the message says the minimum). Codes
 * are matched without regard to case or surrounding spaces.
 *
 * Place-order checks again inside its transaction and claims the use there
 * (redeemCoupon), so the last use goes to one order only.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../src/api/errors.ts';
import type { AppliedCoupon } from '../../src/api/orders/entities.ts';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import type { CouponRow } from './coupons-repository.ts';
import { formatMoney, type CheckoutSettings } from './checkout-settings.ts';

/** Upper case without spaces around; undefined for no code. */
export function normaliseCouponCode(text: string | undefined): string | undefined {
  const code = text?.trim().toUpperCase();
  return code ? code : undefined;
}

export interface CouponContext {
  restaurantId: number;
  /** The cart's subtotal, minor units. */
  subtotal: number;
  /** Null for a visitor's quote: the per-customer limit is checked when they place the order, signed in. */
  customerId: number | null;
  now: Date;
  settings: Pick<CheckoutSettings, 'currencySymbol' | 'currencySymbolAlign'>;
}

function couponError(status: number, code: ErrorCode, message: string): HttpError {
  return new HttpError(status, code, message);
}

function usedUp(code: string): HttpError {
  return couponError(409, 'COUPON_USED_UP', `Coupon ${code} has been used up.`);
}

/** The coupon row when it applies to this cart and customer; a coupon error otherwise. */
export async function findApplicableCoupon(app: FastifyInstance, db: Kysely<Database>, code: string, context: CouponContext): Promise<CouponRow> {
  const coupon = await app.couponsRepository.findByCode(code, db);
  if (!coupon) throw couponError(404, 'COUPON_NOT_FOUND', `There is no coupon ${code}.`);
  if (Number(coupon.is_active) !== 1) throw couponError(422, 'COUPON_INACTIVE', `Coupon ${code} is no longer offered.`);
  const now = context.now.toISOString();
  if (coupon.starts_at !== null && now < coupon.starts_at) {
    throw couponError(422, 'COUPON_EXPIRED', `Coupon ${code} is valid from ${coupon.starts_at.slice(0, 10)}.`);
  }
  if (coupon.expires_at !== null && now >= coupon.expires_at) {
    throw couponError(422, 'COUPON_EXPIRED', `Coupon ${code} expired on ${coupon.expires_at.slice(0, 10)}.`);
  }
  if (coupon.restaurant_id !== null && Number(coupon.restaurant_id) !== context.restaurantId) {
    throw couponError(422, 'COUPON_WRONG_STORE', `Coupon ${code} is not valid at this store.`);
  }
  if (coupon.max_uses !== null && Number(coupon.used_count) >= Number(coupon.max_uses)) throw usedUp(code);
  if (coupon.max_uses_per_user !== null && context.customerId !== null) {
    const uses = await app.couponsRepository.usesBy(Number(coupon.id), context.customerId, db);
    if (uses >= Number(coupon.max_uses_per_user)) {
      throw couponError(409, 'COUPON_USED_UP', `You have already used coupon ${code} ${uses === 1 ? 'once' : `${uses} times`}.`);
    }
  }
  const minimum = Number(coupon.min_subtotal);
  if (context.subtotal < minimum) {
    throw new HttpError(
      422,
      'COUPON_MIN_SUBTOTAL',
      `Coupon ${code} needs a subtotal of at least ${formatMoney(minimum, context.settings)}; this cart's is ${formatMoney(context.subtotal, context.settings)}.`,
      [{ path: '/subtotal', message: String(minimum) }],
    );
  }
  return coupon;
}

export function appliedCouponOf(coupon: CouponRow, discount: number): AppliedCoupon {
  return {
    code: coupon.code,
    description: coupon.description,
    discount_type: coupon.discount_type,
    discount_value: Number(coupon.discount_value),
    max_discount: coupon.max_discount === null ? null : Number(coupon.max_discount),
    discount,
  };
}

/**
 * Claims one use for the order, inside its transaction: the claim takes the
 * coupon's row lock first, then the customer's uses are counted again, so
 * neither the last use overall nor a customer's last use can go to two
 * orders at once.
 */
export async function redeemCoupon(
  app: FastifyInstance,
  trx: Kysely<Database>,
  coupon: CouponRow,
  redemption: { userId: number; orderId: number; now: Date },
): Promise<void> {
  if (!(await app.couponsRepository.claimUse(Number(coupon.id), trx))) throw usedUp(coupon.code);
  if (coupon.max_uses_per_user !== null) {
    const uses = await app.couponsRepository.usesBy(Number(coupon.id), redemption.userId, trx);
    if (uses >= Number(coupon.max_uses_per_user)) throw usedUp(coupon.code);
  }
  await app.couponsRepository.recordRedemption({ couponId: Number(coupon.id), ...redemption }, trx);
}
