/**
 * seedDemo: fills an empty database with the demo city of Riverton (settings,
 * versions, English and Arabic, popular locations, accounts of every role,
 * stores, menus, categories, sliders) and draws its images into
 * DATA_DIR/images. It only writes to an empty database, so running it again,
 * or on every start, changes nothing. All rows go in one transaction: a
 * failure leaves the database empty, ready for the next try.
 */
import type { Kysely } from 'kysely';
import { ENGLISH_TEXTS, TEXT_KEYS } from '../../src/api/language/texts.ts';
import { SETTING_DEFAULTS } from '../../src/api/settings/defaults.ts';
import { hashPassword } from '../account/passwords.ts';
import type { Database, UserRole } from '../db/tables.ts';
import { createPopularLocationsRepository } from '../settings/popular-locations-repository.ts';
import { createSettingsRepository } from '../settings/settings-repository.ts';
import { createVersionsRepository } from '../settings/versions-repository.ts';
import { seedArabicCatalogue } from './arabic-catalogue.ts';
import { ARABIC_TEXTS } from './arabic-texts.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';
import { DEMO_LOCATIONS } from './demo-city.ts';
import { writeDemoImages } from './demo-images.ts';
import { DEMO_PAGES } from './demo-pages.ts';
import { seedAccountExtras } from './seed-accounts.ts';
import { seedDrivers } from './seed-drivers.ts';
import { seedOrdering } from './seed-ordering.ts';
import { seedStoreExtras } from './seed-store-extras.ts';
import { seedStores } from './seed-stores.ts';

export interface SeedOptions {
  /**
   * Leave no popular location marked primary, so the app shows its 'Critical
   * Error' admin page. Applied even when the database was already seeded.
   */
  withoutPrimaryLocation?: boolean;
}

export interface SeedResult {
  /** False when the database already had data and was left alone. */
  seeded: boolean;
  accounts: readonly DemoAccount[];
}

const DEMO_LANGUAGES = [
  { language_name: 'English', code: 'en', dir: 'ltr', is_default: 1, texts: ENGLISH_TEXTS },
  { language_name: 'العربية', code: 'ar', dir: 'rtl', is_default: 0, texts: ARABIC_TEXTS },
] as const;

export async function seedDemo(db: Kysely<Database>, dataDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  await writeDemoImages(dataDir);
  const seeded = await isEmpty(db);
  if (seeded) {
    // Hash outside the transaction: scrypt is slow on purpose.
    const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
    await db.transaction().execute(async (trx) => {
      const createdAt = new Date().toISOString();
      await createSettingsRepository(trx).setMany(
        Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })),
      );
      await createVersionsRepository(trx).ensureInitial();
      await seedLanguages(trx);
      await trx
        .insertInto('popular_locations')
        .values(DEMO_LOCATIONS.map((l) => ({ ...withoutPrimary(l), is_default: l.isPrimary ? 1 : 0 })))
        .execute();
      const userIds = await seedUsers(trx, hashes, createdAt);
      const storeIds = await seedStores(trx, userIds.get('store_owner') ?? 0, createdAt);
      await seedStoreExtras(trx, storeIds, createdAt);
      // After the add-on groups it translates too.
      await seedArabicCatalogue(trx);
      await seedOrdering(trx, storeIds, createdAt);
      await seedDrivers(trx, storeIds, createdAt);
      await seedAccountExtras(trx, userIds, createdAt);
      await trx
        .insertInto('pages')
        .values(DEMO_PAGES.map((page, index) => ({ ...page, sort_order: index, updated_at: createdAt })))
        .execute();
    });
  }
  if (options.withoutPrimaryLocation) await createPopularLocationsRepository(db).clearPrimary();
  return { seeded, accounts: DEMO_ACCOUNTS };
}

/** Empty means nothing an administrator or a migration would have written. */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const probes = await Promise.all([
    db.selectFrom('settings').select('key').limit(1).executeTakeFirst(),
    db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('languages').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('restaurants').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('popular_locations').select('id').limit(1).executeTakeFirst(),
  ]);
  return probes.every((row) => row === undefined);
}

function withoutPrimary({ name, latitude, longitude }: (typeof DEMO_LOCATIONS)[number]) {
  return { name, latitude, longitude };
}

async function seedLanguages(db: Kysely<Database>): Promise<void> {
  for (const { texts, ...language } of DEMO_LANGUAGES) {
    const { id } = await db.insertInto('languages').values(language).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('translations')
      .values(TEXT_KEYS.map((key) => ({ language_id: Number(id), key, value: texts[key] })))
      .execute();
  }
}

/** Each role's first demo account (a second driver is only theirs to race with). */
async function seedUsers(db: Kysely<Database>, hashes: string[], createdAt: string): Promise<Map<UserRole, number>> {
  const ids = new Map<UserRole, number>();
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const { id } = await db
      .insertInto('users')
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        password_hash: hashes[index] ?? '',
        role: account.role,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!ids.has(account.role)) ids.set(account.role, Number(id));
  }
  return ids;
}
