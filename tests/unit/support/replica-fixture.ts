/** Builds a real Dexie replica (fake-indexeddb) for one test, with only the rows the test names. */
import { ReplicaDatabase, PrefKey, BUILT_IN_TEXTS_ID, type AddressRow, type LanguageRow } from '../../../src/db/schema.ts';
import type { PopularLocation } from '../../../src/api/entities.ts';
import { writeBuiltInDefaults } from '../../../worker/replica/writes.ts';

export interface ReplicaFixture {
  settings?: Record<string, string>;
  settingsFetchedAt?: number;
  languages?: Partial<LanguageRow>[];
  translations?: Record<number, Record<string, string>>;
  /** false: a first visit whose built-in English the worker has not written yet. */
  builtInTexts?: boolean;
  chosenLanguageId?: number;
  address?: Omit<AddressRow, 'id' | 'savedAt'> | null;
  popularLocations?: PopularLocation[];
  popularLocationsFetched?: boolean;
  unreadAlerts?: number;
  readAlerts?: number;
  cartQuantity?: number;
  connectivityError?: string | null;
  prefs?: Record<string, unknown>;
}

let counter = 0;

export const ENGLISH: LanguageRow = { id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: true, fetchedAt: 0 };
export const ARABIC: LanguageRow = { id: 2, language_name: 'العربية', code: 'ar', dir: 'rtl', is_default: false, fetchedAt: 0 };

export const SAMPLE_ADDRESS: Omit<AddressRow, 'id' | 'savedAt'> = {
  lat: 52.1,
  lng: 4.3,
  address: 'Market Street 12, Riverton Old Town, North Province',
  house: 'Flat 4B, The Long Building Name',
  tag: 'Home',
  businessLocation: false,
};

/** A fresh database with a unique name, filled from the fixture. */
export async function buildReplica(fixture: ReplicaFixture = {}): Promise<ReplicaDatabase> {
  counter += 1;
  const db = new ReplicaDatabase(`test-replica-${counter}-${Math.random().toString(36).slice(2)}`);
  const now = Date.now();
  const fetchedAt = fixture.settingsFetchedAt ?? now;
  // As on a real device: the worker writes the built-in settings and English texts first.
  await writeBuiltInDefaults(db);
  if (fixture.builtInTexts === false) await db.translations.delete(BUILT_IN_TEXTS_ID);
  const settings = fixture.settings ?? { storeName: 'Test Kitchen' };
  await db.settings.bulkPut(Object.entries(settings).map(([key, value]) => ({ key, value, fetchedAt })));
  const languages = (fixture.languages ?? [ENGLISH]).map((row) => ({ ...ENGLISH, ...row }));
  await db.languages.bulkPut(languages);
  for (const [languageId, data] of Object.entries(fixture.translations ?? {})) {
    await db.translations.put({ languageId: Number(languageId), data, fetchedAt: now });
  }
  if (fixture.chosenLanguageId !== undefined) await db.prefs.put({ key: PrefKey.languageId, value: fixture.chosenLanguageId });
  if (fixture.address) await db.address.put({ ...fixture.address, id: 'current', savedAt: now });
  if (fixture.popularLocations) {
    await db.popularLocations.bulkPut(fixture.popularLocations.map((location) => ({ ...location, fetchedAt: now })));
  }
  if (fixture.popularLocationsFetched) {
    await db.syncState.put({ resource: 'popularLocations', fetchedAt: now, version: null, error: null, errorAt: null });
  }
  const alerts = [
    ...Array.from({ length: fixture.unreadAlerts ?? 0 }, () => 0 as const),
    ...Array.from({ length: fixture.readAlerts ?? 0 }, () => 1 as const),
  ];
  await db.alerts.bulkPut(alerts.map((is_read, index) => ({ id: index + 1, is_read, fetchedAt: now })));
  if (fixture.cartQuantity !== undefined) {
    await db.cartMeta.put({ id: 'cart', productQuantity: fixture.cartQuantity, totalPrice: 0, coupon: null, couponError: null, loyalty: null });
  }
  if (fixture.connectivityError !== undefined) {
    await db.syncState.put({ resource: 'connectivity', fetchedAt: null, version: null, error: fixture.connectivityError, errorAt: now });
  }
  for (const [key, value] of Object.entries(fixture.prefs ?? {})) await db.prefs.put({ key, value });
  return db;
}
