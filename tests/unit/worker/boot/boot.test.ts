// @vitest-environment node
import { SETTING_DEFAULTS } from '../../../../src/api/settings/defaults.ts';
import { describe, expect, it } from 'vitest';
import { PrefKey } from '../../../../src/db/schema.ts';
import { numberSymbolsOf } from '../../../../src/lib/money.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

async function pref(key: string): Promise<unknown> {
  return (await harness.db.prefs.get(key))?.value;
}

describe('boot on a fresh replica', () => {
  it('fills settings, languages, translations and popular locations, and starts at the primary location', async () => {
    harness = await startHarness({ server: shared.server });
    const result = await harness.service.api.boot();

    expect(result).toEqual({ hadReplica: false, online: true, version: { kind: 'first-visit' }, primaryLocationMissing: false });
    const { db } = harness;
    expect(await db.settings.get('storeName')).toMatchObject({ value: 'FoodPilot' });
    expect(await db.settings.count()).toBeGreaterThan(40);
    const languages = await db.languages.orderBy('id').toArray();
    expect(languages.map((language) => [language.code, language.dir, language.is_default])).toEqual([
      ['en', 'ltr', true],
      ['ar', 'rtl', false],
    ]);
    const english = languages[0]!;
    expect(await pref(PrefKey.languageId)).toBe(english.id);
    expect((await db.translations.get(english.id))?.data.tabCart).toBe('Cart');
    // How each language writes amounts, read here so the page never loads Intl's locale data for a price.
    expect(languages.map((language) => language.numberSymbols)).toEqual([numberSymbolsOf('en'), numberSymbolsOf('ar')]);
    expect(english.numberSymbols).toMatchObject({ group: ',', decimal: '.', primaryGroup: 3 });

    const locations = await db.popularLocations.toArray();
    const primary = locations.find((location) => location.is_default)!;
    expect(primary).toBeDefined();
    expect(await db.address.get('current')).toMatchObject({
      lat: primary.latitude,
      lng: primary.longitude,
      address: primary.name,
      house: null,
      tag: null,
      businessLocation: true,
    });
    expect(await pref(PrefKey.settingsVersion)).toBe('1');
    expect(await pref(PrefKey.cacheVersion)).toBe('1');
  });

  it('asks for everything at once on a first visit, the translations once the languages answered', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const english = (await harness.db.languages.toArray()).find((language) => language.is_default)!;
    const paths = harness.network.pathsSent();
    // Nothing to keep or clear yet: the version check does not hold the first fill back.
    expect(paths.slice(0, 4).sort()).toEqual(
      ['/version.json', '/public/api/get-settings', '/public/api/get-all-languages', '/public/api/popular-geo-locations'].sort(),
    );
    expect(paths.indexOf('/public/api/get-single-language')).toBe(4);
    expect(harness.network.sent[4]!.body).toBe(JSON.stringify({ id: english.id }));
    expect(paths).toHaveLength(5);
  });

  it('checks the version first on a later visit, then the rest in the order of dependence', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const before = harness.network.pathsSent().length;
    await harness.service.api.boot();
    const paths = harness.network.pathsSent().slice(before);
    expect(paths[0]).toBe('/version.json');
    expect([...paths].sort()).toEqual(
      ['/version.json', '/public/api/get-settings', '/public/api/get-all-languages', '/public/api/get-single-language', '/public/api/popular-geo-locations'].sort(),
    );
    expect(paths.indexOf('/public/api/get-single-language')).toBe(4);
  });

  it('stamps every resource and the connectivity in syncState', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const english = (await harness.db.languages.toArray()).find((language) => language.is_default)!;
    const rows = await harness.db.syncState.toArray();
    expect(rows.map((row) => row.resource).sort()).toEqual(
      ['connectivity', 'languages', 'popularLocations', 'settings', `translations:${english.id}`, 'version'].sort(),
    );
    for (const row of rows) {
      expect(row.error).toBeNull();
      expect(row.fetchedAt).toBeGreaterThan(0);
    }
  });

  it('keeps an address the user chose over the primary location', async () => {
    harness = await startHarness({ server: shared.server });
    const chosen = { lat: 1.5, lng: 2.5, address: 'Dock Road 4', house: '2nd floor', tag: 'Work', businessLocation: false };
    await harness.service.api.setAddress(chosen);
    await harness.service.api.boot();
    expect(await harness.db.address.get('current')).toMatchObject(chosen);
    expect(await pref(PrefKey.locationChosenByUser)).toBe(true);
  });

  it('runs once when the UI asks twice at the same time', async () => {
    harness = await startHarness({ server: shared.server });
    const [first, second] = await Promise.all([harness.service.api.boot(), harness.service.api.boot()]);
    expect(second).toEqual(first);
    expect(harness.network.pathsSent().filter((path) => path === '/version.json')).toHaveLength(1);
  });
});

