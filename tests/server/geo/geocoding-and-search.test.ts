/**
 * coordinate-to-address from the embedded gazetteer (no network needed), and
 * search among the stores that serve a point.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '../../../src/api/entities.ts';
import { formatAddress, nearestWorldPlace } from '../../../server/geo/gazetteer.ts';
import { createNominatimGeocoder, createOfflineGeocoder, withFallback } from '../../../server/geo/reverse-geocoder.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };

describe.each(testDatabases())('coordinate-to-address and search on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const address = async (lat: number, lng: number) => {
    const response = await injectCall(t.app, 'coordinate-to-address', { lat, lng });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    return response.json<string>();
  };

  it('a point near a popular location or a street of Riverton names it', async () => {
    expect(await address(40.4407, -79.996)).toBe('Market Square, Riverton');
    expect(await address(40.4632, -79.9824)).toBe('Mill Street, Old Mill District, Riverton');
    expect(await address(40.447, -80.0101)).toBe('Riverside Park');
  });

  it('a point far away names the nearest real place, and answers with no network at all', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await address(48.8584, 2.2945)).toBe('Paris, Île-de-France, France');
    expect(await address(34.69, 135.49)).toBe('Osaka, Japan');
    expect(await address(-33.87, 151.2)).toBe('Sydney, New South Wales, Australia');
    // Mid-Atlantic: still an answer, marked as near.
    expect(await address(30, -40)).toMatch(/^Near /);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('out-of-range or missing coordinates are a 400', async () => {
    expect((await injectCall(t.app, 'coordinate-to-address', { lat: 91, lng: 0 })).statusCode).toBe(400);
    expect((await injectCall(t.app, 'coordinate-to-address', { lat: 0 })).statusCode).toBe(400);
    expect((await injectCall(t.app, 'coordinate-to-address', { latitude: 0, longitude: 0 })).statusCode).toBe(400);
  });

  describe('search-restaurants', () => {
    const search = async (q: string, point = MARKET_SQUARE) => {
      const response = await injectCall(t.app, 'search-restaurants', { q, ...point });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResults>();
    };

    it('finds a store by name, whatever the case', async () => {
      const results = await search('tokyo TIDE');
      expect(results.restaurants.map((s) => s.slug)).toEqual(['tokyo-tide-sushi-bar']);
      expect(results.restaurants[0]?.distance).toEqual(expect.any(Number));
    });

    it('finds items by name with the store they come from', async () => {
      const results = await search('burger');
      expect(results.restaurants.map((s) => s.slug)).toContain('riverside-burger-co');
      const names = results.items.map((i) => i.name);
      expect(names).toEqual(expect.arrayContaining(['Double Smash Burger', 'Bacon Jam Burger', 'Halloumi Burger']));
      expect(results.items.find((i) => i.name === 'Halloumi Burger')?.restaurant).toMatchObject({ slug: 'riverside-burger-co', city: 'Riverton' });
      expect(results.items.find((i) => i.name === 'Double Smash Burger')?.addon_categories.length).toBe(2);
    });

    it('forgives a typo and a plural, and finds dishes by their menu section ("pizza" finds the Margherita)', async () => {
      expect((await search('margherta')).items.map((i) => i.name)).toContain('Margherita');
      expect((await search('burgers')).items.map((i) => i.name)).toContain('Halloumi Burger');
      const pizzas = await search('pizza');
      expect(pizzas.items.map((i) => i.name)).toContain('Margherita');
      expect(pizzas.restaurants.map((s) => s.slug)).toContain('nonna-lucia-trattoria');
    });

    it('answers empty lists when nothing matches, or nothing serves the point', async () => {
      expect(await search('zzz-no-such-dish')).toEqual({ restaurants: [], items: [] });
      expect(await search('burger', { latitude: -45, longitude: 170 })).toEqual({ restaurants: [], items: [] });
      // LIKE wildcards are text, not patterns.
      expect(await search('%')).toEqual({ restaurants: [], items: [] });
    });

    it('an empty or missing query is a 400', async () => {
      expect((await injectCall(t.app, 'search-restaurants', { q: '', ...MARKET_SQUARE })).statusCode).toBe(400);
      expect((await injectCall(t.app, 'search-restaurants', MARKET_SQUARE)).statusCode).toBe(400);
    });
  });
});

describe('gazetteer and geocoder adapters', () => {
  it('names the nearest real place when no local entry is close', () => {
    expect(formatAddress({ latitude: 40.35, longitude: -79.86 })).toBe('McKeesport, Pennsylvania, United States');
    expect(nearestWorldPlace({ latitude: 51.5, longitude: -0.12 }).address).toBe('London, England, United Kingdom');
  });

  it('an online provider that fails falls back to the gazetteer', async () => {
    const online = createNominatimGeocoder({ userAgent: 'test', baseUrl: 'http://127.0.0.1:9' });
    const offline = createOfflineGeocoder(async () => []);
    const errors: unknown[] = [];
    const geocoder = withFallback(online, offline, (error) => errors.push(error));
    expect(await geocoder.reverse({ latitude: 40.4406, longitude: -79.9959 })).toBe('Market Street, Riverton');
    expect(errors).toHaveLength(1);
  });
});
