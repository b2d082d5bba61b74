/**
 * Browser security headers (issue 13, row 5), through the real app: the CSP
 * allows the built index.html's inline pre-boot script by its hash (read from
 * the served file, again after a new build), payment providers' origins only
 * while their gateway is on, image origins from the settings; the console,
 * the API and files refuse every frame while the customer app's pages allow
 * only this origin (the landing's phone preview); HSTS only for HTTPS through
 * a trusted proxy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { parseTrustProxy } from '../../../server/config.ts';
import { inlineScriptHashes } from '../../../server/plugins/security-headers.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { testConfig } from '../../support/test-server.ts';

const PRE_BOOT = `
      (function () { document.documentElement.dataset.preboot = 'ran'; })();
    `;

function indexHtml(script: string): string {
  return `<!doctype html><html><head><title>t</title><style>body{margin:0}</style>
    <script>${script}</script>
    <script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foodpilot-headers-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml(PRE_BOOT));
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1);');
  return dir;
}

/** The CSP as directive name → its sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

const html = { accept: 'text/html,application/xhtml+xml' };

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, and skips scripts with src', () => {
    expect(inlineScriptHashes(indexHtml(PRE_BOOT))).toEqual([sha256(PRE_BOOT)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT type="module">x()</SCRIPT>')).toEqual([sha256('x()')]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; true, hops or addresses otherwise; nonsense stops the server', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1,10.0.0.0/8');
    const hops = parseTrustProxy('1');
    expect(typeof hops === 'function' && [hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => parseTrustProxy('<script>')).toThrow(/TRUST_PROXY/);
  });
});

describe.each(testDatabases())('security headers on $kind', ({ kind }) => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = makeDist();
    t = await buildTestApp(kind, {
      distDir,
      payments: {
        stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' },
        razorpay: { keyId: 'rzp_test_x', keySecret: 'secret', apiUrl: 'https://api.razorpay.com' },
        paytm: { mid: 'MID123', merchantKey: '0123456789abcdef', website: 'WEBSTAGING', apiUrl: 'https://securegw-stage.paytm.in' },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('the home page: CSP with the pre-boot script by hash, framable by this origin only, nosniff, referrer and permissions policies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    const csp = policyOf(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", sha256(PRE_BOOT)]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();

    // An app route the landing's frame may load (a reload inside the preview).
    const store = await t.app.inject({ method: 'GET', url: '/stores/riverton/anything', headers: html });
    expect(policyOf(store.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('the console, the driver area, an API answer, an image and sw.js refuse every frame', async () => {
    const labels = ['/admin/orders', '/delivery/login', 'get-settings', '/sw.js', 'unknown API path'];
    const answers = [
      await t.app.inject({ method: 'GET', url: '/admin/orders', headers: html }),
      await t.app.inject({ method: 'GET', url: '/delivery/login', headers: html }),
      await t.app.inject({ method: 'POST', url: '/public/api/get-settings', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/sw.js' }),
      await t.app.inject({ method: 'GET', url: '/public/api/nothing-here' }),
    ];
    for (const [index, response] of answers.entries()) {
      expect(response.statusCode, labels[index]).toBeLessThan(500);
      const csp = policyOf(response.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
    }
    // The console's page is the app shell: same scripts as the home, no frame.
    expect(answers[0]?.statusCode).toBe(200);
    expect(policyOf(answers[0]?.headers['content-security-policy']).get('script-src')).toContain(sha256(PRE_BOOT));
    // The service worker's policy is its script's: it may fetch this origin.
    expect(answers[3]?.statusCode).toBe(200);
    expect(policyOf(answers[3]?.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
  });

  it('a new build with another pre-boot script: the hash follows the file the server serves', async () => {
    const other = "document.documentElement.lang = 'ar';";
    const indexFile = path.join(distDir, 'index.html');
    fs.writeFileSync(indexFile, indexHtml(other));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(indexFile, later, later);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(response.body).toContain(other);
      expect(policyOf(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'", sha256(other)]);
    } finally {
      fs.writeFileSync(indexFile, indexHtml(PRE_BOOT));
    }
  });

  it("a payment provider's origins appear only while its gateway is on", async () => {
    const scriptSrc = async () =>
      policyOf((await t.app.inject({ method: 'GET', url: '/checkout', headers: html })).headers['content-security-policy']);
    let csp = await scriptSrc();
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(csp.get(name)?.join(' ')).not.toMatch(/stripe|razorpay|paytm/);
    }

    await t.app.settingsRepository.set('stripeEnabled', 'true');
    csp = await scriptSrc();
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toContain('https://js.stripe.com');
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(csp.get('script-src')?.join(' ')).not.toMatch(/razorpay|paytm/);

    await t.app.settingsRepository.setMany([
      { key: 'stripeEnabled', value: 'false' },
      { key: 'razorpayEnabled', value: 'true' },
      // Paytm is on but charges only INR: not offered in USD, so not in the policy.
      { key: 'paytmEnabled', value: 'true' },
    ]);
    csp = await scriptSrc();
    expect(csp.get('script-src')).toContain('https://checkout.razorpay.com');
    expect(csp.get('frame-src')).toContain('https://api.razorpay.com');
    expect(csp.get('script-src')?.join(' ')).not.toMatch(/stripe|paytm/);

    await t.app.settingsRepository.setMany([
      { key: 'razorpayEnabled', value: 'false' },
      { key: 'currencyCode', value: 'INR' },
    ]);
    csp = await scriptSrc();
    expect(csp.get('script-src')).toEqual(["'self'", sha256(PRE_BOOT), 'https://securegw-stage.paytm.in']);
    expect(csp.get('frame-src')).toContain('https://securegw-stage.paytm.in');

    await t.app.settingsRepository.setMany([
      { key: 'paytmEnabled', value: 'false' },
      { key: 'currencyCode', value: 'USD' },
    ]);
    expect((await scriptSrc()).get('script-src')).toEqual(["'self'", sha256(PRE_BOOT)]);
  });

  it('image origins come from the image settings and the catalogue; Firebase only while push is set up', async () => {
    await t.app.settingsRepository.set('storeLogo', 'https://cdn.example.com/brand/logo.svg');
    await t.db.updateTable('items').set({ image: 'https://images.example.net/burger.webp' }).where('id', '=', (await t.db.selectFrom('items').select('id').executeTakeFirstOrThrow()).id).execute();
    let csp = policyOf((await t.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://cdn.example.com', 'https://images.example.net']));
    expect(csp.get('connect-src')?.join(' ')).not.toContain('googleapis');
    // The service worker fetches the images it caches: its own policy lets it.
    const sw = policyOf((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['content-security-policy']);
    expect(sw.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://cdn.example.com', 'https://images.example.net']));

    await t.app.settingsRepository.setMany([
      { key: 'enablePushNotification', value: 'true' },
      { key: 'firebaseApiKey', value: 'k' },
      { key: 'firebaseProjectId', value: 'p' },
      { key: 'firebaseMessagingSenderId', value: '1' },
      { key: 'firebaseAppId', value: 'a' },
      { key: 'firebaseVapidKey', value: 'v' },
    ]);
    csp = policyOf((await t.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']));
  });
});

describe('HSTS', () => {
  let database: TestDatabase;
  let trusting: FastifyInstance;
  let untrusting: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database, makeDist());
    trusting = await buildApp({ ...config, trustProxy: parseTrustProxy('127.0.0.1') });
    untrusting = await buildApp(config);
    await Promise.all([trusting.ready(), untrusting.ready()]);
  });
  afterAll(async () => {
    await trusting?.close();
    await untrusting?.close();
    await database?.drop();
  });

  it('only for HTTPS said by a trusted proxy', async () => {
    const overHttps = { 'x-forwarded-proto': 'https', ...html };
    const viaProxy = await trusting.inject({ method: 'GET', url: '/', headers: overHttps, remoteAddress: '127.0.0.1' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await trusting.inject({ method: 'POST', url: '/public/api/get-settings', payload: {}, headers: overHttps, remoteAddress: '127.0.0.1' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const plain = await trusting.inject({ method: 'GET', url: '/', headers: html, remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A stranger's X-Forwarded-Proto is not believed, nor anyone's without TRUST_PROXY.
    const stranger = await trusting.inject({ method: 'GET', url: '/', headers: overHttps, remoteAddress: '203.0.113.9' });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await untrusting.inject({ method: 'GET', url: '/', headers: overHttps, remoteAddress: '127.0.0.1' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
