/**
 * The version check of spec §4, end to end: a settings-version bump refetches
 * settings; a cache-version bump clears local storage (but the kept keys),
 * removes service workers and caches, refetches and reloads after 3 s behind
 * the 'updating' overlay. A new service worker waits for the user.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { REPOSITORY_DIST_DIR } from '../support/test-server.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { createVersionsRepository } from '../../server/settings/versions-repository.ts';

let distCopy: string;
// A copy of the build, so one test can ship a 'new version' of the service worker.
const suite = useBrowserAndServer(async () => {
  distCopy = await mkdtemp(path.join(tmpdir(), 'foodpilot-dist-'));
  await cp(REPOSITORY_DIST_DIR, distCopy, { recursive: true });
  return { distDir: distCopy };
});
afterAll(async () => {
  await rm(distCopy, { recursive: true, force: true });
});

async function openOnce(): Promise<CustomerApp> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  const app = new CustomerApp(await context.newPage(), suite.server.url);
  await app.open('/');
  await app.waitForReplica();
  await waitForServiceWorkerControl(app.page);
  return app;
}

describe('version check', () => {
  it('refetches settings when the settings version changes', async () => {
    const app = await openOnce();
    await suite.server.db.updateTable('settings').set({ value: 'Riverside Eats' }).where('key', '=', 'storeName').execute();
    const next = await createVersionsRepository(suite.server.db).bump('settings');
    await app.page.reload();
    await expect.poll(() => app.page.title(), { timeout: 20_000 }).toBe('Riverside Eats');
    expect(await app.pref('forceNewSettingsVersion')).toBe(next);
    expect(await app.updatingOverlay.count()).toBe(0);
    await app.page.context().close();
  });

  it('clears storage, service workers and caches when the cache version changes, then reloads after 3 s', async () => {
    const app = await openOnce();
    const { page } = app;
    await page.evaluate(async () => {
      localStorage.setItem('staleThing', 'from an old version');
      localStorage.setItem('activeRestaurant', '7');
      await (await caches.open('e2e-stale-cache')).put('/stale', new Response('old'));
    });
    const next = await createVersionsRepository(suite.server.db).bump('cache');

    await page.reload();
    await expect.poll(() => app.updatingOverlay.isVisible(), { timeout: 20_000 }).toBe(true);
    const overlayShownAt = Date.now();
    // The page reloads by itself after 3 s; the new page has no overlay.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await screenshot(page, 'phone-updating-overlay');
    await reloaded;
    expect(Date.now() - overlayShownAt).toBeGreaterThanOrEqual(2_500);
    await expect.poll(() => app.tabBar.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.updatingOverlay.count()).toBe(0);

    const keys = await app.localStorageKeys();
    expect(keys).not.toContain('staleThing');
    expect(keys).toContain('activeRestaurant');
    expect(await page.evaluate(() => caches.has('e2e-stale-cache'))).toBe(false);
    await expect.poll(() => app.pref('forceCacheClearVersion'), { timeout: 10_000 }).toBe(next);
    // The settings were fetched again and the service worker registered anew.
    await app.waitForReplica();
    await waitForServiceWorkerControl(page);
    await page.context().close();
  });

  it('offers a new service worker to the user instead of reloading by surprise', async () => {
    const app = await openOnce();
    await app.dismissLocationSheet();
    const { page } = app;
    await page.evaluate(() => ((window as unknown as { openTab: boolean }).openTab = true));
    const firstScript = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);

    const swPath = path.join(distCopy, 'sw.js');
    const released = `${await readFile(swPath, 'utf8')}\n// release ${Date.now()}\n`;
    await writeFile(swPath, released);
    // A release ships its compressed copies too (vite.config.ts precompress): the browser is sent those.
    await writeFile(`${swPath}.br`, brotliCompressSync(released));
    await writeFile(`${swPath}.gz`, gzipSync(released));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect.poll(() => app.updateOffer.isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'phone-update-offer');
    // Nothing reloaded behind the user's back.
    expect(await page.evaluate(() => (window as unknown as { openTab?: boolean }).openTab)).toBe(true);

    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await app.updateOffer.getByRole('button', { name: /update now/i }).click();
    await reloaded;
    await expect.poll(() => page.evaluate(() => (window as unknown as { openTab?: boolean }).openTab ?? false)).toBe(false);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), active: registration?.active?.scriptURL };
    });
    expect(state).toEqual({ waiting: false, active: firstScript });
    await page.context().close();
  });
});
