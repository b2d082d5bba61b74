/**
 * The demo city a fresh clone starts with: believable data of every kind the
 * app shows, accounts of every role that can sign in, and a seed that never
 * touches a database that already has data.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS, SETTING_KEYS } from '../../../src/api/settings/defaults.ts';
import { verifyPassword } from '../../../server/account/passwords.ts';
import { USER_ROLES } from '../../../server/db/tables.ts';
import { DEMO_ACCOUNTS, formatDemoAccounts } from '../../../server/seed/demo-accounts.ts';
import { DEMO_RASTER_WIDTH, IMAGES_URL_PREFIX } from '../../../server/seed/demo-images.ts';
import { seedDemo } from '../../../server/seed/seed-demo.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('demo seed on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const countRows = async (table: 'restaurants' | 'items' | 'users' | 'settings' | 'translations') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('writes every setting with its default value', async () => {
    const rows = await t.db.selectFrom('settings').selectAll().execute();
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    for (const key of SETTING_KEYS) expect(byKey.get(key), key).toBe(SETTING_DEFAULTS[key]);
  });

  it('has 8 to 10 stores of every delivery type, one featured with its own ribbon, one inactive', async () => {
    const stores = await t.db.selectFrom('restaurants').selectAll().execute();
    expect(stores.length).toBeGreaterThanOrEqual(8);
    expect(stores.length).toBeLessThanOrEqual(10);
    expect(new Set(stores.map((store) => Number(store.delivery_type)))).toEqual(new Set([1, 2, 3]));
    const featured = stores.filter((store) => store.is_featured === 1);
    expect(featured.some((store) => (store.custom_featured_name ?? '').length > 0)).toBe(true);
    expect(stores.filter((store) => store.is_active === 0)).toHaveLength(1);
    expect(new Set(stores.map((store) => store.slug)).size).toBe(stores.length);
  });

  it('places every store within its delivery radius of the primary location', async () => {
    const primary = await t.db.selectFrom('popular_locations').selectAll().where('is_default', '=', 1).execute();
    expect(primary).toHaveLength(1);
    const stores = await t.db.selectFrom('restaurants').selectAll().execute();
    for (const store of stores) {
      const km = distanceKm(primary[0]!, store);
      expect(km, store.name).toBeLessThanOrEqual(Number(store.delivery_radius_km));
    }
  });

  it('gives every store 6 to 10 dishes with whole-cent prices', async () => {
    const stores = await t.db.selectFrom('restaurants').select(['id', 'name']).execute();
    for (const store of stores) {
      const items = await t.db.selectFrom('items').selectAll().where('restaurant_id', '=', store.id).execute();
      expect(items.length, store.name).toBeGreaterThanOrEqual(6);
      expect(items.length, store.name).toBeLessThanOrEqual(10);
      for (const item of items) {
        expect(Number.isInteger(Number(item.price)), item.name).toBe(true);
        expect(Number(item.price), item.name).toBeGreaterThan(100);
        expect(item.item_category_id, item.name).not.toBeNull();
      }
    }
  });

  it('has store categories, category slides that open them, and main and other promo slides', async () => {
    const links = await t.db.selectFrom('restaurant_category_links').selectAll().execute();
    const stores = await t.db.selectFrom('restaurants').select('id').execute();
    for (const store of stores) expect(links.some((link) => link.restaurant_id === store.id)).toBe(true);
    const slideLinks = await t.db.selectFrom('category_slide_categories').selectAll().execute();
    const slides = await t.db.selectFrom('category_slides').selectAll().execute();
    for (const slide of slides) expect(slideLinks.some((link) => link.slide_id === slide.id), slide.name).toBe(true);
    const sliders = await t.db.selectFrom('promo_sliders').selectAll().execute();
    expect(sliders.map((slider) => slider.is_main).sort()).toEqual([0, 1]);
    const promoSlides = await t.db.selectFrom('promo_slides').selectAll().execute();
    for (const slide of promoSlides) {
      expect(slide.model).toBe('restaurant');
      const target = await t.db.selectFrom('restaurants').select('slug').where('id', '=', Number(slide.model_id)).executeTakeFirst();
      expect(slide.url).toBe(`/stores/riverton/${target?.slug}`);
    }
  });

  it('has an account of every role whose printed password signs in', async () => {
    const users = await t.db.selectFrom('users').selectAll().execute();
    expect(new Set(users.map((user) => user.role))).toEqual(new Set(USER_ROLES));
    for (const account of DEMO_ACCOUNTS) {
      const user = users.find((candidate) => candidate.email === account.email);
      expect(user?.role).toBe(account.role);
      expect(user?.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
      expect(user?.password_hash).not.toContain(account.password);
      expect(await verifyPassword(account.password, user?.password_hash ?? '')).toBe(true);
      expect(await verifyPassword(`${account.password}x`, user?.password_hash ?? '')).toBe(false);
    }
    expect(formatDemoAccounts()).toContain('owner@foodpilot.test');
  });

  it('the store owner owns some stores, not all', async () => {
    const owner = await t.db.selectFrom('users').select('id').where('role', '=', 'store_owner').executeTakeFirstOrThrow();
    const stores = await t.db.selectFrom('restaurants').select(['owner_user_id']).execute();
    const owned = stores.filter((store) => store.owner_user_id === owner.id).length;
    expect(owned).toBeGreaterThan(0);
    expect(owned).toBeLessThan(stores.length);
  });

  it('running the seed again changes nothing', async () => {
    const tables = ['restaurants', 'items', 'users', 'settings', 'translations'] as const;
    const before = await Promise.all(tables.map(countRows));
    await t.app.settingsRepository.set('storeName', 'Changed by the admin');
    const again = await seedDemo(t.db, t.dataDir);
    expect(again.seeded).toBe(false);
    expect(await Promise.all(tables.map(countRows))).toEqual(before);
    const name = await t.db.selectFrom('settings').select('value').where('key', '=', 'storeName').executeTakeFirst();
    expect(name?.value).toBe('Changed by the admin');
  });

  it('draws the images into DATA_DIR/images', async () => {
    const icons = await fs.readdir(path.join(t.dataDir, 'images'));
    expect(icons).toEqual(expect.arrayContaining(['logo.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']));
  });

  it('has a picture in DATA_DIR/images behind every image address it seeded', async () => {
    const addresses = [
      ...(await t.db.selectFrom('restaurants').select('image').execute()).map((row) => row.image),
      ...(await t.db.selectFrom('items').select('image').execute()).map((row) => row.image),
      ...(await t.db.selectFrom('category_slides').select('image').execute()).map((row) => row.image),
      ...(await t.db.selectFrom('promo_slides').select('image').execute()).map((row) => row.image),
    ].filter((address): address is string => typeof address === 'string' && address !== '');
    expect(addresses.length).toBeGreaterThan(20);
    for (const address of addresses) {
      expect(address.startsWith(IMAGES_URL_PREFIX), address).toBe(true);
      await expect(fs.access(path.join(t.dataDir, 'images', address.slice(IMAGES_URL_PREFIX.length))), address).resolves.toBeUndefined();
    }
  });

  it("draws the home's promo banners and category tiles as WebP at the width the home shows them", async () => {
    const promo = await t.db.selectFrom('promo_slides').select('image').executeTakeFirstOrThrow();
    const tile = await t.db.selectFrom('category_slides').select('image').executeTakeFirstOrThrow();
    for (const [address, width] of [
      [promo.image, DEMO_RASTER_WIDTH.promo],
      [tile.image, DEMO_RASTER_WIDTH.categorySlide],
    ] as const) {
      const file = path.join(t.dataDir, 'images', String(address).slice(IMAGES_URL_PREFIX.length));
      expect(await sharp(file).metadata(), String(address)).toMatchObject({ format: 'webp', width });
      // Smaller than the drawing's own size would be as a full-size picture: a few kB for the slow-4G home.
      expect((await fs.stat(file)).size, String(address)).toBeLessThan(width === DEMO_RASTER_WIDTH.promo ? 9_000 : 3_000);
    }
  });
});

describe.each(testDatabases())('a database without a primary location on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { withoutPrimaryLocation: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the popular locations with none marked primary', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/public/api/popular-geo-locations', payload: {} });
    const locations = response.json<{ is_default: boolean }[]>();
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.filter((location) => location.is_default)).toEqual([]);
  });

  it('setPrimary restores exactly one primary location', async () => {
    const [first, second] = await t.db.selectFrom('popular_locations').select('id').orderBy('id').execute();
    await t.app.popularLocationsRepository.setPrimary(Number(first?.id));
    await t.app.popularLocationsRepository.setPrimary(Number(second?.id));
    const locations = await t.app.popularLocationsRepository.list();
    expect(locations.filter((location) => location.is_default).map((location) => location.id)).toEqual([
      Number(second?.id),
    ]);
  });
});

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
