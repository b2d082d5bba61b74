/**
 * The console's languages and translations on each database: counts of
 * missing keys, adding a language empty or copied from the default, the one
 * default, deleting, and editing texts key by key as the app then reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLanguage, AdminLanguages, AdminTranslations, SavedTranslations } from '../../../src/api/admin/entities.ts';
import type { LanguageWithData } from '../../../src/api/entities.ts';
import { ENGLISH_TEXTS, TEXT_KEYS } from '../../../src/api/language/texts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditCount, auditRowsOf, callAsPerson, ok, SETUP_TIMEOUT_MS, signInEveryRole, type Staff } from './admin-support.ts';

describe.each(testDatabases())('console languages and translations on $kind', ({ kind }) => {
  let t: TestApp;
  let staff: Staff;
  const call = (name: Parameters<typeof callAsPerson>[1], body: Record<string, unknown> = {}) => callAsPerson(t.app, name, staff.admin, body);
  const languages = async () => ok<AdminLanguages>(call('admin/get-languages'));
  const english = async () => (await languages()).languages.find((language) => language.code === 'en') as AdminLanguage;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    staff = await signInEveryRole(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the languages with how many of the app’s keys each translates', async () => {
    const list = await languages();
    expect(list.total_keys).toBe(TEXT_KEYS.length);
    expect(list.languages.map((language) => [language.code, language.is_default, language.missing_count])).toEqual([
      ['en', true, 0],
      ['ar', false, 0],
    ]);
  });

  it('adds an empty language: every key is missing, the app shows English for it, and the change is audited', async () => {
    const created = await ok<AdminLanguage>(call('admin/create-language', { language_name: ' Deutsch ', code: 'de', dir: 'ltr' }));
    expect(created).toMatchObject({ language_name: 'Deutsch', code: 'de', dir: 'ltr', is_default: false, translated_count: 0, missing_count: TEXT_KEYS.length });
    const translations = await ok<AdminTranslations>(call('admin/get-translations', { id: created.id, missing_only: true }));
    expect(translations.entries).toHaveLength(TEXT_KEYS.length);
    expect(translations.entries[0]).toEqual({ key: TEXT_KEYS[0], text: '', english: ENGLISH_TEXTS[TEXT_KEYS[0] as keyof typeof ENGLISH_TEXTS], missing: true });
    expect((await auditRowsOf(t.db, 'admin/create-language')).at(-1)).toMatchObject({
      user_id: staff.admin.id,
      entity: 'languages',
      entity_id: String(created.id),
      details: { language_name: 'Deutsch', code: 'de', dir: 'ltr', copied_default: false },
    });
  });

  it('adds a language copied from the default one', async () => {
    const copied = await ok<AdminLanguage>(call('admin/create-language', { language_name: 'English (UK)', code: 'en-GB', dir: 'ltr', copy_default: true }));
    expect(copied.missing_count).toBe(0);
    const data = await ok<LanguageWithData>(callAsPerson(t.app, 'get-single-language', undefined, { id: copied.id }));
    expect(data.data.tabCart).toBe(ENGLISH_TEXTS.tabCart);
  });

  it('a code in use (in any case) is 409 LANGUAGE_CODE_TAKEN; a bad code or direction is 400', async () => {
    await ok(call('admin/create-language', { language_name: 'Português (Brasil)', code: 'pt-BR', dir: 'ltr' }));
    const taken = await call('admin/create-language', { language_name: 'Portuguese again', code: 'pt-br', dir: 'ltr' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'LANGUAGE_CODE_TAKEN', details: [{ path: '/code' }] });
    expect((await call('admin/create-language', { language_name: 'Bad', code: 'not a code', dir: 'ltr' })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call('admin/create-language', { language_name: 'Bad', code: 'xx', dir: 'up' })).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call('admin/create-language', { language_name: '   ', code: 'xy', dir: 'ltr' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/language_name', message: 'must not be blank' }],
    });
  });

  it('renames a language and changes its direction; what is not sent stays', async () => {
    const created = await ok<AdminLanguage>(call('admin/create-language', { language_name: 'Hebrw', code: 'he', dir: 'ltr' }));
    const updated = await ok<AdminLanguage>(call('admin/update-language', { id: created.id, language_name: 'עברית', dir: 'rtl' }));
    expect(updated).toMatchObject({ language_name: 'עברית', code: 'he', dir: 'rtl' });
    expect((await auditRowsOf(t.db, 'admin/update-language')).at(-1)?.details).toEqual({
      language_name: { from: 'Hebrw', to: 'עברית' },
      dir: { from: 'ltr', to: 'rtl' },
    });
    expect((await call('admin/update-language', { id: created.id, code: 'ar' })).json()).toMatchObject({ code: 'LANGUAGE_CODE_TAKEN' });
    expect((await call('admin/update-language', { id: 99_999, dir: 'rtl' })).statusCode).toBe(404);
  });

  it('makes another language the default: exactly one is, and the public list says so', async () => {
    const arabic = (await languages()).languages.find((language) => language.code === 'ar') as AdminLanguage;
    const after = await ok<AdminLanguages>(call('admin/set-default-language', { id: arabic.id }));
    expect(after.languages.filter((language) => language.is_default).map((language) => language.code)).toEqual(['ar']);
    const publicList = await ok<{ code: string; is_default: boolean }[]>(callAsPerson(t.app, 'get-all-languages', undefined));
    expect(publicList.filter((language) => language.is_default).map((language) => language.code)).toEqual(['ar']);
    expect((await auditRowsOf(t.db, 'admin/set-default-language')).at(-1)).toMatchObject({ entity_id: String(arabic.id), details: { code: 'ar' } });
    // Back, for the tests after this one.
    await ok(call('admin/set-default-language', { id: (await english()).id }));
  });

  it('the default language cannot be deleted (409 LANGUAGE_IS_DEFAULT); another one goes with its texts', async () => {
    const refused = await call('admin/delete-language', { id: (await english()).id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LANGUAGE_IS_DEFAULT' });
    const doomed = await ok<AdminLanguage>(call('admin/create-language', { language_name: 'Doomed', code: 'da', dir: 'ltr', copy_default: true }));
    expect(await ok(call('admin/delete-language', { id: doomed.id }))).toEqual({ success: true });
    expect((await callAsPerson(t.app, 'get-single-language', undefined, { id: doomed.id })).statusCode).toBe(404);
    const left = await t.db.selectFrom('translations').select('key').where('language_id', '=', doomed.id).execute();
    expect(left).toEqual([]);
    expect((await auditRowsOf(t.db, 'admin/delete-language')).at(-1)).toMatchObject({ entity_id: String(doomed.id), details: { code: 'da' } });
    expect((await call('admin/delete-language', { id: doomed.id })).statusCode).toBe(404);
  });

  it('saves changed texts, removes blanked ones (English shows again), and the app reads the result', async () => {
    const italian = await ok<AdminLanguage>(call('admin/create-language', { language_name: 'Italiano', code: 'it', dir: 'ltr' }));
    const first = await ok<SavedTranslations>(
      call('admin/save-translations', { id: italian.id, texts: { tabCart: 'Carrello', homeStoreCount: '{count} negozi', tabAlerts: '' } }),
    );
    expect(first).toMatchObject({ saved: ['tabCart', 'homeStoreCount'], removed: [], language: { translated_count: 2, missing_count: TEXT_KEYS.length - 2 } });
    const second = await ok<SavedTranslations>(call('admin/save-translations', { id: italian.id, texts: { tabCart: '  ', homeStoreCount: '{count} negozi' } }));
    expect(second).toMatchObject({ saved: [], removed: ['tabCart'], language: { translated_count: 1 } });
    const data = await ok<LanguageWithData>(callAsPerson(t.app, 'get-single-language', undefined, { id: italian.id }));
    expect(data.data).toEqual({ homeStoreCount: '{count} negozi' });
    const entries = (await ok<AdminTranslations>(call('admin/get-translations', { id: italian.id }))).entries;
    expect(entries.find((entry) => entry.key === 'homeStoreCount')).toEqual({ key: 'homeStoreCount', text: '{count} negozi', english: '{count} stores', missing: false });
    expect(entries.find((entry) => entry.key === 'tabCart')).toMatchObject({ text: '', missing: true });
    const audits = await auditRowsOf(t.db, 'admin/save-translations');
    expect(audits.slice(-2)).toMatchObject([
      { entity: 'translations', entity_id: String(italian.id), details: { code: 'it', set: { tabCart: { from: '', to: 'Carrello' } }, removed: [] } },
      { details: { set: {}, removed: ['tabCart'] } },
    ]);
  });

  it('an unknown key is 400 UNKNOWN_TEXT_KEY, a placeholder the app never fills is 400 VALIDATION_FAILED; nothing is saved', async () => {
    const { id } = await english();
    const before = await auditCount(t.db);
    const unknown = await call('admin/save-translations', { id, texts: { tabCart: 'Basket', noSuchKey: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_TEXT_KEY', details: [{ path: '/texts/noSuchKey', message: 'is not a text of this app' }] });
    const placeholder = await call('admin/save-translations', { id, texts: { tabCart: 'Basket', homeStoreCount: '{total} stores' } });
    expect(placeholder.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/texts/homeStoreCount', message: 'uses {total}, which the app never fills (this text has {count})' }],
    });
    const data = await ok<LanguageWithData>(callAsPerson(t.app, 'get-single-language', undefined, { id }));
    expect(data.data.tabCart).toBe(ENGLISH_TEXTS.tabCart);
    expect(await auditCount(t.db)).toBe(before);
    expect((await call('admin/save-translations', { id: 99_999, texts: { tabCart: 'x' } })).statusCode).toBe(404);
  });
});
