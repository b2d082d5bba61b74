/**
 * The catalogue's methods (finding food): the home for the current address
 * and order type, store pages, reviews, explore's search, location from a GPS
 * fix or a place search, and favourites (the toggle goes through the outbox,
 * whose effect this area registers). Also what other areas use: the boot's
 * language switch refetches the catalogue in the new language
 * (refetchCatalogueIn, refreshHome), a rating refetches a store's reviews
 * (openReviews).
 */
import type { SyncResult, SyncWorkerAreas } from '../../src/api/worker-api.ts';
import { isSimulatedOffline } from '../net/simulated-offline.ts';
import type { OutboxAccess } from '../outbox/api.ts';
import type { SyncContext } from '../replica/context.ts';
import { searchStores } from './explore.ts';
import { TOGGLE_FAVOURITE_CALL, favouriteEffect } from './favourite-rows.ts';
import { refreshFavourites, toggleFavourite } from './favourites.ts';
import { refreshFilteredStores, refreshHome, setOrderType } from './home.ts';
import { reverseGeocode, searchPlaces, useGpsFix } from './location.ts';
import { openReviews } from './reviews.ts';
import { openItem, openStore, selectStore } from './store-pages.ts';

export { refreshHome } from './home.ts';
export { openReviews } from './reviews.ts';
export { refetchCatalogueIn } from './store-pages.ts';

export interface CatalogApiDeps {
  ctx: SyncContext;
  outbox: OutboxAccess;
}

export type CatalogHandlers = SyncWorkerAreas['catalog'];

export interface EarlyStore {
  /**
   * A store page's fetch, begun by the worker the document started before
   * the page's script has come (worker/sync-worker.ts): a shared store link
   * no longer waits for the page's boot before asking for the store. The
   * page's first openStore of that slug gets this fetch's result, running or
   * done; nothing is sent while the simulated-offline switch is on.
   */
  openStoreBeforeAsked(slug: string): Promise<void>;
}

export function catalogApi({ ctx, outbox }: CatalogApiDeps): CatalogHandlers & EarlyStore {
  const { effects } = outbox;
  if (!effects.get(TOGGLE_FAVOURITE_CALL)) effects.register(TOGGLE_FAVOURITE_CALL, favouriteEffect(ctx.db, ctx.now));
  // An early store fetch, kept for the page's first ask; null inside when the simulated-offline switch stopped it.
  let openedEarly: { slug: string; result: Promise<SyncResult<{ storeId: number }> | null> } | null = null;
  return {
    async openStoreBeforeAsked(slug) {
      if (openedEarly) return;
      // Held from the first moment: a page that asks while the switch is being read still gets this fetch.
      const result = (async () => ((await isSimulatedOffline(ctx.db)) ? null : openStore(ctx, slug)))();
      openedEarly = { slug, result };
      await result.then(
        () => undefined,
        () => undefined,
      );
    },
    refreshHome: () => refreshHome(ctx),
    setOrderType: (orderType) => setOrderType(ctx, orderType),
    refreshFilteredStores: (categoryIds) => refreshFilteredStores(ctx, categoryIds),
    openStore(slug) {
      const early = openedEarly?.slug === slug ? openedEarly.result : null;
      openedEarly = null;
      return early ? early.then((answer) => answer ?? openStore(ctx, slug)) : openStore(ctx, slug);
    },
    openItem: (itemId) => openItem(ctx, itemId),
    selectStore: (storeId) => selectStore(ctx, storeId),
    openReviews: (slug) => openReviews(ctx, slug),
    searchStores: (query) => searchStores(ctx, query),
    reverseGeocode: (lat, lng) => reverseGeocode(ctx, lat, lng),
    useGpsFix: (lat, lng, fixOptions) => useGpsFix(ctx, lat, lng, fixOptions),
    searchPlaces: (query) => searchPlaces(ctx, query),
    refreshFavourites: () => refreshFavourites(ctx),
    toggleFavourite: (storeId) => toggleFavourite(ctx, outbox, storeId),
  };
}
