/** Store reviews; a store's avgRating and reviews_count are aggregates of these rows. */
import type { Kysely } from 'kysely';
import type { Review } from '../../src/api/entities.ts';
import type { Database } from '../db/tables.ts';

const REVIEWS_PER_PAGE = 50;

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** The newest reviews of a store (the reviewer's first name only) and the aggregates over all of them. */
    async ofStore(restaurantId: number): Promise<{ avgRating: number; count: number; reviews: Review[] }> {
      const [aggregate, rows] = await Promise.all([
        db
          .selectFrom('reviews')
          .select((eb) => [eb.fn.avg<number | string>('rating').as('avg'), eb.fn.countAll<number | string>().as('count')])
          .where('restaurant_id', '=', restaurantId)
          .executeTakeFirst(),
        db
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
  };
}

function firstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] || 'A customer';
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
