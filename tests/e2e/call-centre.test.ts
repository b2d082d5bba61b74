/**
 * Issue 32, defect 1, on an agent's phone-sized screen: one agent takes three
 * callers in a row on one device. Nothing of one caller may reach the next:
 * not their home in the header, nor the address the checkout picks, nor the
 * cart, the notes typed at the checkout, their orders, alerts or favourites.
 * The guest in the middle places a real order, which must go where the guest
 * is and not to the previous caller's home.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callAs, uniqueEmail, uniquePhone } from '../support/accounts.ts';
import { PHONE, newContext, screenshot } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { AccountPages } from './page-models/account-pages.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';

const suite = useBrowserAndServer();

const STORE = { slug: 'nonna-lucia-trattoria', path: '/stores/riverton/nonna-lucia-trattoria', dish: 'Tiramisù' };
const AGENT = { email: 'agent@foodpilot.test', password: 'agent-demo', name: 'Marcus Bell' };
/** The demo customer's saved home (server/seed/seed-accounts.ts). */
const FIRST_CALLER = { phone: '+14125550104', name: 'Sam Carter', home: '12 Market Street' };
const THIRD_CALLER_HOME = { lat: 40.443, lng: -79.993, address: '3 Bridge Road, Riverton', house: 'Flat 7', tag: 'Home' };

/** Two desserts from the store in the cart, then the checkout from the cart, as an agent does it for a caller. */
async function cartToCheckout(app: CustomerApp, ordering: OrderingPages): Promise<void> {
  await app.open(STORE.path);
  await ordering.openDish(STORE.dish);
  await ordering.increaseQuantity(STORE.dish).click();
  await ordering.addToCart.click();
  await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);
  await ordering.storeCartBar.click();
  await ordering.checkoutLink.click({ timeout: 20_000 });
  await app.page.waitForURL('**/checkout');
  await expect.poll(() => ordering.checkoutForm.isVisible(), { timeout: 20_000 }).toBe(true);
}

function notesField(page: Page) {
  return page.getByLabel('Notes for the store or the driver');
}

async function stopActing(page: Page, account: AccountPages): Promise<void> {
  await account.actingBanner.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => account.actingBanner.count(), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('call-centre-agent').textContent(), { timeout: 20_000 }).toBe(`Signed in as agent ${AGENT.name}`);
}

async function actFor(page: Page, query: string, name: string): Promise<void> {
  const search = page.getByTestId('act-for-customer');
  await search.getByLabel('Phone, name or e-mail').fill(query);
  await search.getByRole('button', { name: 'Find customer' }).click();
  await search.getByRole('button', { name: `Act for ${name}` }).click({ timeout: 20_000 });
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
}

