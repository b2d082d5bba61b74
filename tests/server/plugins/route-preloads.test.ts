/**
 * The app shell's `Link` header (server/routes/route-preloads.ts): a cold
 * visit to an address is told the files of the screen there, matched as
 * React Router matches the route table.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { matchRoutes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRouteTable, readScreenModules } from '../../../build/route-table-source.ts';
import { matchRoute, rankRoutePreloads, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../../server/routes/route-preloads.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { postCall } from '../../support/api-client.ts';
import { DESKTOP_BREAKPOINT_PX } from '../../../src/api/constants.ts';
import type { PromoSlides } from '../../../src/api/entities.ts';

const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The app's route table as the build reads it, '/' included, each route's "files" naming the route. */
function appRoutePreloads(): RoutePreloads {
  const screensFile = path.resolve('src/app/screens.ts');
  const tableFile = path.resolve('src/app/more-routes.tsx');
  const table = readRouteTable({ fileName: tableFile, source: readFileSync(tableFile, 'utf8') }, readScreenModules(screensFile, readFileSync(screensFile, 'utf8')));
  return { document: [], routes: [{ path: '/', files: ['/'] }, ...table.map((route) => ({ path: route.path, files: [route.path] }))] };
}

/** Addresses each pattern stands for: its parameters filled, an optional one with and without, a splat empty and deep. */
function addressesOf(pattern: string): string[] {
  let addresses = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') addresses = addresses.flatMap((address) => [address, `${address}/orders/7`]);
    else if (segment.endsWith('?')) addresses = addresses.flatMap((address) => [address, `${address}/42`]);
    else if (segment.startsWith(':')) addresses = addresses.map((address) => `${address}/riverton`);
    else addresses = addresses.map((address) => `${address}/${segment}`);
  }
  return addresses.map((address) => address || '/');
}

describe('an address gets the route React Router would show there', () => {
  const preloads = appRoutePreloads();
  const patterns = rankRoutePreloads(preloads);
  const routerRoutes = preloads.routes.map((route) => ({ path: route.path }));
  const addresses = [
    ...preloads.routes.flatMap((route) => addressesOf(route.path)),
    '/LOGIN',
    '/login/',
    '/stores/nonna-lucia',
    '/stores/riverton/nonna-lucia/12',
    '/stores/a/b/c/d',
    '/stores/riverton/caf%C3%A9%20d%C3%A9j%C3%A0',
    '/my-orders/FP-1/extra',
    '/nowhere/at/all',
  ];

  it.each(addresses)('%s', (address) => {
    const routerMatch = matchRoutes(routerRoutes, address)?.at(-1);
    const ours = matchRoute(patterns, address);
    expect(ours?.files).toEqual(routerMatch && [routerMatch.route.path]);
    if (!routerMatch || !ours) return;
    const { '*': _splat, ...routerParams } = routerMatch.params;
    expect(ours.params).toEqual(routerParams);
  });
});

