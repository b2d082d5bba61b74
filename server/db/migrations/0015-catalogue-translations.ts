/**
 * Catalogue texts in other languages (issue 15.7): a store's, item's, menu
 * section's, store category's or slide's name or description as written for
 * one language. The base column stays the default language's text, and what
 * has no row here is shown in it. No foreign key to the entity (one table for
 * several kinds): ids are never reused, and a row whose entity is gone is
 * never asked for.
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_translations')
    // 'store', 'item', 'item_category', 'store_category', 'category_slide', 'promo_slide'.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('language_id', 'integer', (col) => col.notNull().references('languages.id').onDelete('cascade'))
    // 'name' or 'description'.
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('catalogue_translations_pk', ['kind', 'entity_id', 'language_id', 'field'])
    .execute();
  // The public calls read one language's texts for a kind and a set of ids.
  await db.schema
    .createIndex('catalogue_translations_language_idx')
    .on('catalogue_translations')
    .columns(['language_id', 'kind', 'entity_id'])
    .execute();
}
