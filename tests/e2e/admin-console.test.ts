/**
 * Issue 7 end to end: the console under /admin, in Chromium.
 * 1. An administrator on a laptop changes the brand colour and a text the
 *    customer's home shows, then publishes; a customer whose app was
 *    installed before (service worker in control, replica filled) sees both
 *    after a reload.
 * 2. The demo store owner, on a tablet, has the live orders board open when a
 *    customer places a self-pickup order at their store: it comes in
 *    highlighted; the owner accepts it with a preparation time and marks it
 *    ready, and the customer's running-order page follows each step without
 *    reloading.
 * Screenshots of the main screens at 1280 and 1024 px go to tests/e2e/screenshots.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Order } from '../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { LAPTOP, PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { openAllDay, plainItemOf } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_OWNER } from './support/order-actors.ts';
import { AdminConsole } from './page-models/admin-console.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';
import { postCall } from '../support/api-client.ts';
import { registerCustomer } from '../support/accounts.ts';

const TABLET = { width: 1024, height: 768 } as const;
const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;
const DEMO_ADMIN = { email: 'admin@foodpilot.test', password: 'admin-demo' } as const;
const STORE_SLUG = 'nonna-lucia-trattoria';
/** A step reaches a page through its live stream, or its polling fallback (10 s on the board). */
const LIVE_STEP_MS = 25_000;

const suite = useBrowserAndServer();

function brandColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
}

/** Screenshots of a console page at the laptop's and the tablet's width. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `laptop-${name}`);
  await page.setViewportSize(TABLET);
  await screenshot(page, `tablet-${name}`);
  await page.setViewportSize(LAPTOP);
}

/**
 * The live board at a width: nothing wider than the screen, and every order
 * card inside its column (issue 15.6: the new-order card overflowed its
 * column and covered the next one on a phone and a tablet).
 */
async function boardFitsAt(page: Page, width: number): Promise<{ scrollWidth: number; cardsOutside: string[] }> {
  await page.setViewportSize({ width, height: 900 });
  return page.evaluate(() => {
    const cardsOutside: string[] = [];
    for (const column of document.querySelectorAll('.console-board-column')) {
      const box = column.getBoundingClientRect();
      for (const card of column.querySelectorAll<HTMLElement>('[data-testid="console-order"]')) {
        const inner = card.getBoundingClientRect();
        if (inner.left < box.left - 0.5 || inner.right > box.right + 0.5) cardsOutside.push(card.dataset.order ?? '?');
        for (const part of card.querySelectorAll<HTMLElement>('*')) {
          const partBox = part.getBoundingClientRect();
          if (partBox.width > 0 && (partBox.left < inner.left - 0.5 || partBox.right > inner.right + 0.5)) cardsOutside.push(`${card.dataset.order ?? '?'} ${part.tagName}`);
        }
      }
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, cardsOutside };
  });
}

async function signInCustomer(context: BrowserContext, account: { email: string; password: string }): Promise<CustomerApp> {
  const app = new CustomerApp(await context.newPage(), suite.server.url);
  await app.open('/login');
  await app.page.getByLabel('E-mail or phone number', { exact: true }).fill(account.email, { timeout: 20_000 });
  await app.page.getByLabel('Password', { exact: true }).fill(account.password);
  await app.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await app.page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
  return app;
}

