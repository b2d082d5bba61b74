/**
 * The two version numbers of /version.json. Bumping forceNewSettingsVersion
 * makes every client refetch settings; bumping forceCacheClearVersion makes it
 * clear its caches and reload (spec §4).
 */
import type { Kysely } from 'kysely';
import type { VersionInfo } from '../../src/api/entities.ts';
import type { Database } from '../db/tables.ts';

export type VersionKind = 'settings' | 'cache';

const KEY_OF: Record<VersionKind, keyof VersionInfo> = {
  settings: 'forceNewSettingsVersion',
  cache: 'forceCacheClearVersion',
};

export const INITIAL_VERSION = '1';

export function createVersionsRepository(db: Kysely<Database>) {
  return {
    /** Both version numbers, the initial one where a number is missing. */
    async get(trx: Kysely<Database> = db): Promise<VersionInfo> {
      const rows = await trx.selectFrom('app_versions').select(['key', 'value']).execute();
      const byKey = new Map(rows.map((row) => [row.key, row.value]));
      return {
        forceNewSettingsVersion: byKey.get(KEY_OF.settings) ?? INITIAL_VERSION,
        forceCacheClearVersion: byKey.get(KEY_OF.cache) ?? INITIAL_VERSION,
      };
    },

    /** Writes both versions only where they are missing (the seed). */
    async ensureInitial(trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('app_versions')
        .values(Object.values(KEY_OF).map((key) => ({ key, value: INITIAL_VERSION })))
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    },

    /** Raises one version by one in its own transaction (bumpVersion) and returns the new value. */
    async bump(kind: VersionKind): Promise<string> {
      return db.transaction().execute((trx) => this.bumpVersion(kind, trx));
    },

    /**
     * Raises one version by one inside the caller's transaction (the console
     * records its audit row in the same one) and returns the new value. A value
     * that is not a whole number (set by hand) restarts the count above the
     * current time so it still differs from what clients hold.
     */
    async bumpVersion(kind: VersionKind, trx: Kysely<Database> = db): Promise<string> {
      const key = KEY_OF[kind];
      const row = await trx.selectFrom('app_versions').select('value').where('key', '=', key).executeTakeFirst();
      const current = Number(row?.value ?? INITIAL_VERSION);
      const next = String(Number.isSafeInteger(current) ? current + 1 : Math.floor(Date.now() / 1000));
      await trx
        .insertInto('app_versions')
        .values({ key, value: next })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: next }))
        .execute();
      return next;
    },

    // Methods go above this line.
  };
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
