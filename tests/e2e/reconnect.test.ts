/**
 * Issue 15, "money and status must never be wrong", in Chromium at 375 px
 * with the network cut and restored by the browser context alone: nothing
 * here fires `online` for the app (a page reloaded under emulated offline,
 * like a phone leaving a dead spot, often hears none).
 *
 * 1. Back online, the app finds out by itself: the offline banner and notes
 *    go and the checkout shows the server's price within seconds.
 * 2. "Place order" waits for the server's price of exactly this cart and
 *    these choices, and a total that changed since it was shown is shown
 *    and asked again, never charged.
 * 3. A delivered order's page opens by its URL and on a reload, online and
 *    offline; an order never seen here, offline, is the offline screen.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { Order } from '../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { postCall } from '../support/api-client.ts';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_CUSTOMER, DEMO_DRIVER, DEMO_OWNER, OrderActor } from './support/order-actors.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { AlertsAndWallet } from './page-models/alerts-and-wallet.ts';
import { OrderingPages, centsOf } from './page-models/ordering-pages.ts';

const STORE = { name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria' };
/** "Within a few seconds": the probe asks after 1, 2, 4 s, then every 6 s at most. */
const RECONNECT_MS = 10_000;

const suite = useBrowserAndServer();

/** The demo customer signed in on a phone whose service worker controls the page (the offline reloads need it). */
async function signedInPhone(): Promise<{ context: BrowserContext; app: CustomerApp; ordering: OrderingPages }> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  const app = new CustomerApp(await context.newPage(), suite.server.url);
  await app.open('/');
  await app.waitForReplica();
  await app.dismissLocationSheet();
  await waitForServiceWorkerControl(app.page);
  await new AlertsAndWallet(app).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  return { context, app, ordering: new OrderingPages(app.page) };
}

/** Two Margheritas (regular, no extras) in the cart, from the store's page. */
async function fillCart(app: CustomerApp, ordering: OrderingPages): Promise<void> {
  await app.tab('near-me').click();
  await ordering.storeCard(STORE.name).click({ timeout: 20_000 });
  await expect.poll(() => ordering.storeHeading(STORE.name).isVisible(), { timeout: 20_000 }).toBe(true);
  await ordering.openDish('Margherita');
  await expect.poll(() => ordering.itemSheet.isVisible(), { timeout: 10_000 }).toBe(true);
  await ordering.addonChoice('Pizza size', 'Regular 11"', 'radio').check();
  await ordering.increaseQuantity('Margherita').click();
  await ordering.addToCart.click();
  await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);
  if (await ordering.gdprBanner.count()) await ordering.acceptGdpr();
}

