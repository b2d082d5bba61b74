/** Languages and their translations (key → text). */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Language, LanguageWithData } from '../../src/api/entities.ts';
import { ENGLISH_TEXTS, TEXT_KEYS, type TextKey } from '../../src/api/language/texts.ts';
import { fromFlag, type Database, type LanguagesTable, type TranslationsTable } from '../db/tables.ts';

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
    /** Every language, by id. */
    async list(trx: Kysely<Database> = db): Promise<Language[]> {
      const rows = await trx.selectFrom('languages').selectAll().orderBy('id').execute();
      return rows.map(toLanguage);
    },

    /** The language with every translation, or undefined when there is no such language. */
    async findWithData(id: number, trx: Kysely<Database> = db): Promise<LanguageWithData | undefined> {
      const row = await trx.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const translations = await trx
        .selectFrom('translations')
        .select(['key', 'value'])
        .where('language_id', '=', id)
        .orderBy('key')
        .execute();
      return { ...toLanguage(row), data: Object.fromEntries(translations.map((t) => [t.key, t.value])) };
    },

    /**
     * The default language's words for these keys, English where it has none: what
     * the server writes in its own voice (alerts), since users have no language
     * stored on the server. Works inside a transaction.
     */
    async defaultLanguageTexts(keys: readonly TextKey[], trx: Kysely<Database> = db): Promise<Record<TextKey, string>> {
      const rows = await trx
        .selectFrom('translations as t')
        .innerJoin('languages as l', 'l.id', 't.language_id')
        .select(['t.key', 't.value'])
        .where('l.is_default', '=', 1)
        .where('t.key', 'in', keys)
        .execute();
      const texts = Object.fromEntries(keys.map((key) => [key, ENGLISH_TEXTS[key]])) as Record<TextKey, string>;
      for (const row of rows) if (row.value.trim() !== '') texts[row.key as TextKey] = row.value;
      return texts;
    },

    /** Every language row, by id. */
    async rows(trx: Kysely<Database> = db): Promise<Selectable<LanguagesTable>[]> {
      return trx.selectFrom('languages').selectAll().orderBy('id').execute();
    },

    /** The language row of this id, or undefined. */
    async findRow(id: number, trx: Kysely<Database> = db): Promise<Selectable<LanguagesTable> | undefined> {
      return trx.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The id and is_default of the language with this code, or undefined. */
    async findByCode(code: string, trx: Kysely<Database> = db) {
      // In any case, as the console keeps codes apart (withCodeInAnyCase): pt-br asks for pt-BR.
      return trx.selectFrom('languages').select(['id', 'is_default']).where(sql<string>`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
    },

    /** The id and is_default of each of these languages that exists. */
    async defaultFlagsOf(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('languages').select(['id', 'is_default']).where('id', 'in', ids).execute();
    },

    /** The id, code and is_default of the language of this id, or undefined. */
    async codeAndDefaultOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('languages').select(['id', 'code', 'is_default']).where('id', '=', id).executeTakeFirst();
    },

    /** The id and code of the language of this id, or undefined. */
    async codeOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('languages').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    /** The ids of the languages marked default (one, unless the data is broken). */
    async defaultIds(trx: Kysely<Database> = db): Promise<{ id: number }[]> {
      return trx.selectFrom('languages').select('id').where('is_default', '=', 1).execute();
    },

    /** A language (but exceptId) whose code is this one in any case, or undefined. */
    async withCodeInAnyCase(code: string, exceptId?: number, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      let query = trx.selectFrom('languages').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    /** Adds a language and answers its id. */
    async insert(values: Insertable<LanguagesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('languages').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Changes these columns of a language. */
    async update(id: number, values: Updateable<LanguagesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('languages').set(values).where('id', '=', id).execute();
    },

    /** Makes one language the default and every other one not (two updates: run it in a transaction). */
    async makeDefault(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('languages').set({ is_default: 0 }).where('id', '!=', id).execute();
      await trx.updateTable('languages').set({ is_default: 1 }).where('id', '=', id).execute();
    },

    /** Deletes a language row (its translations first: deleteTranslationsOf). */
    async delete(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('languages').where('id', '=', id).execute();
    },

    /** Built-in keys with a non-blank text, per language (of these languages only, when given). */
    async translatedCounts(languageIds?: number[], trx: Kysely<Database> = db) {
      let query = trx
        .selectFrom('translations')
        .select((eb) => ['language_id', eb.fn.countAll<number | string>().as('translated')])
        .where('key', 'in', TEXT_KEYS)
        .where(sql<boolean>`trim(value) <> ''`)
        .groupBy('language_id');
      if (languageIds) query = query.where('language_id', 'in', languageIds);
      return query.execute();
    },

    /** Copies the default language's translations to a new language. */
    async copyDefaultTranslations(languageId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('translations')
        .columns(['language_id', 'key', 'value'])
        .expression((eb) =>
          eb
            .selectFrom('translations as t')
            .innerJoin('languages as l', 'l.id', 't.language_id')
            .select([sql<number>`${sql.lit(languageId)}`.as('language_id'), 't.key', 't.value'])
            .where('l.is_default', '=', 1),
        )
        .execute();
    },

    /** Every text (key, value) of one language, in no order. */
    async textsOf(languageId: number, trx: Kysely<Database> = db): Promise<{ key: string; value: string }[]> {
      return trx.selectFrom('translations').select(['key', 'value']).where('language_id', '=', languageId).execute();
    },

    /** One text of one language (its value), or undefined. */
    async textOf(languageId: number, key: string, trx: Kysely<Database> = db): Promise<{ value: string } | undefined> {
      return trx.selectFrom('translations').select('value').where('language_id', '=', languageId).where('key', '=', key).executeTakeFirst();
    },

    /** Removes these keys' texts of one language. */
    async deleteTexts(languageId: number, keys: readonly string[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('translations').where('language_id', '=', languageId).where('key', 'in', keys).execute();
    },

    /** Writes these texts, replacing the ones a language already has for the same keys. */
    async upsertTexts(rows: readonly Insertable<TranslationsTable>[], trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('translations')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['language_id', 'key']).doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
        .execute();
    },

    /** Removes every text of one language. */
    async deleteTranslationsOf(languageId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('translations').where('language_id', '=', languageId).execute();
    },

    // Methods go above this line.
  };
}

export type LanguagesRepository = ReturnType<typeof createLanguagesRepository>;
