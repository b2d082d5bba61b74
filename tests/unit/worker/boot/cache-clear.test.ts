// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS, SETTINGS_KEPT_ON_CACHE_CLEAR } from '../../../../src/api/settings/defaults.ts';
import {
  BUILT_IN_TEXTS_ID,
  NEVER_FETCHED,
  PREFS_KEPT_ON_CACHE_CLEAR,
  PrefKey,
  TABLES_KEPT_ON_CACHE_CLEAR,
  type ReplicaDatabase,
} from '../../../../src/db/schema.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

/** A replica a customer has used: boot data plus a row in every table the clear must keep or drop. */
async function useTheApp(db: ReplicaDatabase): Promise<void> {
  await db.cartLines.put({ id: 'line-1', itemId: 7, storeId: 3, quantity: 2, addons: [] });
  await db.cartMeta.put({ id: 'cart', productQuantity: 2, totalPrice: 1800, coupon: null, couponError: null, loyalty: null });
  await db.session.put({ id: 'customer', userId: 5, token: 'secret', role: 'customer', data: {}, savedAt: 1 });
  await db.outbox.put({
    id: 'action-waiting',
    kind: 'customer-action',
    call: 'get-settings',
    body: {},
    status: 'pending',
    userKey: 'customer:5',
    actedAt: new Date().toISOString(),
    createdSeq: 1,
    attempts: 0,
    label: 'Waiting action',
  });
  await db.stores.put({ id: 3, name: 'Old Store', fetchedAt: 1 });
  await db.items.put({ id: 7, restaurant_id: 3, fetchedAt: 1 });
  await db.alerts.put({ id: 1, is_read: 0, fetchedAt: 1 });
  await db.prefs.bulkPut([
    { key: PrefKey.gdprAccepted, value: true },
    { key: PrefKey.activeStore, value: 3 },
    { key: PrefKey.visitCount, value: 4 },
    { key: 'someOldFlag', value: 'drop me' },
  ]);
}

async function bumpCacheVersion(): Promise<string> {
  return shared.server.app.versionsRepository.bump('cache');
}

describe('a new cache version', () => {
  it('asks the page to clear caches and stores nothing yet', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    await useTheApp(harness.db);
    const cacheVersion = await bumpCacheVersion();
    const { forceNewSettingsVersion } = await shared.server.app.versionsRepository.get();

    harness.network.sent.length = 0;
    const result = await harness.service.api.boot();

    expect(result).toEqual({
      hadReplica: true,
      online: true,
      version: { kind: 'cache-clear-required', forceCacheClearVersion: cacheVersion, forceNewSettingsVersion },
      primaryLocationMissing: false,
    });
    // Nothing else was fetched and nothing was stored: the page clears first.
    expect(harness.network.pathsSent()).toEqual(['/version.json']);
    expect(await harness.db.prefs.get(PrefKey.cacheVersion)).not.toMatchObject({ value: cacheVersion });
    expect(await harness.db.stores.count()).toBe(1);
  });

  it('completeCacheClear keeps exactly what the spec keeps, then refetches and stores the versions', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    await useTheApp(harness.db);
    const address = await harness.db.address.get('current');
    const languageId = (await harness.db.prefs.get(PrefKey.languageId))!.value;
    const cacheVersion = await bumpCacheVersion();
    const { forceNewSettingsVersion } = await shared.server.app.versionsRepository.get();

    // Offline, so the refetch fails and what the clear kept stays visible.
    harness.network.offline = true;
    const result = await harness.service.api.completeCacheClear(forceNewSettingsVersion, cacheVersion);
    expect(result).toEqual({ ok: false, reason: 'offline' });

    const { db } = harness;
    const keptTables: readonly string[] = TABLES_KEPT_ON_CACHE_CLEAR;
    for (const table of db.tables) {
      if (keptTables.includes(table.name) || ['prefs', 'settings', 'syncState', 'translations'].includes(table.name)) continue;
      expect(await table.count(), `${table.name} is cleared`).toBe(0);
    }
    // Only the built-in English is left of the translations, so the screens still have words.
    expect((await db.translations.toArray()).map((row) => row.languageId)).toEqual([BUILT_IN_TEXTS_ID]);
    expect(await db.address.get('current')).toEqual(address);
    expect(await db.cartLines.count()).toBe(1);
    expect(await db.cartMeta.count()).toBe(1);
    expect(await db.session.count()).toBe(1);
    expect(await db.outbox.get('action-waiting')).toMatchObject({ status: 'pending' });
    // The kept settings keep the server's values; every other key is back to its built-in default.
    const settingsFromServer = (await db.settings.filter((row) => row.fetchedAt !== NEVER_FETCHED).toArray()).map((row) => row.key);
    expect(settingsFromServer.sort()).toEqual([...SETTINGS_KEPT_ON_CACHE_CLEAR].sort());
    expect(await db.settings.get('storeName')).toMatchObject({ value: SETTING_DEFAULTS.storeName, fetchedAt: NEVER_FETCHED });

    const prefs = Object.fromEntries((await db.prefs.toArray()).map((row) => [row.key, row.value]));
    // Besides what is kept: the versions stored at the end, and the built-in texts' version written again with them.
    const rewritten: string[] = [PrefKey.settingsVersion, PrefKey.cacheVersion, PrefKey.builtInTextsVersion];
    expect(Object.keys(prefs).filter((key) => !PREFS_KEPT_ON_CACHE_CLEAR.includes(key) && !rewritten.includes(key))).toEqual([]);
    expect(prefs).toMatchObject({
      [PrefKey.languageId]: languageId,
      [PrefKey.gdprAccepted]: true,
      [PrefKey.activeStore]: 3,
      [PrefKey.visitCount]: 4,
      [PrefKey.settingsVersion]: forceNewSettingsVersion,
      [PrefKey.cacheVersion]: cacheVersion,
    });
    expect(prefs.someOldFlag).toBeUndefined();
  });

  it('completeCacheClear online refetches settings, languages and translations, and the next boot is unchanged', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.api.boot();
    await useTheApp(harness.db);
    const cacheVersion = await bumpCacheVersion();
    const { forceNewSettingsVersion } = await shared.server.app.versionsRepository.get();

    harness.network.sent.length = 0;
    expect(await harness.service.api.completeCacheClear(forceNewSettingsVersion, cacheVersion)).toEqual({ ok: true });
    expect(harness.network.pathsSent()).toEqual([
      '/public/api/get-settings',
      '/public/api/get-all-languages',
      '/public/api/get-single-language',
    ]);
    const { db } = harness;
    expect(await db.settings.get('storeName')).toMatchObject({ value: 'FoodPilot' });
    expect(await db.languages.count()).toBe(2);
    const languageId = (await db.prefs.get(PrefKey.languageId))!.value as number;
    expect((await db.translations.get(languageId))?.data.tabCart).toBe('Cart');
    expect(await db.stores.count()).toBe(0);

    const afterReload = await harness.service.api.boot();
    expect(afterReload.version).toEqual({ kind: 'unchanged' });
    expect(await db.popularLocations.count()).toBeGreaterThan(0);
  });
});
