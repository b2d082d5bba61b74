/**
 * The console's part A (issue 7): the preparation time a store gives when it
 * accepts an order, and the index the store owners' live order feed reads
 * by (orders changed since a moment, server/admin/store-order-feed.ts).
 */
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  // Minutes the store said the food takes (accept-order prep_minutes); null when it did not say.
  await db.schema
    .alterTable('orders')
    .addColumn('prep_minutes', 'integer', (col) => col.check(sql`prep_minutes between 1 and 1440`))
    .execute();
  // When the store expects it ready: the acceptance time plus prep_minutes; what the customer reads.
  await db.schema.alterTable('orders').addColumn('estimated_ready_at', 'text').execute();
  await db.schema.createIndex('orders_updated_idx').on('orders').columns(['updated_at', 'id']).execute();
}
