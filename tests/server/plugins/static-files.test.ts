/**
 * Serving the built web app: the SPA fallback for app routes, JSON 404 for
 * API paths, and cache headers that let a new release reach users (index.html
 * and sw.js revalidate; hashed assets are immutable).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const INDEX_HTML = '<!doctype html><html><body><div id="root">FoodPilot shell</div></body></html>';
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function makeDist(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(dist, 'assets', 'x.js'), 'console.log("x");');
  return dist;
}

describe.each(testDatabases())('static files on $kind', ({ kind }) => {
  let server: TestServer;
  let emptyServer: TestServer;
  let dist: string;
  let emptyDist: string;
  beforeAll(async () => {
    dist = await makeDist();
    emptyDist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-nodist-'));
    server = await startTestServer({ kind, seed: false, distDir: dist });
    emptyServer = await startTestServer({ kind, seed: false, distDir: emptyDist });
  });
  afterAll(async () => {
    await server?.close();
    await emptyServer?.close();
    await fs.rm(dist, { recursive: true, force: true });
    await fs.rm(emptyDist, { recursive: true, force: true });
  });

  const get = (base: TestServer, urlPath: string, accept = HTML_ACCEPT) =>
    fetch(`${base.url}${urlPath}`, { headers: { accept } });

  it('serves index.html at / without caching it', async () => {
    const response = await get(server, '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('FoodPilot shell');
  });

  it('/index.html and /sw.js must revalidate every time', async () => {
    for (const file of ['/index.html', '/sw.js']) {
      const response = await get(server, file, '*/*');
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('hashed assets are immutable for a year', async () => {
    const response = await get(server, '/assets/x.js', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/stores/riverton/beirut-grill', '/delivery/orders/ABC-1', '/my-account'])(
    'a browser navigation to the app route %s gets the app shell',
    async (route) => {
      const response = await get(server, route);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('FoodPilot shell');
    },
  );

  it('a missing asset fetched by a script is a 404, not HTML', async () => {
    const response = await get(server, '/assets/missing-chunk.js', '*/*');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it.each(['/public/api/get-settings', '/public/api/nothing', '/docs/nothing', '/version.json/extra'])(
    'the API path %s answers JSON 404 even to a browser',
    async (urlPath) => {
      const response = await get(server, urlPath);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('without a build, / explains to run npm run build (503)', async () => {
    const response = await get(emptyServer, '/');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('npm run build');
  });

  it('without a build, the API still answers', async () => {
    const response = await fetch(`${emptyServer.url}/version.json`);
    expect(response.status).toBe(200);
  });
});
