/**
 * Issue 32.5 on a 375 × 812 phone: with an order under way, the storage
 * consent asked and the tab bar, the fixed chrome leaves the screen to the
 * screen. The order's banner is one line; the consent declines as easily as
 * it accepts; and every control reached with Tab is scrolled clear of every
 * fixed bar (WCAG 2.2 "focus not obscured").
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { postCall } from '../support/api-client.ts';
import { PHONE, newContext, screenshot } from './support/browser.ts';
import { openAllDay, plainItemOf } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { DEMO_CUSTOMER } from './support/order-actors.ts';
import { AlertsAndWallet } from './page-models/alerts-and-wallet.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

/** The fixed chrome on screen: the order's banner, the docked prompt, the tab bar. */
const CHROME = ['.running-order-banner', '.prompt-dock .prompt-card', '.tab-bar'];

interface Obscured {
  control: string;
  by: string;
}

/** The control that has the focus, unless it belongs to the chrome itself, and the chrome that lies over any part of it. */
async function focusedUnder(page: Page): Promise<Obscured[] | null> {
  return page.evaluate((selectors) => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body || selectors.some((selector) => focused.closest(selector))) return null;
    const box = focused.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const hits: { control: string; by: string }[] = [];
    for (const selector of selectors) {
      for (const bar of document.querySelectorAll(selector)) {
        const over = bar.getBoundingClientRect();
        const overlaps = box.left < over.right && box.right > over.left && box.top < over.bottom && box.bottom > over.top;
        if (overlaps) hits.push({ control: `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 40)}"`, by: selector });
      }
    }
    return hits;
  }, CHROME);
}

describe('the chrome over a phone screen (issue 32.5)', () => {
  it('keeps an order under way to one line, declines the consent in one tap, and never hides a focused control', async () => {
    const storeId = await openAllDay(suite.server.db, 'nonna-lucia-trattoria');
    const itemId = await plainItemOf(suite.server.db, storeId);
    const login = await postCall(suite.server.url, 'login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    const token = (login.body as { data: { auth_token: string } }).data.auth_token;
    const placed = await postCall(
      suite.server.url,
      'place-order',
      { token, restaurant_id: storeId, items: [{ id: itemId, quantity: 2, addon_ids: [] }], order_type: 'SELFPICKUP', payment_mode: 'COD' },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
    expect(placed.status).toBe(200);

    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    try {
      await app.open('/');
      await app.waitForReplica();
      await app.dismissLocationSheet();
      await new AlertsAndWallet(app).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      // Signed in with an order under way: home finds it without the app being opened again.
      await app.tab('near-me').click();
      const banner = page.getByTestId('running-order-banner');
      await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(true);
      const consent = page.getByTestId('gdpr-banner');
      await expect.poll(() => consent.isVisible(), { timeout: 20_000 }).toBe(true);
      await page.getByTestId('store-card').first().waitFor({ timeout: 20_000 });

      // One line: no taller than a comfortable tap target and its padding.
      const bannerHeight = (await banner.boundingBox())?.height ?? 0;
      expect(bannerHeight).toBeGreaterThan(0);
      expect(bannerHeight).toBeLessThanOrEqual(56);
      // The order's number is still in what a screen reader reads.
      expect(await banner.textContent()).toContain('Order');
      await screenshot(page, 'phone-home-order-and-consent');

      // Every control the keyboard reaches on the home is clear of the banner, the consent and the tab bar.
      const obscured: Obscured[] = [];
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let step = 0; step < 45; step += 1) {
        await page.keyboard.press('Tab');
        obscured.push(...((await focusedUnder(page)) ?? []));
      }
      expect(obscured).toEqual([]);

      // Declining is one tap, as accepting is, and the consent does not come back.
      await consent.getByRole('button', { name: 'Decline' }).click();
      await expect.poll(() => consent.count()).toBe(0);
      await page.reload();
      await expect.poll(() => banner.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await consent.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