describe('a first visit begun before the page asks', () => {
  it("gives the page's first boot the early boot's result, without asking the server again", async () => {
    harness = await startHarness({ server: shared.server });
    const early = harness.service.bootBeforeAsked();
    // The page's script arrives while the early boot is on the wire, and later once it is done.
    const whileRunning = await harness.service.api.boot();
    await early;
    expect(whileRunning).toEqual({ hadReplica: false, online: true, version: { kind: 'first-visit' }, primaryLocationMissing: false });
    expect(harness.network.pathsSent().filter((path) => path === '/version.json')).toHaveLength(1);
    expect(harness.network.pathsSent().filter((path) => path === '/public/api/get-settings')).toHaveLength(1);
  });

  it('keeps a finished early boot for the page, then boots afresh when asked again', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.bootBeforeAsked();
    const sentBeforePage = harness.network.pathsSent().length;
    expect((await harness.service.api.boot()).version).toEqual({ kind: 'first-visit' });
    expect(harness.network.pathsSent()).toHaveLength(sentBeforePage);
    // A retry (the offline screen's button) is a new boot.
    expect((await harness.service.api.boot()).version).toEqual({ kind: 'unchanged' });
    expect(harness.network.pathsSent().length).toBeGreaterThan(sentBeforePage);
  });

  it('leaves a later visit to the page, which checks the version first', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    harness.network.sent.length = 0;
    await harness.service.bootBeforeAsked();
    expect(harness.network.pathsSent()).toEqual([]);
  });

  it('sends nothing while the simulated-offline switch is on', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.prefs.put({ key: PrefKey.simulatedOffline, value: true });
    await harness.service.bootBeforeAsked();
    expect(harness.network.pathsSent()).toEqual([]);
  });
});

describe('a returning visitor', () => {
  it('reports the replica it had and refreshes behind it', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const firstFetch = (await harness.db.syncState.get('settings'))!.fetchedAt!;
    const again = await harness.service.api.boot();
    expect(again).toEqual({ hadReplica: true, online: true, version: { kind: 'unchanged' }, primaryLocationMissing: false });
    expect((await harness.db.syncState.get('settings'))!.fetchedAt).toBeGreaterThanOrEqual(firstFetch);
  });

  it('refetches settings once when the settings version changes, and stores the new version', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    await shared.server.db.updateTable('settings').set({ value: 'Renamed Kitchen' }).where('key', '=', 'storeName').execute();
    const bumped = await shared.server.app.versionsRepository.bump('settings');
    try {
      harness.network.sent.length = 0;
      const result = await harness.service.api.boot();
      expect(result.version).toEqual({ kind: 'settings-refreshed' });
      expect(await harness.db.settings.get('storeName')).toMatchObject({ value: 'Renamed Kitchen' });
      expect(await pref(PrefKey.settingsVersion)).toBe(bumped);
      expect(harness.network.pathsSent().filter((path) => path.endsWith('/get-settings'))).toHaveLength(1);
    } finally {
      await shared.server.db.updateTable('settings').set({ value: 'FoodPilot' }).where('key', '=', 'storeName').execute();
    }
  });

  it('drops settings the server no longer sends', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.settings.put({ key: 'retiredSetting', value: 'x', fetchedAt: 1 });
    await harness.service.api.boot();
    expect(await harness.db.settings.get('retiredSetting')).toBeUndefined();
  });

  it('gives a setting the server does not send its built-in default', async () => {
    const row = await shared.server.db.selectFrom('settings').selectAll().where('key', '=', 'gpsAccessNotGrantedMsg').executeTakeFirstOrThrow();
    await shared.server.db.deleteFrom('settings').where('key', '=', row.key).execute();
    try {
      harness = await startHarness({ server: shared.server });
      await harness.service.api.boot();
      const stored = await harness.db.settings.get(row.key);
      expect(stored?.value).toBe(SETTING_DEFAULTS.gpsAccessNotGrantedMsg);
      expect(stored?.fetchedAt).toBeGreaterThan(0);
    } finally {
      await shared.server.db.insertInto('settings').values(row).execute();
    }
  });
});

