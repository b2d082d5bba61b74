/**
 * One-time codes through the real app on each database: the phone check
 * before registering, sign-in by code (existing and new phones), the
 * password reset by e-mail; codes read from the development outbox route.
 * Codes expire, work once, burn after five wrong tries, are stored hashed,
 * and a recipient gets only so many per window (the message budget). The
 * answers do not tell a stranger which e-mail has an account or which phone
 * is staff (issue 13).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeSent, LoginCodeSent, LoginResult } from '../../../src/api/account/entities.ts';
import { ONE_TIME_CODE_MAX_ATTEMPTS } from '../../../src/api/account/limits.ts';
import { MESSAGE_LIMITS } from '../../../server/messaging/message-budget.ts';
import { CODE_CHECK_RATE_LIMIT } from '../../../server/routes/api/rate-limits.ts';
import { callAs, latestCode, outboxOf, randomIp, registerCustomer, uniqueEmail, uniquePhone } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('one-time codes on $kind', ({ kind }) => {
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
  const expireCodesOf = (recipient: string) =>
    t.db.updateTable('one_time_codes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('recipient', '=', recipient).execute();

  describe('phone check before registering (send-otp, verify-otp, register with otp)', () => {
    it('texts a code, checks it, and register takes it once and marks the phone verified', async () => {
      const phone = uniquePhone();
      const sent = await callAs(t.app, 'send-otp', { phone, email: uniqueEmail(), accessToken: '', provider: '' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json<CodeSent>()).toEqual({ success: true, channel: 'sms', expires_in_seconds: 600 });
      const code = await latestCode(t.app, phone);
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: code === '000000' ? '111111' : '000000' }), 400, 'CODE_WRONG');
      expect((await callAs(t.app, 'verify-otp', { phone, otp: code })).json()).toEqual({ success: true });
      const registered = await callAs(t.app, 'register', { name: 'Ola', email: uniqueEmail(), phone, password: 'long-enough', otp: code });
      expect(registered.statusCode).toBe(200);
      expect(registered.json<LoginResult>().data.phone_verified).toBe(true);
      // Used up: neither a second check nor a second registration takes it.
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: code }), 410, 'CODE_EXPIRED');
    });

    it('refuses a phone or e-mail already in use before sending anything', async () => {
      const customer = await registerCustomer(t.app);
      expectError(await callAs(t.app, 'send-otp', { phone: customer.phone }), 409, 'PHONE_TAKEN');
      expectError(await callAs(t.app, 'send-otp', { phone: uniquePhone(), email: customer.email }), 409, 'EMAIL_TAKEN');
      expectError(await callAs(t.app, 'send-otp', { phone: 'call me' }), 400, 'INVALID_PHONE');
      expect(await outboxOf(t.app, { to: customer.phone })).toEqual([]);
    });

    it('register with a wrong code is CODE_WRONG and creates nothing', async () => {
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      const code = await latestCode(t.app, phone);
      const email = uniqueEmail();
      expectError(await callAs(t.app, 'register', { name: 'Z', email, phone, password: 'long-enough', otp: code === '123456' ? '654321' : '123456' }), 400, 'CODE_WRONG');
      expect(await t.app.usersRepository.findByEmail(email)).toBeUndefined();
    });
  });

  describe('sign-in by code (generate-otp-for-login, login-with-otp)', () => {
    it('signs an existing customer in and says the phone is registered', async () => {
      const customer = await registerCustomer(t.app);
      const sent = await callAs(t.app, 'generate-otp-for-login', { phone: customer.phone });
      expect(sent.json<LoginCodeSent>()).toEqual({ success: true, channel: 'sms', expires_in_seconds: 600, registered: true });
      const code = await latestCode(t.app, customer.phone);
      const response = await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: code });
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResult>().data).toMatchObject({ id: customer.id, phone_verified: true });
      expectError(await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: code }), 410, 'CODE_EXPIRED');
    });

    it('a new phone needs name and e-mail (DETAILS_REQUIRED, code kept), then gets an account', async () => {
      const phone = uniquePhone();
      const sent = await callAs(t.app, 'generate-otp-for-login', { phone });
      expect(sent.json<LoginCodeSent>().registered).toBe(false);
      const code = await latestCode(t.app, phone);
      expectError(await callAs(t.app, 'login-with-otp', { phone, otp: code }), 400, 'DETAILS_REQUIRED');
      const email = uniqueEmail();
      const response = await callAs(t.app, 'login-with-otp', {
        phone,
        otp: code,
        name: 'Kofi Mensah',
        email,
        address: { lat: 40.44, lng: -79.99, address: 'Market Square' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<LoginResult>().data).toMatchObject({ name: 'Kofi Mensah', email, phone, phone_verified: true, role: 'customer' });
    });

    it('login takes phone and otp as well', async () => {
      const customer = await registerCustomer(t.app);
      await callAs(t.app, 'generate-otp-for-login', { phone: customer.phone });
      const response = await callAs(t.app, 'login', { phone: customer.phone, otp: await latestCode(t.app, customer.phone), name: '', email: '' });
      expect(response.json<LoginResult>().data.id).toBe(customer.id);
      expectError(await callAs(t.app, 'login', { otp: '123456' }), 400, 'INVALID_PHONE');
    });

    it('staff sign in with their password only: a staff phone is answered as a customer\'s, gets no code, and no code works', async () => {
      const customer = await registerCustomer(t.app);
      const asCustomer = (await callAs(t.app, 'generate-otp-for-login', { phone: customer.phone })).json<LoginCodeSent>();
      // Without a code of its own, a customer's phone answers a guess with CODE_EXPIRED (as below).
      await t.db.updateTable('one_time_codes').set({ consumed_at: new Date().toISOString() }).where('recipient', '=', customer.phone).execute();
      const customerGuess = await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: '123456' });
      for (const phone of ['+14125550100', '+14125550102', '+14125550103']) {
        const sent = await callAs(t.app, 'generate-otp-for-login', { phone });
        expect([sent.statusCode, sent.json()], phone).toEqual([200, asCustomer]);
        const guess = await callAs(t.app, 'login-with-otp', { phone, otp: '123456' });
        expect([guess.statusCode, guess.json()], phone).toEqual([customerGuess.statusCode, customerGuess.json()]);
        expect(guess.json()).toMatchObject({ code: 'CODE_EXPIRED' });
        // The phone's owner reads why no code came; there is none to read.
        const messages = await outboxOf(t.app, { to: phone });
        expect(messages.map((message) => message.body)).toEqual([
          'FoodPilot: someone asked for a sign-in code for this number. Staff accounts sign in with their password, so no code was sent.',
        ]);
        expect(await t.db.selectFrom('one_time_codes').select('id').where('recipient', '=', phone).execute()).toEqual([]);
      }
    });

    it('a banned account learns of the ban only with the right code', async () => {
      const customer = await registerCustomer(t.app);
      await t.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', customer.id).execute();
      const sent = await callAs(t.app, 'generate-otp-for-login', { phone: customer.phone });
      expect(sent.json<LoginCodeSent>()).toEqual({ success: true, channel: 'sms', expires_in_seconds: 600, registered: true });
      const code = await latestCode(t.app, customer.phone);
      expectError(await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: code === '123456' ? '654321' : '123456' }), 400, 'CODE_WRONG');
      expectError(await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: code }), 403, 'ACCOUNT_BANNED');
    });
  });

  describe('code rules', () => {
    it('an expired code is CODE_EXPIRED', async () => {
      const customer = await registerCustomer(t.app);
      await callAs(t.app, 'generate-otp-for-login', { phone: customer.phone });
      const code = await latestCode(t.app, customer.phone);
      await expireCodesOf(customer.phone);
      expectError(await callAs(t.app, 'login-with-otp', { phone: customer.phone, otp: code }), 410, 'CODE_EXPIRED');
    });

    it('without any code it is CODE_EXPIRED; a malformed code counts as wrong', async () => {
      expectError(await callAs(t.app, 'verify-otp', { phone: uniquePhone(), otp: '123456' }), 410, 'CODE_EXPIRED');
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: 'abc' }), 400, 'CODE_WRONG');
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: 42 }), 400, 'VALIDATION_FAILED');
    });

    it(`${ONE_TIME_CODE_MAX_ATTEMPTS} wrong tries burn the code: after them even the right code is TOO_MANY_ATTEMPTS`, async () => {
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      const code = await latestCode(t.app, phone);
      const wrong = code === '999999' ? '000000' : '999999';
      const answers: string[] = [];
      for (let attempt = 0; attempt < ONE_TIME_CODE_MAX_ATTEMPTS; attempt += 1) {
        answers.push((await callAs(t.app, 'verify-otp', { phone, otp: wrong })).json<{ code: string }>().code);
      }
      expect(answers).toEqual([...Array<string>(ONE_TIME_CODE_MAX_ATTEMPTS - 1).fill('CODE_WRONG'), 'TOO_MANY_ATTEMPTS']);
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: code }), 429, 'TOO_MANY_ATTEMPTS');
      // A new code starts afresh.
      await callAs(t.app, 'send-otp', { phone });
      expect((await callAs(t.app, 'verify-otp', { phone, otp: await latestCode(t.app, phone) })).statusCode).toBe(200);
    });

    it('only the newest code of a recipient works', async () => {
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      const first = await latestCode(t.app, phone);
      await callAs(t.app, 'send-otp', { phone });
      const second = await latestCode(t.app, phone);
      if (first !== second) expectError(await callAs(t.app, 'verify-otp', { phone, otp: first }), 400, 'CODE_WRONG');
      expect((await callAs(t.app, 'verify-otp', { phone, otp: second })).statusCode).toBe(200);
    });

    it(`a recipient gets at most ${MESSAGE_LIMITS.perRecipient} codes per window, from any address and for any purpose`, async () => {
      const phone = uniquePhone();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= MESSAGE_LIMITS.perRecipient; attempt += 1) {
        const call = attempt % 2 === 0 ? 'send-otp' : 'generate-otp-for-login';
        statuses.push((await callAs(t.app, call, { phone }, { ip: randomIp() })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(MESSAGE_LIMITS.perRecipient).fill(200), 429]);
      expect(await outboxOf(t.app, { to: phone })).toHaveLength(MESSAGE_LIMITS.perRecipient);
    });

    it(`code checks are rate limited per address and phone: check ${CODE_CHECK_RATE_LIMIT.max + 1} is a 429`, async () => {
      const phone = uniquePhone();
      const ip = randomIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= CODE_CHECK_RATE_LIMIT.max; attempt += 1) {
        statuses.push((await callAs(t.app, 'verify-otp', { phone, otp: '123456' }, { ip })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(CODE_CHECK_RATE_LIMIT.max).fill(410), 429]);
      expectError(await callAs(t.app, 'verify-otp', { phone, otp: '123456' }, { ip }), 429, 'RATE_LIMITED');
    });

    it('codes are stored hashed, never as sent', async () => {
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      const code = await latestCode(t.app, phone);
      const rows = await t.db.selectFrom('one_time_codes').selectAll().where('recipient', '=', phone).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code_hash).not.toContain(code);
      expect(rows[0]?.code_hash).toMatch(/^[A-Za-z0-9_-]+\$[0-9a-f]{64}$/);
    });
  });

  describe('password reset by e-mail', () => {
    it('mails a code, checks it, sets the new password, ends the old sessions and signs in', async () => {
      const customer = await registerCustomer(t.app);
      const sent = await callAs(t.app, 'send-password-reset-mail', { email: customer.email.toUpperCase() });
      expect(sent.json<CodeSent>()).toEqual({ success: true, channel: 'email', expires_in_seconds: 600 });
      const [mail] = await outboxOf(t.app, { to: customer.email, channel: 'email' });
      expect(mail?.subject).toMatch(/password reset code/);
      const code = await latestCode(t.app, customer.email);
      expect((await callAs(t.app, 'verify-password-reset-otp', { email: customer.email, code })).json()).toEqual({ success: true });
      // A too-short password is refused without using the code up.
      expectError(await callAs(t.app, 'change-user-password', { email: customer.email, code, password: 'short' }), 400, 'PASSWORD_TOO_SHORT');
      const changed = await callAs(t.app, 'change-user-password', { email: customer.email, code, password: 'a-new-password' });
      expect(changed.statusCode).toBe(200);
      const fresh = changed.json<LoginResult>().data.auth_token;
      expectError(await callAs(t.app, 'check-ban', { token: customer.token }), 401, 'UNAUTHORIZED');
      expect((await callAs(t.app, 'check-ban', { token: fresh })).statusCode).toBe(200);
      expectError(await callAs(t.app, 'login', { email: customer.email, password: customer.password }), 401, 'WRONG_PASSWORD');
      expect((await callAs(t.app, 'login', { email: customer.email, password: 'a-new-password' })).statusCode).toBe(200);
      expectError(await callAs(t.app, 'change-user-password', { email: customer.email, code, password: 'another-one' }), 410, 'CODE_EXPIRED');
    });

    it('an unknown e-mail is answered as a known one and gets no mail (issue 13: no enumeration)', async () => {
      const customer = await registerCustomer(t.app);
      const known = await callAs(t.app, 'send-password-reset-mail', { email: customer.email });
      const unknownEmail = uniqueEmail('nobody');
      const unknown = await callAs(t.app, 'send-password-reset-mail', { email: unknownEmail });
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
      expect(unknown.json<CodeSent>()).toEqual({ success: true, channel: 'email', expires_in_seconds: 600 });
      expect(await outboxOf(t.app, { to: unknownEmail })).toEqual([]);
      expect(await outboxOf(t.app, { to: customer.email })).toHaveLength(1);
      expectError(await callAs(t.app, 'send-password-reset-mail', { email: 'nope' }), 400, 'INVALID_EMAIL');
      // Setting the password: an unknown address has no code, like a known one that asked for none.
      const withoutCode = await callAs(t.app, 'change-user-password', { email: unknownEmail, code: '123456', password: 'long-enough' });
      const other = await registerCustomer(t.app);
      const knownWithoutCode = await callAs(t.app, 'change-user-password', { email: other.email, code: '123456', password: 'long-enough' });
      expectError(withoutCode, 410, 'CODE_EXPIRED');
      expect(withoutCode.json()).toEqual(knownWithoutCode.json());
    });
  });

  describe('the development outbox', () => {
    it('lists messages by recipient and channel, newest first, and appends them to DATA_DIR/outbox/<channel>.jsonl', async () => {
      const phone = uniquePhone();
      await callAs(t.app, 'send-otp', { phone });
      await callAs(t.app, 'send-otp', { phone });
      const messages = await outboxOf(t.app, { to: phone, channel: 'sms' });
      expect(messages).toHaveLength(2);
      expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
      expect(messages[0]).toMatchObject({ channel: 'sms', to: phone, subject: null, data: null });
      expect(messages[0]!.body).toMatch(/FoodPilot: your verification code is \d{6}\. It expires in 10 minutes/);
      const lines = fs
        .readFileSync(path.join(t.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { to: string; body: string });
      expect(lines.filter((line) => line.to === phone).map((line) => line.body)).toEqual(messages.map((m) => m.body).reverse());
      expect((await t.app.inject({ method: 'GET', url: '/public/api/dev/outbox?channel=fax' })).statusCode).toBe(400);
    });
  });
});
