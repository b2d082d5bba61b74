/**
 * The console's languages (issue 7): the list with how much of the app each
 * one translates, adding (empty or copied from the default), renaming,
 * choosing the default (exactly one) and deleting one that is not the
 * default. A key's text counts as translated when it is not blank; the app
 * shows English for the rest. Translations themselves: translations-admin.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminLanguage, AdminLanguages, LanguageDir } from '../../../src/api/admin/entities.ts';
import { TEXT_KEYS } from '../../../src/api/language/texts.ts';
import { uniqueViolationOf } from '../../db/unique-violation.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';

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
async function translatedCounts(app: FastifyInstance, languageIds?: number[]): Promise<Map<number, number>> {
  const rows = await app.languagesRepository.translatedCounts(languageIds);
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

export async function listAdminLanguages(app: FastifyInstance): Promise<AdminLanguages> {
  const [rows, counts] = await Promise.all([app.languagesRepository.rows(), translatedCounts(app)]);
  return {
    languages: rows.map((row) => toAdminLanguage(row, counts.get(Number(row.id)) ?? 0)),
    total_keys: TEXT_KEYS.length,
  };
}

export async function adminLanguage(app: FastifyInstance, id: number): Promise<AdminLanguage> {
  const row = await app.languagesRepository.findRow(id);
  if (!row) throw notFound(`There is no language with id ${id}.`);
  const counts = await translatedCounts(app, [id]);
  return toAdminLanguage(row, counts.get(id) ?? 0);
}

/** Codes are compared in any case (pt-BR and pt-br are one language for <html lang>). */
async function assertCodeFree(app: FastifyInstance, code: string, exceptId?: number): Promise<void> {
  if (await app.languagesRepository.withCodeInAnyCase(code, exceptId)) throw codeTaken(code);
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
  app: FastifyInstance,
  user: SessionUser,
  input: LanguageInput & { copyDefault: boolean },
): Promise<AdminLanguage> {
  const name = input.language_name.trim();
  if (name === '') throw blankName();
  await assertCodeFree(app, input.code);
  const id = await withCodeRace(input.code, () =>
    app.db.transaction().execute(async (trx) => {
      const { id: newId } = await app.languagesRepository.insert(
        { language_name: name, code: input.code, dir: input.dir, is_default: 0 },
        trx,
      );
      const languageId = Number(newId);
      if (input.copyDefault) await app.languagesRepository.copyDefaultTranslations(languageId, trx);
      await app.auditRepository.record({
        userId: user.id,
        role: user.role,
        action: 'admin/create-language',
        entity: 'languages',
        entityId: languageId,
        details: { language_name: name, code: input.code, dir: input.dir, copied_default: input.copyDefault },
      }, trx);
      return languageId;
    }),
  );
  return adminLanguage(app, id);
}

export async function updateLanguage(
  app: FastifyInstance,
  user: SessionUser,
  id: number,
  changes: Partial<LanguageInput>,
): Promise<AdminLanguage> {
  const before = await app.languagesRepository.findRow(id);
  if (!before) throw notFound(`There is no language with id ${id}.`);
  const name = changes.language_name?.trim();
  if (name === '') throw blankName();
  if (changes.code !== undefined) await assertCodeFree(app, changes.code, id);
  const after = { language_name: name ?? before.language_name, code: changes.code ?? before.code, dir: changes.dir ?? before.dir };
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((field) => after[field] !== before[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
  if (Object.keys(changed).length > 0) {
    await withCodeRace(after.code, () =>
      app.db.transaction().execute(async (trx) => {
        await app.languagesRepository.update(id, after, trx);
        await app.auditRepository.record({ userId: user.id, role: user.role, action: 'admin/update-language', entity: 'languages', entityId: id, details: changed }, trx);
      }),
    );
  }
  return adminLanguage(app, id);
}

export async function setDefaultLanguage(app: FastifyInstance, user: SessionUser, id: number): Promise<AdminLanguages> {
  await app.db.transaction().execute(async (trx) => {
    const target = await app.languagesRepository.codeAndDefaultOf(id, trx);
    if (!target) throw notFound(`There is no language with id ${id}.`);
    if (Number(target.is_default) === 1) return;
    const previous = await app.languagesRepository.defaultIds(trx);
    // Both rows in one transaction: nobody ever reads two defaults or none.
    await app.languagesRepository.makeDefault(id, trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/set-default-language',
      entity: 'languages',
      entityId: id,
      details: { code: target.code, previous_default_ids: previous.map((row) => Number(row.id)) },
    }, trx);
  });
  return listAdminLanguages(app);
}

export async function deleteLanguage(app: FastifyInstance, user: SessionUser, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const language = await app.languagesRepository.findRow(id, trx);
    if (!language) throw notFound(`There is no language with id ${id}.`);
    if (Number(language.is_default) === 1) {
      throw new HttpError(409, 'LANGUAGE_IS_DEFAULT', 'The default language cannot be deleted. Make another language the default first.');
    }
    await app.languagesRepository.deleteTranslationsOf(id, trx);
    await app.languagesRepository.delete(id, trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/delete-language',
      entity: 'languages',
      entityId: id,
      details: { language_name: language.language_name, code: language.code },
    }, trx);
  });
}
