/**
 * The in-memory nearby engine (server/nearby/): its answers are the SQL
 * path's answers, valid by the contract's schema; a write to what a card
 * shows reaches the next answer once the catalogue version moves (triggers of
 * migration 0004); two server instances on one database both converge; a
 * large change is rebuilt in full. The memory answers are made from (packed
 * cells, slots, one buffer of heads, tails and chunks) keeps every byte
 * through growth, compaction and reuse; is_open follows the clock minute by
 * minute; a store that moves changes cells. The answer cache answers a
 * point asked again with the same bytes, and never after a store changed or
 * the minute turned, nor for another point.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../src/api/entities.ts';
import { calls } from '../../../src/api/all-calls.ts';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/connect.ts';
import type { Database } from '../../../server/db/tables.ts';
import { distanceKm } from '../../../server/geo/distance.ts';
import { localTime } from '../../../server/geo/opening-hours.ts';
import { ANSWER_CHUNKS, CardSlots, CHUNK_BYTES, Slot, SLOT_STRIDE } from '../../../server/nearby/card-slots.ts';
import { NearbyEngine, storeDistanceKm } from '../../../server/nearby/nearby-engine.ts';
import type { StoreCard } from '../../../server/nearby/store-cards.ts';
import { seedDemo } from '../../../server/seed/seed-demo.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../support/databases.ts';
import { injectCall, loginAs } from '../../support/inject-call.ts';
import { testConfig } from '../../support/test-server.ts';

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

/** Deterministic numbers in [0, 1). */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('what answers are made of', () => {
  it('the packed distance is distanceKm to the last bit, near and far, everywhere on the globe', () => {
    const next = randomNumbers(7);
    const cosLatitude = (latitude: number) => Math.cos((latitude * Math.PI) / 180);
    for (let n = 0; n < 200_000; n += 1) {
      const a = { latitude: (next() * 2 - 1) * 90, longitude: (next() * 2 - 1) * 180 };
      const b =
        n % 2 === 0
          ? { latitude: (next() * 2 - 1) * 90, longitude: (next() * 2 - 1) * 180 }
          : { latitude: a.latitude + (next() - 0.5) * 0.2, longitude: a.longitude + (next() - 0.5) * 0.2 };
      const packed = storeDistanceKm(a, cosLatitude(a.latitude), b.latitude, b.longitude, cosLatitude(b.latitude));
      if (packed !== distanceKm(a, b)) expect({ a, b, packed }).toEqual({ a, b, packed: distanceKm(a, b) });
    }
  });

  /** A card with only what CardSlots reads. */
  const fakeCard = (n: number) => ({ jsonHead: Buffer.from(`,{"id":${n},"name":"${'x'.repeat(n % 700)}","distance":`), slot: -1 }) as unknown as StoreCard;
  const headOf = (slots: CardSlots, card: StoreCard) => {
    const at = card.slot * SLOT_STRIDE;
    return Buffer.from(slots.memory.subarray(slots.numbers[at + Slot.headStart], slots.numbers[at + Slot.headEnd]));
  };

  it('keeps every head through growth, removals, slot reuse and compaction', () => {
    const slots = new CardSlots();
    const live = new Map<number, StoreCard>();
    const check = () => {
      const wrong = [...live.values()].filter((card) => !headOf(slots, card).equals(card.jsonHead));
      expect(wrong.map((card) => card.jsonHead.toString())).toEqual([]);
    };
    let next = 0;
    for (; next < 6_000; next += 1) {
      const card = fakeCard(next);
      slots.add(card);
      live.set(next, card);
    }
    check();
    // Remove most of them, a few at a time, adding some back: slots are reused, the dead bytes compacted.
    for (let round = 0; round < 50; round += 1) {
      for (let k = 0; k < 100; k += 1) {
        const id = round * 100 + k;
        const card = live.get(id);
        if (!card || id % 7 === 0) continue;
        slots.remove(card);
        expect(card.slot).toBe(-1);
        live.delete(id);
      }
      for (let k = 0; k < 10; k += 1, next += 1) {
        const card = fakeCard(next);
        slots.add(card);
        live.set(next, card);
      }
      check();
    }
    const { live: liveBytes, dead } = slots.headBytes;
    expect(liveBytes).toBe([...live.values()].reduce((sum, card) => sum + card.jsonHead.length, 0));
    // Compaction ran: far fewer dead bytes than were removed.
    expect(dead).toBeLessThan(liveBytes);
    expect(new Set([...live.values()].map((card) => card.slot)).size).toBe(live.size);
  });

  it('lends each chunk to one answer at a time, then answers from a buffer of their own', () => {
    const slots = new CardSlots();
    const inChunks = (answers: { at: number }[]) => {
      const offsets = answers.map((answer) => answer.at).filter((at) => at >= 0);
      expect(new Set(offsets).size).toBe(offsets.length);
      return offsets.length;
    };
    const taken = Array.from({ length: ANSWER_CHUNKS + 10 }, () => slots.take(1_000));
    expect(inChunks(taken)).toBe(ANSWER_CHUNKS);
    for (const answer of taken) {
      expect(answer.bytes.length).toBe(1_000);
      if (answer.at >= 0) expect(answer.bytes.buffer).toBe(slots.memory.buffer);
    }
    // Every chunk out: an answer gets a Buffer of its own; so does one larger than a chunk.
    expect(taken.at(-1)?.at).toBe(-1);
    for (const answer of taken) answer.release();
    expect(slots.take(CHUNK_BYTES + 1).at).toBe(-1);
    const held = slots.take(1_000);
    expect(held.at).toBeGreaterThanOrEqual(0);
    // The heads outgrow their room: everything moves to a new buffer with all its chunks free. The
    // chunk lent from the old one, given back now, must not join them (it is not in the new buffer).
    for (let n = 0; n < 3_000; n += 1) slots.add(fakeCard(n));
    expect(held.bytes.buffer).not.toBe(slots.memory.buffer);
    held.release();
    expect(inChunks(Array.from({ length: ANSWER_CHUNKS + 10 }, () => slots.take(1_000)))).toBe(ANSWER_CHUNKS);
  });
});

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

  it('answers a point asked again from the answer cache, but never after a store changed, nor for another point', async () => {
    const engine = app.nearbyStores;
    const point = { latitude: 40.4431, longitude: -79.9912 };
    const ask = async (at: typeof point = point) => (await engine.listJson(at, 'delivery')).bytes;
    const names = (bytes: Buffer) => (JSON.parse(bytes.toString('utf8')) as Store[]).map((s) => s.name);
    const counts = () => engine.answerCacheCounts;
    // Kept from its second ask on (the first only notes the point): the third is the second's bytes.
    await ask();
    const second = await ask();
    const hitsBefore = counts().hits;
    const third = await ask();
    expect(third).toBe(second);
    expect(counts().hits).toBe(hitsBefore + 1);
    expect(third.toString('utf8')).toBe(JSON.stringify(await app.storesRepository.nearby(point, 'delivery')));

    // Another point, however close, is another question.
    const near = { latitude: point.latitude + 1e-9, longitude: point.longitude };
    const missesBefore = counts().misses;
    await ask(near);
    expect(counts().misses).toBe(missesBefore + 1);

    // A write through this server: the very next answer has it (no waiting for a poll).
    const listed = (await app.storesRepository.nearby(point, 'delivery'))[0];
    expect(listed).toBeDefined();
    const id = listed?.id ?? 0;
    await app.db.updateTable('restaurants').set({ name: 'Renamed While Cached' }).where('id', '=', id).execute();
    const afterWrite = await ask();
    expect(afterWrite).not.toBe(third);
    expect(names(afterWrite)).toContain('Renamed While Cached');
    expect(afterWrite.toString('utf8')).toBe(JSON.stringify(await app.storesRepository.nearby(point, 'delivery')));

    // A write by another connection: once the version has been read, the answer has it.
    await ask();
    await ask();
    await outside.updateTable('restaurants').set({ name: 'Renamed Elsewhere' }).where('id', '=', id).execute();
    await eventually(async () => expect(names(await ask())).toContain('Renamed Elsewhere'), 3_000);
    expect((await ask()).toString('utf8')).toBe(JSON.stringify(await app.storesRepository.nearby(point, 'delivery')));
  });

  it('keeps the answer cache within its budget', async () => {
    // Room for about five answers of the square's size.
    const budget = (await app.nearbyStores.listJson(MARKET_SQUARE, 'delivery')).bytes.length * 5;
    const small = new NearbyEngine(app, { answerCacheBytes: budget });
    try {
      await small.start();
      const next = randomNumbers(3);
      for (let n = 0; n < 40; n += 1) {
        const point = { latitude: MARKET_SQUARE.latitude + (next() - 0.5) * 0.02, longitude: MARKET_SQUARE.longitude };
        await small.listJson(point, 'delivery');
        const again = await small.listJson(point, 'delivery');
        expect(again.bytes.toString('utf8')).toBe(JSON.stringify(await app.storesRepository.nearby(point, 'delivery')));
      }
      const { answers, bytes, hits } = small.answerCacheCounts;
      expect(answers).toBeGreaterThan(0);
      expect(answers).toBeLessThan(40);
      expect(bytes).toBeLessThanOrEqual(budget);
      expect(hits).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('is_open follows the clock minute by minute: the per-minute memo never answers for another minute', async () => {
    const slug = 'beirut-grill';
    const id = await storeId(slug);
    const { timezone } = await outside.selectFrom('restaurants').select('timezone').where('id', '=', id).executeTakeFirstOrThrow();
    // Noon on a Wednesday, where the store is; open for two minutes from then.
    const noon = new Date('2031-03-12T17:00:00Z');
    const local = localTime(noon, timezone);
    await app.db.updateTable('restaurants').set({ delivery_type: 3, delivery_radius_km: 30 }).where('id', '=', id).execute();
    await app.db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', id).execute();
    await app.db
      .insertInto('restaurant_opening_hours')
      .values({ restaurant_id: id, day_of_week: local.day, opens_minute: local.minute, closes_minute: local.minute + 2 })
      .execute();
    await app.nearbyStores.catchUp();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const openAt = async (msAfterNoon: number) => {
        vi.setSystemTime(noon.getTime() + msAfterNoon);
        const store = (await list(app, 'get-delivery-restaurants', MARKET_SQUARE)).find((s) => s.slug === slug);
        expect(store).toBeDefined();
        const viaObjects = await app.nearbyStores.list(MARKET_SQUARE, 'any');
        expect(viaObjects.find((s) => s.slug === slug)?.is_open).toBe(store?.is_open);
        return store?.is_open;
      };
      expect(await openAt(-1)).toBe(false);
      expect(await openAt(0)).toBe(true);
      expect(await openAt(119_999)).toBe(true);
      expect(await openAt(120_000)).toBe(false);
      // A clock set back: the earlier minute again.
      expect(await openAt(60_000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a store that moves leaves the lists of its old place and joins those of the new one', async () => {
    const slug = 'smokestack-bbq';
    const id = await storeId(slug);
    // About 25 km north-east of the square: other cells of every grid.
    const far = { latitude: 40.62, longitude: -79.8 };
    const listedAt = async (point: typeof far) =>
      (await list(app, 'get-delivery-restaurants', point)).some((s) => s.slug === slug);
    const moveTo = async (point: typeof far) => {
      await app.db
        .updateTable('restaurants')
        .set({ latitude: point.latitude + 0.001, longitude: point.longitude, delivery_type: 3, delivery_radius_km: 3 })
        .where('id', '=', id)
        .execute();
      await app.nearbyStores.catchUp();
    };
    await moveTo(MARKET_SQUARE);
    expect(await listedAt(MARKET_SQUARE)).toBe(true);
    expect(await listedAt(far)).toBe(false);
    await moveTo(far);
    expect(await listedAt(MARKET_SQUARE)).toBe(false);
    expect(await listedAt(far)).toBe(true);
    for (const point of [MARKET_SQUARE, far]) {
      expect(await list(app, 'get-delivery-restaurants', point)).toEqual(await app.storesRepository.nearby(point, 'delivery'));
      expect(await list(app, 'get-selfpickup-restaurants', point)).toEqual(await app.storesRepository.nearby(point, 'selfpickup'));
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
