/**
 * The catalogue's methods (finding food): the home for the current address
 * and order type, store pages, reviews, explore's search, location from a GPS
 * fix or a place search, and favourites (the toggle goes through the outbox,
 * whose effect this area registers). Also what other areas use: the boot's
 * language switch refetches the catalogue in the new language
 * (refetchCatalogueIn, refreshHome), a rating refetches a store's reviews
 * (openReviews).
 */
import type { SyncWorkerApi } from '../../src/api/worker-api.ts';
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

export type CatalogHandlers = Pick<
  SyncWorkerApi,
  | 'refreshHome'
  | 'setOrderType'
  | 'refreshFilteredStores'
  | 'openStore'
  | 'openItem'
  | 'selectStore'
  | 'openReviews'
  | 'searchStores'
  | 'reverseGeocode'
  | 'useGpsFix'
  | 'searchPlaces'
  | 'refreshFavourites'
  | 'toggleFavourite'
>;

export function catalogApi({ ctx, outbox }: CatalogApiDeps): CatalogHandlers {
  const { effects } = outbox;
  if (!effects.get(TOGGLE_FAVOURITE_CALL)) effects.register(TOGGLE_FAVOURITE_CALL, favouriteEffect(ctx.db, ctx.now));
  return {
    refreshHome: () => refreshHome(ctx),
    setOrderType: (orderType) => setOrderType(ctx, orderType),
    refreshFilteredStores: (categoryIds) => refreshFilteredStores(ctx, categoryIds),
    openStore: (slug) => openStore(ctx, slug),
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
