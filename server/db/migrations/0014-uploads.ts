/**
 * Who uploaded which picture (issue 13): one row per file stored under
 * DATA_DIR/images/avatars/ or images/catalog/, with its owner and size, so
 * an owner's pictures count against their storage quota and the periodic
 * cleanup finds the ones nothing refers to. The row goes with its file.
 */
import { idColumn, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('uploads'))
    // The address it is served at, e.g. /public/images/catalog/<32 hex>.webp: what image fields hold.
    .addColumn('url', 'text', (col) => col.notNull().unique())
    // No foreign key: accounts are soft-deleted, and the record must never block removing anything.
    .addColumn('owner_user_id', 'integer', (col) => col.notNull())
    // 'avatar' or 'catalog'.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').columns(['owner_user_id']).execute();
  await db.schema.createIndex('uploads_created_idx').on('uploads').columns(['created_at']).execute();
}
