/**
 * Ratings of delivered orders (rate-order): the order's review row also
 * carries the stars the customer gave the driver who delivered it, so one
 * row holds the whole rating and "once per order" stays one unique index
 * (reviews_order_idx, 0006). The driver is the order's driver_user_id. A
 * store's aggregates (avgRating, reviews_count) stay over reviews.rating.
 */
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('reviews')
    // Null: no driver delivered the order (self pickup), or the customer did not rate them.
    .addColumn('driver_rating', 'integer', (col) => col.check(sql`driver_rating between 1 and 5`))
    .execute();
}
