/** Content pages shown at /pages/:slug (about, terms, privacy…). */
import { idColumn, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('pages'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

