/**
 * Loyalty points: what a cart may redeem, what an order earns, and the
 * ledger moves of both.
 *
 * - Earning: points per whole currency unit of the subtotal after the coupon
 *   and the points redeemed (fees, tax and tip earn nothing), rounded down.
 *   The quote shows it; place-order writes that promise on the order
 *   (loyalty_points_earned) and earnLoyaltyPoints credits it when the order
 *   is delivered, so a change of the rules never changes what an order
 *   already promised.
 * - Redeeming: at least minRedeemPoints, at most what the customer holds and
 *   what maxRedeemPercent of the subtotal after the coupon is worth. Points
 *   leave the balance when the order is placed and come back if it is
 *   cancelled.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { LoyaltySummary } from '../../src/api/orders/entities.ts';
import { MINOR_UNITS_PER_CURRENCY_UNIT } from '../../src/api/orders/limits.ts';
import type { Database, OrdersTable } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import type { LoyaltyRules } from './checkout-settings.ts';

/** The most points this cart may redeem: 0 when loyalty is off or the customer holds fewer than the minimum. */
export function maxRedeemablePoints(held: number, subtotalAfterCoupon: number, rules: LoyaltyRules): number {
  if (!rules.enabled) return 0;
  const worth = Math.floor((Math.max(0, subtotalAfterCoupon) * rules.maxRedeemPercent) / 100);
  const most = Math.min(held, Math.floor(worth / rules.pointValue));
  return most >= rules.minRedeemPoints ? most : 0;
}

/** Refuses points this cart cannot redeem, saying what it can. */
export function checkRedeemablePoints(points: number, held: number, subtotalAfterCoupon: number, rules: LoyaltyRules): void {
  if (points === 0) return;
  if (!rules.enabled) throw new HttpError(422, 'LOYALTY_UNAVAILABLE', 'Loyalty points cannot be redeemed right now.');
  if (points > held) throw new HttpError(422, 'LOYALTY_POINTS_INVALID', `You hold ${held} points; you asked to redeem ${points}.`);
  if (points < rules.minRedeemPoints) {
    throw new HttpError(422, 'LOYALTY_POINTS_INVALID', `Redeem at least ${rules.minRedeemPoints} points at a time.`);
  }
  const most = maxRedeemablePoints(held, subtotalAfterCoupon, rules);
  if (points > most) {
    throw new HttpError(
      422,
      'LOYALTY_POINTS_INVALID',
      `This order can take at most ${most} points (points pay up to ${rules.maxRedeemPercent}% of the subtotal).`,
    );
  }
}

/** Points an order earns on what was spent on food, after discounts (minor units). */
export function pointsEarnedOn(spent: number, rules: LoyaltyRules): number {
  if (!rules.enabled || spent <= 0) return 0;
  return Math.floor((spent * rules.pointsPerCurrencyUnit) / MINOR_UNITS_PER_CURRENCY_UNIT);
}

export function loyaltySummaryOf(
  held: number,
  price: { subtotal: number; coupon_discount: number; loyalty_discount: number },
  rules: LoyaltyRules,
): LoyaltySummary {
  return {
    enabled: rules.enabled,
    points: held,
    point_value: rules.pointValue,
    min_redeem_points: rules.minRedeemPoints,
    max_redeemable_points: maxRedeemablePoints(held, price.subtotal - price.coupon_discount, rules),
    max_redeem_percent: rules.maxRedeemPercent,
    points_per_currency_unit: rules.pointsPerCurrencyUnit,
    points_to_earn: pointsEarnedOn(price.subtotal - price.coupon_discount - price.loyalty_discount, rules),
  };
}

type OrderRow = Selectable<OrdersTable>;

/** Takes the points an order redeems off the customer's balance (place-order's transaction). */
export async function redeemLoyaltyPoints(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Pick<OrderRow, 'id' | 'user_id' | 'unique_order_id' | 'loyalty_points_redeemed'>,
): Promise<void> {
  const points = Number(order.loyalty_points_redeemed);
  if (points <= 0) return;
  await app.loyaltyRepository.appendEntry(
    {
      userId: Number(order.user_id),
      points: -points,
      orderId: Number(order.id),
      reason: `Redeemed on order ${order.unique_order_id}`,
    },
    trx,
  );
}

/** Gives back the points a cancelled order redeemed. */
export async function returnRedeemedPoints(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Pick<OrderRow, 'id' | 'user_id' | 'unique_order_id' | 'loyalty_points_redeemed'>,
): Promise<void> {
  const points = Number(order.loyalty_points_redeemed);
  if (points <= 0) return;
  await app.loyaltyRepository.appendEntry(
    {
      userId: Number(order.user_id),
      points,
      orderId: Number(order.id),
      reason: `Returned from cancelled order ${order.unique_order_id}`,
    },
    trx,
  );
}

/**
 * Credits the points a delivered order promised (its loyalty_points_earned),
 * once: called by the lifecycle in the transaction that moves the order to
 * delivered. A second call for the same order finds the credit and does
 * nothing (a cancelled order, whose points were given back, is never
 * delivered, so a positive row for the order can only be this credit).
 * Answers the points credited now.
 */
export async function earnLoyaltyPoints(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Pick<OrderRow, 'id' | 'user_id' | 'unique_order_id' | 'loyalty_points_earned'>,
): Promise<number> {
  const points = Number(order.loyalty_points_earned);
  if (points <= 0) return 0;
  const credited = await app.loyaltyRepository.earnedCreditOf(Number(order.id), trx);
  if (credited) return 0;
  await app.loyaltyRepository.appendEntry(
    {
      userId: Number(order.user_id),
      points,
      orderId: Number(order.id),
      reason: `Earned on order ${order.unique_order_id}`,
    },
    trx,
  );
  return points;
}
