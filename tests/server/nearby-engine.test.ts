/**
 * The in-memory nearby engine (server/nearby/): its answers are the SQL
 * path's answers, valid by the contract's schema; a write to what a card
 * shows reaches the next answer once the catalogue version moves (triggers of
 * migration 0004); two server instances on one database both converge; a
 * large change is rebuilt in full.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Store } from '../../src/api/index.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { localTime } from '../../server/geo/opening-hours.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/databases.ts';
import { injectCall, loginAs } from '../support/inject-call.ts';
import { testConfig } from '../support/test-server.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };
const STORE_KEYS = Object.keys(calls['get-delivery-restaurants'].response.items.properties).sort();

/** Deterministic points around Riverton, some beyond every radius. */
function pointsAround(count: number): { latitude: number; longitude: number }[] {
  let state = 12345;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => ({
    latitude: MARKET_SQUARE.latitude + (next() * 2 - 1) * 0.15,
    longitude: MARKET_SQUARE.longitude + (next() * 2 - 1) * 0.15,
  }));
}

async function catalogVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalog_versions').select('version').where('name', '=', 'stores').executeTakeFirstOrThrow();
  return Number(row.version);
}

async function list(app: FastifyInstance, name: 'get-delivery-restaurants' | 'get-selfpickup-restaurants', point: object) {
  const response = await injectCall(app, name, point);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<Store[]>();
}

