/**
 * Location from a GPS fix (spec §4): reverse geocoded by the server's
 * coordinate-to-address (an embedded gazetteer, so it answers without an
 * outside provider) and saved as the current address.
 */
import type { Place, UserAddress } from '../../src/api/entities.ts';
import type { GpsFixOptions, SyncResult } from '../../src/api/worker-api.ts';
import { normaliseQuery, placeSearchKey } from '../../src/db/keys.ts';
import { PrefKey, SyncResource, type ReplicaDatabase } from '../../src/db/schema.ts';
import { apiPoint, readPoint } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { writePref } from '../replica/prefs.ts';
import { writeAddress } from '../replica/writes.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

export async function reverseGeocode(ctx: SyncContext, lat: number, lng: number): Promise<SyncResult<string>> {
  const result = await ctx.api.call('coordinate-to-address', { lat, lng });
  // Spec §8: a reverse-geocode failure is only logged.
  if (!result.ok) console.warn('[worker] reverse geocoding failed', result);
  return result;
}

/**
 * A separate method rather than part of setAddress: setAddress saves what the
 * user picked (popular location, search page) as it is, while a fix needs a
 * name first. Without an answer (offline) the fix is still saved, named by its
 * coordinates, so a GPS fix always moves the user.
 */
export async function useGpsFix(
  ctx: SyncContext,
  lat: number,
  lng: number,
  options: GpsFixOptions,
): Promise<SyncResult<UserAddress>> {
  if (!isPoint(lat, lng)) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: `Not a point on the map: ${lat}, ${lng}` };
  }
  const named = await reverseGeocode(ctx, lat, lng);
  const address: UserAddress = {
    lat,
    lng,
    address: named.ok ? named.value : `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
    house: options.house ?? null,
    tag: options.tag ?? null,
    businessLocation: options.asBusinessLocation,
  };
  const { db } = ctx;
  await db.transaction('rw', db.address, db.prefs, async () => {
    await writeAddress(db, address, ctx.now());
    await writePref(db, PrefKey.locationChosenByUser, true);
  });
  return { ok: true, value: address };
}

function isPoint(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** The server's limit on q (search-places). */
const MAX_PLACE_QUERY_LENGTH = 100;
/** Place searches the replica keeps; older ones make room for new ones. */
export const PLACE_SEARCHES_KEPT = 100;

/**
 * Asks the server for places named like the query, nearer the current address
 * first (anywhere when none is set yet), and keeps the answer under the
 * query's key. A failure leaves the saved answer in place for the UI to show.
 */
export async function searchPlaces(ctx: SyncContext, query: string): Promise<SyncResult<Place[]>> {
  const q = normaliseQuery(String(query)).slice(0, MAX_PLACE_QUERY_LENGTH);
  const key = placeSearchKey(q);
  if (key === '') return { ok: true, value: [] };
  const point = await readPoint(ctx.db);
  const result = await ctx.api.call('search-places', { q, ...(point ? apiPoint(point) : {}) });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.placeSearch(key), result, at);
    return result;
  }
  const { db } = ctx;
  await db.transaction('rw', db.placeSearches, db.syncState, async () => {
    await db.placeSearches.put({ key, query: q, places: result.value, fetchedAt: at });
    await markFetched(db, SyncResource.placeSearch(key), at);
    await pruneOldPlaceSearches(db);
  });
  return { ok: true, value: result.value };
}

async function pruneOldPlaceSearches(db: ReplicaDatabase): Promise<void> {
  const extra = (await db.placeSearches.count()) - PLACE_SEARCHES_KEPT;
  if (extra <= 0) return;
  const oldest = await db.placeSearches.orderBy('fetchedAt').limit(extra).primaryKeys();
  await db.placeSearches.bulkDelete(oldest);
  await db.syncState.bulkDelete(oldest.map((key) => SyncResource.placeSearch(key)));
}
