/**
 * Issue 15.7 in Chromium, the console's side: an administrator opens a dish
 * in the console, types its Arabic name in the form's Translations part and
 * saves it; a customer who chose Arabic on their phone sees that name on
 * the store's menu. The part is screenshotted at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, newContext, screenshot } from './support/browser.ts';
import { openAllDay, plainItemOf } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { AdminConsole } from './page-models/admin-console.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';

const suite = useBrowserAndServer();
const DEMO_ADMIN = { email: 'admin@foodpilot.test', password: 'admin-demo' } as const;
const STORE = { slug: 'nonna-lucia-trattoria', name: 'Nonna Lucia Trattoria' };
const ARABIC_NAME = 'طبق الاختبار بالزيتون';
const SOON = { timeout: 20_000 };

/** The Translations part in view, for a screenshot of it. */
async function showTranslations(page: Page): Promise<void> {
  await page.getByTestId('catalogue-translations').scrollIntoViewIfNeeded();
}

describe("a dish's name in Arabic from the console", () => {
  it('an admin types an Arabic name for a dish and saves it; the customer app in Arabic shows it', async () => {
    const storeId = await openAllDay(suite.server.db, STORE.slug);
    const itemId = await plainItemOf(suite.server.db, storeId);
    const item = await suite.server.db.selectFrom('items').select('name').where('id', '=', itemId).executeTakeFirstOrThrow();
    const arabic = await suite.server.db.selectFrom('languages').select('id').where('code', '=', 'ar').executeTakeFirstOrThrow();

    const laptop = await newContext(suite.browser, { viewport: LAPTOP });
    const phone = await newContext(suite.browser, { viewport: PHONE });
    try {
      const admin = new AdminConsole(await laptop.newPage(), suite.server.url);
      await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      await admin.open(`/admin/items?store=${storeId}`);
      const { page } = admin;
      await page.getByRole('button', { name: `Edit ${item.name}`, exact: true }).click(SOON);
      const part = page.getByTestId('catalogue-translations');
      const arabicName = part.getByLabel('Name in العربية', { exact: true });
      await arabicName.waitFor(SOON);
      expect(await arabicName.getAttribute('dir')).toBe('auto');
      // Other languages' texts are the record's own fields: no English field here.
      expect(await part.getByLabel(/in English/).count()).toBe(0);
      await arabicName.fill(ARABIC_NAME);
      await part.getByRole('button', { name: 'Save translations' }).click();
      await part.getByRole('status').getByText('Translations saved.').waitFor(SOON);

      const stored = await suite.server.db
        .selectFrom('catalogue_translations')
        .select('text')
        .where('kind', '=', 'item')
        .where('entity_id', '=', itemId)
        .where('language_id', '=', Number(arabic.id))
        .where('field', '=', 'name')
        .executeTakeFirstOrThrow();
      expect(stored.text).toBe(ARABIC_NAME);

      await showTranslations(page);
      await screenshot(page, 'admin-item-translations-1280');
      await page.setViewportSize(PHONE);
      await showTranslations(page);
      await screenshot(page, 'admin-item-translations-375');
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(PHONE.width);

      // The customer, in Arabic.
      const app = new CustomerApp(await phone.newPage(), suite.server.url);
      const ordering = new OrderingPages(app.page);
      await app.open('/');
      await app.waitForReplica();
      await app.dismissLocationSheet();
      await app.tab('account').click();
      await app.page.getByRole('combobox', { name: /language/i }).selectOption(String(arabic.id), SOON);
      await expect.poll(() => app.page.evaluate(() => document.documentElement.dir), { timeout: 15_000 }).toBe('rtl');
      await app.open('/');
      await ordering.storeCard(STORE.name).click(SOON);
      await expect.poll(() => app.page.locator('main').textContent(), { timeout: 20_000 }).toContain(ARABIC_NAME);
      expect((await app.page.locator('main').textContent()) ?? '').not.toContain(item.name);
    } finally {
      await laptop.close();
      await phone.close();
    }
  });
});
