/**
 * The store lists of the home screen on the seeded city of Riverton: delivery
 * and self pickup near a point, category filters, sliders, and the checks on
 * what comes in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_PICKUP_RADIUS_KM, type CategorySlide, type PromoSlides, type Store, type StoreCategory } from '../../../src/api/entities.ts';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/tables.ts';
import { distanceKm } from '../../../server/geo/distance.ts';
import { cardQueries } from '../../../server/nearby/store-cards.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };
/** About 6 km west of the square: inside some radii, not others. */
const EDGE_OF_TOWN = { latitude: 40.45, longitude: -80.07 };
const NOWHERE = { latitude: -45, longitude: 170 };

interface StoreFacts {
  id: number;
  slug: string;
  delivery_type: number;
  delivery_radius_km: number;
  latitude: number;
  longitude: number;
  is_active: number;
}

describe.each(testDatabases())('store lists on $kind', ({ kind }) => {
  let t: TestApp;
  let facts: StoreFacts[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    facts = (await t.db.selectFrom('restaurants').selectAll().execute()).map((row) => ({
      ...row,
      id: Number(row.id),
      delivery_type: Number(row.delivery_type),
      delivery_radius_km: Number(row.delivery_radius_km),
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectedDelivery = (point: typeof MARKET_SQUARE) =>
    facts
      .filter((s) => [1, 3].includes(s.delivery_type) && distanceKm(point, s) <= s.delivery_radius_km)
      .map((s) => s.slug)
      .sort();
  const expectedPickup = (point: typeof MARKET_SQUARE) =>
    facts
      .filter((s) => [2, 3].includes(s.delivery_type) && distanceKm(point, s) <= SELF_PICKUP_RADIUS_KM)
      .map((s) => s.slug)
      .sort();
  const list = async (name: 'get-delivery-restaurants' | 'get-selfpickup-restaurants', point: object) => {
    const response = await injectCall(t.app, name, point);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Store[]>();
  };

  it('delivery lists the stores whose radius holds the point; self pickup the pickup stores nearby', async () => {
    const delivery = await list('get-delivery-restaurants', MARKET_SQUARE);
    const pickup = await list('get-selfpickup-restaurants', MARKET_SQUARE);
    expect(delivery.map((s) => s.slug).sort()).toEqual(expectedDelivery(MARKET_SQUARE));
    expect(pickup.map((s) => s.slug).sort()).toEqual(expectedPickup(MARKET_SQUARE));
    expect(delivery.every((s) => s.delivery_type !== 2)).toBe(true);
    expect(pickup.every((s) => s.delivery_type !== 1)).toBe(true);
    // Both kinds of store exist, so the lists really differ.
    expect(delivery.some((s) => s.slug === 'saffron-house')).toBe(true);
    expect(pickup.some((s) => s.slug === 'saffron-house')).toBe(false);
    expect(pickup.some((s) => s.slug === 'green-bowl-kitchen')).toBe(true);
    expect(delivery.some((s) => s.slug === 'green-bowl-kitchen')).toBe(false);
  });

  it('at the edge of town only the stores whose radius reaches it deliver', async () => {
    const delivery = await list('get-delivery-restaurants', EDGE_OF_TOWN);
    const expected = expectedDelivery(EDGE_OF_TOWN);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(expectedDelivery(MARKET_SQUARE).length);
    expect(delivery.map((s) => s.slug).sort()).toEqual(expected);
  });

  it('a point outside every radius gets empty lists', async () => {
    expect(await list('get-delivery-restaurants', NOWHERE)).toEqual([]);
    expect(await list('get-selfpickup-restaurants', NOWHERE)).toEqual([]);
  });

  it('lists featured stores first, then by distance, with the distance in km to one decimal', async () => {
    const delivery = await list('get-delivery-restaurants', MARKET_SQUARE);
    const firstPlain = delivery.findIndex((s) => !s.is_featured);
    expect(delivery[0]?.is_featured).toBe(true);
    expect(delivery.slice(firstPlain).every((s) => !s.is_featured)).toBe(true);
    const plain = delivery.slice(firstPlain);
    for (const [index, store] of plain.entries()) {
      const exact = distanceKm(MARKET_SQUARE, store);
      expect(store.distance).toBe(Math.round(exact * 10) / 10);
      if (index > 0) expect(exact).toBeGreaterThanOrEqual(distanceKm(MARKET_SQUARE, plain[index - 1]!));
    }
  });

  it('gives every field of the store card', async () => {
    const [nonna] = await list('get-delivery-restaurants', MARKET_SQUARE);
    expect(nonna).toMatchObject({
      slug: 'nonna-lucia-trattoria',
      city: 'Riverton',
      is_active: true,
      is_featured: true,
      custom_featured_name: "Riverton's favourite",
      delivery_type: 3,
      price_range: 3800,
      delivery_time: 35,
      store_color: '#c0392b',
      reviews_count: 3,
      avgRating: 4.7,
      rating: 4.8,
    });
    expect(typeof nonna?.is_open).toBe('boolean');
    expect(nonna?.image).toMatch(/^\/public\/images\//);
  });

  it('lists an inactive store with is_active false', async () => {
    const delivery = await list('get-delivery-restaurants', MARKET_SQUARE);
    expect(delivery.find((s) => s.slug === 'golden-wok')).toMatchObject({ is_active: false });
  });

  it('a store without its own colour answers store_color null (the default tag colour)', async () => {
    await t.db.updateTable('restaurants').set({ store_color: null }).where('slug', '=', 'saffron-house').execute();
    const delivery = await list('get-delivery-restaurants', MARKET_SQUARE);
    expect(delivery.find((s) => s.slug === 'saffron-house')?.store_color).toBeNull();
  });

  it('get-filtered-restaurants keeps the stores of the chosen categories near the point', async () => {
    const categories = (await injectCall(t.app, 'get-all-restaurants-categories')).json<StoreCategory[]>();
    const pizza = categories.find((c) => c.name === 'Pizza & Pasta');
    const bakery = categories.find((c) => c.name === 'Bakery & Café');
    const response = await injectCall(t.app, 'get-filtered-restaurants', { ...MARKET_SQUARE, category_ids: [pizza?.id, bakery?.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json<Store[]>().map((s) => s.slug).sort()).toEqual(['morning-rise-bakery', 'nonna-lucia-trattoria']);
    const far = await injectCall(t.app, 'get-filtered-restaurants', { ...NOWHERE, category_ids: [pizza?.id] });
    expect(far.json()).toEqual([]);
  });

  it('get-all-restaurants-categories and get-restaurant-category-slides describe the categories', async () => {
    const categories = (await injectCall(t.app, 'get-all-restaurants-categories')).json<StoreCategory[]>();
    expect(categories).toHaveLength(10);
    const slides = (await injectCall(t.app, 'get-restaurant-category-slides')).json<CategorySlide[]>();
    expect(slides.length).toBeGreaterThan(0);
    const ids = new Set(categories.map((c) => c.id));
    for (const slide of slides) {
      expect(slide.categories_ids.length).toBeGreaterThan(0);
      expect(slide.categories_ids.every((id) => ids.has(id))).toBe(true);
    }
    expect(slides.find((s) => s.name === 'Burgers')?.categories_ids).toHaveLength(2);
  });

  it('promo-slider groups main and other slides, each with its slider position and size', async () => {
    const response = await injectCall(t.app, 'promo-slider', MARKET_SQUARE);
    expect(response.statusCode).toBe(200);
    const slides = response.json<PromoSlides>();
    expect(slides.mainSlides).toHaveLength(3);
    expect(slides.otherSlides).toHaveLength(2);
    expect(slides.mainSlides[0]).toMatchObject({
      url: '/stores/riverton/nonna-lucia-trattoria',
      data: { name: 'Pasta night', model: 'restaurant' },
      promo_slider: { position_id: 0, size: 4 },
    });
    expect(slides.otherSlides[0]?.promo_slider).toMatchObject({ position_id: 3, size: 3 });
    // Far from every store, no slide leads to a store that cannot serve you.
    const far = (await injectCall(t.app, 'promo-slider', NOWHERE)).json<PromoSlides>();
    expect(far).toEqual({ mainSlides: [], otherSlides: [] });
  });

  it.each([
    ['a missing longitude', { latitude: 40.44 }],
    ['a latitude as a string', { latitude: '40.44', longitude: -79.99 }],
    ['a latitude past the pole', { latitude: 91, longitude: -79.99 }],
    ['a longitude past the antimeridian', { latitude: 40.44, longitude: -180.5 }],
    ['an unknown field', { ...MARKET_SQUARE, radius: 50 }],
  ])('%s is a 400 VALIDATION_FAILED', async (_case, payload) => {
    for (const name of ['get-delivery-restaurants', 'get-selfpickup-restaurants', 'promo-slider'] as const) {
      const response = await injectCall(t.app, name, payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('get-filtered-restaurants needs at least one category id', async () => {
    for (const category_ids of [[], ['1'], [0]]) {
      const response = await injectCall(t.app, 'get-filtered-restaurants', { ...MARKET_SQUARE, category_ids });
      expect(response.statusCode).toBe(400);
    }
  });

  it('every query of the nearby engine\'s refresh is an index search, never a scan of a whole table', async () => {
    const queries = cardQueries(t.app);
    const ids = facts.slice(0, 3).map((store) => store.id);
    const compiled = {
      changedSince: queries.changedSince(10, 201).compile(),
      storesAfter: queries.storesAfter(ids[0] ?? 0, 1000).compile(),
      storesById: queries.storesById(ids).compile(),
      hours: queries.hours(ids).compile(),
      reviews: queries.reviews(ids).compile(),
      links: queries.links(ids).compile(),
    };
    const expectedIndex: Record<keyof typeof compiled, RegExp> = {
      changedSince: /catalog_changes_version_idx/,
      storesAfter: /restaurants_pkey|INTEGER PRIMARY KEY/,
      storesById: /restaurants_pkey|INTEGER PRIMARY KEY/,
      hours: /restaurant_opening_hours_pk|sqlite_autoindex_restaurant_opening_hours/,
      reviews: /reviews_restaurant_idx/,
      links: /restaurant_category_links_pk|sqlite_autoindex_restaurant_category_links/,
    };
    for (const [name, query] of Object.entries(compiled)) {
      const plan = await explain(t.db, kind, query);
      expect(plan, `${name}: ${plan}`).toMatch(expectedIndex[name as keyof typeof compiled]);
      // A whole-table scan: SQLite's "SCAN <table>" without an index, PostgreSQL's "Seq Scan".
      expect(plan, `${name}: ${plan}`).not.toMatch(/SCAN \w+(?! USING)( |$)|Seq Scan/m);
    }
  });
});

/**
 * The plan of a query, one line per step. PostgreSQL prefers a sequential scan
 * of a table this small whatever its indexes, so its plan is asked with
 * sequential scans priced out: the question is whether an index can serve
 * the query, which is what it will use once the tables are large.
 */
async function explain(db: Kysely<Database>, kind: string, query: CompiledQuery): Promise<string> {
  if (kind === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return plan.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
