/**
 * The boot area's methods: boot in the spec's order, the boot resources
 * (settings, languages, popular locations, content pages), the chosen
 * address, the forced cache clear and the testers' simulated offline switch.
 */
import type { BootResult, DrainReport, SyncWorkerAreas } from '../../src/api/worker-api.ts';
import { PrefKey } from '../../src/db/schema.ts';
import { checkBan } from '../account/api.ts';
import { refetchCatalogueIn, refreshHome } from '../catalog/api.ts';
import { isSimulatedOffline, storeSimulatedOffline } from '../net/simulated-offline.ts';
import { checkRunningOrder } from '../orders/api.ts';
import type { SyncContext } from '../replica/context.ts';
import { neverThrow } from '../replica/never-throw.ts';
import { writePref } from '../replica/prefs.ts';
import { recordConnectivity } from '../replica/sync-state.ts';
import { writeAddress } from '../replica/writes.ts';
import { boot, isFirstVisitReplica, refreshReplica } from './boot.ts';
import { completeCacheClear } from './cache-clear.ts';
import { refreshLanguages, refreshPage, refreshPopularLocations, refreshSettings, selectLanguage } from './resources.ts';

export interface BootApiDeps {
  ctx: SyncContext;
  /** Copies the simulated-offline switch where the service worker reads it. */
  mirror(offline: boolean): Promise<void>;
  /** One drain of the outbox. */
  drain(): Promise<DrainReport>;
  /** The running orders check-running-order must keep: orders watched live, and finished ones a page has open. */
  watchedOrders(): ReadonlySet<string>;
}

export type BootHandlers = SyncWorkerAreas['boot'];

export interface EarlyBoot {
  /**
   * A first visit's boot, begun by the worker itself before the page asks
   * (the built page starts the worker from its <head>, long before its own
   * script runs). The page's first `boot()` then gets this boot's result,
   * running or done. Nothing happens on a later visit, whose boot the page
   * orders as before, or when the simulated-offline switch is on.
   */
  bootBeforeAsked(): Promise<void>;
}

export function bootApi({ ctx, mirror, drain, watchedOrders }: BootApiDeps): BootHandlers & EarlyBoot {
  const { db, now } = ctx;
  // React's strict mode and a second tab both call boot twice; one pass is enough.
  let booting: Promise<BootResult> | null = null;
  // An early boot's outcome, kept for the page's first ask.
  let bootedEarly: Promise<BootResult> | null = null;

  function runBoot(): Promise<BootResult> {
    booting ??= (async () => {
      try {
        await mirror(await isSimulatedOffline(db));
        const result = await boot(ctx);
        // A banned user (or a session the server ended) is signed out before the screens settle;
        // not when the page is about to clear everything and reload.
        if (result.online && result.version?.kind !== 'cache-clear-required') {
          await neverThrow(() => checkBan(ctx));
          // The home banner of a customer's order on its way (no request when nobody is signed in).
          await neverThrow(() => checkRunningOrder(ctx, watchedOrders));
        }
        if (result.online) void drain();
        return result;
      } finally {
        booting = null;
      }
    })();
    return booting;
  }

  return {
    boot() {
      const early = bootedEarly;
      bootedEarly = null;
      return early ?? runBoot();
    },
    async bootBeforeAsked() {
      if (!(await isFirstVisitReplica(ctx)) || (await isSimulatedOffline(db)) || booting || bootedEarly) return;
      bootedEarly = runBoot();
      await bootedEarly.then(
        () => undefined,
        () => undefined,
      );
    },
    refreshSettings: () => refreshSettings(ctx),
    refreshLanguages: () => refreshLanguages(ctx),
    async selectLanguage(languageId) {
      const before = await db.prefs.get(PrefKey.languageId);
      const result = await selectLanguage(ctx, languageId);
      if (result.ok && before?.value !== languageId) await refetchCatalogueIn(ctx, refreshHome);
      return result;
    },
    refreshPopularLocations: () => refreshPopularLocations(ctx),
    async setAddress(address) {
      await db.transaction('rw', db.address, db.prefs, async () => {
        await writeAddress(db, address, now());
        await writePref(db, PrefKey.locationChosenByUser, true);
      });
    },
    openPage: (slug) => refreshPage(ctx, slug),
    completeCacheClear: (settingsVersion, cacheVersion) => completeCacheClear(ctx, settingsVersion, cacheVersion),
    async setSimulatedOffline(offline) {
      await storeSimulatedOffline(db, offline);
      await mirror(offline);
      if (offline) {
        await recordConnectivity(db, 'offline', now());
        return;
      }
      await Promise.all([drain(), refreshReplica(ctx, { settings: true })]);
    },
  };
}
