// @vitest-environment node
/**
 * The accounts part of the sync worker against the real server: signing up
 * and in (password, texted code), the password reset with codes read from
 * the development outbox, the account page's calls, logout's exact list,
 * the ban check at boot, and the call centre.
 */
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../../../src/api/account/entities.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { CUSTOMER_SESSION_ID, customerSessionOf, type CustomerSession } from '../../../../src/db/session.ts';
import { callAs, imageBytes, latestCode, registerCustomer, uniqueEmail, uniquePhone } from '../../../support/accounts.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';
import { MARKET_SQUARE, NOWHERE } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

const AGENT = { email: 'agent@foodpilot.test', password: 'agent-demo', name: 'Marcus Bell' } as const;

async function fresh(): Promise<Harness> {
  harness = await startHarness({ server: shared.server });
  return harness;
}

async function session(h: Harness = harness): Promise<CustomerSession | undefined> {
  const row = await h.db.session.get(CUSTOMER_SESSION_ID);
  return row ? customerSessionOf(row) : undefined;
}

async function userId(email: string): Promise<number> {
  const row = await shared.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A wrong code for `code`: the same length, never equal. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('signing up and in', () => {
  it('register keeps the session with the account in it', async () => {
    const h = await fresh();
    const email = uniqueEmail('signup');
    const phone = uniquePhone();
    const result = await h.service.api.register({ name: ' Robin Hale ', email, phone, password: 'long-enough-1' });
    expect(result).toEqual({ ok: true, value: { userId: await userId(email), name: 'Robin Hale', role: 'customer' } });
    expect(await session(h)).toMatchObject({
      userId: await userId(email),
      token: expect.stringMatching(/.{20,}/),
      role: 'customer',
      name: 'Robin Hale',
      email,
      phone,
      phoneVerified: false,
      avatar: null,
      taxNumber: null,
      actingAgent: null,
    });
  });

  it('register refusals carry the server codes and keep no session', async () => {
    const h = await fresh();
    const taken = await registerCustomer(shared.server.app);
    const base = { name: 'Someone', phone: uniquePhone(), password: 'long-enough-1' };
    expect(await h.service.api.register({ ...base, email: taken.email })).toMatchObject({ ok: false, reason: 'conflict', code: 'EMAIL_TAKEN' });
    expect(await h.service.api.register({ ...base, email: uniqueEmail(), password: 'short' })).toMatchObject({ ok: false, code: 'PASSWORD_TOO_SHORT' });
    expect(await h.service.api.register({ ...base, email: 'not-an-email' })).toMatchObject({ ok: false, code: 'INVALID_EMAIL' });
    expect(await h.db.session.count()).toBe(0);
  });

  it('the phone is confirmed with send-otp and verify-otp, then register takes the code', async () => {
    const h = await fresh();
    const email = uniqueEmail('verified');
    const phone = uniquePhone();
    expect(await h.service.api.sendOtp(phone, email)).toEqual({ ok: true, value: { channel: 'sms', expiresInSeconds: 600 } });
    const code = await latestCode(shared.server.app, phone);
    expect(await h.service.api.verifyOtp(phone, wrong(code))).toMatchObject({ ok: false, code: 'CODE_WRONG' });
    expect(await h.service.api.verifyOtp(phone, code)).toEqual({ ok: true });
    expect(await h.service.api.register({ name: 'Vera Fox', email, phone, password: 'long-enough-1', otp: code })).toMatchObject({ ok: true });
    expect(await session(h)).toMatchObject({ email, phoneVerified: true });

    const taken = await registerCustomer(shared.server.app);
    expect(await h.service.api.sendOtp(taken.phone)).toMatchObject({ ok: false, code: 'PHONE_TAKEN' });
  });

  it('password sign-in by e-mail or phone; a wrong password and an unknown user say so', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app, 'Pat Lowe');
    expect(await h.service.api.loginWithPassword(customer.email, 'not-the-password')).toMatchObject({
      ok: false,
      reason: 'unauthorized',
      code: 'WRONG_PASSWORD',
    });
    // An unknown account is answered as a wrong password (issue 13: no account enumeration).
    expect(await h.service.api.loginWithPassword(uniqueEmail('nobody'), 'whatever-1')).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(await h.db.session.count()).toBe(0);

    expect(await h.service.api.loginWithPassword(customer.email, customer.password)).toEqual({
      ok: true,
      value: { userId: customer.id, name: 'Pat Lowe', role: 'customer' },
    });
    // The phone as typed, with separators: the worker sends it cleaned.
    const typed = `${customer.phone.slice(0, 2)} (${customer.phone.slice(2, 5)}) ${customer.phone.slice(5)}`;
    expect(await h.service.api.loginWithPassword(typed, customer.password)).toMatchObject({ ok: true, value: { userId: customer.id } });
    expect(await session(h)).toMatchObject({ userId: customer.id, email: customer.email, phone: customer.phone });
  });

  it('signs in with a code texted to the phone, read from the development outbox', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app, 'Ola Nystrom');
    const sent = await h.service.api.requestLoginCode(customer.phone);
    expect(sent).toEqual({ ok: true, value: { channel: 'sms', expiresInSeconds: 600, registered: true } });
    const code = await latestCode(shared.server.app, customer.phone);
    expect(await h.service.api.loginWithCode({ phone: customer.phone, code: wrong(code) })).toMatchObject({ ok: false, code: 'CODE_WRONG' });
    expect(await h.db.session.count()).toBe(0);
    expect(await h.service.api.loginWithCode({ phone: customer.phone, code })).toMatchObject({ ok: true, value: { userId: customer.id } });
    expect(await session(h)).toMatchObject({ userId: customer.id, phoneVerified: true });
    // A code works once.
    expect(await h.service.api.loginWithCode({ phone: customer.phone, code })).toMatchObject({ ok: false, code: 'CODE_EXPIRED' });
  });

  it('a code to a new phone creates the account once it has a name and an e-mail', async () => {
    const h = await fresh();
    const phone = uniquePhone();
    expect(await h.service.api.requestLoginCode(phone)).toMatchObject({ ok: true, value: { registered: false } });
    const code = await latestCode(shared.server.app, phone);
    expect(await h.service.api.loginWithCode({ phone, code })).toMatchObject({ ok: false, code: 'DETAILS_REQUIRED' });
    const email = uniqueEmail('by-code');
    expect(await h.service.api.loginWithCode({ phone, code, name: 'Kit Moss', email })).toMatchObject({ ok: true, value: { name: 'Kit Moss' } });
    expect(await session(h)).toMatchObject({ userId: await userId(email), phone, email });
  });

  it('resets a forgotten password with a code e-mailed to the account', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app);
    // An unknown address is answered as a known one (and gets no mail).
    expect(await h.service.api.requestPasswordReset(uniqueEmail('nobody'))).toEqual({ ok: true, value: { channel: 'email', expiresInSeconds: 600 } });
    expect(await h.service.api.requestPasswordReset(customer.email)).toEqual({ ok: true, value: { channel: 'email', expiresInSeconds: 600 } });
    const code = await latestCode(shared.server.app, customer.email);
    expect(await h.service.api.verifyPasswordResetCode(customer.email, wrong(code))).toMatchObject({ ok: false, code: 'CODE_WRONG' });
    expect(await h.service.api.verifyPasswordResetCode(customer.email, code)).toEqual({ ok: true });
    expect(await h.service.api.changePassword(customer.email, code, 'short')).toMatchObject({ ok: false, code: 'PASSWORD_TOO_SHORT' });
    expect(await h.service.api.changePassword(customer.email, code, 'a-brand-new-one')).toMatchObject({ ok: true, value: { userId: customer.id } });
    expect(await session(h)).toMatchObject({ userId: customer.id });

    expect(await h.service.api.loginWithPassword(customer.email, customer.password)).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(await h.service.api.loginWithPassword(customer.email, 'a-brand-new-one')).toMatchObject({ ok: true });
  });
});

