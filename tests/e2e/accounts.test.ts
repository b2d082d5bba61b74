/**
 * Accounts on a phone (375 px) against the real server: sign up with the
 * phone confirmed by a texted code, sign out, sign in with a code read from
 * the development outbox, change the picture, sign out and check what the
 * replica cleared and kept (spec §4); and a call-centre agent acting for
 * the demo customer, with the banner that says so.
 */
import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot, waitForServiceWorkerControl } from './support/browser.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { AccountPages } from './page-models/account-pages.ts';
import { CustomerApp } from './page-models/customer-app.ts';

const suite = useBrowserAndServer();

/** A real 8×8 PNG, drawn here: a teal square. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [0x1b, 0x8a, 0x8f]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The GDPR banner docks over the bottom of every screen until accepted: out of the screenshots' way. */
async function acceptGdpr(page: Page): Promise<void> {
  const accept = page.getByTestId('gdpr-banner').getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

describe('accounts at 375 px', () => {
  it('signs up, signs in with a texted code, changes the picture, and logout clears exactly what spec §4 lists', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const account = new AccountPages(page, suite.server.url);
    const phone = `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const email = `e2e-${randomInt(1_000_000)}@example.test`;

    // Sign up: the details, then the code texted to the phone.
    await app.open('/register');
    await app.waitForReplica();
    await waitForServiceWorkerControl(page);
    await acceptGdpr(page);
    await account.button('Continue').click();
    await expect.poll(() => account.field('Full name').getAttribute('aria-invalid')).toBe('true');
    await account.register({ name: 'Robin Hale', email, phone, password: 'long-enough-1' });
    await screenshot(page, 'phone-register');
    const signUpCode = await account.codeSentBy(phone, () => account.button('Continue').click());
    await account.field('Code').fill(signUpCode);
    await account.button('Create an account').click();
    await expect.poll(() => account.profile.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await account.profile.textContent()).toContain('Robin Hale');
    expect(await account.session()).toMatchObject({ role: 'customer', data: { email, phone, phoneVerified: true } });
    expect(await app.pref('storagePersistAsked')).toBe(true);

    // Sign out, then in again with a code.
    await account.button('Sign out').click();
    await expect.poll(() => account.signedOut.isVisible()).toBe(true);
    expect(await account.session()).toBeUndefined();
    await account.signedOut.getByRole('link', { name: 'Sign in' }).click();
    await expect.poll(() => account.button('Text me a code').isVisible()).toBe(true);
    await screenshot(page, 'phone-login');
    await account.button('Text me a code').click();
    await account.field('Phone number').fill(phone);
    // The sign-up code is already in the outbox: wait for the one this click sends.
    const signInCode = await account.codeSentBy(phone, () => account.button('Send me a code').click());
    await account.field('Code').fill(signInCode);
    await screenshot(page, 'phone-login-code');
    await account.button('Sign in').click();
    await expect.poll(() => account.profile.isVisible(), { timeout: 20_000 }).toBe(true);

    // A new picture: previewed, saved, served.
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect.poll(() => account.avatarImage.getAttribute('alt')).toBe('Preview of your new profile picture');
    await account.button('Save picture').click();
    await expect.poll(() => page.getByText('Your new picture is saved.').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => account.avatarImage.getAttribute('src')).toMatch(/^\/public\/images\/avatars\/.+\.png$/);
    await expect.poll(() => account.avatarImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(8);
    await screenshot(page, 'phone-my-account-signed-in');

    // Things that belong to the device, and one that belongs to the user: an address of their own.
    await app.open('/search-location');
    await app.locationSearch.fill('washington');
    const washington = app.placeResults.getByRole('button', { name: 'Washington, Pennsylvania, United States' });
    await expect.poll(() => washington.isVisible(), { timeout: 20_000 }).toBe(true);
    await washington.click();
    await app.confirmAddress.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => app.headerAddress.textContent(), { timeout: 20_000 }).toContain('Washington');
    await account.putRows('cartLines', [{ id: 'line-1', itemId: 1, storeId: 1, quantity: 2, addons: [] }]);
    await account.putRows('prefs', [{ key: 'pushToken', value: { token: 'push-e2e', userId: 1 } }]);
    const languageId = await app.pref('languageId');
    const settingsCount = (await account.rows('settings')).length;

    await app.tab('account').click();
    await account.button('Sign out').click();
    await expect.poll(() => account.signedOut.isVisible()).toBe(true);

    // Cleared: the session, the saved address (the primary location is back, as on a first visit), the push token.
    expect(await account.session()).toBeUndefined();
    expect(await app.pref('pushToken')).toBeUndefined();
    expect(await app.currentAddress()).toMatchObject({ address: 'Market Square, Riverton', businessLocation: true });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('geoLocation'))).toBe(JSON.stringify({ lat: 40.4406, lng: -79.9959 }));
    expect(await account.rows('runningOrder')).toEqual([]);
    expect(await account.rows('addresses')).toEqual([]);
    // Kept: the cart, the language, the settings.
    expect(await account.rows('cartLines')).toMatchObject([{ id: 'line-1', quantity: 2 }]);
    expect(await app.pref('languageId')).toBe(languageId);
    expect((await account.rows('settings')).length).toBe(settingsCount);
    await context.close();
  });

  it('an agent signs in at /auth/login-as-customer/<id>, acts for the demo customer, and sees the banner', async () => {
    const customer = await suite.server.db.selectFrom('users').select('id').where('email', '=', 'customer@foodpilot.test').executeTakeFirstOrThrow();
    const context = await newContext(suite.browser, { viewport: PHONE });
    const app = new CustomerApp(await context.newPage(), suite.server.url);
    const { page } = app;
    const account = new AccountPages(page, suite.server.url);

    await app.open(`/auth/login-as-customer/${customer.id}`);
    await app.waitForReplica();
    await acceptGdpr(page);
    const signIn = page.getByTestId('agent-sign-in');
    await expect.poll(() => signIn.isVisible(), { timeout: 20_000 }).toBe(true);
    await signIn.getByLabel('E-mail', { exact: true }).fill('agent@foodpilot.test');
    await signIn.getByLabel('Password', { exact: true }).fill('agent-demo');
    await signIn.getByRole('button', { name: 'Sign in' }).click();

    // Acts at once, then home to order for the customer.
    await expect.poll(() => account.actingBanner.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await account.actingBanner.textContent()).toContain('Acting for Sam Carter — agent Marcus Bell');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await account.session()).toMatchObject({ userId: Number(customer.id), role: 'customer', data: { actingAgent: { name: 'Marcus Bell' } } });
    // A first visit opens the locations sheet on home; close it to see the screen.
    if (await app.locationSheet.isVisible()) await page.keyboard.press('Escape');
    await screenshot(page, 'phone-agent-acting');

    await account.actingBanner.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => account.actingBanner.count()).toBe(0);
    await expect.poll(() => page.getByTestId('call-centre-agent').textContent(), { timeout: 20_000 }).toBe('Signed in as agent Marcus Bell');
    expect(await account.session()).toMatchObject({ role: 'agent' });
    await context.close();
  });
});
