/**
 * Issue 14, the first minute on a phone: no screen is wider than the phone,
 * in either direction of writing, and no docked prompt (here the GDPR
 * banner a first visit always shows) covers an action or the content a
 * customer must reach.
 *
 * Widths are checked against the viewport we asked for, never innerWidth:
 * a page wider than the screen can stretch Chromium's layout viewport with it.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, PHONE } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { firstVisitOnPhone } from './support/first-visit.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_CUSTOMER } from './support/order-actors.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { AlertsAndWallet } from './page-models/alerts-and-wallet.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';

const WIDTHS = [320, 360, 375, 414, 430] as const;
const STORE = { name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria', dish: 'Tiramisù' };
const SHOTS = '/tmp/shots';

const suite = useBrowserAndServer();

/** The language a first visit starts in is the default one: make it English or Arabic. */
async function defaultLanguage(code: 'en' | 'ar'): Promise<void> {
  const { db } = suite.server;
  await db.updateTable('languages').set({ is_default: 0 }).execute();
  await db.updateTable('languages').set({ is_default: 1 }).where('code', '=', code).execute();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function nextFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** How wide the document is at each width: its scrollable width, and the widest element's right (or, in RTL, left) overhang. */
async function widthsAt(page: Page, height = PHONE.height): Promise<Record<number, number>> {
  const found: Record<number, number> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height });
    await nextFrames(page);
    found[width] = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  }
  await page.setViewportSize(PHONE);
  await nextFrames(page);
  return found;
}

/** Scrolls the page as far as it goes (windowed lists add rows as it scrolls), then where the last `selector` and the GDPR banner are. */
async function lastRowAtTheEnd(page: Page, selector: string): Promise<{ name: string | null; bottom: number; bannerTop: number }> {
  for (let step = 0; step < 60; step += 1) {
    const atEnd = await page.evaluate(() => {
      const scroller = document.scrollingElement!;
      scroller.scrollTop = scroller.scrollHeight;
      return scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 1;
    });
    await nextFrames(page);
    if (atEnd && step > 2) break;
  }
  await nextFrames(page);
  return page.evaluate((rowSelector) => {
    const row = [...document.querySelectorAll(rowSelector)].at(-1)!;
    const banner = document.querySelector('[data-testid="gdpr-banner"]')!.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    return { name: row.textContent, bottom: Math.round(box.bottom), bannerTop: Math.round(banner.top) };
  }, selector);
}

const fits = Object.fromEntries(WIDTHS.map((width) => [width, width]));

describe('nothing is wider than the phone', () => {
  it.each(['en', 'ar'] as const)('home, a store, explore, the cart and checkout at 320–430 px in %s', async (language) => {
    await defaultLanguage(language);
    await openAllDay(suite.server.db, STORE.slug);
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const ordering = new OrderingPages(page);
    try {
      await app.open('/');
      await app.waitForReplica();
      await expect.poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 15_000 }).toBe(language === 'ar' ? 'rtl' : 'ltr');
      // The sheet's close button, named in the page's language.
      await app.locationSheet.locator('.icon-button').first().click({ timeout: 20_000 });
      await app.locationSheet.waitFor({ state: 'detached' });
      // The banner's own place is the other test's subject; here it goes, in the page's language.
      await ordering.gdprBanner.locator('button').last().click({ timeout: 20_000 });
      await page.locator('[data-testid="home-store-list"] [data-testid="store-card"]').first().waitFor({ timeout: 20_000 });
      // The category slider is part of the list: wait for it, it is what stretched the page.
      await page.locator('.category-slide').first().waitFor({ timeout: 20_000 });
      await shot(page, `home-375-${language}`);
      const home = await widthsAt(page);

      await ordering.storeCard(STORE.name).click();
      await page.getByTestId('menu-item').first().waitFor({ timeout: 20_000 });
      await shot(page, `store-375-${language}`);
      const store = await widthsAt(page);

      // A dish in the cart, so the cart shows its lines, bar and checkout link.
      await ordering.openDish(STORE.dish);
      await page.locator('.item-cart-add').click({ timeout: 10_000 });
      await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);

      await app.open('/explore?q=grill');
      await page.getByTestId('explore-item').first().waitFor({ timeout: 20_000 });
      await shot(page, `explore-375-${language}`);
      const explore = await widthsAt(page);

      await app.open('/cart');
      await expect.poll(() => ordering.cartLines.count(), { timeout: 20_000 }).toBe(1);
      await shot(page, `cart-375-${language}`);
      const cart = await widthsAt(page);

      await app.open('/my-account');
      await page.locator('main').first().waitFor({ timeout: 20_000 });
      const account = await widthsAt(page);

      expect({ home, store, explore, cart, account }).toEqual({ home: fits, store: fits, explore: fits, cart: fits, account: fits });
    } finally {
      await context.close();
      await defaultLanguage('en');
    }
  });
});