/** Polls until `check` passes or `ms` have gone by (then fails with its last error). */
async function eventually(check: () => Promise<void>, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

describe.each(testDatabases())('the nearby engine on $kind', ({ kind }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let other: FastifyInstance;
  /** A connection of neither app, like another process or an administrator's session. */
  let outside: Kysely<Database>;
  let storeId: (slug: string) => Promise<number>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp(testConfig(database));
    await app.ready();
    await seedDemo(app.db, database.dataDir);
    other = await buildApp(testConfig(database));
    await other.ready();
    outside = openDatabase(database);
    storeId = async (slug) =>
      Number((await outside.selectFrom('restaurants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
    await outside?.destroy();
    await database?.drop();
  });

  it('answers what the SQL path answers, for every list and many points', async () => {
    const categories = (await outside.selectFrom('restaurant_categories').select('id').orderBy('id').execute()).map((c) => Number(c.id));
    for (const point of [MARKET_SQUARE, ...pointsAround(40)]) {
      expect(await list(app, 'get-delivery-restaurants', point)).toEqual(await app.storesRepository.nearby(point, 'delivery'));
      expect(await list(app, 'get-selfpickup-restaurants', point)).toEqual(await app.storesRepository.nearby(point, 'selfpickup'));
      const chosen = categories.filter((_, index) => index % 3 === 0);
      const filtered = await injectCall(app, 'get-filtered-restaurants', { ...point, category_ids: chosen });
      expect(filtered.json()).toEqual(await app.storesRepository.nearby(point, 'any', { categoryIds: chosen }));
    }
  });

  it('every answer validates against the contract response schema, with exactly its fields', async () => {
    const token = await loginAs(app, 'customer');
    const all = await outside.selectFrom('restaurants').select('id').execute();
    for (const { id } of all.slice(0, 3)) {
      const state = (await injectCall(app, 'get-favorite-stores', { token, ...MARKET_SQUARE })).json<Store[]>();
      if (!state.some((store) => store.id === Number(id))) await injectCall(app, 'toggle-favorite', { token, id: Number(id) });
    }
    const answers = {
      'get-delivery-restaurants': await injectCall(app, 'get-delivery-restaurants', MARKET_SQUARE),
      'get-selfpickup-restaurants': await injectCall(app, 'get-selfpickup-restaurants', MARKET_SQUARE),
      'get-filtered-restaurants': await injectCall(app, 'get-filtered-restaurants', { ...MARKET_SQUARE, category_ids: [1, 2, 3] }),
      'get-favorite-stores': await injectCall(app, 'get-favorite-stores', { token, ...MARKET_SQUARE }),
    } as const;
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBe(200);
      const body: unknown = response.json();
      expect(Value.Check(calls[name as keyof typeof answers].response, body), `${name}: ${response.body}`).toBe(true);
      const stores = body as Store[];
      expect(stores.length, name).toBeGreaterThan(0);
      for (const store of stores) expect(Object.keys(store).sort()).toEqual(STORE_KEYS);
    }
    const favourites = answers['get-favorite-stores'].json<Store[]>();
    expect(favourites).toHaveLength(3);
    expect(favourites.map((s) => s.distance)).toEqual(favourites.map((s) => s.distance).sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('a changed name, radius, review and closing time show in the next answer after the version moves', async () => {
    const slug = 'saffron-house';
    const id = await storeId(slug);
    const find = async () => (await list(app, 'get-delivery-restaurants', MARKET_SQUARE)).find((s) => s.slug === slug);
    const before = await find();
    expect(before).toBeDefined();

    let version = await catalogVersion(outside);
    const bumped = async () => {
      const now = await catalogVersion(outside);
      expect(now).toBeGreaterThan(version);
      version = now;
    };

    await app.db.updateTable('restaurants').set({ name: 'Saffron House Renamed' }).where('id', '=', id).execute();
    await bumped();
    expect((await find())?.name).toBe('Saffron House Renamed');

    await app.db
      .insertInto('reviews')
      .values({ restaurant_id: id, user_id: null, rating: 1, comment: 'Cold', created_at: new Date().toISOString() })
      .execute();
    await bumped();
    const reviewed = await find();
    expect(reviewed?.reviews_count).toBe((before?.reviews_count ?? 0) + 1);
    const fromSql = (await app.storesRepository.nearby(MARKET_SQUARE, 'delivery')).find((s) => s.slug === slug);
    expect(reviewed?.avgRating).toBe(fromSql?.avgRating);
    if (before?.reviews_count === 0) expect(reviewed?.avgRating).toBe(1);

    // Hours on a day that is neither today nor yesterday where the store is: closed now.
    const timezone = (await outside.selectFrom('restaurants').select('timezone').where('id', '=', id).executeTakeFirstOrThrow()).timezone;
    const otherDay = (localTime(new Date(), timezone).day + 3) % 7;
    await app.db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', id).execute();
    await bumped();
    expect((await find())?.is_open).toBe(true);
    await app.db
      .insertInto('restaurant_opening_hours')
      .values({ restaurant_id: id, day_of_week: otherDay, opens_minute: 600, closes_minute: 660 })
      .execute();
    await bumped();
    expect((await find())?.is_open).toBe(false);

    // A radius that no longer reaches the square: gone from the delivery list.
    await app.db.updateTable('restaurants').set({ delivery_radius_km: 0.001 }).where('id', '=', id).execute();
    await bumped();
    expect(await find()).toBeUndefined();
    await app.db.updateTable('restaurants').set({ delivery_radius_km: 25 }).where('id', '=', id).execute();
    await bumped();
    expect(await find()).toMatchObject({ name: 'Saffron House Renamed', is_open: false });
  });

  it('two instances on one database both see a change made by neither, within about a second', async () => {
    const slug = 'golden-wok';
    const id = await storeId(slug);
    const nameIn = async (instance: FastifyInstance) =>
      (await list(instance, 'get-delivery-restaurants', MARKET_SQUARE)).find((s) => s.slug === slug)?.name;
    expect(await nameIn(app)).toBe(await nameIn(other));
    await outside.updateTable('restaurants').set({ name: 'Golden Wok (new owners)' }).where('id', '=', id).execute();
    for (const instance of [app, other]) {
      const ms = await eventually(async () => expect(await nameIn(instance)).toBe('Golden Wok (new owners)'), 3_000);
      expect(ms).toBeLessThan(1_500);
    }
    await outside
      .insertInto('restaurant_category_links')
      .values({ restaurant_id: id, category_id: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const instance of [app, other]) {
      await eventually(async () => {
        const filtered = await injectCall(instance, 'get-filtered-restaurants', { ...MARKET_SQUARE, category_ids: [1] });
        expect(filtered.json<Store[]>().some((s) => s.slug === slug)).toBe(true);
      }, 3_000);
    }
  });

  it('a change to many stores is rebuilt in full, and the new stores are listed', async () => {
    const template = await outside.selectFrom('restaurants').selectAll().where('slug', '=', 'golden-wok').executeTakeFirstOrThrow();
    const { id: _id, lat_band: _band, ...columns } = template;
    const rows = Array.from({ length: 250 }, (_, n) => ({
      ...columns,
      name: `Pop-up ${n}`,
      slug: `pop-up-${n}`,
      is_featured: 0,
      delivery_type: 1 as const,
      latitude: MARKET_SQUARE.latitude + (n % 10) * 0.001,
      longitude: MARKET_SQUARE.longitude + Math.floor(n / 10) * 0.001,
      delivery_radius_km: 5,
    }));
    await outside.insertInto('restaurants').values(rows).execute();
    for (const instance of [app, other]) {
      await instance.nearbyStores.catchUp();
      const listed = await list(instance, 'get-delivery-restaurants', MARKET_SQUARE);
      expect(listed.filter((s) => s.slug.startsWith('pop-up-'))).toHaveLength(250);
      expect(listed).toEqual(await instance.storesRepository.nearby(MARKET_SQUARE, 'delivery'));
    }
  });
});
