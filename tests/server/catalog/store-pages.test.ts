/**
 * One store: by slug or id (path parameters), its menu with add-ons, a single
 * item, whether it is open and delivers to a point, and its reviews.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, StoreDetail, StoreMenu, StoreOperationalStatus, StoreReviews } from '../../../src/api/entities.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };

describe.each(testDatabases())('store pages on $kind', ({ kind }) => {
  let t: TestApp;
  let idOf: (slug: string) => number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const rows = await t.db.selectFrom('restaurants').select(['id', 'slug']).execute();
    idOf = (slug) => Number(rows.find((row) => row.slug === slug)?.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('get-restaurant-info/{slug} and get-restaurant-info-by-id/{id} answer the same store', async () => {
    const bySlug = await injectCall(t.app, 'get-restaurant-info', {}, { params: { slug: 'nonna-lucia-trattoria' } });
    expect(bySlug.statusCode).toBe(200);
    const store = bySlug.json<StoreDetail>();
    expect(store).toMatchObject({
      slug: 'nonna-lucia-trattoria',
      delivery_radius_km: 8,
      timezone: 'America/New_York',
      distance: null,
    });
    expect(store.opening_hours).toContainEqual({ day: 5, opens: '17:00', closes: '22:30' });
    expect(store.categories_ids.length).toBeGreaterThan(0);
    const byId = await injectCall(t.app, 'get-restaurant-info-by-id', {}, { params: { id: String(store.id) } });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(store);
    // The spec sends these with no body at all.
    const bare = await t.app.inject({ method: 'POST', url: '/public/api/get-restaurant-info/nonna-lucia-trattoria' });
    expect(bare.statusCode).toBe(200);
  });

  it('an unknown slug or id is a 404; a malformed one a 400', async () => {
    const slug = await injectCall(t.app, 'get-restaurant-info', {}, { params: { slug: 'no-such-store' } });
    expect(slug.statusCode).toBe(404);
    expect(slug.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const name of ['get-restaurant-info-by-id', 'get-restaurant-items'] as const) {
      const missing = await injectCall(t.app, name, {}, { params: { id: '9999' } });
      expect(missing.statusCode, name).toBe(404);
      const malformed = await t.app.inject({ method: 'POST', url: `/public/api/${name}/abc`, payload: {} });
      expect(malformed.statusCode, name).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const badSlug = await t.app.inject({ method: 'POST', url: '/public/api/get-restaurant-info/Not%20A%20Slug', payload: {} });
    expect(badSlug.statusCode).toBe(400);
    const noParam = await t.app.inject({ method: 'POST', url: '/public/api/get-restaurant-info', payload: {} });
    expect(noParam.statusCode).toBe(404);
    const extraBody = await injectCall(t.app, 'get-restaurant-info', { surprise: 1 }, { params: { slug: 'nonna-lucia-trattoria' } });
    expect(extraBody.statusCode).toBe(400);
  });

  it('get-restaurant-items groups items by section, lists recommended ones, and gives add-ons where an item has them', async () => {
    const response = await injectCall(t.app, 'get-restaurant-items', {}, { params: { id: String(idOf('nonna-lucia-trattoria')) } });
    expect(response.statusCode).toBe(200);
    const menu = response.json<StoreMenu>();
    expect(menu.categories.map((c) => c.name)).toEqual(['Pizza', 'Pasta', 'Dolci']);
    expect(menu.recommended.map((i) => i.name)).toEqual(['Margherita', 'Diavola', 'Tagliatelle al Ragù']);
    const margherita = menu.categories[0]?.items.find((i) => i.name === 'Margherita');
    expect(margherita?.addon_categories.map((g) => [g.name, g.type, g.min_select, g.max_select])).toEqual([
      ['Pizza size', 'SINGLE', 1, 1],
      ['Extra toppings', 'MULTI', 0, 4],
    ]);
    expect(margherita?.addon_categories[0]?.addons).toEqual([
      { id: expect.any(Number), name: 'Regular 11"', price: 0 },
      { id: expect.any(Number), name: 'Large 14"', price: 400 },
    ]);
    const tiramisu = menu.categories[2]?.items[0];
    expect(tiramisu).toMatchObject({ name: 'Tiramisù', addon_categories: [], price: 750, is_veg: true });
  });

  it('get-single-item answers the item with its add-ons; an unknown id is a 404', async () => {
    const item = await t.db.selectFrom('items').select('id').where('name', '=', 'Double Smash Burger').executeTakeFirstOrThrow();
    const response = await injectCall(t.app, 'get-single-item', { id: Number(item.id) });
    expect(response.statusCode).toBe(200);
    const body = response.json<Item>();
    expect(body.addon_categories.map((g) => g.name)).toEqual(['Cook it', 'Add to your burger']);
    expect(body.addon_categories[1]?.max_select).toBeNull();
    expect((await injectCall(t.app, 'get-single-item', { id: 99999 })).statusCode).toBe(404);
    expect((await injectCall(t.app, 'get-single-item', { id: '1' })).statusCode).toBe(400);
    expect((await injectCall(t.app, 'get-single-item', {})).statusCode).toBe(400);
  });

  describe('get-restaurant-info-and-operational-status', () => {
    const status = async (slug: string, point = MARKET_SQUARE) => {
      const response = await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id: idOf(slug), ...point });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<StoreOperationalStatus>();
    };

    it('says whether the store delivers to the point', async () => {
      expect(await status('saffron-house')).toMatchObject({ delivers_to_location: true, distance: expect.any(Number) });
      // Self pickup only: never delivers.
      expect((await status('green-bowl-kitchen')).delivers_to_location).toBe(false);
      expect((await status('saffron-house', { latitude: 41, longitude: -79.9 })).delivers_to_location).toBe(false);
    });

    it('is_open follows the opening hours in the store time zone', async () => {
      const id = idOf('smokestack-bbq');
      await t.db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', id).execute();
      await t.db
        .insertInto('restaurant_opening_hours')
        .values([0, 1, 2, 3, 4, 5, 6].map((day) => ({ restaurant_id: id, day_of_week: day, opens_minute: 0, closes_minute: 1440 })))
        .execute();
      expect((await status('smokestack-bbq')).is_open).toBe(true);
      // Published hours, none of them today or yesterday: closed.
      const today = new Date().getUTCDay();
      const farDay = (today + 3) % 7;
      await t.db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', id).execute();
      await t.db.updateTable('restaurants').set({ timezone: 'UTC' }).where('id', '=', id).execute();
      await t.db.insertInto('restaurant_opening_hours').values({ restaurant_id: id, day_of_week: farDay, opens_minute: 600, closes_minute: 700 }).execute();
      expect((await status('smokestack-bbq')).is_open).toBe(false);
      const listed = (await injectCall(t.app, 'get-delivery-restaurants', MARKET_SQUARE)).json<{ slug: string; is_open: boolean }[]>();
      expect(listed.find((s) => s.slug === 'smokestack-bbq')?.is_open).toBe(false);
      // No published hours at all: open around the clock.
      await t.db.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', id).execute();
      expect((await status('smokestack-bbq')).is_open).toBe(true);
    });

    it('an unknown id is a 404 and a bad point a 400', async () => {
      const unknown = await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id: 9999, ...MARKET_SQUARE });
      expect(unknown.statusCode).toBe(404);
      const bad = await injectCall(t.app, 'get-restaurant-info-and-operational-status', { id: 1, latitude: 100, longitude: 0 });
      expect(bad.statusCode).toBe(400);
    });
  });

  it('get-store-reviews lists reviews newest first with the average they make', async () => {
    const response = await injectCall(t.app, 'get-store-reviews', { slug: 'nonna-lucia-trattoria' });
    expect(response.statusCode).toBe(200);
    const reviews = response.json<StoreReviews>();
    expect(reviews).toMatchObject({ restaurant: { slug: 'nonna-lucia-trattoria' }, avgRating: 4.7, reviews_count: 3 });
    expect(reviews.reviews.map((r) => r.user_name)).toEqual(['Hannah', 'Diego', 'Mei']);
    const times = reviews.reviews.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // A new review moves the aggregates everywhere the store shows.
    await t.db
      .insertInto('reviews')
      .values({ restaurant_id: idOf('nonna-lucia-trattoria'), user_id: null, rating: 1, comment: 'Cold.', created_at: new Date().toISOString() })
      .execute();
    const after = (await injectCall(t.app, 'get-store-reviews', { slug: 'nonna-lucia-trattoria' })).json<StoreReviews>();
    expect(after).toMatchObject({ avgRating: 3.8, reviews_count: 4 });
    expect(after.reviews[0]).toMatchObject({ rating: 1, user_name: 'A customer' });
    const info = (await injectCall(t.app, 'get-restaurant-info', {}, { params: { slug: 'nonna-lucia-trattoria' } })).json<StoreDetail>();
    expect(info).toMatchObject({ avgRating: 3.8, reviews_count: 4 });
  });

  it('a store without reviews has avgRating 0 and keeps its listed rating', async () => {
    const reviews = (await injectCall(t.app, 'get-store-reviews', { slug: 'saffron-house' })).json<StoreReviews>();
    expect(reviews).toMatchObject({ avgRating: 0, reviews_count: 0, reviews: [] });
    const info = (await injectCall(t.app, 'get-restaurant-info', {}, { params: { slug: 'saffron-house' } })).json<StoreDetail>();
    expect(info).toMatchObject({ avgRating: 0, rating: 4.6 });
    expect((await injectCall(t.app, 'get-store-reviews', { slug: 'nope' })).statusCode).toBe(404);
    expect((await injectCall(t.app, 'get-store-reviews', {})).statusCode).toBe(400);
  });
});
