/**
 * Issue 15.9 on a phone: a visitor who has not signed up sees what the
 * order costs (the delivery fee to where they browse from, tax, the total)
 * and tries a coupon at the checkout; "Sign in" there comes back to the
 * checkout, with the cart, the coupon and the price kept, ready to place.
 */
import { describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, screenshot } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { firstVisitOnPhone } from './support/first-visit.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_CUSTOMER } from './support/order-actors.ts';

const STORE = { slug: 'nonna-lucia-trattoria', path: '/stores/riverton/nonna-lucia-trattoria', dish: 'Tiramisù' };

const suite = useBrowserAndServer();

describe('a visitor at the checkout', () => {
  it('sees the fees and the total, applies a coupon, signs in from there and comes back to place the order', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const { context, app, page, ordering } = await firstVisitOnPhone(suite);
    try {
      await ordering.acceptGdpr();

      // Two desserts in the cart, then Checkout from the cart, as a visitor would.
      await app.open(STORE.path);
      await ordering.openDish(STORE.dish);
      await ordering.increaseQuantity(STORE.dish).click();
      await ordering.addToCart.click();
      await expect.poll(() => ordering.itemSheet.count(), { timeout: 10_000 }).toBe(0);
      await ordering.storeCartBar.click();
      await ordering.checkoutLink.click({ timeout: 20_000 });
      await page.waitForURL('**/checkout');

      // The server's price, part by part, with the delivery fee to the browsing location: before any account.
      await ordering.priceBreakdown.waitFor({ timeout: 20_000 });
      expect(await ordering.priceRow('subtotal').textContent()).toBe('$15.00');
      expect(await ordering.priceRow('delivery-fee').textContent()).toMatch(/^\$\d+\.\d\d$/);
      const totalBefore = await ordering.priceRow('total').textContent();
      expect(await ordering.placeOrder.count()).toBe(0);

      // A coupon, tried before signing up: WELCOME10 takes 10 % of $15.00.
      await page.getByLabel('Coupon code').fill('welcome10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => page.getByTestId('coupon-applied').textContent(), { timeout: 20_000 }).toContain('WELCOME10 applied: $1.50 off');
      await expect.poll(() => ordering.priceRow('total').textContent(), { timeout: 20_000 }).not.toBe(totalBefore);
      const visitorTotal = await ordering.priceRow('total').textContent();
      const signIn = page.getByTestId('checkout-sign-in');
      await signIn.scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-visitor-checkout');
      await page.setViewportSize(LAPTOP);
      await screenshot(page, 'laptop-visitor-checkout');
      await page.setViewportSize(PHONE);

      // Sign in from the checkout: back at the checkout, the coupon still on, the same total, ready to place.
      await signIn.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/checkout');
      const form = page.getByTestId('password-sign-in');
      await form.getByLabel('E-mail or phone number').fill(DEMO_CUSTOMER.email);
      await form.getByLabel('Password').fill(DEMO_CUSTOMER.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 20_000 });
      await expect.poll(() => ordering.placeOrder.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByTestId('coupon-applied').textContent()).toContain('WELCOME10');
      expect(await ordering.placeOrder.textContent()).toBe(`Place order · ${visitorTotal}`);
      await screenshot(page, 'phone-visitor-signed-in-checkout');
    } finally {
      await context.close();
    }
  });
});
