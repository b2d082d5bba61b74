/**
 * Keys of the replica rows that depend on where the user browses from. The
 * worker writes under them and the UI reads by them, so both build them here
 * (no worker code, no platform code: the UI imports this module directly).
 */
import type { OrderTypePreference } from '../api/constants.ts';
import { foldPlaceText } from '../api/catalog/place-text.ts';

/**
 * Decimals kept of a coordinate in a key: 3 decimals is about 100 m, close
 * enough that a list fetched a few steps away is the same list.
 */
export const KEY_COORDINATE_DECIMALS = 3;

export interface KeyPoint {
  lat: number;
  lng: number;
}

/** Home lists follow the order type; a category filter lists stores open for either. */
export type StoreListMode = OrderTypePreference | 'ANY';

function coordinate(value: number): string {
  const fixed = value.toFixed(KEY_COORDINATE_DECIMALS);
  // -0.0001 rounds to "-0.000": the same place as "0.000".
  return Number(fixed) === 0 ? (0).toFixed(KEY_COORDINATE_DECIMALS) : fixed;
}

export function pointKey(point: KeyPoint): string {
  return `${coordinate(point.lat)},${coordinate(point.lng)}`;
}

/** `storeLists` key: `${lat},${lng}|${mode}|${categoryIds}`, ids sorted so the order of a filter does not matter. */
export function storeListKey(point: KeyPoint, mode: StoreListMode, categoryIds: readonly number[] = []): string {
  const categories = [...new Set(categoryIds)].sort((a, b) => a - b).join('-');
  return `${pointKey(point)}|${mode}|${categories}`;
}

/** The home list for an address and order type (no category filter). */
export function homeStoreListKey(point: KeyPoint, orderType: OrderTypePreference): string {
  return storeListKey(point, orderType);
}

/** The list of a category filter (get-filtered-restaurants serves delivery and pickup alike). */
export function filteredStoreListKey(point: KeyPoint, categoryIds: readonly number[]): string {
  return storeListKey(point, 'ANY', categoryIds);
}

/** Lower case, trimmed, inner spaces collapsed: "  Pad  THAI " and "pad thai" are one search. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `searches` key: the normalised query and where it was asked from (results depend on the stores serving there). */
export function searchKey(query: string, point: KeyPoint): string {
  return `${normaliseQuery(query)}|${pointKey(point)}`;
}

/**
 * `placeSearches` key: the query folded as the server matches it (case,
 * accents and punctuation ignored). Not tied to the address: the places are
 * the same from anywhere, only their order differs.
 */
export function placeSearchKey(query: string): string {
  return foldPlaceText(query);
}
