/**
 * A customer finds food on a phone, then finds it again with the network
 * cut: explore, a store page with its menu, an item with its add-ons, all
 * from the replica once seen.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

describe('finding food at 375 px', () => {
  it('searches, opens a store and an item, then revisits them offline', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/');
    await app.waitForReplica();
    await waitForServiceWorkerControl(page);

    // Explore: the server's results for 'grill' include the store and a dish.
    await app.tab('explore').click();
    await page.getByRole('searchbox', { name: 'Search stores and dishes' }).fill('grill');
    const card = page.getByTestId('store-card').filter({ hasText: 'Beirut Grill' });
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('explore-item').filter({ hasText: 'Mixed Grill' }).isVisible()).toBe(true);

    // The store page: header, and the menu read from the replica.
    await card.click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Beirut Grill' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('menu-item').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const storeUrl = page.url();
    await screenshot(page, 'phone-store-page');

    // An item opens in a sheet at its own address.
    await page.getByTestId('menu-item').filter({ hasText: 'Mixed Grill' }).first().click();
    await expect.poll(() => page.getByTestId('item-sheet').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/stores\/[^/]+\/beirut-grill\/\d+$/);
    const itemUrl = page.url();

    // With the network cut, the same store, item and search come back from the replica.
    await context.setOffline(true);
    await page.goto(storeUrl);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Beirut Grill' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('menu-item').count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('store-updated').textContent()).toMatch(/updated/i);
    await screenshot(page, 'phone-store-page-offline');

    await page.goto(itemUrl);
    await expect.poll(() => page.getByTestId('item-sheet').textContent(), { timeout: 20_000 }).toContain('Mixed Grill');

    await page.goto(new URL('/explore?q=grill', suite.server.url).toString());
    await expect.poll(() => page.getByTestId('store-card').filter({ hasText: 'Beirut Grill' }).isVisible(), { timeout: 20_000 }).toBe(true);

    // A store never opened on this device has nothing to show offline.
    await page.goto(new URL('/stores/riverton/golden-wok', suite.server.url).toString());
    await expect.poll(() => app.offlineScreen.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });
});
