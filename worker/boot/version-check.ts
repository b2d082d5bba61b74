/**
 * The version check of spec §4, run before anything else on load. The server's
 * `/version.json` carries two numbers an admin bumps: a new settings version
 * forces fresh settings, a new cache version forces the page to wipe its
 * storage and caches. Nothing is stored for a cache bump: the versions are
 * written only once `completeCacheClear` has run, so an interrupted clear
 * happens again on the next load.
 */
import type { VersionCheckOutcome } from '../../src/api/worker-api.ts';
import { PrefKey, SyncResource } from '../../src/db/schema.ts';
import type { ValueResult } from '../net/api-client.ts';
import type { SyncContext } from '../replica/context.ts';
import { readPref, writePref } from '../replica/prefs.ts';
import { refreshSettings } from './resources.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

export async function checkVersion(ctx: SyncContext): Promise<ValueResult<VersionCheckOutcome>> {
  const result = await ctx.api.getVersion();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.version, result, ctx.now());
    return result;
  }
  await markFetched(ctx.db, SyncResource.version, ctx.now());
  const { forceNewSettingsVersion, forceCacheClearVersion } = result.value;
  const { settings: storedSettingsVersion, cache: storedCacheVersion } = await storedVersions(ctx);

  if (storedSettingsVersion === undefined || storedCacheVersion === undefined) {
    await storeVersions(ctx, forceNewSettingsVersion, forceCacheClearVersion);
    return { ok: true, value: { kind: 'first-visit' } };
  }
  if (storedCacheVersion !== forceCacheClearVersion) {
    return { ok: true, value: { kind: 'cache-clear-required', forceCacheClearVersion, forceNewSettingsVersion } };
  }
  if (storedSettingsVersion !== forceNewSettingsVersion) {
    // The version is stored only with the settings it stands for; a failed
    // refetch is tried again on the next load.
    const refreshed = await refreshSettings(ctx);
    if (!refreshed.ok) return refreshed;
    await writePref(ctx.db, PrefKey.settingsVersion, forceNewSettingsVersion);
    return { ok: true, value: { kind: 'settings-refreshed' } };
  }
  return { ok: true, value: { kind: 'unchanged' } };
}

/** The versions the last check recorded; either one missing means a first visit. */
export async function storedVersions(ctx: SyncContext): Promise<{ settings: string | undefined; cache: string | undefined }> {
  const [settings, cache] = await Promise.all([readPref<string>(ctx.db, PrefKey.settingsVersion), readPref<string>(ctx.db, PrefKey.cacheVersion)]);
  return { settings, cache };
}

/** True until a version check has recorded both versions (checkVersion then answers 'first-visit'). */
export async function isFirstVisit(ctx: SyncContext): Promise<boolean> {
  const { settings, cache } = await storedVersions(ctx);
  return settings === undefined || cache === undefined;
}

export async function storeVersions(ctx: SyncContext, settingsVersion: string, cacheVersion: string) {
  await ctx.db.transaction('rw', ctx.db.prefs, async () => {
    await writePref(ctx.db, PrefKey.settingsVersion, settingsVersion);
    await writePref(ctx.db, PrefKey.cacheVersion, cacheVersion);
  });
}
