/**
 * One language's texts in the console (issue 7): every built-in key beside
 * its English, with the missing ones marked, and saving the keys that
 * changed. A blank text removes the key's row, so the app falls back to
 * English rather than showing nothing. The apps read a language with
 * get-single-language on every online load (worker/boot/boot.ts), so a save
 * reaches them without a version bump.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminTranslations, SavedTranslations, TranslationEntry } from '../../../src/api/admin/entities.ts';
import { ENGLISH_TEXTS, TEXT_KEYS, type TextKey } from '../../../src/api/language/texts.ts';
import { translationProblem } from '../../../src/api/language/translation-rules.ts';
import type { Database } from '../../db/tables.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import { auditedText } from '../audit-values.ts';
import { adminLanguage } from './languages-admin.ts';

function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(ENGLISH_TEXTS, key);
}

async function textsOf(app: FastifyInstance, languageId: number, trx: Kysely<Database> = app.db): Promise<Map<string, string>> {
  const rows = await app.languagesRepository.textsOf(languageId, trx);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function adminTranslations(app: FastifyInstance, languageId: number, missingOnly: boolean): Promise<AdminTranslations> {
  const language = await adminLanguage(app, languageId);
  const texts = await textsOf(app, languageId);
  const entries: TranslationEntry[] = TEXT_KEYS.map((key) => {
    const text = texts.get(key) ?? '';
    return { key, text, english: ENGLISH_TEXTS[key], missing: text.trim() === '' };
  });
  return { language, entries: missingOnly ? entries.filter((entry) => entry.missing) : entries };
}

/** UNKNOWN_TEXT_KEY or VALIDATION_FAILED (a detail per key) before anything is written. */
function checkTexts(texts: Record<string, string>): [TextKey, string][] {
  const unknown = Object.keys(texts).filter((key) => !isTextKey(key));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      'UNKNOWN_TEXT_KEY',
      `The app has no text ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.join(', ')}.`,
      unknown.map((key) => ({ path: `/texts/${key}`, message: 'is not a text of this app' })),
    );
  }
  const entries = Object.entries(texts) as [TextKey, string][];
  const problems = entries.flatMap(([key, text]) => {
    const problem = translationProblem(ENGLISH_TEXTS[key], text);
    return problem === undefined ? [] : [{ path: `/texts/${key}`, message: problem }];
  });
  if (problems.length > 0) {
    const said = problems.map((problem) => `${problem.path.slice('/texts/'.length)} ${problem.message}`).join('; ');
    throw new HttpError(400, 'VALIDATION_FAILED', `Nothing was saved: ${said}.`, problems);
  }
  return entries;
}

export async function saveTranslations(
  app: FastifyInstance,
  user: SessionUser,
  languageId: number,
  texts: Record<string, string>,
): Promise<SavedTranslations> {
  const entries = checkTexts(texts);
  const { saved, removed } = await app.db.transaction().execute(async (trx) => {
    const language = await app.languagesRepository.codeOf(languageId, trx);
    if (!language) throw notFound(`There is no language with id ${languageId}.`);
    const before = await textsOf(app, languageId, trx);
    const toRemove = entries.filter(([key, text]) => text.trim() === '' && before.has(key)).map(([key]) => key);
    const toSet = entries.filter(([key, text]) => text.trim() !== '' && before.get(key) !== text);
    if (toRemove.length > 0) await app.languagesRepository.deleteTexts(languageId, toRemove, trx);
    if (toSet.length > 0) {
      await app.languagesRepository.upsertTexts(
        toSet.map(([key, value]) => ({ language_id: languageId, key, value })),
        trx,
      );
    }
    if (toRemove.length > 0 || toSet.length > 0) {
      await app.auditRepository.record({
        userId: user.id,
        role: user.role,
        action: 'admin/save-translations',
        entity: 'translations',
        entityId: languageId,
        details: {
          code: language.code,
          set: Object.fromEntries(toSet.map(([key, text]) => [key, { from: auditedText(before.get(key) ?? ''), to: auditedText(text) }])),
          removed: toRemove,
        },
      }, trx);
    }
    return { saved: toSet.map(([key]) => key), removed: toRemove };
  });
  return { language: await adminLanguage(app, languageId), saved, removed };
}