describe('languages', () => {
  it('switches language, refetching its translations, and keeps the choice across boots', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const arabic = (await harness.db.languages.toArray()).find((language) => language.code === 'ar')!;

    harness.network.sent.length = 0;
    expect(await harness.service.api.selectLanguage(arabic.id)).toEqual({ ok: true });
    // Its translations first, then the home's catalogue again in Arabic (issue 15.7, catalogue-language.test.ts).
    expect(harness.network.sent[0]).toMatchObject({ path: '/public/api/get-single-language', body: JSON.stringify({ id: arabic.id }) });
    expect(harness.network.sent.filter((request) => request.path.endsWith('/get-single-language'))).toHaveLength(1);
    expect(await pref(PrefKey.languageId)).toBe(arabic.id);
    const arabicTexts = (await harness.db.translations.get(arabic.id))!.data;
    expect(arabicTexts.tabCart).toBeTruthy();
    expect(arabicTexts.tabCart).not.toBe('Cart');

    harness.network.sent.length = 0;
    await harness.service.api.boot();
    expect(await pref(PrefKey.languageId)).toBe(arabic.id);
    expect(harness.network.sent.filter((request) => request.path.endsWith('/get-single-language')).map((r) => r.body)).toEqual([
      JSON.stringify({ id: arabic.id }),
    ]);
  });

  it('refuses a language the server does not have, with its message, and keeps the current one', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const current = await pref(PrefKey.languageId);
    const result = await harness.service.api.selectLanguage(999);
    expect(result).toEqual({ ok: false, reason: 'invalid', code: 'NOT_FOUND', message: 'There is no language with id 999.' });
    expect(await pref(PrefKey.languageId)).toBe(current);
    expect(await harness.db.syncState.get('translations:999')).toMatchObject({ error: 'invalid', fetchedAt: null });
  });

  it('switches offline to a language already on the device', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    const languages = await harness.db.languages.toArray();
    const arabic = languages.find((language) => language.code === 'ar')!;
    const english = languages.find((language) => language.code === 'en')!;
    await harness.service.api.selectLanguage(arabic.id);

    harness.network.offline = true;
    expect(await harness.service.api.selectLanguage(english.id)).toEqual({ ok: true });
    expect(await pref(PrefKey.languageId)).toBe(english.id);
  });

  it('falls back to the default language when the chosen one was removed', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.prefs.put({ key: PrefKey.languageId, value: 4242 });
    await harness.service.api.boot();
    const english = (await harness.db.languages.toArray()).find((language) => language.is_default)!;
    expect(await pref(PrefKey.languageId)).toBe(english.id);
  });
});

describe('a city without a primary location', () => {
  it('reports primaryLocationMissing and writes no address', async () => {
    harness = await startHarness({ serverOptions: { withoutPrimaryLocation: true } });
    const result = await harness.service.api.boot();
    expect(result.primaryLocationMissing).toBe(true);
    expect(result.online).toBe(true);
    expect(await harness.db.popularLocations.count()).toBeGreaterThan(0);
    expect(await harness.db.address.get('current')).toBeUndefined();
  });

  it('is not missing once the user has an address', async () => {
    harness = await startHarness({ serverOptions: { withoutPrimaryLocation: true } });
    await harness.service.api.setAddress({ lat: 1, lng: 2, address: 'Quay 1', house: null, tag: null, businessLocation: false });
    expect((await harness.service.api.boot()).primaryLocationMissing).toBe(false);
  });
});