describe('the admin console', () => {
  it('an admin changes a colour and a text and publishes them; an installed app shows both after a reload', async () => {
    // The customer's phone: the app was visited before, its service worker is in control and its replica filled.
    const phone = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await phone.newPage(), suite.server.url);
    await app.open('/');
    await app.waitForReplica();
    await waitForServiceWorkerControl(app.page);
    const heading = app.page.locator('#nearby-stores-heading');
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe('Stores near you');
    expect(await brandColour(app.page)).toBe('#e8501b');

    // The administrator, on a laptop.
    const laptop = await newContext(suite.browser, { viewport: LAPTOP });
    const admin = new AdminConsole(await laptop.newPage(), suite.server.url);
    await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => admin.page.getByTestId('dashboard-tiles').textContent()).not.toContain('…');
    await bothWidths(admin.page, 'admin-dashboard');

    // A colour: the preview follows it before anything is saved.
    await admin.goTo('Settings');
    await admin.setting('Store color').fill('#1d4ed8');
    await expect.poll(() => admin.previewHeader.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(29, 78, 216)');
    await bothWidths(admin.page, 'admin-settings');
    await admin.saveSettings();
    const stored = await suite.server.db.selectFrom('settings').select('value').where('key', '=', 'storeColor').executeTakeFirstOrThrow();
    expect(stored.value).toBe('#1d4ed8');

    // A text of the customer's home, in English.
    await admin.goTo('Languages');
    await bothWidths(admin.page, 'admin-languages');
    await admin.editTextsOf('English');
    await admin.searchTexts('homeNearbyStores');
    await admin.translation('homeNearbyStores').fill('Restaurants around you');
    await bothWidths(admin.page, 'admin-translations');
    await admin.saveTexts();

    // Published: every installed app fetches the settings on its next load.
    await admin.goTo('Settings');
    const before = await admin.versionsPanel.getByTestId('versions-now').textContent();
    await admin.publishToApps();
    await expect.poll(() => admin.versionsPanel.getByTestId('versions-now').textContent()).not.toBe(before);

    await app.page.reload();
    await expect.poll(() => brandColour(app.page), { timeout: 20_000 }).toBe('#1d4ed8');
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe('Restaurants around you');
    expect(await app.page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1d4ed8');
    await screenshot(app.page, 'phone-home-after-publish');

    // Every change is in the audit log, with who made it.
    await admin.goTo('Audit log');
    const audit = admin.page.getByTestId('audit-table');
    for (const action of ['admin/save-settings', 'admin/save-translations', 'admin/bump-version']) {
      await expect.poll(() => audit.getByText(action, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    const adminUser = await suite.server.db.selectFrom('users').select('name').where('email', '=', DEMO_ADMIN.email).executeTakeFirstOrThrow();
    expect(await audit.getByRole('row').filter({ hasText: 'admin/bump-version' }).first().textContent()).toContain(adminUser.name);
    await bothWidths(admin.page, 'admin-audit');

    // The other main screens, for a look at both widths.
    await admin.goTo('Stores');
    await admin.page.getByTestId('stores-table').getByRole('link', { name: 'Nonna Lucia Trattoria' }).click();
    await admin.page.getByTestId('store-form').waitFor({ timeout: 20_000 });
    await bothWidths(admin.page, 'admin-store-form');
    await admin.goTo('Users');
    await admin.page.getByTestId('users-table').waitFor({ timeout: 20_000 });
    await bothWidths(admin.page, 'admin-users');
    await phone.close();
    await laptop.close();
  });

  it('a store owner accepts and readies a self-pickup order; the customer’s running order follows without a reload', async () => {
    const storeId = await openAllDay(suite.server.db, STORE_SLUG);
    const itemId = await plainItemOf(suite.server.db, storeId);
    const customer = await registerCustomer(suite.server.app, 'Pat Pickup');

    // The owner, on a tablet, has the board open before the order comes.
    const tablet = await newContext(suite.browser, { viewport: TABLET });
    const owner = new AdminConsole(await tablet.newPage(), suite.server.url);
    await owner.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    await owner.page.getByRole('heading', { level: 1, name: 'Live orders' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => owner.feedMode.textContent(), { timeout: 20_000 }).not.toBe('Connecting…');
    // A first click lets the browser play the new-order sound.
    await owner.page.getByRole('heading', { level: 1, name: 'Live orders' }).click();

    // The customer orders, as their app does.
    const placed = await postCall(
      suite.server.url,
      'place-order',
      { token: customer.token, restaurant_id: storeId, items: [{ id: itemId, quantity: 2, addon_ids: [] }], order_type: 'SELFPICKUP', payment_mode: 'COD' },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
    expect(placed.status).toBe(200);
    const order = placed.body as Order;

    const card = owner.order(order.unique_order_id);
    await card.waitFor({ timeout: LIVE_STEP_MS });
    expect(await owner.column('New').locator(`[data-order="${order.unique_order_id}"]`).count()).toBe(1);
    expect(await card.getAttribute('data-new')).toBe('true');
    // The store can call the customer about the order.
    expect(await card.getByTestId('console-order-customer').textContent()).toContain('Pat Pickup');
    await screenshot(owner.page, 'tablet-owner-live-orders-new');
    // Owners run the board on phones and tablets: the card with its accept form fits its column.
    for (const width of [375, 768]) {
      const fit = await boardFitsAt(owner.page, width);
      expect(fit.cardsOutside, `cards spilling out of their column at ${width} px`).toEqual([]);
      expect(fit.scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(width);
      await screenshot(owner.page, `owner-live-orders-new-${width}`);
    }
    await owner.page.setViewportSize(TABLET);

    // The customer's phone follows the order.
    const phone = await newContext(suite.browser, { viewport: PHONE });
    const app = await signInCustomer(phone, customer);
    const tracking = new OrderingPages(app.page);
    await app.open(`/running-order/${encodeURIComponent(order.unique_order_id)}`);
    await expect.poll(() => tracking.orderStatus.textContent(), { timeout: 20_000 }).toBe('Waiting for the store to accept your order');
    await app.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await card.getByLabel('Preparation time').selectOption({ label: '15 min' });
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await owner.column('Preparing').locator(`[data-order="${order.unique_order_id}"]`).waitFor({ timeout: 10_000 });
    await expect.poll(() => tracking.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('The store is preparing your order');
    const accepted = await suite.server.db.selectFrom('orders').select(['status', 'prep_minutes']).where('unique_order_id', '=', order.unique_order_id).executeTakeFirstOrThrow();
    expect({ status: Number(accepted.status), prep: Number(accepted.prep_minutes) }).toEqual({ status: 2, prep: 15 });
    // The customer is told when the food should be ready: the store's 15 minutes from now.
    const readyAt = app.page.getByTestId('order-ready-at').locator('time');
    await expect.poll(() => readyAt.getAttribute('datetime'), { timeout: LIVE_STEP_MS }).not.toBeNull();
    const minutesAway = (Date.parse((await readyAt.getAttribute('datetime')) ?? '') - Date.now()) / 60_000;
    expect(minutesAway).toBeGreaterThan(13);
    expect(minutesAway).toBeLessThanOrEqual(15);
    await screenshot(app.page, 'phone-running-order-preparing');
    await screenshot(owner.page, 'tablet-owner-live-orders-preparing');
    await owner.page.setViewportSize(LAPTOP);
    await screenshot(owner.page, 'laptop-owner-live-orders-preparing');

    await owner.order(order.unique_order_id).getByRole('button', { name: 'Ready for pickup' }).click();
    await owner.column('Ready or with a driver').locator(`[data-order="${order.unique_order_id}"]`).waitFor({ timeout: 10_000 });
    await expect.poll(() => tracking.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('Your order is ready: collect it at the store');
    expect(await app.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true)).toBe(true);
    await screenshot(app.page, 'phone-running-order-ready-for-pickup');

    // A tablet held upright: the sidebar becomes a menu above the page.
    await owner.page.setViewportSize(TABLET_PORTRAIT);
    await screenshot(owner.page, 'tablet-portrait-owner-live-orders');
    await owner.page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => owner.nav.isVisible()).toBe(true);
    await screenshot(owner.page, 'tablet-portrait-console-menu');
    await owner.nav.getByRole('link', { name: 'My stores', exact: true }).click();
    await expect.poll(() => owner.nav.isVisible()).toBe(false);
    await owner.page.setViewportSize(LAPTOP);

    // The owner's daily switches.
    await owner.goTo('My stores');
    await owner.page.getByTestId('my-store').first().waitFor({ timeout: 20_000 });
    await bothWidths(owner.page, 'owner-my-stores');
    await phone.close();
    await tablet.close();
  });
});
