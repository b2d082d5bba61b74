/**
 * Boot, in the spec's order: version check → settings → languages → the chosen
 * language's translations → popular locations → primary location when no
 * address is set. The UI renders the replica at once; this refreshes behind
 * it and stops at the first sign that the server cannot be reached, so an
 * offline boot returns quickly and leaves the replica as it was.
 */
import type { BootResult } from '../src/api/worker-api.ts';
import type { SyncContext } from './context.ts';
import {
  findPrimaryLocation,
  hasFetchedSettings,
  writeBuiltInDefaults,
  writePrimaryAddressIfMissing,
} from './replica-writes.ts';
import {
  refreshChosenLanguage,
  refreshLanguages,
  refreshPopularLocations,
  refreshSettings,
} from './resources.ts';
import { isUnreachable } from './sync-state.ts';
import { SyncResource } from '../src/db/schema.ts';
import { checkVersion } from './version-check.ts';

export async function boot(ctx: SyncContext): Promise<BootResult> {
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

/** Everything boot refreshes after the version check; also run when simulated offline mode ends. */
export async function refreshReplica(ctx: SyncContext, options: { settings: boolean }): Promise<{ online: boolean }> {
  const steps = [
    ...(options.settings ? [refreshSettings] : []),
    refreshLanguages,
    refreshChosenLanguage,
    refreshPopularLocations,
  ];
  let online = true;
  for (const step of steps) {
    const result = await step(ctx);
    if (!result.ok && isUnreachable(result)) {
      online = false;
      break;
    }
  }
  // Even offline, a replica that holds popular locations can give a new address.
  await writePrimaryAddressIfMissing(ctx.db, ctx.now());
  return { online };
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