describe('the call centre on one device', () => {
  it('three callers in a row: none sees or orders with anything of the caller before', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const thirdEmail = uniqueEmail('third-caller');
    const registered = await callAs(suite.server.app, 'register', {
      name: 'Dana Wells',
      email: thirdEmail,
      phone: uniquePhone(),
      password: 'long-enough-1',
      address: THIRD_CALLER_HOME,
    });
    expect(registered.statusCode).toBe(200);

    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const ordering = new OrderingPages(page);
    const account = new AccountPages(page, suite.server.url);
    try {
      await app.open('/auth/login-as-customer');
      await app.waitForReplica();
      if (await ordering.gdprBanner.isVisible().catch(() => false)) await ordering.acceptGdpr();
      const signIn = page.getByTestId('agent-sign-in');
      await signIn.getByLabel('E-mail', { exact: true }).fill(AGENT.email);
      await signIn.getByLabel('Password', { exact: true }).fill(AGENT.password);
      await signIn.getByRole('button', { name: 'Sign in' }).click();

      // Caller one, the demo customer: their home in the header and at the checkout, a note typed for them.
      await actFor(page, FIRST_CALLER.phone, FIRST_CALLER.name);
      await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain(FIRST_CALLER.home);
      await cartToCheckout(app, ordering);
      const home = ordering.savedAddressOptions.filter({ hasText: FIRST_CALLER.home });
      await expect.poll(() => home.getByRole('radio').isChecked(), { timeout: 20_000 }).toBe(true);
      await notesField(page).fill('Ring twice, the dog is friendly');
      expect(await account.rows('cartLines')).toHaveLength(1);
      await stopActing(page, account);

      // Caller two, a guest who just phoned in: the agent registers them and orders for them.
      const guest = page.getByTestId('register-guest');
      await guest.getByLabel('Full name').fill('Walk-in Guest');
      await guest.getByLabel('Phone number').fill(`+1555${String(randomInt(10_000_000)).padStart(7, '0')}`);
      await guest.getByRole('button', { name: 'Register and act for them' }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
      await expect.poll(() => account.actingBanner.textContent(), { timeout: 20_000 }).toContain('Acting for Walk-in Guest');
      // Home asks where the caller is, and browses from the city's primary location meanwhile.
      await expect.poll(() => app.locationSheet.isVisible(), { timeout: 20_000 }).toBe(true);
      await screenshot(page, 'phone-agent-second-caller');
      await page.keyboard.press('Escape');
      await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Market Square');
      expect(await app.headerAddress.textContent()).not.toContain(FIRST_CALLER.home);
      expect(await page.evaluate(() => localStorage.getItem('userSetAddress'))).not.toContain(FIRST_CALLER.home);
      expect(await ordering.cartBadge.count()).toBe(0);
      for (const table of ['addresses', 'favourites', 'alerts', 'orders', 'cartLines']) expect({ table, rows: await account.rows(table) }).toEqual({ table, rows: [] });

      await cartToCheckout(app, ordering);
      expect(await ordering.savedAddressOptions.filter({ hasText: FIRST_CALLER.home }).count()).toBe(0);
      expect(await ordering.checkoutForm.textContent()).not.toContain(FIRST_CALLER.home);
      expect(await notesField(page).inputValue()).toBe('');
      const current = page.getByTestId('current-address-option');
      await expect.poll(() => current.getByRole('radio').isChecked(), { timeout: 20_000 }).toBe(true);
      expect(await current.textContent()).toContain('Market Square');
      await ordering.paymentOption('COD').getByRole('radio').check();
      await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
      await ordering.placeOrder.click();
      await page.waitForURL(/\/running-order\/[^/]+$/, { timeout: 20_000 });
      const uniqueOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      const order = await suite.server.db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['orders.address', 'orders.latitude', 'orders.longitude', 'users.name'])
        .where('orders.unique_order_id', '=', uniqueOrderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ name: 'Walk-in Guest', address: expect.stringContaining('Market Square') });
      expect(order.address).not.toContain(FIRST_CALLER.home);
      expect([Number(order.latitude), Number(order.longitude)]).toEqual([40.4406, -79.9959]);
      await stopActing(page, account);

      // Caller three, found by e-mail: their own home; neither the guest's order nor the first caller's note.
      await actFor(page, thirdEmail, 'Dana Wells');
      await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain(THIRD_CALLER_HOME.address);
      expect(await ordering.cartBadge.count()).toBe(0);
      await app.open('/orders');
      await expect.poll(() => page.getByText(uniqueOrderId).count()).toBe(0);
      expect(await account.rows('runningOrder')).toEqual([]);
      await cartToCheckout(app, ordering);
      const third = ordering.savedAddressOptions.filter({ hasText: THIRD_CALLER_HOME.address });
      await expect.poll(() => third.getByRole('radio').isChecked(), { timeout: 20_000 }).toBe(true);
      expect(await notesField(page).inputValue()).toBe('');
      expect(await ordering.checkoutForm.textContent()).not.toContain(FIRST_CALLER.home);
      expect(await ordering.checkoutForm.textContent()).not.toContain('Market Square');
      await screenshot(page, 'phone-agent-third-caller-checkout');
    } finally {
      await context.close();
    }
  });
});
