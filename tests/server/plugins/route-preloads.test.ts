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
import { preloadsFor, rankRoutePreloads, ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../../server/routes/route-preloads.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The app's route table as the build reads it, '/' included, each route's "files" naming the route. */
function appRoutePreloads(): RoutePreloads {
  const screensFile = path.resolve('src/app/screens.ts');
  const tableFile = path.resolve('src/app/more-routes.tsx');
  const table = readRouteTable({ fileName: tableFile, source: readFileSync(tableFile, 'utf8') }, readScreenModules(screensFile, readFileSync(screensFile, 'utf8')));
  return { routes: [{ path: '/', files: ['/'] }, ...table.map((route) => ({ path: route.path, files: [route.path] }))] };
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
    '/my-orders/FP-1/extra',
    '/nowhere/at/all',
  ];

  it.each(addresses)('%s', (address) => {
    const routerMatch = matchRoutes(routerRoutes, address)?.at(-1)?.route.path;
    expect(preloadsFor(patterns, address)).toEqual(routerMatch === undefined ? [] : [routerMatch]);
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
      routes: [
        { path: '/', files: [] },
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

  it('links the scripts as module preloads and the style sheets as style preloads, both in CORS mode as the app asks for them', async () => {
    const login = await open('/login?next=/checkout');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
    expect(login.headers.get('link')).toBe(
      '</assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low, </assets/auth-2.js>; rel=modulepreload; crossorigin; fetchpriority=low, ' +
        '</assets/auth-3.css>; rel=preload; as=style; crossorigin; fetchpriority=low',
    );
    expect((await open('/stores/riverton/nonna-lucia')).headers.get('link')).toBe(
      '</assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low, </assets/stores-4.js>; rel=modulepreload; crossorigin; fetchpriority=low',
    );
    expect((await open('/no/such/screen')).headers.get('link')).toBe('</assets/routes-1.js>; rel=modulepreload; crossorigin; fetchpriority=low');
  });

  it('links nothing at the home, nor on an API miss', async () => {
    expect((await open('/')).headers.has('link')).toBe(false);
    const apiMiss = await fetch(`${server.url}/public/api/no-such-call`, { method: 'POST' });
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.headers.has('link')).toBe(false);
  });

  it('follows a rebuild, and serves the page without links when the map is gone or unreadable', async () => {
    await writeMap({ routes: [{ path: '/login', files: ['/assets/auth-9.js'] }] });
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
