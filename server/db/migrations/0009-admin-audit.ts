/**
 * The console's audit (issue 7): every change an administrator or a store
 * owner makes, with who, when, what (the call), which record and the values
 * that changed. Rows are only ever added; nothing cascades into it, so the
 * record outlives what it describes.
 */
import { idColumn, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('admin_audit'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    // The role the change was made under ('admin', 'store_owner').
    .addColumn('role', 'text', (col) => col.notNull())
    // The call name, e.g. 'admin/save-settings'.
    .addColumn('action', 'text', (col) => col.notNull())
    // What was touched: a table-like name ('settings', 'restaurants', 'users'…) and its id (null for many rows or keyed ones).
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text')
    // JSON: the changed values (secrets and passwords never appear here).
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').columns(['id']).execute();
  await db.schema.createIndex('admin_audit_entity_idx').on('admin_audit').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('admin_audit_user_idx').on('admin_audit').columns(['user_id', 'id']).execute();
}
