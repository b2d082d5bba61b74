/**
 * Issue 15.7 in Chromium: a phone user switches to Arabic from the account
 * page and sees a store's menu (sections, dishes, descriptions) and the
 * cookie banner in Arabic, the store's brand name kept; at 375 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { LAPTOP, screenshot } from './support/browser.ts';
import { firstVisitOnPhone } from './support/first-visit.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { openAllDay } from './support/demo-stores.ts';

const suite = useBrowserAndServer();
const STORE = { slug: 'nonna-lucia-trattoria', name: 'Nonna Lucia Trattoria' };

describe('the catalogue in Arabic on a phone', () => {
  it('switching to Arabic on the account page shows the menu and the cookie banner in Arabic', async () => {
    await openAllDay(suite.server.db, STORE.slug);
    const { context, app, page, ordering } = await firstVisitOnPhone(suite);
    try {
      await expect.poll(() => ordering.gdprBanner.textContent(), { timeout: 20_000 }).toContain('local storage');

      await app.tab('account').click();
      const arabic = await suite.server.db.selectFrom('languages').select('id').where('code', '=', 'ar').executeTakeFirstOrThrow();
      await page.getByRole('combobox', { name: /language/i }).selectOption(String(arabic.id), { timeout: 20_000 });
      await expect.poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 15_000 }).toBe('rtl');
      await expect.poll(() => ordering.gdprBanner.textContent(), { timeout: 15_000 }).toContain('نستخدم التخزين المحلي');

      await app.open('/');
      await ordering.storeCard(STORE.name).click({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('menu-item').first().textContent(), { timeout: 20_000 }).toMatch(/[\u0600-\u06FF]/);
      const menuText = (await page.locator('main').textContent()) ?? '';
      expect(menuText).toContain('مارغريتا');
      expect(menuText).toContain('معكرونة');
      expect(menuText).not.toContain('Margherita');
      // The brand stays as it is written.
      expect(menuText).toContain(STORE.name);
      expect(await ordering.gdprBanner.textContent()).toContain('نستخدم التخزين المحلي');
      await screenshot(page, 'catalogue-ar-store-375');

      // Where money is chosen (issue 32.4): the pizza's size and its choices read in Arabic too.
      await ordering.openDish('مارغريتا');
      await expect.poll(() => ordering.itemSheet.isVisible(), { timeout: 10_000 }).toBe(true);
      const sheet = (await ordering.itemSheet.textContent()) ?? '';
      expect(sheet).toContain('حجم البيتزا');
      expect(sheet).toContain('عادية ١١ إنش');
      expect(sheet).toContain('إضافات');
      expect(sheet).not.toMatch(/Pizza size|Regular 11|Extra toppings/);
      await screenshot(page, 'catalogue-ar-item-sheet-375');
      await page.keyboard.press('Escape');

      await page.setViewportSize(LAPTOP);
      await page.getByTestId('menu-item').first().waitFor({ timeout: 20_000 });
      await screenshot(page, 'catalogue-ar-store-1280');
    } finally {
      await context.close();
    }
  });
});
