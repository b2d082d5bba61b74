/**
 * The console's languages (issue 7): the list with how much of the app each
 * one translates, adding (empty or copied from the default), renaming,
 * choosing the default (exactly one) and deleting one that is not the
 * default. A key's text counts as translated when it is not blank; the app
 * shows English for the rest. Translations themselves: translations-admin.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { AdminLanguage, AdminLanguages, LanguageDir } from '../../../src/api/admin/entities.ts';
import { TEXT_KEYS } from '../../../src/api/language/texts.ts';
import type { Database } from '../../db/tables.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import { recordAudit } from '../audit.ts';

export interface LanguageInput {
  language_name: string;
  code: string;
  dir: LanguageDir;
}

function codeTaken(code: string): HttpError {
  return new HttpError(409, 'LANGUAGE_CODE_TAKEN', `Another language already uses the code ${code}.`, [
    { path: '/code', message: 'is used by another language' },
  ]);
}

function blankName(): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', 'A language needs a name.', [{ path: '/language_name', message: 'must not be blank' }]);
}

/** Built-in keys with a non-blank text, per language. */
async function translatedCounts(db: Kysely<Database>, languageIds?: number[]): Promise<Map<number, number>> {
  let query = db
    .selectFrom('translations')
    .select((eb) => ['language_id', eb.fn.countAll<number | string>().as('translated')])
    .where('key', 'in', TEXT_KEYS)
    .where(sql<boolean>`trim(value) <> ''`)
    .groupBy('language_id');
  if (languageIds) query = query.where('language_id', 'in', languageIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [Number(row.language_id), Number(row.translated)]));
}

type LanguageRow = { id: number; language_name: string; code: string; dir: LanguageDir; is_default: number };

function toAdminLanguage(row: LanguageRow, translated: number): AdminLanguage {
  return {
    id: Number(row.id),
    language_name: row.language_name,
    code: row.code,
    dir: row.dir,
    is_default: Number(row.is_default) === 1,
    translated_count: translated,
    missing_count: TEXT_KEYS.length - translated,
  };
}

export async function listAdminLanguages(db: Kysely<Database>): Promise<AdminLanguages> {
  const [rows, counts] = await Promise.all([db.selectFrom('languages').selectAll().orderBy('id').execute(), translatedCounts(db)]);
  return {
    languages: rows.map((row) => toAdminLanguage(row, counts.get(Number(row.id)) ?? 0)),
    total_keys: TEXT_KEYS.length,
  };
}

export async function adminLanguage(db: Kysely<Database>, id: number): Promise<AdminLanguage> {
  const row = await db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`There is no language with id ${id}.`);
  const counts = await translatedCounts(db, [id]);
  return toAdminLanguage(row, counts.get(id) ?? 0);
}

/** Codes are compared in any case (pt-BR and pt-br are one language for <html lang>). */
async function assertCodeFree(db: Kysely<Database>, code: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('languages').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw codeTaken(code);
}

/** A unique violation on languages.code by a racing request is the same LANGUAGE_CODE_TAKEN. */
async function withCodeRace<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error)?.includes('code')) throw codeTaken(code);
    throw error;
  }
}

export async function createLanguage(
  db: Kysely<Database>,
  user: SessionUser,
  input: LanguageInput & { copyDefault: boolean },
): Promise<AdminLanguage> {
  const name = input.language_name.trim();
  if (name === '') throw blankName();
  await assertCodeFree(db, input.code);
  const id = await withCodeRace(input.code, () =>
    db.transaction().execute(async (trx) => {
      const { id: newId } = await trx
        .insertInto('languages')
        .values({ language_name: name, code: input.code, dir: input.dir, is_default: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const languageId = Number(newId);
      if (input.copyDefault) {
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
      }
      await recordAudit(trx, {
        userId: user.id,
        role: user.role,
        action: 'admin/create-language',
        entity: 'languages',
        entityId: languageId,
        details: { language_name: name, code: input.code, dir: input.dir, copied_default: input.copyDefault },
      });
      return languageId;
    }),
  );
  return adminLanguage(db, id);
}

export async function updateLanguage(
  db: Kysely<Database>,
  user: SessionUser,
  id: number,
  changes: Partial<LanguageInput>,
): Promise<AdminLanguage> {
  const before = await db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound(`There is no language with id ${id}.`);
  const name = changes.language_name?.trim();
  if (name === '') throw blankName();
  if (changes.code !== undefined) await assertCodeFree(db, changes.code, id);
  const after = { language_name: name ?? before.language_name, code: changes.code ?? before.code, dir: changes.dir ?? before.dir };
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((field) => after[field] !== before[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
  if (Object.keys(changed).length > 0) {
    await withCodeRace(after.code, () =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('languages').set(after).where('id', '=', id).execute();
        await recordAudit(trx, { userId: user.id, role: user.role, action: 'admin/update-language', entity: 'languages', entityId: id, details: changed });
      }),
    );
  }
  return adminLanguage(db, id);
}

export async function setDefaultLanguage(db: Kysely<Database>, user: SessionUser, id: number): Promise<AdminLanguages> {
  await db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('languages').select(['id', 'code', 'is_default']).where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound(`There is no language with id ${id}.`);
    if (Number(target.is_default) === 1) return;
    const previous = await trx.selectFrom('languages').select('id').where('is_default', '=', 1).execute();
    // Both rows in one transaction: nobody ever reads two defaults or none.
    await trx.updateTable('languages').set({ is_default: 0 }).where('id', '!=', id).execute();
    await trx.updateTable('languages').set({ is_default: 1 }).where('id', '=', id).execute();
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/set-default-language',
      entity: 'languages',
      entityId: id,
      details: { code: target.code, previous_default_ids: previous.map((row) => Number(row.id)) },
    });
  });
  return listAdminLanguages(db);
}

export async function deleteLanguage(db: Kysely<Database>, user: SessionUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const language = await trx.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!language) throw notFound(`There is no language with id ${id}.`);
    if (Number(language.is_default) === 1) {
      throw new HttpError(409, 'LANGUAGE_IS_DEFAULT', 'The default language cannot be deleted. Make another language the default first.');
    }
    await trx.deleteFrom('translations').where('language_id', '=', id).execute();
    await trx.deleteFrom('languages').where('id', '=', id).execute();
    await recordAudit(trx, {
      userId: user.id,
      role: user.role,
      action: 'admin/delete-language',
      entity: 'languages',
      entityId: id,
      details: { language_name: language.language_name, code: language.code },
    });
  });
}
