/**
 * The typed comlink API of the sync worker (DESIGN §3). The UI imports this
 * type only and `wrap`s the worker; the worker `expose`s an object that
 * `satisfies SyncWorkerApi`. Every method resolves to a small result and never
 * throws into the UI: network and server failures become codes.
 */
import type { OrderTypePreference } from './constants.ts';
import type { Place, UserAddress } from './entities.ts';
import type { FromServiceWorkerMessage } from './sw-messages.ts';
import type { OutboxKind } from './outbox.ts';
import type { SyncResult } from './sync-result.ts';
import type { AccountWorkerApi, AlertsWorkerApi } from './account/worker-api.ts';
import type { CartWorkerApi } from './cart/worker-api.ts';
import type { AddressWorkerApi } from './account/address-worker-api.ts';
import type { TrackingWorkerApi } from './orders/worker-api.ts';
import type { CheckoutWorkerApi, OrdersListWorkerApi } from './checkout/worker-api.ts';
import type { DriverWorkerApi } from './driver/worker-api.ts';

export type { FailureDetail, LoginSummary, SyncFailure, SyncResult } from './sync-result.ts';
export type { AlertsMarked } from './account/worker-api.ts';

/** What the version check found (spec §4). */
export type VersionCheckOutcome =
  | { kind: 'unchanged' }
  | { kind: 'first-visit' }
  | { kind: 'settings-refreshed' }
  /** The cache version changed: the page must clear storage, service workers and caches, then reload. */
  | { kind: 'cache-clear-required'; forceCacheClearVersion: string; forceNewSettingsVersion: string };

export interface BootResult {
  /** Whether the replica already held settings before this boot (a returning visitor). */
  hadReplica: boolean;
  online: boolean;
  version: VersionCheckOutcome | null;
  /** No popular location is marked primary and the user has no address. */
  primaryLocationMissing: boolean;
}

export interface QueueActionInput {
  kind: OutboxKind;
  call: string;
  body: unknown;
  userKey: string;
  label: string;
}

export interface DrainReport {
  sent: number;
  applied: number;
  rejected: number;
  queued: number;
  remaining: number;
}

/** What a GPS fix saved as the current address. */
export interface GpsFixOptions {
  /** Spec §4: a fix taken from the home sheet is saved as a business location. */
  asBusinessLocation: boolean;
  house?: string | null;
  tag?: string | null;
}

/** The ids a server search answered, in its order (the rows themselves are in the replica). */
export interface SearchIds {
  storeIds: number[];
  itemIds: number[];
}

export interface FavouriteToggle {
  /** The state shown now: the server's word once it answered, else the optimistic one. */
  isFavourite: boolean;
  /** True while the action waits in the outbox (offline): it is sent when the network returns. */
  pending: boolean;
}

/** The boot area (worker/boot/): version check, settings, languages, locations, pages, the cache clear, simulated offline. */
export interface BootWorkerApi {
  /** Version check, settings, languages, translations, primary location — in the spec's order. */
  boot(): Promise<BootResult>;
  refreshSettings(): Promise<SyncResult>;
  refreshLanguages(): Promise<SyncResult>;
  /** Fetch one language's translations and make it the chosen language. */
  selectLanguage(languageId: number): Promise<SyncResult>;
  refreshPopularLocations(): Promise<SyncResult>;
  setAddress(address: UserAddress): Promise<void>;
  /** Fetch one content page into the replica; a page the server no longer has is removed from it. */
  openPage(slug: string): Promise<SyncResult>;
  /** After the page cleared storage for a new cache version: refetch and store the new versions. */
  completeCacheClear(forceNewSettingsVersion: string, forceCacheClearVersion: string): Promise<SyncResult>;
  /** Testers' simulated offline mode (DESIGN §4): /public/api is treated as unreachable. */
  setSimulatedOffline(offline: boolean): Promise<void>;
}

/** The outbox (worker/outbox/): queued actions, their drain, and what the service worker settled. */
export interface OutboxWorkerApi {
  queueAction(input: QueueActionInput): Promise<{ id: string }>;
  /** Send pending actions in order; rows the service worker holds are left to its replay. */
  drainOutbox(): Promise<DrainReport>;
  /** Settle an outbox row from a service-worker outcome (also heard directly on the broadcast channel). */
  settleFromServiceWorker(message: FromServiceWorkerMessage): Promise<void>;
}

