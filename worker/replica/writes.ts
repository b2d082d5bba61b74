/**
 * Writes of server data into the replica. Each one is a single transaction
 * that also stamps the resource's `syncState` row, so the UI never sees new
 * data with an old "updated" time, nor half a list.
 */
import type { Language, LanguageWithData, Page, PopularLocation, Setting } from '../../src/api/entities.ts';
import { SETTING_DEFAULTS } from '../../src/api/settings/defaults.ts';
import type { UserAddress } from '../../src/api/entities.ts';
import {
  BUILT_IN_TEXTS_ID,
  PrefKey,
  NEVER_FETCHED,
  SyncResource,
  type AddressRow,
  type ReplicaDatabase,
} from '../../src/db/schema.ts';
import { numberSymbolsOf } from '../../src/lib/money.ts';
import { BUILT_IN_TEXTS_VERSION } from './built-in-texts-version.ts';
import { markFetched } from './sync-state.ts';

/**
 * Settings arrive whole: keys the server no longer sends disappear, and a key
 * the app knows but the server did not send takes its built-in default.
 */
export async function replaceSettings(db: ReplicaDatabase, settings: readonly Setting[], at: number) {
  const values = new Map<string, string>(Object.entries(SETTING_DEFAULTS));
  for (const { key, value } of settings) values.set(key, value);
  await db.transaction('rw', db.settings, db.syncState, async () => {
    await db.settings.clear();
    await db.settings.bulkPut([...values].map(([key, value]) => ({ key, value, fetchedAt: at })));
    await markFetched(db, SyncResource.settings, at);
  });
}

/**
 * Before the first request of a boot: the built-in English texts when this
 * build's differ from the ones stored (or none are), and, when the replica
 * has no settings at all, the built-in settings marked as never fetched.
 *
 * The texts (about 10 kB gzipped, every screen's words) are a chunk of their
 * own loaded only then: most boots of an installed app find them stored and
 * neither download, parse nor rewrite them. `textsVersion` is the build's
 * fingerprint of src/api/language/texts.ts (vite.config.ts); null (a test or dev run
 * without one) always writes.
 */
export function writeBuiltInDefaults(db: ReplicaDatabase, textsVersion: string | null = BUILT_IN_TEXTS_VERSION): Promise<void> {
  // The worker starts this as it loads (worker/sync-worker.ts) and boot asks again:
  // while one is running, a second caller shares it rather than writing (and notifying every live query) twice.
  const running = builtInDefaultsRunning.get(db);
  if (running && running.textsVersion === textsVersion) return running.done;
  const done = writeBuiltInDefaultsNow(db, textsVersion).finally(() => builtInDefaultsRunning.delete(db));
  builtInDefaultsRunning.set(db, { textsVersion, done });
  return done;
}

const builtInDefaultsRunning = new WeakMap<ReplicaDatabase, { textsVersion: string | null; done: Promise<void> }>();

async function writeBuiltInDefaultsNow(db: ReplicaDatabase, textsVersion: string | null) {
  const [storedVersion, storedTexts] = await Promise.all([
    db.prefs.get(PrefKey.builtInTextsVersion),
    db.translations.where('languageId').equals(BUILT_IN_TEXTS_ID).count(),
  ]);
  const texts =
    textsVersion === null || storedVersion?.value !== textsVersion || storedTexts === 0
      ? (await import('../../src/api/language/texts.ts')).ENGLISH_TEXTS
      : null;
  await db.transaction('rw', db.settings, db.translations, db.prefs, async () => {
    if (texts) {
      await db.translations.put({ languageId: BUILT_IN_TEXTS_ID, data: { ...texts }, fetchedAt: NEVER_FETCHED });
      await db.prefs.put({ key: PrefKey.builtInTextsVersion, value: textsVersion });
    }
    const present = new Set((await db.settings.toCollection().primaryKeys()) as string[]);
    const missing = Object.entries(SETTING_DEFAULTS).filter(([key]) => !present.has(key));
    await db.settings.bulkPut(missing.map(([key, value]) => ({ key, value, fetchedAt: NEVER_FETCHED })));
  });
}

/** Whether settings ever came from the server (built-in rows do not count). */
export async function hasFetchedSettings(db: ReplicaDatabase): Promise<boolean> {
  return (await db.settings.filter((row) => row.fetchedAt > NEVER_FETCHED).count()) > 0;
}

/** A language that is gone takes its translations with it; the built-in English stays. */
export async function replaceLanguages(db: ReplicaDatabase, languages: readonly Language[], at: number) {
  await db.transaction('rw', db.languages, db.translations, db.syncState, async () => {
    const kept = new Set([BUILT_IN_TEXTS_ID, ...languages.map((language) => language.id)]);
    await db.languages.clear();
    await db.languages.bulkPut(languages.map((language) => ({ ...language, numberSymbols: numberSymbolsOf(language.code), fetchedAt: at })));
    await db.translations.filter((row) => !kept.has(row.languageId)).delete();
    await markFetched(db, SyncResource.languages, at);
  });
}

export async function writeLanguageWithData(db: ReplicaDatabase, language: LanguageWithData, at: number) {
  const { data, ...fields } = language;
  await db.transaction('rw', db.languages, db.translations, db.syncState, async () => {
    await db.languages.put({ ...fields, numberSymbols: numberSymbolsOf(fields.code), fetchedAt: at });
    await db.translations.put({ languageId: language.id, data, fetchedAt: at });
    await markFetched(db, SyncResource.translations(language.id), at);
  });
}

export async function replacePopularLocations(db: ReplicaDatabase, locations: readonly PopularLocation[], at: number) {
  await db.transaction('rw', db.popularLocations, db.syncState, async () => {
    await db.popularLocations.clear();
    await db.popularLocations.bulkPut(locations.map((location) => ({ ...location, fetchedAt: at })));
    await markFetched(db, SyncResource.popularLocations, at);
  });
}

/** One content page; the slug is the page's address, so an older row under it goes. */
export async function writePage(db: ReplicaDatabase, page: Page, at: number) {
  await db.transaction('rw', db.pages, db.syncState, async () => {
    await db.pages.where('slug').equals(page.slug).delete();
    await db.pages.put({ ...page, fetchedAt: at });
    await markFetched(db, SyncResource.page(page.slug), at);
  });
}

export async function removePage(db: ReplicaDatabase, slug: string) {
  await db.transaction('rw', db.pages, db.syncState, async () => {
    await db.pages.where('slug').equals(slug).delete();
    await db.syncState.delete(SyncResource.page(slug));
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