describe('the account page', () => {
  it('refreshProfile, changeAvatar and updateTaxNumber write the fresh account into the session', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app, 'Dee Park');
    await h.service.api.loginWithPassword(customer.email, customer.password);
    await shared.server.db.updateTable('users').set({ name: 'Dee Parker' }).where('id', '=', customer.id).execute();
    expect(await h.service.api.refreshProfile()).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ name: 'Dee Parker' });

    expect(await h.service.api.changeAvatar(new Blob([new Uint8Array(imageBytes('png', 300))], { type: 'image/png' }))).toEqual({ ok: true });
    expect((await session(h))?.avatar).toMatch(/^\/public\/images\/avatars\/.+\.png$/);

    expect(await h.service.api.updateTaxNumber(' DE 123/45 ')).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ taxNumber: 'DE 123/45' });
    expect(await h.service.api.updateTaxNumber('no!')).toMatchObject({ ok: false, code: 'INVALID_TAX_NUMBER' });
    expect(await h.service.api.updateTaxNumber('')).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ taxNumber: null });
  });

  it('changeDetails saves a new name at once, and a new e-mail or phone with the code sendContactCode sent to it', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app, 'Dee Park');
    await h.service.api.loginWithPassword(customer.email, customer.password);
    expect(await h.service.api.changeDetails({ name: ' Dee  Parker ' })).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ name: 'Dee Parker' });

    const newEmail = uniqueEmail('moved');
    expect(await h.service.api.changeDetails({ email: newEmail })).toMatchObject({ ok: false, code: 'CODE_REQUIRED' });
    expect(await h.service.api.sendContactCode('email', ` ${newEmail} `)).toEqual({ ok: true, value: { channel: 'email', expiresInSeconds: 600 } });
    const emailCode = await latestCode(shared.server.app, newEmail);
    expect(await h.service.api.changeDetails({ email: newEmail, code: emailCode })).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ email: newEmail });

    const newPhone = uniquePhone();
    expect(await h.service.api.sendContactCode('phone', `${newPhone.slice(0, 5)} ${newPhone.slice(5)}`)).toMatchObject({ ok: true, value: { channel: 'sms' } });
    const phoneCode = await latestCode(shared.server.app, newPhone);
    expect(await h.service.api.changeDetails({ phone: newPhone, code: phoneCode })).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ phone: newPhone, phoneVerified: true });

    const other = await registerCustomer(shared.server.app);
    expect(await h.service.api.sendContactCode('email', other.email)).toMatchObject({ ok: false, code: 'EMAIL_TAKEN' });
    expect(await h.service.api.changeDetails({ phone: other.phone, code: '123456' })).toMatchObject({ ok: false, code: 'PHONE_TAKEN' });
  });

  it('refuses a picture of another type or too large before sending it', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app);
    await h.service.api.loginWithPassword(customer.email, customer.password);
    const sentBefore = h.network.sent.length;
    expect(await h.service.api.changeAvatar(new Blob([new Uint8Array(imageBytes('gif', 100))], { type: 'image/png' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'IMAGE_TYPE',
    });
    const large = new Uint8Array(imageBytes('png', AVATAR_MAX_BYTES + 1)).buffer;
    expect(await h.service.api.changeAvatar(large)).toMatchObject({
      ok: false,
      code: 'IMAGE_TOO_LARGE',
    });
    expect(h.network.sent.length).toBe(sentBefore);
  });

  it('deleteAccount erases the account and signs out here', async () => {
    const h = await fresh();
    await h.service.api.boot();
    const customer = await registerCustomer(shared.server.app);
    await h.service.api.loginWithPassword(customer.email, customer.password);
    expect(await h.service.api.deleteAccount()).toEqual({ ok: true });
    expect(await h.db.session.count()).toBe(0);
    expect(await h.service.api.loginWithPassword(customer.email, customer.password)).toMatchObject({ ok: false });
  });

  it('without a session the account calls are unauthorized and send nothing', async () => {
    const h = await fresh();
    expect(await h.service.api.refreshProfile()).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await h.service.api.updateTaxNumber('X1')).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await h.service.api.changeDetails({ name: 'Nobody' })).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await h.service.api.deleteAccount()).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await h.service.api.checkBan()).toEqual({ ok: true, value: { signedOut: false } });
    expect(h.network.sent).toHaveLength(0);
  });
});

