/**
 * The catalogue's versions and change log: every line of SQL on catalog_versions and catalog_changes. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Kysely, UpdateResult } from 'kysely';
import { sqliteHandleOf } from '../db/connect.ts';
import type { Database } from '../db/tables.ts';

export function createCatalogChangesRepository(db: Kysely<Database>) {
  return {
    /** The catalogue `name`'s version and how far its change log is pruned (throws when there is no such catalogue). */
    async versionOf(name: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('catalog_versions').select(['version', 'pruned_through']).where('name', '=', name).executeTakeFirstOrThrow();
    },

    /**
     * SQLite: a reader of the catalogue `name`'s version, one prepared
     * statement on the raw connection (microseconds, synchronous); undefined
     * on PostgreSQL.
     */
    versionReader(name: string): (() => number) | undefined {
      const sqlite = sqliteHandleOf(db);
      if (!sqlite) return undefined;
      const statement = sqlite.prepare('select version from catalog_versions where name = ?').pluck();
      return () => Number(statement.get(name));
    },

    /** Records the change log of `name` as pruned through `through`, unless it already is; answers how many rows changed. */
    async markPrunedThrough(name: string, through: number, trx: Kysely<Database> = db): Promise<UpdateResult> {
      return trx
        .updateTable('catalog_versions')
        .set({ pruned_through: through })
        .where('name', '=', name)
        .where('pruned_through', '<', through)
        .executeTakeFirst();
    },

    /** Deletes the change log's entries up to and including version `through`. */
    async deleteChangesThrough(through: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('catalog_changes').where('version', '<=', through).execute();
    },

    /** The nearby engine's query for the stores changed after `version` (catalog_changes_version_idx), at most `limit`; unrun, so tests can ask the planner about it. */
    changedStoresQuery(version: number, limit: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('catalog_changes').select('restaurant_id').distinct().where('version', '>', version).limit(limit);
    },

    // Methods go above this line.
  };
}

export type CatalogChangesRepository = ReturnType<typeof createCatalogChangesRepository>;
