/**
 * When a delivery order's food was ready at the counter (issue 32.3): the
 * store says so with mark-order-ready, whether or not a driver has taken
 * the order yet, so it is a time of its own rather than a status.
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  // ISO-8601, as every time the database keeps; null until the store says the food is ready.
  await db.schema.alterTable('orders').addColumn('food_ready_at', 'text').execute();
}
