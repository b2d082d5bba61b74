/** Settings: the key/value pairs that configure texts, colours, logos and switches. */
import type { Kysely } from 'kysely';
import type { Setting } from '../../src/api/entities.ts';
import type { Database } from '../db/tables.ts';

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<Setting[]> {
      return db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
    },

    /** The settings as a map, for code that reads several at once (the manifest). */
    async asMap(): Promise<Map<string, string>> {
      const rows = await this.list();
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async set(key: string, value: string): Promise<void> {
      await this.setMany([{ key, value }]);
    },

    async setMany(settings: readonly Setting[]): Promise<void> {
      if (settings.length === 0) return;
      await db
        .insertInto('settings')
        .values(settings.map(({ key, value }) => ({ key, value })))
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
