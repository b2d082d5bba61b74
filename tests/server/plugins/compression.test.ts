/**
 * What crosses the wire: the built app's text files leave as the brotli or
 * gzip files the build wrote (vite.config.ts `precompress`), chosen by the
 * browser's Accept-Encoding, with the original Content-Type, the same cache
 * headers and `Vary: Accept-Encoding`; large API answers are compressed at
 * request time; the order-events stream is never compressed nor held back.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_PATH } from '../../../src/api/orders/limits.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { precompress } from '../../../vite.config.ts';
import { testDatabases } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { createCast, placeOrderFor, type Cast } from '../orders/lifecycle-support.ts';

const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** Repetitive enough that compression shows, long enough to be worth it. */
const INDEX_HTML = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root">FoodPilot shell</div></body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const STYLE = `${Array.from({ length: 200 }, (_, i) => `.c${i} { margin: ${i}px; }`).join('\n')}\n`;
const SERVICE_WORKER = `self.addEventListener("fetch", () => {});\n${'// precache entry\n'.repeat(200)}`;

/** A build folder as `vite build` leaves it, compressed by the build's own plugin. */
async function makeDist(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-compressed-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dist, 'sw.js'), SERVICE_WORKER);
  await fs.writeFile(path.join(dist, 'sw.js.map'), '{"version":3,"sources":[],"mappings":""}');
  await fs.writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'assets', 'sync-worker-4d5e6f.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'assets', 'app-1a2b3c.css'), STYLE);
  await fs.writeFile(path.join(dist, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const plugin = precompress();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root: dist, build: { outDir: '.' } } as ResolvedConfig);
  await (plugin.closeBundle as { handler: () => Promise<void> | void }).handler();
  return dist;
}

describe('the build writes brotli and gzip beside every text file', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await makeDist();
  });
  afterAll(async () => {
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('for HTML, JS (the workers too), CSS and sw.js, and they decode to the file', async () => {
    for (const file of ['index.html', 'sw.js', 'assets/app-1a2b3c.js', 'assets/sync-worker-4d5e6f.js', 'assets/app-1a2b3c.css']) {
      const original = await fs.readFile(path.join(dist, file));
      const br = await fs.readFile(path.join(dist, `${file}.br`));
      const gz = await fs.readFile(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length / 2);
    }
  });

  it('not for source maps or images', async () => {
    const files = await fs.readdir(dist, { recursive: true });
    expect(files.filter((file) => /\.map\.(?:br|gz)$|\.png\.(?:br|gz)$/.test(file))).toEqual([]);
  });
});

describe.each(testDatabases())('compressed answers on $kind', ({ kind }) => {
  let server: TestServer;
  let dist: string;
  let cast: Cast;
  beforeAll(async () => {
    dist = await makeDist();
    server = await startTestServer({ kind, distDir: dist });
  });
  beforeAll(async () => {
    cast = await createCast(server.app, server.db);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string | undefined, accept = '*/*') =>
    server.app.inject({ method: 'GET', url, headers: { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it.each([
    ['/assets/app-1a2b3c.js', 'assets/app-1a2b3c.js', 'javascript', 'public, max-age=31536000, immutable'],
    ['/assets/sync-worker-4d5e6f.js', 'assets/sync-worker-4d5e6f.js', 'javascript', 'public, max-age=31536000, immutable'],
    ['/assets/app-1a2b3c.css', 'assets/app-1a2b3c.css', 'text/css', 'public, max-age=31536000, immutable'],
    ['/sw.js', 'sw.js', 'javascript', 'no-cache'],
    ['/index.html', 'index.html', 'text/html', 'no-cache'],
  ])('%s: brotli to a browser that accepts it, gzip to one that only takes gzip, as is to one that takes neither', async (url, file, type, cacheControl) => {
    const original = await fs.readFile(path.join(dist, file));

    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain(type);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(cacheControl);
    // The build's file as it is (quality 11), not compressed again at request time.
    expect(br.rawPayload.equals(await fs.readFile(path.join(dist, `${file}.br`)))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain(type);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe(cacheControl);
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get(url, acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.rawPayload.equals(original)).toBe(true);
    }
  });

  it.each(['/', '/stores/riverton/beirut-grill', '/checkout'])('a navigation to %s gets the compressed app shell', async (url) => {
    const br = await get(url, 'br, gzip', HTML_ACCEPT);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);

    const gzip = await get(url, 'gzip', HTML_ACCEPT);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);

    const plain = await get(url, undefined, HTML_ACCEPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('a file the build did not compress (an image) goes as it is', async () => {
    const response = await get('/assets/logo.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
  });

  const call = (name: string, acceptEncoding: string | undefined) =>
    server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${name}`,
      headers: { 'content-type': 'application/json', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
      payload: {},
    });

  it('a large API answer (get-settings) is compressed, brotli first, and decodes to the same JSON', async () => {
    const plain = await call('get-settings', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await call('get-settings', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await call('get-settings', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('a store’s menu (get-restaurant-items) is compressed too', async () => {
    const store = await server.db.selectFrom('restaurants').select('id').where('slug', '=', 'nonna-lucia-trattoria').executeTakeFirstOrThrow();
    const url = `${API_PREFIX}/get-restaurant-items/${store.id}`;
    const plain = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: {} });
    expect(plain.statusCode).toBe(200);
    const br = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-encoding': 'br' }, payload: {} });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer (/version.json) is not worth compressing and goes as it is', async () => {
    const response = await get('/version.json', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('the order-events stream is neither compressed nor held back, whatever the client accepts', async () => {
    const order = await placeOrderFor(server.app, cast, cast.customer);
    const client = new AbortController();
    const response = await fetch(`${server.url}${ORDER_EVENTS_PATH}/${encodeURIComponent(order.unique_order_id)}?token=${encodeURIComponent(cast.customer.token)}`, {
      headers: { 'accept-encoding': 'br, gzip' },
      signal: client.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      // The first message arrives while the stream stays open: nothing waits in a compressor.
      const reader = response.body!.getReader();
      let text = '';
      const deadline = Date.now() + 5_000;
      while (!text.includes('event: tracking') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toMatch(/^retry: \d+\n\n/);
      expect(text).toContain('event: tracking');
      expect(text).toContain(order.unique_order_id);
    } finally {
      client.abort();
    }
  });
});
