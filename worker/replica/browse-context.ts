/** What the finding-food calls read from the replica before asking: where, how, and who. */
import { DEFAULT_ORDER_TYPE, type OrderTypePreference } from '../../src/api/constants.ts';
import type { SyncFailure } from '../../src/api/worker-api.ts';
import type { KeyPoint } from '../../src/db/keys.ts';
import { PrefKey, type ReplicaDatabase, type SessionRow } from '../../src/db/schema.ts';
import { readPref } from './prefs.ts';

export function isOrderType(value: unknown): value is OrderTypePreference {
  return value === 'DELIVERY' || value === 'SELFPICKUP';
}

/** prefs.orderType, DELIVERY when unset or not a known value (spec §4). */
export async function readOrderType(db: ReplicaDatabase): Promise<OrderTypePreference> {
  const value = await readPref<unknown>(db, PrefKey.orderType);
  return isOrderType(value) ? value : DEFAULT_ORDER_TYPE;
}

/** The current address's point; undefined before any address is set. */
export async function readPoint(db: ReplicaDatabase): Promise<KeyPoint | undefined> {
  const address = await db.address.get('current');
  return address ? { lat: address.lat, lng: address.lng } : undefined;
}

export function apiPoint(point: KeyPoint): { latitude: number; longitude: number } {
  return { latitude: point.lat, longitude: point.lng };
}

/**
 * The chosen language's code, for the calls that answer catalogue texts
 * (issue 15.7): names and descriptions come in it, the default language's
 * where it has none. Nothing before a language is chosen (the server's
 * default language).
 */
export async function catalogueLanguage(db: ReplicaDatabase): Promise<{ language?: string }> {
  const chosen = await readPref<unknown>(db, PrefKey.languageId);
  if (typeof chosen !== 'number') return {};
  const language = await db.languages.get(chosen);
  return language ? { language: language.code } : {};
}

export const NO_ADDRESS: SyncFailure = {
  ok: false,
  reason: 'invalid',
  code: 'PRIMARY_LOCATION_MISSING',
  message: 'Choose a location first.',
};

export const NOT_SIGNED_IN: SyncFailure = {
  ok: false,
  reason: 'unauthorized',
  code: 'UNAUTHORIZED',
  message: 'Sign in to do this.',
};

export function customerSession(db: ReplicaDatabase): Promise<SessionRow | undefined> {
  return db.session.get('customer');
}
