/**
 * Issue 15.11 in Chromium: on a store page at 375 px the menu's section tabs
 * stick under the header, follow the section in view and jump to one; the
 * "+" on a menu row adds the dish straight to the cart. On the account page
 * a customer edits their name, and changes their e-mail with the code the
 * development outbox shows was sent to the new address. Screenshots at 375
 * and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { LAPTOP, PHONE, newContext, screenshot, waitForPageCondition } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { AccountPages } from './page-models/account-pages.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { registerCustomer, uniqueEmail } from '../support/accounts.ts';

const suite = useBrowserAndServer();

describe('the menu at 375 px', () => {
  it('sticks its section tabs under the header, marks the section in view, jumps on a tap, and adds a dish with its "+"', async () => {
    await openAllDay(suite.server.db, 'beirut-grill');
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/');
    await app.waitForReplica();
    await app.dismissLocationSheet();
    await app.open('/stores/riverton/beirut-grill');
    await expect.poll(() => page.getByTestId('menu-item').count(), { timeout: 20_000 }).toBeGreaterThan(3);

    const tabs = page.getByRole('navigation', { name: 'Menu sections' });
    await expect.poll(() => tabs.getByRole('button').allTextContents()).toEqual(['Recommended', 'Mezze', 'From the Grill']);
    expect(await tabs.getByRole('button', { name: 'Recommended' }).getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'menu-tabs-phone-top');

    // A tap on the last section: the page lands on its heading, just under the header and the stuck tabs.
    await tabs.getByRole('button', { name: 'From the Grill' }).click();
    await expect.poll(() => tabs.getByRole('button', { name: 'From the Grill' }).getAttribute('aria-current')).toBe('true');
    const stuck = await tabs.boundingBox();
    expect(stuck?.y).toBe(60);
    const heading = page.getByRole('heading', { level: 3, name: 'From the Grill' });
    const headingBox = await heading.boundingBox();
    expect(headingBox!.y).toBeGreaterThanOrEqual(110);
    expect(headingBox!.y).toBeLessThan(PHONE.height / 2);
    await screenshot(page, 'menu-tabs-phone-jumped');

    // Scrolling back up by hand: the tabs follow the section in view.
    await page.evaluate(() => {
      const mezze = [...document.querySelectorAll('h3')].find((element) => element.textContent === 'Mezze');
      window.scrollTo(0, window.scrollY + mezze!.getBoundingClientRect().top - 90);
    });
    await expect.poll(() => tabs.getByRole('button', { name: 'Mezze' }).getAttribute('aria-current'), { timeout: 5000 }).toBe('true');

    // The keyboard reaches the tabs; nothing is wider than the screen.
    await tabs.getByRole('button', { name: 'Recommended' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tabs.getByRole('button', { name: 'Recommended' }).getAttribute('aria-current')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The "+" of a dish without a choice puts one in the cart at once.
    await page.getByRole('button', { name: 'Add Fattoush' }).click();
    await expect.poll(() => page.getByTestId('store-cart-bar').textContent(), { timeout: 10_000 }).toContain('1 item');
    await expect.poll(() => page.getByTestId('quick-add-status').textContent()).toBe('Fattoush added to your cart.');
    await page.getByRole('button', { name: 'Add Fattoush' }).click();
    await expect.poll(() => page.getByTestId('store-cart-bar').textContent(), { timeout: 10_000 }).toContain('2 items');
    await screenshot(page, 'menu-quick-add-phone');

    // At 320 px too, nothing is wider than the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it('looks right at 1280 px, and in Arabic (right to left) at 375 px the tabs jump and stay on the screen', async () => {
    const context = await newContext(suite.browser, { viewport: LAPTOP });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    await app.open('/stores/riverton/beirut-grill');
    await app.waitForReplica();
    await expect.poll(() => page.getByTestId('menu-item').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.getByRole('navigation', { name: 'Menu sections' }).getByRole('button', { name: 'Mezze' }).click();
    await screenshot(page, 'menu-tabs-laptop');

    const arabic = await suite.server.db.selectFrom('languages').select('id').where('dir', '=', 'rtl').executeTakeFirstOrThrow();
    await app.open('/');
    const select = page.getByRole('combobox', { name: /language/i });
    await select.waitFor({ timeout: 20_000 });
    await select.selectOption(String(arabic.id));
    await waitForPageCondition(page, async () => document.documentElement.dir === 'rtl', 'the app to turn right to left', 20_000);
    await page.setViewportSize(PHONE);
    await app.open('/stores/riverton/beirut-grill');
    const tabs = page.getByTestId('menu-tabs');
    await expect.poll(() => tabs.getByRole('button').count(), { timeout: 20_000 }).toBe(3);
    await tabs.getByRole('button').nth(2).click();
    await expect.poll(() => tabs.getByRole('button').nth(2).getAttribute('aria-current')).toBe('true');
    expect((await tabs.boundingBox())?.y).toBe(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'menu-tabs-phone-arabic');
    await context.close();
  });
});

describe('the account details at 375 px', () => {
  it('a customer renames themself, and moves to a new e-mail only with the code sent to it', async () => {
    const customer = await registerCustomer(suite.server.app, 'Dee Park');
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const account = new AccountPages(page, suite.server.url);
    await app.open('/login');
    await page.getByLabel('E-mail or phone number', { exact: true }).fill(customer.email, { timeout: 20_000 });
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    await app.open('/my-account');
    const details = page.getByTestId('account-details');
    await details.waitFor({ timeout: 20_000 });

    // The name: saved at once, shown in the profile.
    const nameForm = details.getByTestId('name-form');
    await nameForm.getByLabel('Full name', { exact: true }).fill('Dee Parker');
    await nameForm.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => nameForm.getByRole('status').textContent(), { timeout: 10_000 }).toBe('Your name is saved.');
    await expect.poll(() => page.locator('#account-name').textContent()).toBe('Dee Parker');

    // The e-mail: a code goes to the new address; a wrong one is said at the code, the right one saves it.
    const newEmail = uniqueEmail('moved');
    const emailForm = details.getByTestId('email-form');
    await emailForm.getByLabel('E-mail', { exact: true }).fill(newEmail);
    const code = await account.codeSentBy(newEmail, () => emailForm.getByRole('button', { name: 'Send code' }).click());
    const codeField = emailForm.getByLabel('Code', { exact: true });
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await emailForm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => codeField.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true');
    expect(await page.getByTestId('account-email').textContent()).toBe(customer.email);
    await screenshot(page, 'account-details-phone-code');
    await codeField.fill(code);
    await emailForm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => emailForm.getByText('Your new e-mail is saved.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(newEmail);
    const row = await suite.server.db.selectFrom('users').select(['name', 'email']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Dee Parker', email: newEmail });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'account-details-phone-saved');

    await page.setViewportSize(LAPTOP);
    await details.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-details-laptop');
    await context.close();
  });
});
