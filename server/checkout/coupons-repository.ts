/**
 * Coupons and their uses. A use is claimed with one conditional UPDATE
 * (used_count below max_uses), which also holds the coupon's row lock on
 * PostgreSQL until the order's transaction ends, so two orders racing for
 * the last use cannot both get it; every claimed use is a
 * coupon_redemptions row naming its order, removed again if the order is
 * cancelled.
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CouponsTable, Database } from '../db/tables.ts';

export type CouponRow = Selectable<CouponsTable>;

export function createCouponsRepository(db: Kysely<Database>) {
  return {
    /** By its code, stored upper case. */
    async findByCode(code: string, trx: Kysely<Database> = db): Promise<CouponRow | undefined> {
      return trx.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /** How many orders of this customer hold a use of the coupon. */
    async usesBy(couponId: number, userId: number, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom('coupon_redemptions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('coupon_id', '=', couponId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Takes one use if any is left (and the coupon is still on); false when none is. */
    async claimUse(couponId: number, trx: Kysely<Database> = db): Promise<boolean> {
      const claimed = await trx
        .updateTable('coupons')
        .set({ used_count: sql<number>`used_count + 1` })
        .where('id', '=', couponId)
        .where('is_active', '=', 1)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Records the use an order holds. */
    async recordRedemption(redemption: { couponId: number; userId: number; orderId: number; now: Date }, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('coupon_redemptions')
        .values({
          coupon_id: redemption.couponId,
          user_id: redemption.userId,
          order_id: redemption.orderId,
          created_at: redemption.now.toISOString(),
        })
        .execute();
    },

    /** Gives an order's coupon use back (a cancelled order): answers whether it held one. */
    async releaseUseOf(orderId: number, trx: Kysely<Database> = db): Promise<boolean> {
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
    },

    /** The console's coupons, newest first: a store's and those valid everywhere, or all of them. */
    async listForStore(storeId: number | undefined, trx: Kysely<Database> = db): Promise<CouponRow[]> {
      let query = trx.selectFrom('coupons').selectAll();
      if (storeId !== undefined) query = query.where((eb) => eb.or([eb('restaurant_id', '=', storeId), eb('restaurant_id', 'is', null)]));
      return query.orderBy('id', 'desc').execute();
    },

    /** The coupon with this id. */
    async findById(id: number, trx: Kysely<Database> = db): Promise<CouponRow | undefined> {
      return trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The coupon with this id, which must exist. */
    async getById(id: number, trx: Kysely<Database> = db): Promise<CouponRow> {
      return trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** Another coupon (not exceptId) with this code, if any. */
    async otherWithCode(code: string, exceptId: number | undefined, trx: Kysely<Database> = db) {
      let other = trx.selectFrom('coupons').select('id').where('code', '=', code);
      if (exceptId !== undefined) other = other.where('id', '<>', exceptId);
      return other.executeTakeFirst();
    },

    /** Changes a coupon's columns. */
    async update(id: number, columns: Updateable<CouponsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('coupons').set(columns).where('id', '=', id).execute();
    },

    /** A new coupon; answers its id. */
    async insert(coupon: Insertable<CouponsTable>, trx: Kysely<Database> = db): Promise<number> {
      const created = await trx.insertInto('coupons').values(coupon).returning('id').executeTakeFirstOrThrow();
      return Number(created.id);
    },

    /** What deleting a coupon needs to know of it. */
    async deletionFactsOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('coupons').select(['id', 'code', 'used_count']).where('id', '=', id).executeTakeFirst();
    },

    /** Deletes a coupon. */
    async deleteById(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('coupons').where('id', '=', id).execute();
    },

    // Methods go above this line.
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
