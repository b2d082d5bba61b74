/**
 * The calls of this issue on the seeded demo city: what the app reads on its
 * first start (version, settings, languages, translations, locations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, LanguageWithData, PopularLocation, Setting } from '../../src/api/entities.ts';
import { ENGLISH_TEXTS, TEXT_KEYS } from '../../src/api/language/texts.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { SETTING_KEYS } from '../../src/api/settings/defaults.ts';
import { testDatabases } from '../support/databases.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

describe.each(testDatabases())('calls on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (name: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `${API_PREFIX}/${name}`, payload: payload as object });

  it('get-settings answers every setting the app knows, as key/value strings', async () => {
    const response = await call('get-settings');
    expect(response.statusCode).toBe(200);
    const settings = response.json<Setting[]>();
    const keys = settings.map((setting) => setting.key);
    for (const key of SETTING_KEYS) expect(keys).toContain(key);
    expect(settings.every((setting) => typeof setting.value === 'string')).toBe(true);
    expect(settings.find((setting) => setting.key === 'currencyCode')?.value).toBe('USD');
  });

  it('get-settings also accepts a bare POST with no body (the spec sends no payload)', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-settings` });
    expect(response.statusCode).toBe(200);
    expect(response.json<Setting[]>().length).toBeGreaterThanOrEqual(SETTING_KEYS.length);
  });

  it('get-all-languages lists English (default, ltr) and Arabic (rtl)', async () => {
    const response = await call('get-all-languages');
    expect(response.statusCode).toBe(200);
    const languages = response.json<Language[]>();
    expect(languages).toHaveLength(2);
    expect(languages.filter((language) => language.is_default)).toEqual([
      expect.objectContaining({ code: 'en', dir: 'ltr', language_name: 'English' }),
    ]);
    expect(languages.find((language) => language.code === 'ar')).toMatchObject({ dir: 'rtl', is_default: false });
  });

  it('get-single-language gives every translation key in both languages', async () => {
    const languages = (await call('get-all-languages')).json<Language[]>();
    for (const language of languages) {
      const response = await call('get-single-language', { id: language.id });
      expect(response.statusCode).toBe(200);
      const withData = response.json<LanguageWithData>();
      expect(withData).toMatchObject({ id: language.id, code: language.code, dir: language.dir });
      for (const key of TEXT_KEYS) expect(withData.data[key], `${language.code}.${key}`).toBeTruthy();
    }
  });

  it('English texts equal the shared table and Arabic texts are really Arabic', async () => {
    const languages = (await call('get-all-languages')).json<Language[]>();
    const english = (await call('get-single-language', { id: languages.find((l) => l.code === 'en')?.id })).json<LanguageWithData>();
    const arabic = (await call('get-single-language', { id: languages.find((l) => l.code === 'ar')?.id })).json<LanguageWithData>();
    expect(english.data).toMatchObject(ENGLISH_TEXTS);
    const arabicLetters = /[\u0600-\u06FF]/;
    // A text that is only a layout of values ('{quantity} × {name}') has no words to translate.
    const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));
    const notArabic = TEXT_KEYS.filter((key) => hasWords(ENGLISH_TEXTS[key]) && !arabicLetters.test(arabic.data[key] ?? ''));
    expect(notArabic).toEqual([]);
    // Placeholders survive translation so the UI can fill them.
    expect(arabic.data.updatedAgo).toContain('{minutes}');
    expect(arabic.data.pendingActions).toContain('{count}');
  });

  it('get-single-language with an unknown id answers 404 NOT_FOUND', async () => {
    const response = await call('get-single-language', { id: 9999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringContaining('9999'), code: 'NOT_FOUND' });
  });

  it('popular-geo-locations has exactly one primary location, listed first', async () => {
    const response = await call('popular-geo-locations');
    expect(response.statusCode).toBe(200);
    const locations = response.json<PopularLocation[]>();
    expect(locations.length).toBeGreaterThanOrEqual(4);
    expect(locations.filter((location) => location.is_default)).toHaveLength(1);
    expect(locations[0]?.is_default).toBe(true);
    for (const location of locations) {
      expect(Math.abs(location.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(location.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('GET /version.json gives both versions and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ forceNewSettingsVersion: '1', forceCacheClearVersion: '1' });
  });

  it('the OpenAPI document at /docs/json describes every call with its summary', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, { post?: { summary?: string } }> }>();
    for (const name of ['get-settings', 'get-all-languages', 'get-single-language', 'popular-geo-locations']) {
      expect(document.paths[`${API_PREFIX}/${name}`]?.post?.summary, name).toBeTruthy();
    }
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
