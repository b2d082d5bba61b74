/**
 * The catalogue version: one row of catalog_versions that the database itself
 * bumps on every write to what a store card shows (restaurants, opening
 * hours, reviews, category links), and catalog_changes, the stores each
 * version touched. The in-memory nearby engine (server/nearby/) compares the
 * version with the one it was built at and reloads only the stores that
 * changed (or everything, when much changed or the log was pruned past it).
 *
 * Triggers, not application code, so that every writer counts: the API, the
 * seed, a CLI, another server instance, an administrator's psql session.
 * The bump is an UPDATE of one row inside the writer's own transaction, so
 * the new version becomes visible exactly when the data does (a sequence
 * would not: nextval is not transactional, and a reader could see the
 * version before the commit). The price is that two transactions writing to
 * the catalogue at the same time take turns on that row; catalogue writes
 * are rare and short.
 *
 * SQLite has only row triggers: one bump per row. PostgreSQL bumps once per
 * statement (transition tables), so a bulk insert does not update the same
 * row 100,000 times in one transaction, and a statement that touched no row
 * bumps nothing.
 */
import { sql } from 'kysely';
import { dialectOf } from '../connect.ts';
import type { AnyDb } from './helpers.ts';

/** The tables a store card reads, and the column that names the store. */
const WATCHED: readonly (readonly [table: string, storeColumn: string])[] = [
  ['restaurants', 'id'],
  ['restaurant_opening_hours', 'restaurant_id'],
  ['reviews', 'restaurant_id'],
  ['restaurant_category_links', 'restaurant_id'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalog_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    // catalog_changes up to this version were deleted: a reader built before it must reload everything.
    .addColumn('pruned_through', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into catalog_versions (name, version, pruned_through) values ('stores', 1, 0)`.execute(db);

  await db.schema
    .createTable('catalog_changes')
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('restaurant_id', 'integer', (col) => col.notNull())
    .execute();
  // "Which stores changed after version n": a range seek, never a scan of the log.
  await db.schema.createIndex('catalog_changes_version_idx').on('catalog_changes').columns(['version', 'restaurant_id']).execute();

  for (const [table, column] of WATCHED) {
    if (dialectOf(db) === 'postgres') await postgresTriggers(db, table, column);
    else await sqliteTriggers(db, table, column);
  }
}

async function sqliteTriggers(db: AnyDb, table: string, column: string): Promise<void> {
  const bump = sql.raw(`update catalog_versions set version = version + 1 where name = 'stores';`);
  const log = (row: 'new' | 'old', extra = '') =>
    sql.raw(`insert into catalog_changes (version, restaurant_id)
      select version, ${row}.${column} from catalog_versions where name = 'stores'${extra};`);
  const name = (event: string) => sql.raw(`catalog_bump_${table}_${event}`);
  const on = sql.raw(table);
  await sql`create trigger ${name('insert')} after insert on ${on} begin ${bump} ${log('new')} end`.execute(db);
  await sql`create trigger ${name('update')} after update on ${on} begin ${bump} ${log('new')}
    ${log('old', ` and old.${column} <> new.${column}`)} end`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${on} begin ${bump} ${log('old')} end`.execute(db);
}

async function postgresTriggers(db: AnyDb, table: string, column: string): Promise<void> {
  const events = [
    ['insert', 'new table as new_rows', `select ${column} from new_rows`],
    ['update', 'old table as old_rows new table as new_rows', `select ${column} from new_rows union select ${column} from old_rows`],
    ['delete', 'old table as old_rows', `select ${column} from old_rows`],
  ] as const;
  for (const [event, referencing, stores] of events) {
    const name = `catalog_bump_${table}_${event}`;
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      declare
        bumped bigint;
      begin
        if not exists (${stores}) then
          return null;
        end if;
        update catalog_versions set version = version + 1 where name = 'stores' returning version into bumped;
        insert into catalog_changes (version, restaurant_id) select bumped, changed.${column} from (${stores}) as changed;
        return null;
      end
      $$`).execute(db);
    // Transition tables allow one event per trigger: three triggers per table.
    await sql.raw(`create trigger ${name} after ${event} on ${table}
      referencing ${referencing} for each statement execute function ${name}()`).execute(db);
  }
}
