/**
 * Translations of stores, dishes, add-ons and their groups: every line of SQL on catalogue_translations. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Insertable, Kysely } from 'kysely';
import type { CatalogueTranslationsTable, Database } from '../db/tables.ts';

/** Which record's text in which language: the key of one catalogue_translations row. */
export interface CatalogueTextKey {
  kind: string;
  entity_id: number;
  language_id: number;
  field: string;
}

export function createCatalogueTranslationsRepository(db: Kysely<Database>) {
  return {
    /** One record's texts (language_id, field, text) in every language but the default one, by language and field. */
    async ofRecord(kind: string, entityId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('catalogue_translations as c')
        .innerJoin('languages as l', 'l.id', 'c.language_id')
        .select(['c.language_id', 'c.field', 'c.text'])
        .where('c.kind', '=', kind)
        .where('c.entity_id', '=', entityId)
        .where('l.is_default', '=', 0)
        .orderBy('c.language_id')
        .orderBy('c.field')
        .execute();
    },

    /** Removes one record's text of one field in one language. */
    async deleteText(key: CatalogueTextKey, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom('catalogue_translations')
        .where('kind', '=', key.kind)
        .where('entity_id', '=', key.entity_id)
        .where('language_id', '=', key.language_id)
        .where('field', '=', key.field)
        .execute();
    },

    /** Writes one record's text of one field in one language. */
    async insertText(values: Insertable<CatalogueTranslationsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('catalogue_translations').values(values).execute();
    },

    /** The texts (entity_id, field, text) of these records of one kind in one language. */
    async textsOf(languageId: number, kind: string, entityIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('catalogue_translations')
        .select(['entity_id', 'field', 'text'])
        .where('language_id', '=', languageId)
        .where('kind', '=', kind)
        .where('entity_id', 'in', entityIds)
        .execute();
    },

    // Methods go above this line.
  };
}

export type CatalogueTranslationsRepository = ReturnType<typeof createCatalogueTranslationsRepository>;
