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
    await app.dismissLocationSheet();
    await waitForServiceWorkerControl(page);

    // Explore: the server's results for 'grill' include the store and a dish.
    await app.tab('explore').click();
    await page.getByRole('searchbox', { name: 'Search stores and dishes' }).fill('grill');
    const card = page.getByTestId('store-card').filter({ hasText: 'Beirut Grill' });
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    // The stores can show from the replica before the server's dish results come: the same wait as for the card.
    await expect.poll(() => page.getByTestId('explore-item').filter({ hasText: 'Mixed Grill' }).isVisible(), { timeout: 20_000 }).toBe(true);

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

    // A store only seen as a card on home shows its card's facts offline, and says its menu was not saved.
    await page.goto(new URL('/stores/riverton/golden-wok', suite.server.url).toString());
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Golden Wok' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('The menu is not saved on this device yet.').isVisible()).toBe(true);

    // A store never seen on this device has nothing to show offline.
    await page.goto(new URL('/stores/riverton/not-seen-here', suite.server.url).toString());
    await expect.poll(() => app.offlineScreen.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });
});

describe('a new customer at 375 px', () => {
  it('picks a popular location, switches to self pickup, opens a store, an item and explore, then revisits all of it offline', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/');
    await app.waitForReplica();
    await waitForServiceWorkerControl(page);

    // A first visit asks where to deliver; a popular location is one tap.
    await app.locationSheet.getByRole('button', { name: 'Old Mill District' }).click({ timeout: 20_000 });
    await app.locationSheet.waitFor({ state: 'detached' });
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Old Mill District');
    const homeList = page.getByTestId('home-store-list');
    await expect.poll(() => homeList.getByTestId('store-card').count(), { timeout: 20_000 }).toBeGreaterThan(2);
    await expect.poll(() => page.getByTestId('store-count').textContent()).toMatch(/^\d+ stores$/);
    expect(await homeList.getByTestId('store-card').filter({ hasText: 'Green Bowl Kitchen' }).count()).toBe(0);
    await screenshot(page, 'phone-home-delivery');

    // Self pickup lists the pickup-only store, with its distance instead of a delivery time.
    const toggle = page.getByRole('group', { name: 'How you get your order' });
    await toggle.getByRole('button', { name: 'Self pickup' }).click();
    const pickupCard = homeList.getByTestId('store-card').filter({ hasText: 'Green Bowl Kitchen' });
    await expect.poll(() => pickupCard.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await pickupCard.getByTestId('store-card-time').textContent()).toMatch(/^\d+(\.\d)? km$/);
    expect(await toggle.getByRole('button', { name: 'Self pickup' }).getAttribute('aria-pressed')).toBe('true');
    const pickupCount = await homeList.getByTestId('store-card').count();
    await screenshot(page, 'phone-home-self-pickup');

    // The store and one of its dishes.
    await pickupCard.click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Green Bowl Kitchen' }).isVisible(), { timeout: 20_000 }).toBe(true);
    const firstDish = page.getByTestId('menu-item').first();
    await expect.poll(() => firstDish.isVisible(), { timeout: 20_000 }).toBe(true);
    const storeUrl = page.url();
    await firstDish.click();
    await expect.poll(() => page.getByTestId('item-sheet').isVisible(), { timeout: 10_000 }).toBe(true);
    const itemUrl = page.url();
    const dishName = (await page.getByTestId('item-sheet').getByRole('heading').first().textContent())?.trim() ?? '';
    expect(dishName.length).toBeGreaterThan(0);

    // Explore finds the store by name.
    await page.goto(new URL('/explore', suite.server.url).toString());
    await page.getByRole('searchbox', { name: 'Search stores and dishes' }).fill('green bowl');
    await expect.poll(() => page.getByTestId('store-card').filter({ hasText: 'Green Bowl Kitchen' }).isVisible(), { timeout: 20_000 }).toBe(true);

    // The network goes; everything seen comes back from the replica and the precache.
    await context.setOffline(true);
    await page.goto(suite.server.url);
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Old Mill District');
    await expect.poll(() => homeList.getByTestId('store-card').count(), { timeout: 20_000 }).toBe(pickupCount);
    expect(await page.getByRole('group', { name: 'How you get your order' }).getByRole('button', { name: 'Self pickup' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => app.offlineBanner.isVisible()).toBe(true);
    await screenshot(page, 'phone-home-offline-self-pickup');

    await page.goto(storeUrl);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Green Bowl Kitchen' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('menu-item').count()).toBeGreaterThan(0);
    await page.goto(itemUrl);
    await expect.poll(() => page.getByTestId('item-sheet').textContent(), { timeout: 20_000 }).toContain(dishName);
    await page.goto(new URL('/explore?q=green%20bowl', suite.server.url).toString());
    await expect.poll(() => page.getByTestId('store-card').filter({ hasText: 'Green Bowl Kitchen' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });
});
