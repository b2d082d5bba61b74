/**
 * Accounts through the real app on each database: registration, every way
 * of password login, the account screen's calls, avatar checks, deletion,
 * bans, and the rule that a call naming a user_id acts on the token's user
 * only. Every refusal is a 4xx with its own code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, BanStatus, LoginResult, RunningOrderCheck, UserInfo } from '../../../src/api/account/entities.ts';
import { AVATAR_MAX_BYTES } from '../../../src/api/account/limits.ts';
import { ERROR_CODES, ERROR_TEXT_KEYS } from '../../../src/api/errors.ts';
import { ENGLISH_TEXTS } from '../../../src/api/language/texts.ts';
import { hashToken } from '../../../server/account/tokens.ts';
import { ARABIC_TEXTS } from '../../../server/seed/arabic-texts.ts';
import { REGISTER_RATE_LIMIT } from '../../../server/routes/api/rate-limits.ts';
import { callAs, dataUrl, imageBytes, randomIp, registerCustomer, uniqueEmail, uniquePhone } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe('error codes and their texts', () => {
  it('every error code has a text key, in English and in Arabic', () => {
    for (const code of ERROR_CODES) {
      const key = ERROR_TEXT_KEYS[code];
      expect(ENGLISH_TEXTS[key], code).toBeTruthy();
      expect(ARABIC_TEXTS[key], code).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe.each(testDatabases())('accounts on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
  };

  describe('register', () => {
    it('creates a signed-in customer with every account field, its address saved as the default', async () => {
      const email = uniqueEmail('Reg');
      const phone = uniquePhone();
      const response = await callAs(t.app, 'register', {
        name: '  Noor   Haddad ',
        email: ` ${email.toUpperCase()} `,
        phone: `${phone.slice(0, 5)} ${phone.slice(5)}`,
        password: 'long-enough',
        address: { lat: 40.44, lng: -79.99, address: '5 River Road', house: 'Flat 2', tag: 'Home', businessLocation: false },
      });
      expect(response.statusCode).toBe(200);
      const { success, data } = response.json<LoginResult>();
      expect(success).toBe(true);
      expect(data).toMatchObject({
        name: 'Noor Haddad',
        email: email.toLowerCase(),
        phone,
        phone_verified: false,
        role: 'customer',
        avatar: null,
        tax_number: null,
        wallet_balance: 0,
        loyalty_points: 0,
        acting_agent_id: null,
      });
      expect(data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const addresses = await t.db.selectFrom('addresses').selectAll().where('user_id', '=', data.id).execute();
      expect(addresses).toEqual([expect.objectContaining({ address: '5 River Road', house: 'Flat 2', tag: 'Home', is_default: 1 })]);
      const login = await callAs(t.app, 'login', { email, password: 'long-enough' });
      expect(login.json<LoginResult>().data.id).toBe(data.id);
    });

    it('refuses a taken e-mail or phone (409) and bad fields (400), each with its own code', async () => {
      const taken = await registerCustomer(t.app);
      const base = { name: 'X', email: uniqueEmail(), phone: uniquePhone(), password: 'long-enough' };
      expectError(await callAs(t.app, 'register', { ...base, email: taken.email.toUpperCase() }), 409, 'EMAIL_TAKEN');
      expectError(await callAs(t.app, 'register', { ...base, phone: taken.phone }), 409, 'PHONE_TAKEN');
      expectError(await callAs(t.app, 'register', { ...base, email: 'not-an-email' }), 400, 'INVALID_EMAIL');
      expectError(await callAs(t.app, 'register', { ...base, phone: '12-ab' }), 400, 'INVALID_PHONE');
      expectError(await callAs(t.app, 'register', { ...base, password: 'short' }), 400, 'PASSWORD_TOO_SHORT');
      expectError(await callAs(t.app, 'register', { ...base, name: '   ' }), 400, 'DETAILS_REQUIRED');
      expectError(await callAs(t.app, 'register', { ...base, role: 'admin' }), 400, 'VALIDATION_FAILED');
      expectError(await callAs(t.app, 'register', { ...base, email: 42 }), 400, 'VALIDATION_FAILED');
      expectError(await callAs(t.app, 'register', { ...base, otp: '123456', phone: '' }), 400, 'INVALID_PHONE');
      const response = await t.app.inject({ method: 'POST', url: '/public/api/register', payload: '{"name":', headers: { 'content-type': 'application/json' } });
      expectError(response, 400, 'BAD_REQUEST');
    });

    it('two sign-ups racing for one e-mail or phone: one account, the other a 409, never a 500', async () => {
      const email = uniqueEmail('race');
      const phone = uniquePhone();
      const byEmail = await Promise.all(
        [uniquePhone(), uniquePhone()].map((p) => callAs(t.app, 'register', { name: 'Race', email, phone: p, password: 'long-enough' })),
      );
      expect(byEmail.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(byEmail.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
      const byPhone = await Promise.all(
        [uniqueEmail(), uniqueEmail()].map((e) => callAs(t.app, 'register', { name: 'Race', email: e, phone, password: 'long-enough' })),
      );
      expect(byPhone.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(byPhone.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'PHONE_TAKEN' });
    });

    it(`is rate limited per client address: registration ${REGISTER_RATE_LIMIT.max + 1} is a 429`, async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= REGISTER_RATE_LIMIT.max; attempt += 1) {
        // Invalid on purpose: the limit counts attempts, and these cost no scrypt.
        statuses.push((await callAs(t.app, 'register', { name: 'X', email: 'bad', password: 'long-enough' }, { ip })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(REGISTER_RATE_LIMIT.max).fill(400), 429]);
      expect((await callAs(t.app, 'register', { name: 'X', email: 'bad', password: 'long-enough' })).statusCode).toBe(400);
    });
  });

  describe('login', () => {
    it('works by phone and password as well as by e-mail', async () => {
      const customer = await registerCustomer(t.app);
      const byPhone = await callAs(t.app, 'login', { phone: customer.phone, password: customer.password });
      expect(byPhone.statusCode).toBe(200);
      expect(byPhone.json<LoginResult>().data.email).toBe(customer.email);
      expectError(await callAs(t.app, 'login', { phone: customer.phone, password: 'wrong-one' }), 401, 'WRONG_PASSWORD');
      expectError(await callAs(t.app, 'login', { phone: uniquePhone(), password: 'whatever' }), 401, 'WRONG_PASSWORD');
    });

    it('answers the demo customer with phone, wallet balance and role', async () => {
      const response = await callAs(t.app, 'login', { email: 'customer@foodpilot.test', password: 'customer-demo', name: '' });
      expect(response.json<LoginResult>().data).toMatchObject({ phone: '+14125550104', wallet_balance: 1750, role: 'customer' });
    });

    it('social sign-in is refused with PROVIDER_NOT_SUPPORTED; no credentials at all is a 400', async () => {
      expectError(await callAs(t.app, 'login', { provider: 'google', accessToken: 'x', email: 'a@b.co', name: 'A' }), 400, 'PROVIDER_NOT_SUPPORTED');
      expectError(await callAs(t.app, 'login', { email: 'customer@foodpilot.test' }), 400, 'VALIDATION_FAILED');
      expectError(await callAs(t.app, 'login', { password: 'x' }), 400, 'VALIDATION_FAILED');
      expectError(await callAs(t.app, 'login', { email: 'nope', password: 'x' }), 400, 'INVALID_EMAIL');
    });

    it('a banned account cannot sign in, its tokens are refused with ACCOUNT_BANNED, check-ban says so', async () => {
      const customer = await registerCustomer(t.app);
      expect((await callAs(t.app, 'check-ban', { token: customer.token })).json<BanStatus>()).toEqual({ is_banned: false });
      await t.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', customer.id).execute();
      expectError(await callAs(t.app, 'login', { email: customer.email, password: customer.password }), 403, 'ACCOUNT_BANNED');
      expectError(await callAs(t.app, 'update-user-info', { token: customer.token, user_id: customer.id }), 403, 'ACCOUNT_BANNED');
      expectError(await callAs(t.app, 'toggle-favorite', { token: customer.token, id: 1 }), 403, 'ACCOUNT_BANNED');
      expect((await callAs(t.app, 'check-ban', { token: customer.token })).json<BanStatus>()).toEqual({ is_banned: true });
      expectError(await callAs(t.app, 'check-ban', { token: 'nope' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('the account', () => {
    it('update-user-info answers the fresh account; check-running-order answers no order yet', async () => {
      const customer = await registerCustomer(t.app);
      const info = await callAs(t.app, 'update-user-info', { token: customer.token, user_id: customer.id, unique_order_id: 'ABC123' });
      expect(info.statusCode).toBe(200);
      expect(info.json<UserInfo>()).toMatchObject({ success: true, data: { id: customer.id, email: customer.email, wallet_balance: 0 }, order: null });
      const running = await callAs(t.app, 'check-running-order', { user_id: customer.id }, { headers: { authorization: `Bearer ${customer.token}` } });
      expect(running.json<RunningOrderCheck>()).toEqual({ running: false, order: null });
    });

    it("a token acting on another user's id is a 403 FORBIDDEN; a wrong or missing token a 401", async () => {
      const customer = await registerCustomer(t.app);
      const other = await registerCustomer(t.app);
      const calls = ['update-user-info', 'check-running-order', 'delete-user', 'get-wallet-transactions', 'get-user-notifications', 'mark-all-notifications-read'] as const;
      for (const name of calls) {
        expectError(await callAs(t.app, name, { token: customer.token, user_id: other.id }), 403, 'FORBIDDEN');
        expectError(await callAs(t.app, name, { token: 'not-a-token', user_id: customer.id }), 401, 'UNAUTHORIZED');
        expectError(await callAs(t.app, name, { user_id: customer.id }), 401, 'UNAUTHORIZED');
      }
      expectError(await callAs(t.app, 'mark-one-notification-read', { token: customer.token, user_id: other.id, notification_id: 1 }), 403, 'FORBIDDEN');
      expectError(await callAs(t.app, 'save-notification-token', { token: customer.token, user_id: other.id, push_token: 'x' }), 403, 'FORBIDDEN');
      expectError(await callAs(t.app, 'update-user-info', { token: customer.token, user_id: '1' }), 400, 'VALIDATION_FAILED');
      // The other account is untouched.
      expect((await t.app.usersRepository.findById(other.id))?.deleted_at).toBeNull();
    });

    it('update-tax-number sets, normalises and clears the tax number; a bad one is INVALID_TAX_NUMBER', async () => {
      const customer = await registerCustomer(t.app);
      const set = await callAs(t.app, 'update-tax-number', { token: customer.token, tax_number: '  DE 123/456-7 ' });
      expect(set.json<{ data: Account }>().data.tax_number).toBe('DE 123/456-7');
      expectError(await callAs(t.app, 'update-tax-number', { token: customer.token, tax_number: '<script>' }), 400, 'INVALID_TAX_NUMBER');
      expectError(await callAs(t.app, 'update-tax-number', { token: customer.token, tax_number: 'x'.repeat(41) }), 400, 'INVALID_TAX_NUMBER');
      const cleared = await callAs(t.app, 'update-tax-number', { token: customer.token, tax_number: '' });
      expect(cleared.json<{ data: Account }>().data.tax_number).toBeNull();
    });
  });

  describe('change-avatar', () => {
    it('stores PNG, JPEG and WebP (by their bytes) under images/avatars, served there, replacing the old file', async () => {
      const customer = await registerCustomer(t.app);
      const avatarsDir = path.join(t.dataDir, 'images', 'avatars');
      let previous: string | null = null;
      for (const [type, extension, avatar] of [
        ['png', 'png', dataUrl(imageBytes('png'))],
        // The type comes from the bytes, not from the data URL's claim; bare base64 works too.
        ['jpeg', 'jpg', dataUrl(imageBytes('jpeg'), 'image/png')],
        ['webp', 'webp', imageBytes('webp').toString('base64')],
      ] as const) {
        const response = await callAs(t.app, 'change-avatar', { token: customer.token, avatar });
        expect(response.statusCode, type).toBe(200);
        const url = response.json<{ data: Account }>().data.avatar ?? '';
        expect(url).toMatch(new RegExp(`^/public/images/avatars/[0-9a-f]{32}\\.${extension}$`));
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.subarray(0, 4)).toEqual(imageBytes(type).subarray(0, 4));
        if (previous) expect(fs.existsSync(path.join(avatarsDir, path.basename(previous)))).toBe(false);
        previous = url;
      }
      expect(fs.readdirSync(avatarsDir)).toEqual([path.basename(previous ?? '')]);
    });

    it('refuses other types with IMAGE_TYPE and pictures over 2 MB with IMAGE_TOO_LARGE, never a 500', async () => {
      const customer = await registerCustomer(t.app);
      const send = (avatar: string) => callAs(t.app, 'change-avatar', { token: customer.token, avatar });
      expectError(await send(dataUrl(imageBytes('gif'), 'image/gif')), 415, 'IMAGE_TYPE');
      expectError(await send('data:image/png,not-base64'), 415, 'IMAGE_TYPE');
      expectError(await send('!!!not base64!!!'), 415, 'IMAGE_TYPE');
      expectError(await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')), 415, 'IMAGE_TYPE');
      expectError(await send(dataUrl(imageBytes('png', AVATAR_MAX_BYTES + 1))), 413, 'IMAGE_TOO_LARGE');
      expect((await send(dataUrl(imageBytes('png', AVATAR_MAX_BYTES)))).statusCode).toBe(200);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/public/api/change-avatar',
        payload: { token: customer.token, avatar: 'A'.repeat(5 * 1024 * 1024) },
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expectError(await callAs(t.app, 'change-avatar', { avatar: dataUrl(imageBytes('png')) }), 401, 'UNAUTHORIZED');
    });
  });

  describe('logout', () => {
    it("ends only this session and forgets this device's push token; ending it again is not an error", async () => {
      const customer = await registerCustomer(t.app);
      const other = await callAs(t.app, 'login', { email: customer.email, password: customer.password });
      const otherToken = other.json<LoginResult>().data.auth_token;
      const save = (token: string, push: string) =>
        callAs(t.app, 'save-notification-token', { token, user_id: customer.id, push_token: push });
      expect((await save(customer.token, 'push-this-phone')).statusCode).toBe(200);
      expect((await save(otherToken, 'push-other-phone')).statusCode).toBe(200);

      const ended = await callAs(t.app, 'logout', { token: customer.token, push_token: 'push-this-phone' });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ success: true });

      expect((await callAs(t.app, 'check-ban', { token: customer.token })).statusCode).toBe(401);
      expect((await callAs(t.app, 'check-ban', { token: otherToken })).json<BanStatus>()).toEqual({ is_banned: false });
      expect(await t.app.notificationsRepository.pushTokensOf(customer.id)).toEqual(['push-other-phone']);
      expect((await callAs(t.app, 'logout', { token: customer.token })).json()).toEqual({ success: true });
    });

    it('needs a token, and refuses a malformed body with 400', async () => {
      const missing = await callAs(t.app, 'logout', {});
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const malformed = await callAs(t.app, 'logout', { token: 'x', push_token: '' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });

  describe('delete-user', () => {
    it('erases the personal data, ends every session, and frees the e-mail and phone', async () => {
      const customer = await registerCustomer(t.app);
      const avatar = (await callAs(t.app, 'change-avatar', { token: customer.token, avatar: dataUrl(imageBytes('png')) })).json<{ data: Account }>().data.avatar ?? '';
      const avatarFile = path.join(t.dataDir, 'images', 'avatars', path.basename(avatar));
      expect(fs.existsSync(avatarFile)).toBe(true);
      await callAs(t.app, 'save-notification-token', { token: customer.token, user_id: customer.id, push_token: 'device-to-forget' });
      const second = await callAs(t.app, 'login', { email: customer.email, password: customer.password });
      const secondToken = second.json<LoginResult>().data.auth_token;

      const deleted = await callAs(t.app, 'delete-user', { token: customer.token, user_id: customer.id });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });

      const row = await t.db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Deleted user', phone: null, avatar: null, tax_number: null });
      expect(row.email).not.toContain(customer.email);
      expect(row.deleted_at).not.toBeNull();
      expect(await t.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', customer.id).execute()).toEqual([]);
      expect(await t.db.selectFrom('push_tokens').selectAll().where('user_id', '=', customer.id).execute()).toEqual([]);
      expect(fs.existsSync(avatarFile)).toBe(false);
      expectError(await callAs(t.app, 'update-user-info', { token: secondToken, user_id: customer.id }), 401, 'UNAUTHORIZED');
      expectError(await callAs(t.app, 'login', { email: customer.email, password: customer.password }), 401, 'WRONG_PASSWORD');
      const again = await callAs(t.app, 'register', { name: 'Back', email: customer.email, phone: customer.phone, password: 'long-enough' });
      expect(again.statusCode).toBe(200);
      expect(again.json<LoginResult>().data.id).not.toBe(customer.id);
    });
  });

  it('tokens are stored hashed; an expired token is refused', async () => {
    const customer = await registerCustomer(t.app);
    const stored = await t.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', customer.id).execute();
    expect(stored.map((row) => row.token_hash)).toEqual([hashToken(customer.token)]);
    await t.db.updateTable('auth_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', customer.id).execute();
    expectError(await callAs(t.app, 'check-ban', { token: customer.token }), 401, 'UNAUTHORIZED');
  });

  it('the demo accounts still sign in through the shared helper', async () => {
    expect(await loginAs(t.app, 'customer')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
