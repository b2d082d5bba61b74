/** Languages and their translations (key → text). */
import type { Kysely, Selectable } from 'kysely';
import type { Language, LanguageWithData } from '../../src/api/index.ts';
import { fromFlag, type Database, type LanguagesTable } from '../db/schema.ts';

function toLanguage(row: Selectable<LanguagesTable>): Language {
  return {
    id: Number(row.id),
    language_name: row.language_name,
    code: row.code,
    dir: row.dir,
    is_default: fromFlag(row.is_default),
  };
}

export function createLanguagesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<Language[]> {
      const rows = await db.selectFrom('languages').selectAll().orderBy('id').execute();
      return rows.map(toLanguage);
    },

    /** The language with every translation, or undefined when there is no such language. */
    async findWithData(id: number): Promise<LanguageWithData | undefined> {
      const row = await db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const translations = await db
        .selectFrom('translations')
        .select(['key', 'value'])
        .where('language_id', '=', id)
        .orderBy('key')
        .execute();
      return { ...toLanguage(row), data: Object.fromEntries(translations.map((t) => [t.key, t.value])) };
    },
  };
}

export type LanguagesRepository = ReturnType<typeof createLanguagesRepository>;
