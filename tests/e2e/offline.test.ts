/**
 * After one online visit the app works with the network cut: the service
 * worker serves the shell from its precache and the screens render from the
 * Dexie replica, with an offline banner.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

describe('offline after one online visit', () => {
  it('reloads the home screen from the precache and the replica, with an offline banner', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    await app.open('/');
    await app.waitForReplica();
    await app.dismissLocationSheet();
    await waitForServiceWorkerControl(app.page);
    const onlineAddress = (await app.headerAddress.textContent())?.trim();
    // One content page is read while online; another never is.
    await app.open('/pages/about-us');
    await expect.poll(() => app.page.getByTestId('content-page').isVisible(), { timeout: 20_000 }).toBe(true);
    // A repeat visit: the list is where it will stay from its first frame, though the
    // use-GPS bar above it comes later (its place is kept).
    await app.logFrames();
    await app.open('/');
    await expect.poll(() => app.tabBar.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(onlineAddress).toBeTruthy();
    expect(await app.offlineBanner.count()).toBe(0);
    const repeatVisit = await app.frames();
    expect(repeatVisit.some((frame) => frame.gpsBar)).toBe(true);
    expect(new Set(repeatVisit.flatMap((frame) => (frame.listTop === null ? [] : [frame.listTop]))).size).toBe(1);

    await context.setOffline(true);
    await app.page.reload();
    await expect.poll(() => app.tabBar.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.headerAddress.textContent().then((t) => t?.trim())).toBe(onlineAddress);
    await expect.poll(() => app.offlineBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.offlineBanner.textContent()).toMatch(/offline/i);
    // How old the list is, said once, by the list's own note (the banner says only that the app is offline).
    expect(await app.offlineBanner.textContent()).not.toMatch(/updated/i);
    await expect.poll(() => app.page.getByTestId('saved-note').first().textContent(), { timeout: 10_000 }).toMatch(/updated/i);
    await screenshot(app.page, 'phone-home-offline');

    // Reloaded again offline: the banner, there from the replica, stays on and never blinks
    // (an old /version.json from a cache once told the worker the server had answered).
    await app.page.reload();
    const offlineAgain = await app.frames();
    const firstBanner = offlineAgain.findIndex((frame) => frame.banner);
    expect(firstBanner).toBeGreaterThanOrEqual(0);
    expect(offlineAgain.slice(firstBanner).filter((frame) => !frame.banner)).toEqual([]);

    // Screens load on demand, from the precache too.
    await app.tab('account').click();
    await expect.poll(() => new URL(app.page.url()).pathname).toBe('/my-account');
    await expect.poll(() => app.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);

    // The page read online is there offline, with its age; a page never opened shows the offline screen.
    await app.open('/pages/about-us');
    await expect.poll(() => app.page.getByRole('heading', { level: 1, name: 'About us' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.page.getByTestId('page-updated').textContent()).toMatch(/updated/i);
    await app.open('/pages/privacy');
    await expect.poll(() => app.offlineScreen.isVisible(), { timeout: 20_000 }).toBe(true);
    const offlineTitle = await suite.server.db.selectFrom('settings').select('value').where('key', '=', 'offlineTitleMessage').executeTakeFirstOrThrow();
    expect(await app.offlineScreen.textContent()).toContain(offlineTitle.value);
    await screenshot(app.page, 'phone-offline-screen');

    // An unknown route is still 'not found', not an error.
    await app.open('/no/such/place');
    await expect.poll(() => app.notFound.isVisible(), { timeout: 20_000 }).toBe(true);

    // Back online, the banner goes once the worker hears from the server again.
    await context.setOffline(false);
    await app.open('/');
    await expect.poll(() => app.tabBar.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.offlineBanner.count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });

  it('simulates offline mode for testers with ?offline=1, and ?offline=0 ends it', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    await app.open('/');
    await app.waitForReplica();
    await waitForServiceWorkerControl(app.page);

    await app.open('/?offline=1');
    await expect.poll(() => app.page.getByTestId('simulated-offline-mark').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.pref('simulatedOffline')).toBe(true);
    // This device is a tester's now: the account page keeps the switch for them.
    expect(await app.pref('testerTools')).toBe(true);
    // The worker treats the API as unreachable: a settings change on the server is not seen.
    await suite.server.db.updateTable('settings').set({ value: 'Simulated Offline Diner' }).where('key', '=', 'storeName').execute();
    await app.page.reload();
    await expect.poll(() => app.offlineBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await app.page.title()).not.toBe('Simulated Offline Diner');

    await app.open('/?offline=0');
    await expect.poll(() => app.pref('simulatedOffline'), { timeout: 10_000 }).toBe(false);
    await app.page.reload();
    await expect.poll(() => app.offlineBanner.count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
