/**
 * The worker's half of the forced cache clear (spec §4). The page has already
 * cleared localStorage, service workers and caches; here the replica loses
 * everything but what the spec keeps (location, address, colour, logo,
 * updating message, language, active store) and what the user made that the
 * server has not seen (cart, outbox, sessions). Then it refetches and stores
 * the new versions.
 */
import { SETTINGS_KEPT_ON_CACHE_CLEAR } from '../../src/api/settings/defaults.ts';
import type { SyncResult } from '../../src/api/worker-api.ts';
import { PREFS_KEPT_ON_CACHE_CLEAR, TABLES_KEPT_ON_CACHE_CLEAR, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { SyncContext } from '../replica/context.ts';
import { refreshChosenLanguage, refreshLanguages, refreshSettings } from './resources.ts';
import { writeBuiltInDefaults } from '../replica/writes.ts';
import { storeVersions } from './version-check.ts';

export async function clearReplicaForNewCacheVersion(db: ReplicaDatabase): Promise<void> {
  const keptTables: readonly string[] = TABLES_KEPT_ON_CACHE_CLEAR;
  const keptSettings: readonly string[] = SETTINGS_KEPT_ON_CACHE_CLEAR;
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) {
      if (keptTables.includes(table.name)) continue;
      if (table.name === db.prefs.name) {
        await db.prefs.filter((row) => !PREFS_KEPT_ON_CACHE_CLEAR.includes(row.key)).delete();
      } else if (table.name === db.settings.name) {
        await db.settings.filter((row) => !keptSettings.includes(row.key)).delete();
      } else {
        await table.clear();
      }
    }
  });
}

/**
 * The versions are stored even when a refetch fails: the clear they asked for
 * has happened, and the next boot fetches settings and translations anyway.
 * Not storing them would wipe the replica again on every load while the
 * server misbehaves.
 */
export async function completeCacheClear(
  ctx: SyncContext,
  settingsVersion: string,
  cacheVersion: string,
): Promise<SyncResult> {
  await clearReplicaForNewCacheVersion(ctx.db);
  await writeBuiltInDefaults(ctx.db);
  let result: SyncResult = { ok: true };
  for (const step of [refreshSettings, refreshLanguages, refreshChosenLanguage]) {
    const stepResult = await step(ctx);
    if (!stepResult.ok) {
      result = stepResult;
      break;
    }
  }
  await storeVersions(ctx, settingsVersion, cacheVersion);
  return result;
}
