/**
 * Writes of server data into the replica. Each one is a single transaction
 * that also stamps the resource's `syncState` row, so the UI never sees new
 * data with an old "updated" time, nor half a list.
 */
import type { Language, LanguageWithData, PopularLocation, Setting } from '../src/api/entities.ts';
import type { UserAddress } from '../src/api/entities.ts';
import type { AddressRow, ReplicaDatabase } from '../src/db/schema.ts';
import { Resource, markFetched } from './sync-state.ts';

/** Settings arrive whole: keys the server no longer sends disappear. */
export async function replaceSettings(db: ReplicaDatabase, settings: readonly Setting[], at: number) {
  await db.transaction('rw', db.settings, db.syncState, async () => {
    await db.settings.clear();
    await db.settings.bulkPut(settings.map(({ key, value }) => ({ key, value, fetchedAt: at })));
    await markFetched(db, Resource.settings, at);
  });
}

/** A language that is gone takes its translations with it. */
export async function replaceLanguages(db: ReplicaDatabase, languages: readonly Language[], at: number) {
  await db.transaction('rw', db.languages, db.translations, db.syncState, async () => {
    const kept = new Set(languages.map((language) => language.id));
    await db.languages.clear();
    await db.languages.bulkPut(languages.map((language) => ({ ...language, fetchedAt: at })));
    await db.translations.filter((row) => !kept.has(row.languageId)).delete();
    await markFetched(db, Resource.languages, at);
  });
}

export async function writeLanguageWithData(db: ReplicaDatabase, language: LanguageWithData, at: number) {
  const { data, ...fields } = language;
  await db.transaction('rw', db.languages, db.translations, db.syncState, async () => {
    await db.languages.put({ ...fields, fetchedAt: at });
    await db.translations.put({ languageId: language.id, data, fetchedAt: at });
    await markFetched(db, Resource.translations(language.id), at);
  });
}

export async function replacePopularLocations(db: ReplicaDatabase, locations: readonly PopularLocation[], at: number) {
  await db.transaction('rw', db.popularLocations, db.syncState, async () => {
    await db.popularLocations.clear();
    await db.popularLocations.bulkPut(locations.map((location) => ({ ...location, fetchedAt: at })));
    await markFetched(db, Resource.popularLocations, at);
  });
}

export async function writeAddress(db: ReplicaDatabase, address: UserAddress, at: number) {
  const row: AddressRow = { ...address, id: 'current', savedAt: at };
  await db.address.put(row);
}

/**
 * A visitor without an address browses from the primary popular location
 * (spec §4). Checked inside the transaction so a choice the user made
 * meanwhile is never overwritten.
 */
export async function writePrimaryAddressIfMissing(db: ReplicaDatabase, at: number): Promise<boolean> {
  return db.transaction('rw', db.address, db.popularLocations, async () => {
    if (await db.address.get('current')) return true;
    const primary = await findPrimaryLocation(db);
    if (!primary) return false;
    await writeAddress(db, addressFromLocation(primary), at);
    return true;
  });
}

export function addressFromLocation(location: PopularLocation): UserAddress {
  return {
    lat: location.latitude,
    lng: location.longitude,
    address: location.name,
    house: null,
    tag: null,
    businessLocation: true,
  };
}

/** Booleans are not IndexedDB keys, so `is_default` cannot be queried through its index. */
export function findPrimaryLocation(db: ReplicaDatabase): Promise<PopularLocation | undefined> {
  return db.popularLocations.filter((location) => location.is_default).first();
}
