/**
 * The console's catalogue translations (issue 15.7): a record's name and
 * description in the languages other than the default one, which is the
 * record's own column. Who may write them is who may write the record's
 * own text: administrators anything; a store owner their own stores'
 * descriptions, items and menu sections (not the store's name, as in
 * admin/save-store); store categories and slides are the administrators'.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CatalogueTranslations } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import {
  TRANSLATABLE_FIELDS,
  type CatalogueTranslationField,
  type CatalogueTranslationKind,
} from '../../../src/api/admin/translation-limits.ts';
import type { Database } from '../../db/tables.ts';
import { forbidden } from '../../account/authenticate.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { assertStoreAccess, isAdmin, type CatalogStaff } from './catalog-access.ts';
import { auditedWrite, givenFields, type CatalogActor } from './catalog-change.ts';

type SaveTranslations = CallBody<'admin/save-catalogue-translations'>;

/** The table of each kind the store, add-on and menu kinds do not answer for (storeOf reads those from their own repositories). */
const TABLE_OF = {
  item: 'items',
  item_category: 'item_categories',
  addon_category: 'addon_categories',
  store_category: 'restaurant_categories',
  category_slide: 'category_slides',
  promo_slide: 'promo_slides',
} as const satisfies Partial<Record<CatalogueTranslationKind, string>>;

const WHAT: Record<CatalogueTranslationKind, string> = {
  store: 'store',
  item: 'item',
  item_category: 'menu section',
  store_category: 'store category',
  category_slide: 'category slide',
  promo_slide: 'promo slide',
  addon_category: 'add-on group',
  addon: 'add-on',
};

/** The store whose owner may also translate this record: the store itself, or the item's, section's or add-on group's store. */
async function storeOf(app: FastifyInstance, kind: CatalogueTranslationKind, id: number): Promise<number | null> {
  if (kind === 'store') {
    if (!(await app.storesRepository.exists(id))) throw notFound(`There is no store with id ${id}.`);
    return id;
  }
  if (kind === 'item' || kind === 'item_category' || kind === 'addon_category') {
    const row = await app.menuRepository.storeOfRow(TABLE_OF[kind], id);
    if (!row) throw notFound(`There is no ${WHAT[kind]} with id ${id}.`);
    return Number(row.restaurant_id);
  }
  if (kind === 'addon') {
    const row = await app.menuRepository.storeOfAddon(id);
    if (!row) throw notFound(`There is no ${WHAT[kind]} with id ${id}.`);
    return Number(row.restaurant_id);
  }
  if (!(await app.catalogRepository.rowExists(TABLE_OF[kind], id))) throw notFound(`There is no ${WHAT[kind]} with id ${id}.`);
  return null;
}

/** Passes when the user may read (and write, fields aside) this record's translations. */
export async function assertTranslationAccess(
  app: FastifyInstance,
  user: CatalogStaff,
  kind: CatalogueTranslationKind,
  id: number,
): Promise<void> {
  const storeId = await storeOf(app, kind, id);
  if (storeId === null) {
    if (!isAdmin(user)) throw forbidden(`Only administrators can translate a ${WHAT[kind]}.`);
    return;
  }
  await assertStoreAccess(app, user, storeId);
}

export async function readCatalogueTranslations(
  app: FastifyInstance,
  kind: CatalogueTranslationKind,
  id: number,
  trx: Kysely<Database> = app.db,
): Promise<CatalogueTranslations> {
  const rows = await app.catalogueTranslationsRepository.ofRecord(kind, id, trx);
  const byLanguage = new Map<number, CatalogueTranslations['texts'][number]>();
  for (const row of rows) {
    const languageId = Number(row.language_id);
    const entry = byLanguage.get(languageId) ?? { language_id: languageId };
    if (row.field === 'name' || row.field === 'description') entry[row.field] = row.text;
    byLanguage.set(languageId, entry);
  }
  return { kind, id, texts: [...byLanguage.values()] };
}

function validationFailed(details: { path: string; message: string }[]): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', details.map((detail) => detail.message).join(' '), details);
}

export async function saveCatalogueTranslations(
  app: FastifyInstance,
  actor: CatalogActor,
  body: SaveTranslations,
): Promise<CatalogueTranslations> {
  const { kind, id } = body;
  await assertTranslationAccess(app, actor.user, kind, id);
  const allowed = TRANSLATABLE_FIELDS[kind];
  const problems: { path: string; message: string }[] = [];
  body.texts.forEach((entry, index) => {
    if (entry.description !== undefined && !allowed.includes('description')) {
      problems.push({ path: `/texts/${index}/description`, message: `A ${WHAT[kind]} has no description to translate.` });
    }
  });
  const languageIds = [...new Set(body.texts.map((entry) => entry.language_id))];
  if (languageIds.length !== body.texts.length) problems.push({ path: '/texts', message: 'Each language may be given once.' });
  if (problems.length > 0) throw validationFailed(problems);
  if (languageIds.length > 0) {
    const languages = await app.languagesRepository.defaultFlagsOf(languageIds);
    for (const [index, entry] of body.texts.entries()) {
      const language = languages.find((row) => Number(row.id) === entry.language_id);
      if (!language) throw notFound(`There is no language with id ${entry.language_id}.`);
      if (Number(language.is_default) === 1) {
        problems.push({
          path: `/texts/${index}/language_id`,
          message: `The default language's text is the ${WHAT[kind]}'s own; change it there.`,
        });
      }
    }
    if (problems.length > 0) throw validationFailed(problems);
  }
  // As admin/save-store: a store's name is the administrators'.
  if (kind === 'store' && !isAdmin(actor.user) && body.texts.some((entry) => entry.name !== undefined)) {
    throw forbidden("Only administrators can change a store's name, in any language.");
  }
  return auditedWrite(app, actor, async (trx) => {
    for (const entry of body.texts) {
      for (const field of allowed) {
        const given = entry[field as CatalogueTranslationField];
        if (given === undefined) continue;
        const text = given.trim();
        const key = { kind, entity_id: id, language_id: entry.language_id, field };
        await app.catalogueTranslationsRepository.deleteText(key, trx);
        if (text !== '') await app.catalogueTranslationsRepository.insertText({ ...key, text }, trx);
      }
    }
    return {
      result: await readCatalogueTranslations(app, kind, id, trx),
      entity: 'catalogue_translations',
      entityId: id,
      details: givenFields({ kind, texts: body.texts }),
    };
  });
}
