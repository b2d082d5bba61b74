/** Languages and their translations (key → text). */
import type { Kysely, Selectable } from 'kysely';
import type { Language, LanguageWithData } from '../../src/api/entities.ts';
import { ENGLISH_TEXTS, type TextKey } from '../../src/api/language/texts.ts';
import { fromFlag, type Database, type LanguagesTable } from '../db/tables.ts';

function toLanguage(row: Selectable<LanguagesTable>): Language {
  return {
    id: Number(row.id),
    language_name: row.language_name,
    code: row.code,
    dir: row.dir,
    is_default: fromFlag(row.is_default),
  };
}

/**
 * The default language's words for these keys, English where it has none: what
 * the server writes in its own voice (alerts), since users have no language
 * stored on the server. Works inside a transaction.
 */
export async function defaultLanguageTexts(db: Kysely<Database>, keys: readonly TextKey[]): Promise<Record<TextKey, string>> {
  const rows = await db
    .selectFrom('translations as t')
    .innerJoin('languages as l', 'l.id', 't.language_id')
    .select(['t.key', 't.value'])
    .where('l.is_default', '=', 1)
    .where('t.key', 'in', keys)
    .execute();
  const texts = Object.fromEntries(keys.map((key) => [key, ENGLISH_TEXTS[key]])) as Record<TextKey, string>;
  for (const row of rows) if (row.value.trim() !== '') texts[row.key as TextKey] = row.value;
  return texts;
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