describe('logout', () => {
  it("clears spec §4's list and the user's alerts and favourites in one go; cart, language, settings and the outbox stay", async () => {
    const h = await fresh();
    await h.service.api.boot();
    const customer = await registerCustomer(shared.server.app);
    await h.service.api.loginWithPassword(customer.email, customer.password);
    await h.service.api.setAddress(NOWHERE);
    const { db } = h;
    await db.prefs.put({ key: PrefKey.pushToken, value: { token: 'push-1', userId: customer.id } });
    await db.runningOrder.put({ unique_order_id: 'ORD-1', fetchedAt: 1 });
    await db.wallet.put({ userId: customer.id, balance: 500, transactions: [], fetchedAt: 1 });
    await db.addresses.put({ id: 3, fetchedAt: 1 });
    await db.alerts.put({ id: 9, is_read: 0, fetchedAt: 1 });
    await db.cartLines.put({ id: 'line-1', itemId: 1, storeId: 1, quantity: 2, addons: [] });
    await db.cartMeta.put({ id: 'cart', productQuantity: 2, totalPrice: 1800, coupon: null, couponError: null, loyalty: null });
    await db.favourites.put({ id: 4, position: 0, fetchedAt: 1 });
    const languageId = (await db.prefs.get(PrefKey.languageId))?.value;
    expect(languageId).toEqual(expect.any(Number));
    const settings = await db.settings.count();

    const signedInToken = (await db.session.get('customer'))?.token;
    expect(signedInToken).toEqual(expect.any(String));

    expect(await h.service.api.logout()).toEqual({ ok: true });
    // The server ended the session too.
    const { statusCode } = await shared.server.app.inject({ method: 'POST', url: '/public/api/check-ban', payload: { token: signedInToken } });
    expect(statusCode).toBe(401);

    expect(await db.session.count()).toBe(0);
    expect(await db.prefs.get(PrefKey.pushToken)).toBeUndefined();
    expect(await db.runningOrder.count()).toBe(0);
    expect(await db.wallet.count()).toBe(0);
    expect(await db.addresses.count()).toBe(0);
    expect(await db.alerts.count()).toBe(0);
    // The account's favourites are its own: the next person to sign in here must not see them.
    expect(await db.favourites.count()).toBe(0);
    // The saved address is gone; the primary location takes its place, as on a first visit.
    expect(await db.address.get('current')).toMatchObject({ address: MARKET_SQUARE.address, businessLocation: true, house: null, tag: null });

    expect(await db.cartLines.count()).toBe(1);
    expect(await db.cartMeta.get('cart')).toMatchObject({ productQuantity: 2 });
    expect((await db.prefs.get(PrefKey.languageId))?.value).toBe(languageId);
    expect(await db.settings.count()).toBe(settings);
    expect(await db.prefs.get(PrefKey.sessionEnded)).toBeUndefined();
  });
});

