/**
 * Issue 5 end to end, on a phone: the demo customer browses to a store,
 * fills the cart (a dish with a required add-on group, then another), loses
 * the network and reloads the cart from the replica, comes back online and
 * sees the queued availability check answered, checks out with cash on
 * delivery, watches the running order move live as the store owner and the
 * driver act through the API, and rates it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { queueNameFor } from '../../src/api/outbox.ts';
import { DELIVERY_PIN_DIGITS } from '../../src/api/orders/limits.ts';
import { LAPTOP, PHONE, dispatchSync, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_CUSTOMER, DEMO_DRIVER, DEMO_OWNER, OrderActor } from './support/order-actors.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { AlertsAndWallet } from './page-models/alerts-and-wallet.ts';
import { OrderingPages, centsOf } from './page-models/ordering-pages.ts';

const STORE = { name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria' };
/** A live step reaches the page through the order-events stream, or the polling fallback when the stream is down. */
const LIVE_STEP_MS = 20_000;

const suite = useBrowserAndServer();

/** Set once the running order shows: still set later proves the page never reloaded. */
function markDocument(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

describe('ordering at 375 px', () => {
  it('fills the cart, keeps it offline, checks out cash on delivery, follows the order live and rates it', async () => {
    const storeId = await openAllDay(suite.server.db, STORE.slug);
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const ordering = new OrderingPages(page);

    // First visit: the replica fills, and the service worker takes control (the offline reload needs it).
    await app.open('/');
    await app.waitForReplica();
    await app.dismissLocationSheet();
    await waitForServiceWorkerControl(page);
    await new AlertsAndWallet(app).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

    // Browse: home's list → the store → a pizza, whose size must be chosen.
    await app.tab('near-me').click();
    await ordering.storeCard(STORE.name).click({ timeout: 20_000 });
    await expect.poll(() => ordering.storeHeading(STORE.name).isVisible(), { timeout: 20_000 }).toBe(true);
    await ordering.openDish('Margherita');
    await expect.poll(() => ordering.itemSheet.isVisible(), { timeout: 10_000 }).toBe(true);
    await ordering.addToCart.click();
    // Nothing is added while the required size is missing: the group says why.
    await expect.poll(() => ordering.addonProblem('Pizza size').textContent()).toBe('Choose 1 from Pizza size.');
    expect(await ordering.cartBadge.count()).toBe(0);

    await ordering.addonChoice('Pizza size', 'Regular 11"', 'radio').check();
    await ordering.addonChoice('Extra toppings', /^Rocket/, 'checkbox').check();
    await ordering.increaseQuantity('Margherita').click();
    // $12.50 + $1.00 rocket, twice.
    await expect.poll(() => ordering.addToCart.textContent()).toBe('Add to cart · $27.00');
    await ordering.addToCart.click();
    await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);

    await ordering.openDish('Tiramisù');
    await expect.poll(() => ordering.addToCart.textContent(), { timeout: 10_000 }).toBe('Add to cart · $7.50');
    await ordering.addToCart.click();
    await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => ordering.storeCartBar.textContent(), { timeout: 10_000 }).toContain('3 items · $34.50');
    // Back on home, the tab bar's cart badge counts the dishes.
    await ordering.backButton.click();
    await expect.poll(() => ordering.cartBadge.textContent(), { timeout: 10_000 }).toBe('3');

    // The GDPR banner stayed docked over the screens' bottoms (not over the item sheet): accepted now.
    await ordering.acceptGdpr();
    await expect.poll(() => ordering.gdprBanner.count()).toBe(0);

    // The cart, checked online.
    await app.tab('cart').click();
    await expect.poll(() => ordering.cartLines.count(), { timeout: 20_000 }).toBe(2);
    expect(await ordering.cartLine('Margherita').textContent()).toContain('Regular 11", Rocket');
    expect(await ordering.lineQuantity('Margherita').textContent()).toBe('Quantity of Margherita: 2');
    expect(await ordering.lineQuantity('Tiramisù').textContent()).toBe('Quantity of Tiramisù: 1');
    expect(await ordering.cartSubtotal.textContent()).toBe('$34.50');
    await expect.poll(() => ordering.cartCheck.textContent(), { timeout: 20_000 }).toMatch(/^Availability checked at/);
    await screenshot(page, 'phone-cart');

    // The network goes: a reload of /cart shows the same cart from the replica, and the check waits.
    await context.setOffline(true);
    const offlineSince = new Date().toISOString();
    await page.reload();
    await expect.poll(() => ordering.cartLines.count(), { timeout: 20_000 }).toBe(2);
    expect(await ordering.lineQuantity('Margherita').textContent()).toBe('Quantity of Margherita: 2');
    expect(await ordering.lineQuantity('Tiramisù').textContent()).toBe('Quantity of Tiramisù: 1');
    expect(await ordering.cartSubtotal.textContent()).toBe('$34.50');
    await expect.poll(() => ordering.cartBadge.textContent()).toBe('3');
    await expect.poll(() => ordering.cartCheck.textContent(), { timeout: 20_000 }).toBe('Will check when you’re back online');
    await screenshot(page, 'phone-cart-offline');

    // Back online: the queued check reaches the server (the worker drains on 'online'; the
    // service worker's queue is the backstop, replayed through CDP if Chromium has not yet).
    await context.setOffline(false);
    const checkedSinceOffline = async () => {
      const lines = await ordering.replicaCartLines();
      return lines.length === 2 && lines.every((line) => line.verdict?.available === true && line.verdict.checkedAt >= offlineSince);
    };
    const replayedAlone = await expect
      .poll(checkedSinceOffline, { timeout: 10_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (!replayedAlone) await dispatchSync(context, page, queueNameFor('cart-check'));
    await expect.poll(checkedSinceOffline, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => ordering.cartCheck.textContent(), { timeout: 10_000 }).toMatch(/^Availability checked at/);
    expect(await ordering.unavailableReasons.count()).toBe(0);

    // Checkout: delivery to the saved address, cash on delivery, the server's price.
    await ordering.checkoutLink.click();
    await expect.poll(() => ordering.checkoutForm.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await ordering.orderType('Delivery').getAttribute('aria-pressed')).toBe('true');
    const savedAddress = ordering.savedAddressOptions.filter({ hasText: '12 Market Street' });
    await expect.poll(() => savedAddress.getByRole('radio').isChecked(), { timeout: 20_000 }).toBe(true);
    await ordering.paymentOption('COD').getByRole('radio').check();
    expect(await ordering.paymentOption('COD').textContent()).toContain('Cash on delivery');
    await expect.poll(() => ordering.priceRow('total').isVisible(), { timeout: 20_000 }).toBe(true);
    const price = {
      subtotal: centsOf(await ordering.priceRow('subtotal').textContent()),
      storeCharge: centsOf(await ordering.priceRow('store-charge').textContent()),
      deliveryFee: centsOf(await ordering.priceRow('delivery-fee').textContent()),
      tax: centsOf(await ordering.priceRow('tax').textContent()),
      total: centsOf(await ordering.priceRow('total').textContent()),
    };
    expect(price.subtotal).toBe(3450);
    expect(price.deliveryFee).toBeGreaterThan(0);
    expect(price.tax).toBeGreaterThan(0);
    expect(price.total).toBe(price.subtotal + price.storeCharge + price.deliveryFee + price.tax);
    await expect.poll(() => ordering.placeOrder.textContent()).toBe(`Place order · $${(price.total / 100).toFixed(2)}`);
    await screenshot(page, 'phone-checkout');
    await ordering.priceBreakdown.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-checkout-price');
    await page.setViewportSize(LAPTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => ordering.checkoutForm.isVisible()).toBe(true);
    await screenshot(page, 'laptop-checkout');
    await page.setViewportSize(PHONE);

    await ordering.placeOrder.click();
    await page.waitForURL(/\/running-order\/[^/]+$/, { timeout: 20_000 });
    const uniqueOrderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const saved = await suite.server.db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_mode', 'restaurant_id', 'total', 'delivery_pin'])
      .where('unique_order_id', '=', uniqueOrderId)
      .executeTakeFirstOrThrow();
    expect({ status: Number(saved.status), payment: saved.payment_mode, store: Number(saved.restaurant_id), total: Number(saved.total) }).toEqual({
      status: 1,
      payment: 'COD',
      store: storeId,
      total: price.total,
    });
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: 20_000 }).toBe('Waiting for the store to accept your order');
    expect(await ordering.currentStep.textContent()).toContain('Placed');
    await expect.poll(() => ordering.deliveryPin.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^\\d{${DELIVERY_PIN_DIGITS}}$`));
    const pin = (await ordering.deliveryPin.textContent()) ?? '';
    expect(pin).toBe(saved.delivery_pin);
    // The order took the cart's dishes: the cart is empty on this device.
    await expect.poll(async () => (await ordering.replicaCartLines()).length).toBe(0);
    await screenshot(page, 'phone-running-order-placed');
    await markDocument(page);

    // The store accepts; a driver takes it, reports where they are, picks it up and hands it over.
    const owner = await OrderActor.signIn(suite.server.url, DEMO_OWNER);
    const driver = await OrderActor.signIn(suite.server.url, DEMO_DRIVER);
    await owner.move('accept-order', uniqueOrderId);
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('The store is preparing your order');
    expect(await ordering.currentStep.textContent()).toContain('Preparing');

    await driver.move('accept-to-deliver', uniqueOrderId);
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('A driver is on the way to the store');
    expect(await ordering.currentStep.textContent()).toContain('Driver assigned');
    await expect.poll(() => ordering.driverCard.isVisible(), { timeout: LIVE_STEP_MS }).toBe(true);
    expect(await ordering.driverCard.getByRole('heading').textContent()).toBe(`Your driver: ${driver.name}`);
    await expect.poll(() => ordering.driverPart('driver-map').isVisible()).toBe(true);

    // The driver's phone reports where they are, then again further along towards the saved address:
    // the map shows them, how far they are, and which way they are going.
    await driver.reportPosition({ latitude: 40.4417, longitude: -79.9975, heading: 100 });
    await expect.poll(() => ordering.driverPart('map-driver').isVisible(), { timeout: LIVE_STEP_MS }).toBe(true);
    await expect.poll(() => ordering.driverPart('driver-distance').textContent()).toMatch(new RegExp(`^${driver.name} is .+ from your address$`));
    const firstDistance = await ordering.driverPart('driver-distance').textContent();
    await driver.reportPosition({ latitude: 40.4414, longitude: -79.9962, heading: 100 });
    await expect.poll(() => ordering.driverPart('driver-distance').textContent(), { timeout: LIVE_STEP_MS }).not.toBe(firstDistance);
    await expect.poll(() => ordering.driverPart('map-heading').isVisible()).toBe(true);
    expect(await ordering.driverPart('driver-position-time').textContent()).toMatch(/Heading \d+° from north/);
    await ordering.driverCard.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-running-order-driver');

    await driver.move('pickedup-order', uniqueOrderId);
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('Your order is on its way');
    expect(await ordering.currentStep.textContent()).toContain('Picked up');

    await driver.move('deliver-order', uniqueOrderId, { delivery_pin: pin });
    await expect.poll(() => ordering.orderStatus.textContent(), { timeout: LIVE_STEP_MS }).toBe('Delivered. Enjoy your meal!');
    await expect.poll(() => ordering.rateOrderLink.isVisible()).toBe(true);
    expect(await ordering.deliveryPin.count()).toBe(0);
    expect(await ordering.driverCard.count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await screenshot(page, 'phone-running-order-delivered');

    // The rating: stars for the store and for the driver, a comment, then the thanks.
    await ordering.rateOrderLink.click();
    await page.waitForURL(`**/rate-order/${encodeURIComponent(uniqueOrderId)}`);
    await expect.poll(() => ordering.ratingForm.isVisible(), { timeout: 20_000 }).toBe(true);
    await ordering.star('store-stars', 5).click();
    await ordering.star('driver-stars', 4).click();
    expect(await ordering.starRadio('store-stars', 5).isChecked()).toBe(true);
    expect(await ordering.starRadio('driver-stars', 4).isChecked()).toBe(true);
    const comment = 'Crisp base, and still hot at the door.';
    await ordering.ratingComment.fill(comment);
    await screenshot(page, 'phone-rate-order');
    await ordering.sendRating.click();
    await expect.poll(() => ordering.ratingThanks.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'phone-rating-thanks');

    const review = await suite.server.db
      .selectFrom('reviews')
      .select(['restaurant_id', 'rating', 'driver_rating', 'comment'])
      .where('order_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect({ ...review, restaurant_id: Number(review.restaurant_id) }).toEqual({ restaurant_id: storeId, rating: 5, driver_rating: 4, comment });
    // And the store's reviews show it.
    await ordering.storeReviewsLink.click();
    await expect.poll(() => ordering.review(comment).isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });
});