describe('the app shell at an address', () => {
  let server: TestServer;
  let dist: string;
  const mapFile = () => path.join(dist, ROUTE_PRELOADS_FILE);
  const writeMap = (preloads: RoutePreloads) => fs.writeFile(mapFile(), JSON.stringify(preloads));

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-preloads-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    await writeMap({
      document: ['/assets/runtime-0.js', '/assets/first-route-0.js', '/assets/first-route-0.css'],
      routes: [
        { path: '/', files: ['/assets/dock-5.js'] },
        { path: '/login', files: ['/assets/routes-1.js', '/assets/auth-2.js', '/assets/auth-3.css'] },
        { path: '/stores/:city/:restaurant', files: ['/assets/routes-1.js', '/assets/stores-4.js'] },
        { path: '/*', files: ['/assets/routes-1.js'] },
      ],
    });
    server = await startTestServer({ seed: false, distDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const open = (url: string) => fetch(`${server.url}${url}`, { headers: { accept: HTML_ACCEPT } });
  const documentFiles =
    '</assets/runtime-0.js>; rel=modulepreload; crossorigin, </assets/first-route-0.js>; rel=modulepreload; crossorigin, ' +
    '</assets/first-route-0.css>; rel=preload; as=style; crossorigin';

  it("links the document's own files first at their usual priority, then the screen's at low: scripts and style sheets, in CORS mode as the page asks for them", async () => {
    const login = await open('/login?next=/checkout');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
    expect(login.headers.get('link')).toBe(
      `${documentFiles}, </assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low, </assets/auth-2.js>; rel=modulepreload; crossorigin; fetchpriority=low, ` +
        '</assets/auth-3.css>; rel=preload; as=style; crossorigin; fetchpriority=low',
    );
    expect((await open('/stores/riverton/nonna-lucia')).headers.get('link')).toBe(
      `${documentFiles}, </assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low, </assets/stores-4.js>; rel=modulepreload; crossorigin; fetchpriority=low`,
    );
    expect((await open('/no/such/screen')).headers.get('link')).toBe(`${documentFiles}, </assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low`);
  });

  it('links at the home what paints with every screen, and nothing on an API miss', async () => {
    expect((await open('/')).headers.get('link')).toBe(`${documentFiles}, </assets/dock-5.js>; rel=modulepreload; crossorigin; fetchpriority=low`);
    const apiMiss = await fetch(`${server.url}/public/api/no-such-call`, { method: 'POST' });
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.headers.has('link')).toBe(false);
  });

  it('follows a rebuild, and serves the page without links when the map is gone or unreadable', async () => {
    await writeMap({ document: [], routes: [{ path: '/login', files: ['/assets/auth-9.js'] }] });
    // A rebuild within the same millisecond as the first write would look unchanged.
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(mapFile(), later, later);
    expect((await open('/login')).headers.get('link')).toBe('</assets/auth-9.js>; rel=modulepreload; crossorigin; fetchpriority=low');

    await fs.writeFile(mapFile(), '{ not json');
    await fs.utimes(mapFile(), new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
    const unreadable = await open('/login');
    expect(unreadable.status).toBe(200);
    expect(unreadable.headers.has('link')).toBe(false);

    await fs.rm(mapFile());
    const missing = await open('/login');
    expect(missing.status).toBe(200);
    expect(missing.headers.has('link')).toBe(false);
  });
});

describe("a store's page", () => {
  let server: TestServer;
  let dist: string;
  const open = (url: string) => fetch(`${server.url}${url}`, { headers: { accept: HTML_ACCEPT } });
  const storeCode = '</assets/stores-4.js>; rel=modulepreload; crossorigin; fetchpriority=low';
  const setImage = (slug: string, image: string) => server.db.updateTable('restaurants').set({ image }).where('slug', '=', slug).execute();

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-preloads-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    const files = ['/assets/stores-4.js'];
    await fs.writeFile(
      path.join(dist, ROUTE_PRELOADS_FILE),
      JSON.stringify({
        document: [],
        routes: [
          { path: '/stores/:restaurant', files },
          { path: '/stores/:city/:restaurant', files },
          { path: '/stores/:city/:restaurant/:id', files },
          { path: '/login', files: ['/assets/auth-2.js'] },
        ],
      } satisfies RoutePreloads),
    );
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('also preloads the store\'s header image, at every address of the page, and that image is there to fetch', async () => {
    const store = await server.db.selectFrom('restaurants').select(['slug', 'city', 'image']).orderBy('id').executeTakeFirstOrThrow();
    expect(store.image).toMatch(/^\/public\/images\//);
    const withImage = `${storeCode}, <${store.image}>; rel=preload; as=image`;
    expect((await open(`/stores/${store.city}/${store.slug}`)).headers.get('link')).toBe(withImage);
    expect((await open(`/stores/${store.slug}`)).headers.get('link')).toBe(withImage);
    expect((await open(`/stores/-/${store.slug}/12`)).headers.get('link')).toBe(withImage);

    const image = await fetch(`${server.url}${store.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // Not a store's page: no store is looked up.
    expect((await open('/login')).headers.get('link')).toBe('</assets/auth-2.js>; rel=modulepreload; crossorigin; fetchpriority=low');
  });

  it('preloads only the code for an unknown store, a store without an image, or an image address that could break the header', async () => {
    expect((await open('/stores/riverton/no-such-store')).headers.get('link')).toBe(storeCode);

    const { slug } = await server.db.selectFrom('restaurants').select('slug').orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const image of ['', '/x.svg>; rel=preload; as=script, </evil.js', '/a b.svg', '//elsewhere.example/x.svg', 'javascript:alert(1)', '/caf\u00e9.svg']) {
      await setImage(slug, image);
      const page = await open(`/stores/riverton/${slug}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('link'), image).toBe(storeCode);
    }
    await setImage(slug, 'https://cdn.example/stores/x.webp?w=640');
    expect((await open(`/stores/riverton/${slug}`)).headers.get('link')).toBe(`${storeCode}, <https://cdn.example/stores/x.webp?w=640>; rel=preload; as=image`);
  });
});

describe('the home', () => {
  let server: TestServer;
  let dist: string;
  const homeCode = '</assets/dock-5.js>; rel=modulepreload; crossorigin; fetchpriority=low';
  const homeLinks = async () => (await fetch(`${server.url}/`, { headers: { accept: HTML_ACCEPT } })).headers.get('link');
  /** The first main slide's image that the promo-slider call answers at the primary location: what a first visit's mobile home paints first. */
  const firstVisitBanner = async () => {
    const primary = await server.db.selectFrom('popular_locations').select(['latitude', 'longitude']).where('is_default', '=', 1).executeTakeFirstOrThrow();
    const answer = await postCall(server.url, 'promo-slider', { latitude: Number(primary.latitude), longitude: Number(primary.longitude) });
    expect(answer.status).toBe(200);
    return (answer.body as PromoSlides).mainSlides[0]?.data.image;
  };
  const bannerLink = (image: string) => `<${image}>; rel=preload; as=image; media="(max-width: ${DESKTOP_BREAKPOINT_PX}px)"`;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-preloads-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    await fs.writeFile(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify({ document: [], routes: [{ path: '/', files: ['/assets/dock-5.js'] }] } satisfies RoutePreloads));
    server = await startTestServer({ distDir: dist });
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("preloads, on a phone's viewport only, the promo banner a first visit's home shows first, and that image is there to fetch", async () => {
    const banner = await firstVisitBanner();
    expect(banner).toMatch(/^\/public\/images\//);
    expect(await homeLinks()).toBe(`${homeCode}, ${bannerLink(banner!)}`);
    const image = await fetch(`${server.url}${banner}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('follows the catalogue: the next slide once the first moves back, none without a main slider or a primary location', async () => {
    const before = await firstVisitBanner();
    const first = await server.db.selectFrom('promo_slides').select(['id', 'promo_slider_id']).where('image', '=', before!).executeTakeFirstOrThrow();
    await server.db.updateTable('promo_slides').set({ sort_order: 999 }).where('id', '=', first.id).execute();
    const after = await firstVisitBanner();
    expect(after).toMatch(/^\/public\/images\//);
    expect(after).not.toBe(before);
    expect(await homeLinks()).toBe(`${homeCode}, ${bannerLink(after!)}`);

    await server.db.updateTable('promo_sliders').set({ is_active: 0 }).where('is_main', '=', 1).execute();
    expect(await firstVisitBanner()).toBeUndefined();
    expect(await homeLinks()).toBe(homeCode);

    await server.db.updateTable('promo_sliders').set({ is_active: 1 }).execute();
    await server.db.updateTable('popular_locations').set({ is_default: 0 }).execute();
    const page = await fetch(`${server.url}/`, { headers: { accept: HTML_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toBe(homeCode);
  });
});
