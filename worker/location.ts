/**
 * Location from a GPS fix (spec §4): reverse geocoded by the server's
 * coordinate-to-address (an embedded gazetteer, so it answers without an
 * outside provider) and saved as the current address.
 */
import type { UserAddress } from '../src/api/entities.ts';
import type { GpsFixOptions, SyncResult } from '../src/api/worker-api.ts';
import { PrefKey } from '../src/db/schema.ts';
import type { SyncContext } from './context.ts';
import { writePref } from './prefs.ts';
import { writeAddress } from './replica-writes.ts';

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