describe('prompts never cover an action (375 × 812, GDPR banner not yet accepted)', () => {
  it('the last dish of a store and the last store of home scroll clear of the banner, and "Place order" shows whole and takes the tap', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const { context, app, page, ordering } = await firstVisitOnPhone(suite);
    try {
      await ordering.gdprBanner.waitFor({ timeout: 20_000 });

      // The store's last menu row, scrolled as far as the page goes, ends above the banner.
      await app.open(`/stores/riverton/${STORE.slug}`);
      await page.getByTestId('menu-item').first().waitFor({ timeout: 20_000 });
      await ordering.gdprBanner.waitFor();
      const lastRow = await lastRowAtTheEnd(page, '[data-testid="menu-item"]');
      await shot(page, 'store-end-gdpr-375');
      expect(lastRow.bottom, `the last dish (${lastRow.name}) ends at ${lastRow.bottom}, the banner starts at ${lastRow.bannerTop}`).toBeLessThanOrEqual(lastRow.bannerTop);

      // Home's last store card too, above the banner that stands on the tab bar.
      await app.open('/');
      await page.locator('[data-testid="home-store-list"] [data-testid="store-card"]').first().waitFor({ timeout: 20_000 });
      const lastStore = await lastRowAtTheEnd(page, '[data-testid="home-store-list"] [data-testid="store-card"]');
      await shot(page, 'home-end-gdpr-375');
      expect(lastStore.bottom, `the last store (${lastStore.name}) ends at ${lastStore.bottom}, the banner starts at ${lastStore.bannerTop}`).toBeLessThanOrEqual(lastStore.bannerTop);

      // Checkout with a cart, signed in: the sticky "Place order" is whole, above the banner, and a tap lands on it.
      await app.open(`/stores/riverton/${STORE.slug}`);
      await ordering.openDish(STORE.dish);
      await ordering.increaseQuantity(STORE.dish).click();
      await ordering.increaseQuantity(STORE.dish).click();
      await ordering.addToCart.click();
      await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);
      await new AlertsAndWallet(app).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await app.open('/checkout');
      await ordering.placeOrder.waitFor({ timeout: 20_000 });
      // Once priced, the button is live: what a customer taps.
      await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => ordering.gdprBanner.isVisible()).toBe(true);
      expect(await widthsAt(page)).toEqual(fits);
      await nextFrames(page);
      await shot(page, 'checkout-gdpr-375');
      const place = await ordering.placeOrder.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const banner = document.querySelector('[data-testid="gdpr-banner"]')!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          top: Math.round(box.top),
          bottom: Math.round(box.bottom),
          bannerTop: Math.round(banner.top),
          hitsItself: hit !== null && (hit === button || button.contains(hit)),
        };
      });
      expect(place.top).toBeGreaterThanOrEqual(0);
      expect(place.bottom, `"Place order" ends at ${place.bottom}, the banner starts at ${place.bannerTop}`).toBeLessThanOrEqual(place.bannerTop);
      expect(place.hitsItself).toBe(true);
    } finally {
      await context.close();
    }
  });
});
