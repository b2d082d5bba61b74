/**
 * search-places: popular locations first, then real places from the embedded
 * gazetteer (no network needed), case- and accent-insensitive, nearer the
 * point first; and the online geocoder adapter against a fake Nominatim on
 * 127.0.0.1, with the gazetteer as its fallback.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLACE_SEARCH_LIMIT, type Place } from '../../../src/api/entities.ts';
import type { ApiError } from '../../../src/api/errors.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { createGazetteerPlaceSearcher, createNominatimPlaceSearcher, createPlaceSearch } from '../../../server/geo/place-search.ts';
import { seedDemo } from '../../../server/seed/seed-demo.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { testConfig } from '../../support/test-server.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };
const WASHINGTON_DC = { latitude: 38.9, longitude: -77.03 };

async function searchOn(app: FastifyInstance, body: Record<string, unknown>): Promise<Place[]> {
  const response = await injectCall(app, 'search-places', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Place[]>();
}

describe.each(testDatabases())('search-places on $kind', ({ kind }) => {
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

  const search = (q: string, point?: { latitude: number; longitude: number }) => searchOn(t.app, { q, ...point });
  const names = (places: Place[]) => places.map((place) => place.name);

  it('finds real places by the start of their name or of a word, with no network at all', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network')));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await search('pitts')).toEqual([
      { name: 'Pittsburgh, Pennsylvania, United States', latitude: 40.4406, longitude: -79.9959, kind: 'place' },
    ]);
    expect(names(await search('york'))).toEqual(['New York, United States']);
    expect(names(await search('new yo'))).toEqual(['New York, United States']);
    // Region and country words count too, after names.
    expect(names(await search('paris france'))).toEqual(['Paris, Île-de-France, France']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores case and accents both ways', async () => {
    expect(names(await search('SAO PAULO'))).toEqual(['São Paulo, Brazil']);
    expect(names(await search('reykjavik'))).toEqual(['Reykjavík, Capital Region, Iceland']);
    expect(names(await search('Zürich'))).toEqual(['Zurich, Switzerland']);
    expect(names(await search('bogota'))).toEqual(['Bogotá, Colombia']);
  });

  it('lists matching popular locations first, then the streets and places of the gazetteer', async () => {
    const places = await search('riverton');
    expect(places[0]).toEqual({ name: 'Market Square, Riverton', ...MARKET_SQUARE, kind: 'popular' });
    expect(places.slice(1).every((place) => place.kind === 'place')).toBe(true);
    expect(names(places)).toContain('Mill Street, Old Mill District, Riverton');

    // A popular location, a street named Mill, then a street in a district named Mill.
    expect(names(await search('mill'))).toEqual([
      'Old Mill District',
      'Mill Street, Old Mill District, Riverton',
      'Baker Lane, Old Mill District, Riverton',
    ]);
    expect((await search('harbor')).map((place) => place.kind)).toEqual(['popular', 'place', 'place']);
  });

  it('answers a popular location an administrator just added', async () => {
    await t.db.insertInto('popular_locations').values({ name: 'Zürich Lakeside', latitude: 47.36, longitude: 8.54, is_default: 0 }).execute();
    try {
      expect(await search('zurich')).toEqual([
        { name: 'Zürich Lakeside', latitude: 47.36, longitude: 8.54, kind: 'popular' },
        { name: 'Zurich, Switzerland', latitude: 47.3769, longitude: 8.5417, kind: 'place' },
      ]);
    } finally {
      await t.db.deleteFrom('popular_locations').where('name', '=', 'Zürich Lakeside').execute();
    }
  });

  it('ranks equally good matches nearer the point first', async () => {
    const pennsylvania = 'Washington, Pennsylvania, United States';
    const capital = 'Washington, District of Columbia, United States';
    // Seattle is in the state of Washington: a region match, after both names.
    const seattle = 'Seattle, Washington, United States';
    expect(names(await search('washington', MARKET_SQUARE))).toEqual([pennsylvania, capital, seattle]);
    expect(names(await search('washington', WASHINGTON_DC))).toEqual([capital, pennsylvania, seattle]);
    // With no point, by name.
    expect(names(await search('washington'))).toEqual([capital, pennsylvania, seattle]);
    // A better match still comes first, however far: a name before a region.
    const near = names(await search('pennsylvania', { latitude: 40.17, longitude: -80.25 }));
    expect(near[0]).toBe('Washington, Pennsylvania, United States');
  });

  it('answers at most 20 places', async () => {
    const places = await search('united');
    expect(places).toHaveLength(PLACE_SEARCH_LIMIT);
    // Nearest first around Pittsburgh: the towns of the gazetteer before New York.
    expect((await search('united', MARKET_SQUARE))[0]?.name).toBe('Pittsburgh, Pennsylvania, United States');
  });

  it('a query of only spaces or punctuation finds nothing', async () => {
    expect(await search('  ')).toEqual([]);
    expect(await search('%,.')).toEqual([]);
    expect(await search('zzz-no-such-place')).toEqual([]);
  });

  it('bad input is a 400 with a message and a code', async () => {
    const bad = async (body: unknown) => {
      const response = await injectCall(t.app, 'search-places', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<ApiError>();
      expect(error).toMatchObject({ message: expect.any(String), code: 'VALIDATION_FAILED' });
      return error;
    };
    await bad({ q: '' });
    await bad({ q: 'x'.repeat(101) });
    await bad({});
    await bad({ q: 7 });
    await bad({ q: 'paris', latitude: 91, longitude: 0 });
    await bad({ q: 'paris', latitude: 40, longitude: -181 });
    await bad({ q: 'paris', lat: 40, lng: 2 });
    expect((await bad({ q: 'paris', latitude: 40 })).message).toMatch(/together/);
    expect((await injectCall(t.app, 'search-places', { q: 'x'.repeat(100) })).statusCode).toBe(200);
  });
});

/** A fake Nominatim: answers /search with what the test sets, records each request. */
class FakeNominatim {
  readonly requests: { url: URL; userAgent: string | undefined }[] = [];
  status = 200;
  answer: unknown = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request: IncomingMessage, response) => {
      this.requests.push({ url: new URL(request.url ?? '/', 'http://fake'), userAgent: request.headers['user-agent'] });
      response.writeHead(this.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(this.answer));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('the online geocoder (GEOCODER=nominatim) against a fake Nominatim', () => {
  const fake = new FakeNominatim();
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await fake.start();
    database = await createTestDatabase('sqlite');
    app = await buildApp({ ...testConfig(database), geocoder: 'nominatim', geocoderUrl: baseUrl });
    await app.ready();
    await seedDemo(app.db, database.dataDir);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await fake.stop();
  });

  it('is configured from GEOCODER and GEOCODER_URL', () => {
    expect(loadConfig({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://geo.internal:8088' }, '/srv')).toMatchObject({
      geocoder: 'nominatim',
      geocoderUrl: 'http://geo.internal:8088',
    });
    expect(loadConfig({}, '/srv')).toMatchObject({ geocoder: 'offline', geocoderUrl: undefined });
  });

  it('answers popular locations first, then the provider places, asking near the point', async () => {
    fake.status = 200;
    fake.answer = [
      { display_name: 'Market Street, Downtown, Pittsburgh, Allegheny County, Pennsylvania, United States', lat: '40.4418', lon: '-79.9990' },
      { display_name: 'broken', lat: 'north', lon: '0' },
      { lat: '1', lon: '2' },
    ];
    const places = await searchOn(app, { q: 'market', ...MARKET_SQUARE });
    expect(places).toEqual([
      { name: 'Market Square, Riverton', ...MARKET_SQUARE, kind: 'popular' },
      { name: 'Market Street, Downtown, Pittsburgh, Allegheny County, Pennsylvania, United States', latitude: 40.4418, longitude: -79.999, kind: 'place' },
    ]);
    const request = fake.requests.at(-1);
    expect(request?.url.pathname).toBe('/search');
    expect(request?.url.searchParams.get('q')).toBe('market');
    expect(request?.url.searchParams.get('format')).toBe('jsonv2');
    expect(request?.url.searchParams.get('limit')).toBe(String(PLACE_SEARCH_LIMIT - 1));
    expect(request?.url.searchParams.get('viewbox')).toBe('-80.4959,40.9406,-79.4959,39.9406');
    expect(request?.userAgent).toMatch(/FoodPilot/);
  });

  it('falls back to the gazetteer when the provider fails or finds nothing', async () => {
    fake.status = 503;
    expect(await searchOn(app, { q: 'pittsburgh' })).toEqual([
      { name: 'Pittsburgh, Pennsylvania, United States', latitude: 40.4406, longitude: -79.9959, kind: 'place' },
    ]);
    fake.status = 200;
    fake.answer = [];
    expect((await searchOn(app, { q: 'osaka' })).map((place) => place.name)).toEqual(['Osaka, Japan']);
    fake.answer = { error: 'not a list' };
    expect((await searchOn(app, { q: 'osaka' })).map((place) => place.name)).toEqual(['Osaka, Japan']);
  });

  it('the adapters on their own: an unreachable provider throws, and the search says so and answers', async () => {
    const unreachable = createNominatimPlaceSearcher({ userAgent: 'test', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    await expect(unreachable.search({ text: 'paris', limit: 5 })).rejects.toThrow();
    const errors: unknown[] = [];
    const search = createPlaceSearch({ popular: async () => [], online: unreachable, onError: (error) => errors.push(error) });
    expect(await search.search({ text: 'paris', limit: 5 })).toEqual([
      { name: 'Paris, Île-de-France, France', latitude: 48.8566, longitude: 2.3522, kind: 'place' },
    ]);
    expect(errors).toHaveLength(1);
    expect(await createGazetteerPlaceSearcher().search({ text: 'a', limit: 3 })).toHaveLength(3);
  });
});
