/** Settings: the key/value pairs that configure texts, colours, logos and switches. */
import { sql, type Kysely } from 'kysely';
import type { Setting } from '../../src/api/entities.ts';
import type { Database } from '../db/tables.ts';

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    /** Every setting, by key. */
    async list(trx: Kysely<Database> = db): Promise<Setting[]> {
      return trx.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
    },

    /** The settings as a map, for code that reads several at once (the manifest). */
    async asMap(trx: Kysely<Database> = db): Promise<Map<string, string>> {
      const rows = await this.list(trx);
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    /** Writes one setting, added or replaced. */
    async set(key: string, value: string, trx: Kysely<Database> = db): Promise<void> {
      await this.setMany([{ key, value }], trx);
    },

    /** Writes these settings, each added or replaced. */
    async setMany(settings: readonly Setting[], trx: Kysely<Database> = db): Promise<void> {
      if (settings.length === 0) return;
      await trx
        .insertInto('settings')
        .values(settings.map(({ key, value }) => ({ key, value })))
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
        .execute();
    },

    /** The settings of these keys that are saved (a key never saved is not in the answer). */
    async valuesOf(keys: readonly string[], trx: Kysely<Database> = db): Promise<Setting[]> {
      return trx.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
    },

    /** Whether any setting's value contains this text (an upload's address: no LIKE wildcard in it). */
    async anyValueContains(text: string, trx: Kysely<Database> = db): Promise<boolean> {
      const inSettings = await trx.selectFrom('settings').select('key').where('value', 'like', `%${text}%`).limit(1).executeTakeFirst();
      return inSettings !== undefined;
    },

    /** Answers `select 1`: the database is reachable (the readiness probe). */
    async ping(trx: Kysely<Database> = db): Promise<void> {
      await sql`select 1`.execute(trx);
    },

    // Methods go above this line.
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
