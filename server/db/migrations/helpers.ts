/**
 * What every migration needs to write one schema for both dialects. Helpers
 * here must keep their behaviour: migrations that ran depend on it.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../connect.ts';

// Migrations see the database as it was when they were written, not the
// current typed schema, so they take an untyped Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** An auto-increment integer primary key: serial on PostgreSQL, INTEGER PRIMARY KEY on SQLite. */
export function idColumn<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