describe('trust on reconnect at 375 px', () => {
  it('notices the network is back without an online event: the banner and notes go and the checkout is priced', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const { context, app, ordering } = await signedInPhone();
    const { page } = app;
    await fillCart(app, ordering);
    // One online visit of the checkout: its price is what an offline visit has saved.
    await app.open('/checkout');
    await expect.poll(() => ordering.priceRow('total').isVisible(), { timeout: 20_000 }).toBe(true);

    // The home, reloaded offline, then the network back.
    await context.setOffline(true);
    await app.open('/');
    await expect.poll(() => app.offlineBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    await context.setOffline(false);
    const homeBack = Date.now();
    await expect.poll(() => app.offlineBanner.count(), { timeout: RECONNECT_MS }).toBe(0);
    const homeSeconds = (Date.now() - homeBack) / 1000;

    // The checkout, reloaded offline with the cart: the saved price, and no way to place the order.
    await context.setOffline(true);
    await app.open('/checkout');
    await expect.poll(() => ordering.checkoutForm.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => app.offlineBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('checkout-offline').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await ordering.placeOrder.isDisabled()).toBe(true);
    await screenshot(page, 'phone-checkout-offline-before-reconnect');

    await context.setOffline(false);
    const checkoutBack = Date.now();
    await expect.poll(() => app.offlineBanner.count(), { timeout: RECONNECT_MS }).toBe(0);
    await expect.poll(() => page.getByTestId('checkout-offline').count(), { timeout: RECONNECT_MS }).toBe(0);
    await expect.poll(() => page.getByText('Prices from your last visit online', { exact: false }).count(), { timeout: RECONNECT_MS }).toBe(0);
    await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: RECONNECT_MS }).toBe(true);
    const checkoutSeconds = (Date.now() - checkoutBack) / 1000;
    const total = centsOf(await ordering.priceRow('total').textContent());
    expect(await ordering.placeOrder.textContent()).toBe(`Place order · $${(total / 100).toFixed(2)}`);
    await screenshot(page, 'phone-checkout-after-reconnect');
    console.info(`[reconnect] home back online after ${homeSeconds.toFixed(1)} s, checkout priced after ${checkoutSeconds.toFixed(1)} s`);
    await context.close();
  });

  it('a tap on Place order in a dead spot says so once, and the words go by themselves when the network is back (issue 32.7)', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const { context, app, ordering } = await signedInPhone();
    const { page } = app;
    await fillCart(app, ordering);
    await app.open('/checkout');
    await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
    const ordersBefore = await suite.server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const messages = page.locator('[data-testid="checkout-offline"], [data-testid="attempt-waiting"], [data-testid="place-order-error"]');

    await context.setOffline(true);
    await ordering.placeOrder.click();
    await expect.poll(() => page.getByTestId('place-order-error').textContent(), { timeout: 20_000 }).toBe('You’re offline — connect to place your order. Your cart and choices are kept.');
    // Nothing was sent: no word that an order "may not have reached the store", and one message, not three.
    await expect.poll(() => app.offlineBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => messages.allTextContents(), { timeout: 5_000 }).toEqual(['You’re offline — connect to place your order. Your cart and choices are kept.']);
    await screenshot(page, 'phone-checkout-tapped-offline');

    await context.setOffline(false);
    await expect.poll(() => messages.count(), { timeout: RECONNECT_MS }).toBe(0);
    await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: RECONNECT_MS }).toBe(true);
    await ordering.placeOrder.click();
    await page.waitForURL(/\/running-order\/[^/]+$/, { timeout: 20_000 });
    const ordersAfter = await suite.server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(ordersAfter.n)).toBe(Number(ordersBefore.n) + 1);
    await context.close();
  });

  it('places nothing at a total the customer was not shown: a changed price is shown and asked again', async () => {
    const storeId = await openAllDay(suite.server.db, STORE.slug);
    const { context, app, ordering } = await signedInPhone();
    const { page } = app;
    await fillCart(app, ordering);
    // The customer's last delivery went to another saved address than the default one.
    const customer = await suite.server.db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
    const home = await suite.server.db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', Number(customer.id))
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();

    await app.open('/checkout');
    await expect.poll(() => ordering.priceRow('total').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
    const shown = centsOf(await ordering.priceRow('total').textContent());

    // The store raises its charge after the customer saw the total.
    await suite.server.db.updateTable('restaurants').set({ store_charge: 250 }).where('id', '=', storeId).execute();
    const ordersBefore = await suite.server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await ordering.placeOrder.click();
    await expect.poll(() => page.getByTestId('place-order-error').textContent(), { timeout: 20_000 }).toMatch(/^The total changed to \$\d+\.\d{2}/);
    const ordersAfter = await suite.server.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(ordersAfter.n)).toBe(Number(ordersBefore.n));
    const now = centsOf(await ordering.priceRow('total').textContent());
    expect(now).not.toBe(shown);
    expect(await page.getByTestId('place-order-error').textContent()).toContain(`$${(now / 100).toFixed(2)}`);
    expect(await ordering.placeOrder.textContent()).toBe(`Place order · $${(now / 100).toFixed(2)}`);
    await screenshot(page, 'phone-checkout-price-changed');

    // Confirmed at the new total: that is the order.
    await ordering.placeOrder.click();
    await page.waitForURL(/\/running-order\/[^/]+$/, { timeout: 20_000 });
    const uniqueOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const placed = await suite.server.db.selectFrom('orders').select(['total', 'address']).where('unique_order_id', '=', uniqueOrderId).executeTakeFirstOrThrow();
    expect(Number(placed.total)).toBe(now);
    expect(placed.address).toBe(home.address);
    await suite.server.db.updateTable('restaurants').set({ store_charge: 0 }).where('id', '=', storeId).execute();
    await context.close();
  });

  it('opens a delivered order by its URL and on a reload, online and offline', async () => {
    const storeId = await openAllDay(suite.server.db, STORE.slug);
    const { db } = suite.server;
    const customer = await OrderActor.signIn(suite.server.url, DEMO_CUSTOMER);
    const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
    const address = await db.selectFrom('addresses').selectAll().where('user_id', '=', Number(user.id)).orderBy('id').executeTakeFirstOrThrow();
    const tiramisu = await db
      .selectFrom('items')
      .select('id')
      .where('restaurant_id', '=', storeId)
      .where('name', '=', 'Tiramisù')
      .executeTakeFirstOrThrow();
    const placed = await postCall(
      suite.server.url,
      'place-order',
      {
        token: customer.token,
        restaurant_id: storeId,
        items: [{ id: Number(tiramisu.id), quantity: 4, addon_ids: [] }],
        order_type: 'DELIVERY',
        address: { lat: address.latitude, lng: address.longitude, address: address.address, house: address.house },
        payment_mode: 'COD',
      },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body as Order;
    const owner = await OrderActor.signIn(suite.server.url, DEMO_OWNER);
    const driver = await OrderActor.signIn(suite.server.url, DEMO_DRIVER);
    await owner.move('accept-order', order.unique_order_id);
    await driver.move('accept-to-deliver', order.unique_order_id);
    await driver.move('pickedup-order', order.unique_order_id);
    await driver.move('deliver-order', order.unique_order_id, { delivery_pin: order.delivery_pin ?? '' });

    const { context, app, ordering } = await signedInPhone();
    const { page } = app;
    const path = `/running-order/${encodeURIComponent(order.unique_order_id)}`;
    const delivered = 'Delivered. Enjoy your meal!';
    // By its URL, cold: the delivered state, not "Loading…".
    await app.open(path);
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: 15_000 }).toBe(delivered);
    expect(await page.getByText('Loading…').count()).toBe(0);
    // A reload, and a reload again after a moment (boot's check of the running order has run by then).
    await page.reload();
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: 15_000 }).toBe(delivered);
    await page.waitForTimeout(2_000);
    expect(await ordering.orderStatus.textContent()).toBe(delivered);
    await page.reload();
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: 15_000 }).toBe(delivered);
    await page.waitForTimeout(2_000);
    expect(await ordering.orderStatus.textContent()).toBe(delivered);
    await screenshot(page, 'phone-running-order-delivered-by-url');

    // Offline: the order as last heard; an order never seen on this device is the offline screen.
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: 15_000 }).toBe(delivered);
    await app.open('/running-order/FP-NEVERSEEN');
    await expect.poll(() => app.offlineScreen.isVisible(), { timeout: 15_000 }).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
