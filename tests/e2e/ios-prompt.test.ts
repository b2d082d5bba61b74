/**
 * The iOS add-to-home-screen prompt (spec §4, §9): on an iPhone that has not
 * installed the app, from the 2nd visit for 2 visits, 2.5 s after the start.
 */
import { describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const suite = useBrowserAndServer();

describe('iOS add-to-home-screen prompt', () => {
  it('stays away on the first visit, shows 2.5 s into the 2nd and 3rd, and not on the 4th', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, userAgent: IPHONE_SAFARI });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const prompt = app.page.getByTestId('ios-install-prompt');
    const promptAfterStart = async () => {
      await app.page.reload();
      await app.tabBar.waitFor({ timeout: 20_000 });
      const startedAt = Date.now();
      await prompt.waitFor({ timeout: 10_000 });
      return Date.now() - startedAt;
    };

    await app.open('/');
    await app.waitForReplica();
    // One prompt at a time, the storage consent first: answered on the first visit, it leaves the dock to this one.
    await app.dismissLocationSheet();
    await new OrderingPages(app.page).acceptGdpr();
    await app.page.waitForTimeout(3_500);
    expect(await prompt.count()).toBe(0);

    expect(await promptAfterStart()).toBeGreaterThanOrEqual(2_000);
    await screenshot(app.page, 'phone-ios-prompt');
    await promptAfterStart();

    await app.page.reload();
    await app.tabBar.waitFor({ timeout: 20_000 });
    await app.page.waitForTimeout(3_500);
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});
