/**
 * The home's first screen in localStorage (issue 3: a repeat visit paints the
 * store list before IndexedDB answers). Boot reads it synchronously; the
 * replica hooks take it as their first answer and their live queries then
 * take over with the same markup. The page rewrites it whenever the home's
 * rows change. It is painted only for the address, order type and language
 * it was taken for (read from their mirrors) and only at its own version;
 * the cache clear drops it (not a kept key) and so does logout.
 */
import type { OrderTypePreference } from '../../api/constants.ts';
import type { CategorySlide } from '../../api/entities.ts';
import type { SettingsMap } from '../../api/settings/defaults.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { homeStoreListKey } from '../../db/keys.ts';
import type { AddressRow, LanguageRow } from '../../db/schema.ts';
import { LocalKey, readLocal, writeLocal } from '../../lib/local-storage-keys.ts';
import type { Connectivity } from '../../lib/connectivity.ts';
import { orderTypeOf, type SavedList } from '../stores/saved-list.ts';
import type { HomeSliders } from './home-shapes.ts';

/** A snapshot of another version is ignored: bump it when the shape changes. */
export const HOME_SNAPSHOT_VERSION = 1;
/** Store cards kept: more than a phone's first screen shows, few enough to stay a few kB. */
export const HOME_SNAPSHOT_STORES = 6;
/** Long enough to write once for the burst of live answers after boot. */
export const HOME_SNAPSHOT_WRITE_DELAY_MS = 500;

/** Every text the first screen can show: header, store list and cards, sliders, GPS bar, offline notes, tab bar. */
export const HOME_SNAPSHOT_TEXTS: readonly TextKey[] = [
  'defaultAddressTag',
  'homeOffers',
  'explorePlaceholder',
  'homeNearbyStores',
  'homeOrderType',
  'homeDelivery',
  'homeSelfPickup',
  'homeStoreCount',
  'homeStoreCountOne',
  'homeNoStores',
  'homeNoPickupStores',
  'chooseLocation',
  'homeCategories',
  'storeFeatured',
  'storeNotActive',
  'storeRating',
  'storeNoRating',
  'storeDistanceKm',
  'storeMinutes',
  'storePriceForTwo',
  'gpsBarText',
  'locationUseGps',
  'offlineBanner',
  'simulatedOfflineOn',
  'updatedAgo',
  'updatedJustNow',
  'mainNavigation',
  'tabNearMe',
  'tabAlerts',
  'tabExplore',
  'tabCart',
  'tabAccount',
  'unreadAlertsBadge',
  'cartItemsBadge',
];

export interface HomeSnapshot {
  version: number;
  language: LanguageRow | null;
  /** The list (its key names the address and order type) with its first stores only; storeCount is the whole list's. */
  saved: SavedList;
  storeCount: number;
  /** All of them: a few kB, and every component painted before the replica answers reads the right value. */
  settings: SettingsMap;
  settingsFetchedAt: number | null;
  /** HOME_SNAPSHOT_TEXTS in the chosen language. */
  texts: Record<string, string>;
  sliders: HomeSliders;
  categorySlides: CategorySlide[];
  /** As the replica last said: it says the same until the worker's first request of this visit. */
  connectivity: Connectivity;
}

/** What boot paints: the snapshot with the current address and order type from their mirrors. */
export interface BootHomeSnapshot extends HomeSnapshot {
  address: AddressRow;
  orderType: OrderTypePreference;
}

function parseLocal<T>(key: string): T | null {
  return JSON.parse(readLocal(key) ?? 'null') as T | null;
}

/** The snapshot when it is for the current address, order type and language; otherwise null. */
export function readHomeSnapshot(): BootHomeSnapshot | null {
  try {
    const snapshot = parseLocal<HomeSnapshot>(LocalKey.homeSnapshot);
    const address = parseLocal<AddressRow>(LocalKey.address);
    const orderType = readLocal(LocalKey.orderType);
    const languageId = parseLocal<{ id?: number }>(LocalKey.language)?.id ?? null;
    if (snapshot?.version !== HOME_SNAPSHOT_VERSION || !address || !orderType) return null;
    if (snapshot.saved.list.key !== homeStoreListKey(address, orderTypeOf(orderType))) return null;
    if ((snapshot.language?.id ?? null) !== languageId) return null;
    return { ...snapshot, address, orderType: orderTypeOf(orderType) };
  } catch {
    // Unreadable JSON: the replica paints, as without a snapshot.
    return null;
  }
}

/** Null clears it (no list to paint for the current address and order type). */
export function writeHomeSnapshot(snapshot: HomeSnapshot | null): void {
  writeLocal(LocalKey.homeSnapshot, snapshot && JSON.stringify(snapshot));
}
