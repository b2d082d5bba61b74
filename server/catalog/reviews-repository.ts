/** Store reviews; a store's avgRating and reviews_count are aggregates of these rows. */
import type { Insertable, Kysely } from 'kysely';
import type { Review } from '../../src/api/entities.ts';
import type { Database, ReviewsTable } from '../db/tables.ts';

const REVIEWS_PER_PAGE = 50;

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** The newest reviews of a store (the reviewer's first name only) and the aggregates over all of them. */
    async ofStore(restaurantId: number, trx: Kysely<Database> = db): Promise<{ avgRating: number; count: number; reviews: Review[] }> {
      const [aggregate, rows] = await Promise.all([
        trx
          .selectFrom('reviews')
          .select((eb) => [eb.fn.avg<number | string>('rating').as('avg'), eb.fn.countAll<number | string>().as('count')])
          .where('restaurant_id', '=', restaurantId)
          .executeTakeFirst(),
        trx
          .selectFrom('reviews')
          .leftJoin('users', 'users.id', 'reviews.user_id')
          .select(['reviews.id', 'reviews.rating', 'reviews.comment', 'reviews.created_at', 'users.name'])
          .where('reviews.restaurant_id', '=', restaurantId)
          .orderBy('reviews.created_at', 'desc')
          .orderBy('reviews.id', 'desc')
          .limit(REVIEWS_PER_PAGE)
          .execute(),
      ]);
      const count = Number(aggregate?.count ?? 0);
      return {
        avgRating: count > 0 ? Math.round(Number(aggregate?.avg) * 10) / 10 : 0,
        count,
        reviews: rows.map((row) => ({
          id: Number(row.id),
          rating: Number(row.rating),
          comment: row.comment,
          user_name: firstName(row.name),
          created_at: row.created_at,
        })),
      };
    },

    /** avg and count of each store's reviews, in one pass over the reviews index (rounded as store pages show them). */
    async aggregatesOf(storeIds: readonly number[], trx: Kysely<Database> = db): Promise<Map<number, { avgRating: number; count: number }>> {
      const byStore = new Map<number, { avgRating: number; count: number }>();
      if (storeIds.length === 0) return byStore;
      const rows = await trx
        .selectFrom('reviews')
        .select((eb) => [
          'restaurant_id',
          eb.fn.avg<number | string>('rating').as('avg'),
          eb.fn.countAll<number | string>().as('count'),
        ])
        .where('restaurant_id', 'in', storeIds)
        .groupBy('restaurant_id')
        .execute();
      for (const row of rows) {
        byStore.set(Number(row.restaurant_id), { avgRating: Math.round(Number(row.avg) * 10) / 10, count: Number(row.count) });
      }
      return byStore;
    },

    /** The nearby engine's query for these stores' review avg and count (reviews_restaurant_idx), unrun: tests ask the planner about it. */
    aggregatesQuery(storeIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('reviews')
        .select((eb) => ['restaurant_id', eb.fn.avg<number | string>('rating').as('avg'), eb.fn.countAll<number | string>().as('count')])
        .where('restaurant_id', 'in', storeIds)
        .groupBy('restaurant_id');
    },

    /** Which of these orders have a review. */
    async reviewedAmong(orderIds: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('reviews').select('order_id').where('order_id', 'in', orderIds).execute();
    },

    /** The review of an order, if it has one. */
    async ofOrder(orderId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('reviews').select('id').where('order_id', '=', orderId).executeTakeFirst();
    },

    /** A new review, as stored. */
    async insert(review: Insertable<ReviewsTable>, trx: Kysely<Database> = db) {
      return trx
        .insertInto('reviews')
        .values(review)
        .returning(['id', 'rating', 'comment', 'driver_rating', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    // Methods go above this line.
  };
}

function firstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] || 'A customer';
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
