/**
 * The real Content-Security-Policy in Chromium (issue 13, row 5): the home,
 * a store page and the desktop landing with its phone preview run with no
 * CSP violation and no page error (the pre-boot script is allowed by its
 * hash, the landing frames the app from this origin), while a page of
 * another origin cannot frame the app.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LAPTOP, PHONE, newContext } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

/** Everything the page says about the policy: console lines, page errors and violation events (all frames). */
async function watchPolicy(context: BrowserContext, page: Page): Promise<{ problems: string[] }> {
  const problems: string[] = [];
  // Init scripts run through the DevTools protocol, outside the page's policy.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/content security policy|securitypolicyviolation|refused to/i.test(text)) problems.push(`console: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems };
}

describe('the app under its Content-Security-Policy', () => {
  let stranger: http.Server;
  let strangerUrl = '';

  beforeAll(async () => {
    // Another origin (another port) whose page frames the app.
    stranger = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>elsewhere</title><iframe id="victim" src="${suite.server.url}/admin" width="800" height="600"></iframe>
        <iframe id="victim-home" src="${suite.server.url}/" width="375" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (stranger ? stranger.close(() => resolve()) : resolve()));
  });

  it('the home and a store page at 375 px: no CSP violation, no page error', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    const { problems } = await watchPolicy(context, page);
    const app = new CustomerApp(page, suite.server.url);

    const response = await page.goto(new URL('/', suite.server.url).toString());
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    // A second visit runs the pre-boot script with what the first stored (a blocked one would be a violation below).
    await page.reload();
    await app.waitForReplica();
    await app.dismissLocationSheet();
    await expect.poll(() => page.getByTestId('store-card').count(), { timeout: 20_000 }).toBeGreaterThan(2);

    await app.open('/stores/riverton/beirut-grill');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Beirut Grill' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('menu-item').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    // Let late images and the sync worker's fetches happen before counting.
    await page.waitForTimeout(1000);
    expect(problems).toEqual([]);

    // The watch itself works: an injected inline script (what an XSS would add) is refused and reported.
    await page.evaluate(() => {
      const injected = document.createElement('script');
      injected.textContent = 'window.injectedRan = true;';
      document.head.append(injected);
    });
    await expect.poll(() => problems.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
    await context.close();
  });

  it("the desktop landing's phone preview frames the app from this origin, with no violation", async () => {
    const context = await newContext(suite.browser, { viewport: LAPTOP });
    const page = await context.newPage();
    const { problems } = await watchPolicy(context, page);
    const app = new CustomerApp(page, suite.server.url);
    await app.open('/');
    await expect.poll(() => app.desktopLanding.isVisible(), { timeout: 20_000 }).toBe(true);
    await app.useAppButton.click();
    await expect.poll(() => page.frameLocator('iframe').getByTestId('tab-bar').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page of another origin cannot frame the app or the console', async () => {
    const context = await newContext(suite.browser, { viewport: LAPTOP });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(strangerUrl);
    await expect.poll(() => refusals.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(refusals.join('\n')).toMatch(/frame-ancestors 'none'/);
    expect(refusals.join('\n')).toMatch(/frame-ancestors 'self'/);
    // Neither frame shows the app: Chromium puts its error page in their place.
    for (const id of ['victim', 'victim-home']) {
      const frame = await (await page.$(`#${id}`))?.contentFrame();
      expect(frame?.url(), id).not.toContain(suite.server.url);
      expect(await frame?.evaluate(() => document.getElementById('root')), id).toBeNull();
    }
    await context.close();
  });
});