describe('the ban check', () => {
  it('boot with a banned user signs them out with ACCOUNT_BANNED for the UI to say', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app);
    await h.service.api.loginWithPassword(customer.email, customer.password);
    expect(await h.service.api.checkBan()).toEqual({ ok: true, value: { signedOut: false } });

    await shared.server.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', customer.id).execute();
    const booted = await h.service.api.boot();
    expect(booted.online).toBe(true);
    expect(h.network.pathsSent()).toContain('/public/api/check-ban');
    expect(await h.db.session.count()).toBe(0);
    expect((await h.db.prefs.get(PrefKey.sessionEnded))?.value).toEqual({ code: 'ACCOUNT_BANNED', at: expect.any(Number) });
    expect(await h.db.address.get('current')).toMatchObject({ address: MARKET_SQUARE.address });

    // A new sign-in forgets the note.
    await shared.server.db.updateTable('users').set({ is_banned: 0 }).where('id', '=', customer.id).execute();
    await h.service.api.loginWithPassword(customer.email, customer.password);
    expect(await h.db.prefs.get(PrefKey.sessionEnded)).toBeUndefined();
  });

  it('a token the server no longer knows ends the session with UNAUTHORIZED; offline changes nothing', async () => {
    const h = await fresh();
    const customer = await registerCustomer(shared.server.app);
    await h.service.api.loginWithPassword(customer.email, customer.password);
    h.network.offline = true;
    expect(await h.service.api.checkBan()).toMatchObject({ ok: false, reason: 'offline' });
    expect(await h.db.session.count()).toBe(1);
    h.network.offline = false;

    await h.db.session.update(CUSTOMER_SESSION_ID, { token: 'a-token-nobody-issued' });
    expect(await h.service.api.checkBan()).toEqual({ ok: true, value: { signedOut: true } });
    expect(await h.db.session.count()).toBe(0);
    expect((await h.db.prefs.get(PrefKey.sessionEnded))?.value).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the call centre', () => {
  it('an agent acts for a customer: the session carries the agent, the addresses come along, and stopping goes back', async () => {
    const h = await fresh();
    const email = uniqueEmail('called');
    const address = { lat: 40.44, lng: -79.99, address: '12 Mill Street, Riverton', house: 'Flat 2', tag: 'Home' };
    const registered = await callAs(shared.server.app, 'register', { name: 'Carla Diaz', email, phone: uniquePhone(), password: 'long-enough-1', address });
    expect(registered.statusCode).toBe(200);
    const customerId = await userId(email);
    const agentId = await userId(AGENT.email);

    expect(await h.service.api.loginWithPassword(AGENT.email, AGENT.password)).toMatchObject({ ok: true, value: { role: 'agent' } });
    expect(await h.service.api.searchCustomers(email.toUpperCase())).toEqual({
      ok: true,
      value: [expect.objectContaining({ id: customerId, name: 'Carla Diaz', address_count: 1 })],
    });
    expect(await h.service.api.loginAsCustomer(customerId)).toEqual({ ok: true, value: { userId: customerId, name: 'Carla Diaz', role: 'customer' } });
    const acting = await session(h);
    expect(acting).toMatchObject({
      userId: customerId,
      role: 'customer',
      name: 'Carla Diaz',
      actingAgent: { id: agentId, name: AGENT.name, session: { userId: agentId, role: 'agent' } },
    });
    expect(await h.db.addresses.toArray()).toMatchObject([{ address: '12 Mill Street, Riverton', house: 'Flat 2', tag: 'Home' }]);
    // The agent browses from where the customer is, not from where the agent sits.
    expect(await h.db.address.get('current')).toMatchObject({ lat: 40.44, lng: -79.99, address: '12 Mill Street, Riverton', house: 'Flat 2', businessLocation: false });

    // Another customer while acting: the agent's own token is used, the agent stays the same.
    const other = await registerCustomer(shared.server.app, 'Omar Haddad');
    expect(await h.service.api.loginAsCustomer(other.id)).toMatchObject({ ok: true, value: { userId: other.id } });
    expect(await session(h)).toMatchObject({ userId: other.id, actingAgent: { id: agentId } });
    expect(await h.db.addresses.count()).toBe(0);

    expect(await h.service.api.stopActing()).toEqual({ ok: true });
    expect(await session(h)).toMatchObject({ userId: agentId, role: 'agent', name: AGENT.name, actingAgent: null });
  });

  it('three callers in a row on one device: nothing of one caller reaches the next (issue 32)', async () => {
    const h = await fresh();
    await h.service.api.boot();
    const first = uniqueEmail('caller-one');
    const home = { lat: 40.4412, lng: -79.9951, address: '9 Orchard Lane, Riverton', house: 'Blue door', tag: 'Home' };
    expect((await callAs(shared.server.app, 'register', { name: 'First Caller', email: first, phone: uniquePhone(), password: 'long-enough-1', address: home })).statusCode).toBe(200);
    await h.service.api.loginWithPassword(AGENT.email, AGENT.password);

    // Caller one: their home, and everything a customer leaves on a device while ordering.
    expect(await h.service.api.loginAsCustomer(await userId(first))).toMatchObject({ ok: true });
    expect(await h.db.address.get('current')).toMatchObject({ address: home.address, house: home.house });
    await h.db.transaction('rw', [h.db.cartLines, h.db.cartMeta, h.db.favourites, h.db.alerts, h.db.prefs, h.db.outbox], async () => {
      await h.db.cartLines.put({ id: 'line-1', itemId: 1, storeId: 1, quantity: 2, addons: [] } as never);
      await h.db.cartMeta.put({
        id: 'cart',
        productQuantity: 2,
        totalPrice: 1500,
        coupon: { code: 'WELCOME10' },
        couponError: null,
        loyalty: { points: 300, redeemed: true, redeemedPoints: 300 },
        store: null,
      });
      await h.db.favourites.put({ id: 3, position: 0, fetchedAt: 1 });
      await h.db.alerts.put({ id: 77, is_read: 0, fetchedAt: 1, userId: 1 });
      await h.db.prefs.put({ key: PrefKey.lastDeliveryAddress, value: { userId: 1, address: home } });
      await h.db.prefs.put({ key: PrefKey.pushToken, value: { token: 'push-one', userId: 1 } });
      await h.db.prefs.put({ key: PrefKey.locationChosenByUser, value: true });
    });

    const nothingOfTheLastCaller = async () => {
      expect(await h.db.cartLines.count()).toBe(0);
      expect(await h.db.cartMeta.toArray()).toEqual([]);
      expect(await h.db.favourites.count()).toBe(0);
      expect(await h.db.alerts.count()).toBe(0);
      expect(await h.db.addresses.count()).toBe(0);
      expect(await h.db.runningOrder.count()).toBe(0);
      expect(await h.db.orders.count()).toBe(0);
      expect(await h.db.prefs.get(PrefKey.lastDeliveryAddress)).toBeUndefined();
      expect(await h.db.prefs.get(PrefKey.pushToken)).toBeUndefined();
      // Browsing starts again where a first visit does, and the locations sheet asks where the caller is.
      expect(await h.db.address.get('current')).toMatchObject({ address: MARKET_SQUARE.address, businessLocation: true });
      expect((await h.db.prefs.get(PrefKey.locationChosenByUser))?.value).toBe(false);
    };

    // A favourite caller one asked for in a dead spot: it waits in the outbox.
    h.network.offline = true;
    expect(await h.service.api.toggleFavourite(5)).toMatchObject({ ok: true, value: { isFavourite: true, pending: true } });
    h.network.offline = false;

    // Caller two, a guest with no saved address: the previous caller's home is not theirs.
    expect(await h.service.api.stopActing()).toEqual({ ok: true });
    await nothingOfTheLastCaller();
    expect(await h.service.api.registerGuestUser({ name: 'Second Caller', phone: uniquePhone() })).toMatchObject({ ok: true, value: { name: 'Second Caller' } });
    await nothingOfTheLastCaller();
    // Caller one's toggle is sent, for caller one, and shows nothing under caller two.
    await h.service.drainer.drain();
    expect((await h.db.outbox.toArray()).filter((row) => row.call === 'toggle-favorite')).toMatchObject([{ status: 'applied' }]);
    expect(await h.db.favourites.count()).toBe(0);
    const favouriteOfCallerOne = await shared.server.db
      .selectFrom('favourites')
      .select('restaurant_id')
      .where('user_id', '=', await userId(first))
      .execute();
    expect(favouriteOfCallerOne.map((row) => Number(row.restaurant_id))).toEqual([5]);

    // Caller three, straight from caller two without stopping: their own home, nothing of caller two.
    await h.db.cartLines.put({ id: 'line-2', itemId: 1, storeId: 1, quantity: 1, addons: [] } as never);
    const third = await registerCustomer(shared.server.app, 'Third Caller');
    expect(await h.service.api.loginAsCustomer(third.id)).toMatchObject({ ok: true, value: { userId: third.id } });
    expect(await h.db.cartLines.count()).toBe(0);
    expect(await session(h)).toMatchObject({ userId: third.id, name: 'Third Caller', actingAgent: { name: AGENT.name } });
  });

  it('an agent registers a guest and acts for them; customers cannot use the call centre', async () => {
    const h = await fresh();
    await h.service.api.loginWithPassword(AGENT.email, AGENT.password);
    const phone = uniquePhone();
    const result = await h.service.api.registerGuestUser({ name: 'Walk-in Guest', phone });
    expect(result).toMatchObject({ ok: true, value: { name: 'Walk-in Guest', role: 'customer' } });
    expect(await session(h)).toMatchObject({ phone, actingAgent: { id: await userId(AGENT.email), name: AGENT.name } });
    expect(await h.service.api.registerGuestUser({ name: 'Again', phone })).toMatchObject({ ok: false, code: 'PHONE_TAKEN' });

    const customer = await registerCustomer(shared.server.app);
    const h2 = await startHarness({ server: shared.server });
    try {
      await h2.service.api.loginWithPassword(customer.email, customer.password);
      const sentBefore = h2.network.sent.length;
      expect(await h2.service.api.loginAsCustomer(1)).toMatchObject({ ok: false, reason: 'unauthorized', code: 'FORBIDDEN' });
      expect(h2.network.sent.length).toBe(sentBefore);
    } finally {
      await h2.close();
    }
  });
});
