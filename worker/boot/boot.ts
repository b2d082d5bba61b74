/**
 * Boot, in the spec's order of dependence: version check → settings, languages
 * → the chosen language's translations, popular locations → primary location
 * when no address is set (the independent ones side by side). The UI renders
 * the replica at once; this refreshes behind it, and an offline boot returns
 * as soon as the version check finds the server unreachable, leaving the
 * replica as it was.
 *
 * A first visit is the exception: it has nothing the version check could
 * keep or clear (the check only records the server's versions), while its
 * customer waits on a blank screen for every round trip. So the check, the
 * built-in texts and the replica's first fill all start at once: on slow 4G
 * that is two round trips (and a 17 kB chunk) fewer before the first store
 * card.
 */
import type { BootResult, SyncResult } from '../../src/api/worker-api.ts';
import type { SyncContext } from '../replica/context.ts';
import {
  findPrimaryLocation,
  hasFetchedSettings,
  writeBuiltInDefaults,
  writePrimaryAddressIfMissing,
} from '../replica/writes.ts';
import {
  refreshChosenLanguage,
  refreshLanguages,
  refreshPopularLocations,
  refreshSettings,
} from './resources.ts';
import { isUnreachable } from '../replica/sync-state.ts';
import { SyncResource } from '../../src/db/schema.ts';
import { checkVersion, isFirstVisit } from './version-check.ts';

/** Neither the server's settings nor its versions were ever stored: a first visit, which asks for everything at once. */
export async function isFirstVisitReplica(ctx: SyncContext): Promise<boolean> {
  return !(await hasFetchedSettings(ctx.db)) && (await isFirstVisit(ctx));
}

export async function boot(ctx: SyncContext): Promise<BootResult> {
  if (await isFirstVisitReplica(ctx)) return bootFirstVisit(ctx);
  const hadReplica = await hasFetchedSettings(ctx.db);
  await writeBuiltInDefaults(ctx.db);
  const checked = await checkVersion(ctx);
  if (!checked.ok && isUnreachable(checked)) {
    return { hadReplica, online: false, version: null, primaryLocationMissing: await isPrimaryLocationMissing(ctx) };
  }
  // A broken version file (bad shape, 5xx) must not keep the app from loading.
  const version = checked.ok ? checked.value : null;
  if (version?.kind === 'cache-clear-required') {
    return { hadReplica, online: true, version, primaryLocationMissing: false };
  }
  const { online } = await refreshReplica(ctx, { settings: version?.kind !== 'settings-refreshed' });
  return { hadReplica, online, version, primaryLocationMissing: await isPrimaryLocationMissing(ctx) };
}

async function bootFirstVisit(ctx: SyncContext): Promise<BootResult> {
  const [, checked, refreshed] = await Promise.all([writeBuiltInDefaults(ctx.db), checkVersion(ctx), refreshReplica(ctx, { settings: true })]);
  const versionUnreachable = !checked.ok && isUnreachable(checked);
  return {
    hadReplica: false,
    online: refreshed.online && !versionUnreachable,
    version: checked.ok ? checked.value : null,
    primaryLocationMissing: await isPrimaryLocationMissing(ctx),
  };
}

/**
 * Everything boot refreshes after the version check; also run when simulated
 * offline mode ends. Written in the spec's order of dependence, fetched side
 * by side where nothing depends: settings, the languages then the chosen
 * one's translations, and the popular locations (whose primary one becomes
 * the address at once, so the home's stores are asked for without waiting
 * for the texts). On a slow network that is three round trips before the
 * home instead of five.
 */
export async function refreshReplica(ctx: SyncContext, options: { settings: boolean }): Promise<{ online: boolean }> {
  const unreachable = (result: SyncResult) => !result.ok && isUnreachable(result);
  const results = await Promise.all([
    options.settings ? refreshSettings(ctx) : Promise.resolve<SyncResult>({ ok: true }),
    (async () => {
      const languages = await refreshLanguages(ctx);
      return unreachable(languages) ? languages : refreshChosenLanguage(ctx);
    })(),
    (async () => {
      const locations = await refreshPopularLocations(ctx);
      if (locations.ok) await writePrimaryAddressIfMissing(ctx.db, ctx.now());
      return locations;
    })(),
  ]);
  // Even offline, a replica that holds popular locations can give a new address.
  await writePrimaryAddressIfMissing(ctx.db, ctx.now());
  return { online: !results.some(unreachable) };
}

/**
 * True only when we know it: no address, popular locations fetched at least
 * once, and none of them primary. A first visit made offline knows nothing
 * yet and must not show the admin's "Critical Error" page.
 */
async function isPrimaryLocationMissing(ctx: SyncContext): Promise<boolean> {
  if (await ctx.db.address.get('current')) return false;
  const popular = await ctx.db.syncState.get(SyncResource.popularLocations);
  if (!popular?.fetchedAt) return false;
  return (await findPrimaryLocation(ctx.db)) === undefined;
}