/** Finding food (worker/catalog/). The lists are read from the replica by the keys in src/db/keys.ts. */
export interface CatalogWorkerApi {
  /**
   * Promo slides, category slides, categories and the store list for the
   * current address and order type (prefs.orderType, DELIVERY by default).
   * Fails with PRIMARY_LOCATION_MISSING when no address is set yet.
   */
  refreshHome(): Promise<SyncResult>;
  /** Stores the order-type preference (written even offline), then refreshes home. */
  setOrderType(orderType: OrderTypePreference): Promise<SyncResult>;
  /** Stores near the address in any of these categories, under `filteredStoreListKey`. */
  refreshFilteredStores(categoryIds: number[]): Promise<SyncResult>;
  /**
   * A store page: the store (with the favourite flag when a customer is
   * signed in) and its whole menu; makes it the active store. A 400 sets
   * prefs.forceReload (spec §4); an unknown slug is NOT_FOUND and changes nothing.
   */
  openStore(slug: string): Promise<SyncResult<{ storeId: number }>>;
  /** One item with its add-ons; an item the server no longer sells leaves the replica. */
  openItem(itemId: number): Promise<SyncResult>;
  /** Spec §4: records the order type by the store's delivery type (1, 2; 3 keeps the preference) and the active store. */
  selectStore(storeId: number): Promise<SyncResult<OrderTypePreference>>;
  /**
   * A store's reviews with their average, kept whole under the slug (table
   * `reviews`). An unknown slug is NOT_FOUND and removes what was saved for it.
   */
  openReviews(slug: string): Promise<SyncResult>;
  /** Server search around the address; results go into the replica, their ids into `searches` under `searchKey`. */
  searchStores(query: string): Promise<SyncResult<SearchIds>>;
  /** A formatted address for a point (coordinate-to-address, answered offline by the server's gazetteer). */
  reverseGeocode(lat: number, lng: number): Promise<SyncResult<string>>;
  /**
   * Saves a GPS fix as the current address, named by reverse geocoding; when
   * that fails the fix is still saved, named by its coordinates. Resolves to the saved address.
   */
  useGpsFix(lat: number, lng: number, options: GpsFixOptions): Promise<SyncResult<UserAddress>>;
  /**
   * Places named like the query (search-places, nearer the current address
   * first), kept in `placeSearches` under `placeSearchKey(query)` so the same
   * search answers offline from the replica. An empty query asks nothing.
   */
  searchPlaces(query: string): Promise<SyncResult<Place[]>>;
  /** The signed-in customer's favourite stores into `favourites` and `stores`. */
  refreshFavourites(): Promise<SyncResult>;
  /**
   * Flips a favourite at once in the replica and queues toggle-favorite in
   * the outbox (kind customer-action); resolves after one attempt to send it.
   */
  toggleFavourite(storeId: number): Promise<SyncResult<FavouriteToggle>>;
}

/**
 * Each area of the sync worker and the part of the API it answers: the one
 * place that says which area a method belongs to. Each `worker/<area>/api.ts`
 * returns its part (`SyncWorkerAreas['cart']`), `composeAreas` in
 * worker/sync-service.ts takes one object of this shape, and SyncWorkerApi is
 * derived from it: a method's name is written once here (with its signature
 * and words) and once where it is answered.
 */
export interface SyncWorkerAreas {
  boot: BootWorkerApi;
  outbox: OutboxWorkerApi;
  catalog: CatalogWorkerApi;
  cart: CartWorkerApi;
  account: AccountWorkerApi & AddressWorkerApi & AlertsWorkerApi;
  checkout: CheckoutWorkerApi;
  orders: TrackingWorkerApi & OrdersListWorkerApi;
  driver: DriverWorkerApi;
}

type IntersectionOf<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void ? All : never;

/** Every method of the sync worker: the parts of every area together. */
export type SyncWorkerApi = IntersectionOf<SyncWorkerAreas[keyof SyncWorkerAreas]>;
