/**
 * Coupons and their uses. A use is claimed with one conditional UPDATE
 * (used_count below max_uses), which also holds the coupon's row lock on
 * PostgreSQL until the order's transaction ends, so two orders racing for
 * the last use cannot both get it; every claimed use is a
 * coupon_redemptions row naming its order, removed again if the order is
 * cancelled.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CouponsTable, Database } from '../db/tables.ts';

export type CouponRow = Selectable<CouponsTable>;

export function createCouponsRepository(db: Kysely<Database>) {
  return {
    /** By its code, stored upper case. */
    async findByCode(code: string): Promise<CouponRow | undefined> {
      return findCouponByCode(db, code);
    },
  };
}

export async function findCouponByCode(db: Kysely<Database>, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** How many orders of this customer hold a use of the coupon. */
export async function couponUsesBy(db: Kysely<Database>, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Takes one use if any is left (and the coupon is still on); false when none is. */
export async function claimCouponUse(trx: Kysely<Database>, couponId: number): Promise<boolean> {
  const claimed = await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('id', '=', couponId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function recordCouponRedemption(
  trx: Kysely<Database>,
  redemption: { couponId: number; userId: number; orderId: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('coupon_redemptions')
    .values({
      coupon_id: redemption.couponId,
      user_id: redemption.userId,
      order_id: redemption.orderId,
      created_at: redemption.now.toISOString(),
    })
    .execute();
}

/** Gives an order's coupon use back (a cancelled order): answers whether it held one. */
export async function releaseCouponUseOf(trx: Kysely<Database>, orderId: number): Promise<boolean> {
  const removed = await trx
    .deleteFrom('coupon_redemptions')
    .where('order_id', '=', orderId)
    .returning('coupon_id')
    .executeTakeFirst();
  if (!removed) return false;
  await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`used_count - 1` })
    .where('id', '=', Number(removed.coupon_id))
    .where('used_count', '>', 0)
    .execute();
  return true;
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
