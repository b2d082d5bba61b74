/**
 * Issue 13, second, sixth and seventh rows, as the attacker tried them:
 * password guessing was unlimited (the login limiter keyed on the phone
 * field that login ignores when an e-mail is given; delivery/login had its
 * own bucket and a NOT_A_DRIVER oracle), and code-sending limits were per
 * route and per process. Now wrong tries are counted per account (whichever
 * field named it) across every door, and per address, in the database; and
 * every call that sends a code spends from one budget per recipient and per
 * address. The clock is the app's injected one: the tests move it instead
 * of sleeping.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/account/entities.ts';
import { buildApp } from '../../../server/app.ts';
import { SIGN_IN_LIMITS } from '../../../server/account/sign-in-guard.ts';
import { MESSAGE_LIMITS } from '../../../server/messaging/message-budget.ts';
import { callAs, latestCode, randomIp, registerCustomer, uniqueEmail, uniquePhone, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { testConfig } from '../../support/test-server.ts';

const MINUTE = 60_000;

describe.each(testDatabases())('sign-in guessing and the message budget on $kind', ({ kind }) => {
  let t: TestApp;
  let now = Date.parse('2026-03-02T10:00:00.000Z');
  const advance = (ms: number) => {
    now += ms;
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: () => new Date(now) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts where no window of an earlier one reaches.
  beforeEach(() => advance(2 * 60 * MINUTE));

  const statusAndCode = (response: LightMyRequestResponse) => `${response.statusCode} ${response.json<{ code?: string }>().code ?? 'ok'}`;
  const wrong = (password: string) => `${password}-not-it`;

  describe('per account, whichever field names it, at every door', () => {
    let victim: NewCustomer;
    beforeEach(async () => {
      victim = await registerCustomer(t.app, 'Vic Tim');
    });

    it('6 guesses with the phone field changing each time, each from its own address: locked, and the right password is refused', async () => {
      const answers: string[] = [];
      for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures; guess += 1) {
        answers.push(statusAndCode(await callAs(t.app, 'login', { email: victim.email, phone: uniquePhone(), password: wrong(`${guess}`) })));
      }
      expect(answers).toEqual(Array<string>(SIGN_IN_LIMITS.accountFailures).fill('401 WRONG_PASSWORD'));

      const right = await callAs(t.app, 'login', { email: victim.email, phone: uniquePhone(), password: victim.password });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({
        code: 'ACCOUNT_LOCKED',
        message: expect.stringMatching(/^Too many wrong tries for this account: signing in to it is paused\. It unlocks in 15 minutes \(at \d\d:\d\d UTC\)/),
      });
      expect(Number(right.headers['retry-after'])).toBe(15 * 60);
      expect(right.body).not.toContain('auth_token');
      // By phone instead of e-mail: the same account, the same lock.
      expect(statusAndCode(await callAs(t.app, 'login', { phone: victim.phone, password: victim.password }))).toBe('429 ACCOUNT_LOCKED');

      advance(10 * MINUTE);
      const later = await callAs(t.app, 'login', { email: victim.email, password: victim.password });
      expect(later.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: expect.stringMatching(/unlocks in 5 minutes/) });
      expect(Number(later.headers['retry-after'])).toBe(5 * 60);

      advance(5 * MINUTE + 1000);
      const unlocked = await callAs(t.app, 'login', { email: victim.email, password: victim.password });
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json<LoginResult>().data.id).toBe(victim.id);
    });

    it('the lock also closes delivery/login, the console (login) and sign-in by code; guesses at any door count', async () => {
      const driver = await registerCustomer(t.app, 'Dee Driver');
      await t.db.updateTable('users').set({ role: 'driver' }).where('id', '=', driver.id).execute();
      const tries = [
        callAs(t.app, 'login', { email: driver.email, password: wrong('a') }),
        callAs(t.app, 'delivery/login', { phone: driver.phone, password: wrong('b') }),
        callAs(t.app, 'delivery/login', { email: driver.email, password: wrong('c') }),
        callAs(t.app, 'login-with-otp', { phone: driver.phone, otp: '123456' }),
        callAs(t.app, 'login', { phone: driver.phone, otp: '654321' }),
      ];
      const answers: string[] = [];
      for (const attempt of tries) answers.push(statusAndCode(await attempt));
      expect(answers).toEqual(['401 WRONG_PASSWORD', '401 WRONG_PASSWORD', '401 WRONG_PASSWORD', '410 CODE_EXPIRED', '410 CODE_EXPIRED']);
      expect(statusAndCode(await callAs(t.app, 'delivery/login', { email: driver.email, password: driver.password }))).toBe('429 ACCOUNT_LOCKED');
      expect(statusAndCode(await callAs(t.app, 'login', { email: driver.email, password: driver.password }))).toBe('429 ACCOUNT_LOCKED');

      // A customer's code sign-in is closed too, right code or not.
      for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures; guess += 1) {
        await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) });
      }
      await callAs(t.app, 'generate-otp-for-login', { phone: victim.phone });
      const code = await latestCode(t.app, victim.phone);
      expect(statusAndCode(await callAs(t.app, 'login-with-otp', { phone: victim.phone, otp: code }))).toBe('429 ACCOUNT_LOCKED');
    });

    it("the console's administrator is locked like anyone: the console signs in through login", async () => {
      const admin = { email: 'admin@foodpilot.test', password: 'admin-demo' };
      for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures; guess += 1) {
        expect(statusAndCode(await callAs(t.app, 'login', { email: admin.email, password: wrong(`${guess}`) }))).toBe('401 WRONG_PASSWORD');
      }
      expect(statusAndCode(await callAs(t.app, 'login', admin))).toBe('429 ACCOUNT_LOCKED');
      advance(SIGN_IN_LIMITS.lockMs);
      expect(statusAndCode(await callAs(t.app, 'login', admin))).toBe('200 ok');
    });

    it('a successful sign-in clears the count; a password reset by e-mailed code unlocks at once', async () => {
      for (let round = 0; round < 2; round += 1) {
        for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures - 1; guess += 1) {
          await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) });
        }
        expect(statusAndCode(await callAs(t.app, 'login', { email: victim.email, password: victim.password }))).toBe('200 ok');
      }
      for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures; guess += 1) {
        await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) });
      }
      expect(statusAndCode(await callAs(t.app, 'login', { email: victim.email, password: victim.password }))).toBe('429 ACCOUNT_LOCKED');
      await callAs(t.app, 'send-password-reset-mail', { email: victim.email });
      const code = await latestCode(t.app, victim.email);
      expect(statusAndCode(await callAs(t.app, 'change-user-password', { email: victim.email, code, password: 'brand-new-pass' }))).toBe('200 ok');
      expect(statusAndCode(await callAs(t.app, 'login', { email: victim.email, password: 'brand-new-pass' }))).toBe('200 ok');
    });

    it('an unknown account answers exactly as a known one, lock included', async () => {
      const unknown = uniqueEmail('nobody');
      const known: string[] = [];
      const none: string[] = [];
      for (let guess = 0; guess <= SIGN_IN_LIMITS.accountFailures; guess += 1) {
        const a = await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) });
        const b = await callAs(t.app, 'login', { email: unknown, password: wrong(`${guess}`) });
        expect(b.json()).toEqual(a.json());
        known.push(statusAndCode(a));
        none.push(statusAndCode(b));
      }
      expect(none).toEqual(known);
      expect(known.at(-1)).toBe('429 ACCOUNT_LOCKED');
    });

    it('parallel guesses cannot go past the allowance', async () => {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, guess) => callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) })),
      );
      const codes = answers.map(statusAndCode);
      // At most the allowance is checked (exactly it when the database takes the tries one by one, as SQLite does).
      const checked = codes.filter((code) => code === '401 WRONG_PASSWORD').length;
      expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountFailures);
      expect(codes.filter((code) => code === '429 ACCOUNT_LOCKED')).toHaveLength(16 - checked);
    });

    it('an attacker at full speed gets 20 guesses per account per hour', async () => {
      const start = now;
      let guesses = 0;
      while (now - start < 60 * MINUTE) {
        const answer = await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guesses}`) });
        if (answer.statusCode === 401) {
          guesses += 1;
          advance(1000);
        } else {
          expect(answer.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
          advance(Number(answer.headers['retry-after']) * 1000);
        }
      }
      expect(guesses).toBe(20);
    }, 60_000);
  });

  describe('per address', () => {
    it(`${SIGN_IN_LIMITS.ipFailures} failed sign-ins from one address, over many accounts, close sign-in from there for a while`, async () => {
      const ip = randomIp();
      const customer = await registerCustomer(t.app, 'Near By');
      for (let guess = 0; guess < SIGN_IN_LIMITS.ipFailures; guess += 1) {
        const answer = await callAs(t.app, 'login', { email: uniqueEmail('spray'), password: 'password1' }, { ip });
        expect(answer.statusCode).toBe(401);
      }
      const refused = await callAs(t.app, 'login', { email: customer.email, password: customer.password }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many failed sign-ins from this network\. Try again in 15 minutes/) });
      expect(statusAndCode(await callAs(t.app, 'delivery/login', { email: customer.email, password: customer.password }, { ip }))).toBe('429 RATE_LIMITED');
      // Another address is not affected; the same one is let in again once the window has passed.
      expect(statusAndCode(await callAs(t.app, 'login', { email: customer.email, password: customer.password }))).toBe('200 ok');
      advance(SIGN_IN_LIMITS.ipWindowMs);
      expect(statusAndCode(await callAs(t.app, 'login', { email: customer.email, password: customer.password }, { ip }))).toBe('200 ok');
    }, 120_000);
  });

  describe('one budget for every code the server sends', () => {
    it(`one address asks for at most ${MESSAGE_LIMITS.perIp} codes an hour, over every recipient and every code-sending call`, async () => {
      const ip = randomIp();
      const customer = await registerCustomer(t.app, 'Pat Budget');
      const asks = [
        () => callAs(t.app, 'generate-otp-for-login', { phone: uniquePhone() }, { ip }),
        () => callAs(t.app, 'send-otp', { phone: uniquePhone() }, { ip }),
        () => callAs(t.app, 'send-password-reset-mail', { email: uniqueEmail('unknown') }, { ip }),
        () => callAs(t.app, 'send-otp', { phone: customer.phone }, { ip }),
      ];
      const answers: number[] = [];
      for (let ask = 0; ask < MESSAGE_LIMITS.perIp; ask += 1) answers.push((await asks[ask % asks.length]!()).statusCode);
      expect(answers.filter((status) => status === 429)).toEqual([]);
      const refused = await callAs(t.app, 'generate-otp-for-login', { phone: uniquePhone() }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many codes were asked for from this network\. Try again in 60 minutes/) });
      expect(Number(refused.headers['retry-after'])).toBe(60 * 60);
      expect(statusAndCode(await callAs(t.app, 'send-password-reset-mail', { email: customer.email }, { ip }))).toBe('429 RATE_LIMITED');
      expect(statusAndCode(await callAs(t.app, 'send-password-reset-mail', { email: customer.email }))).toBe('200 ok');
      advance(MESSAGE_LIMITS.ipWindowMs);
      expect(statusAndCode(await callAs(t.app, 'generate-otp-for-login', { phone: uniquePhone() }, { ip }))).toBe('200 ok');
    });

    it('a recipient gets the same answers, 429 included, whether it has an account or not', async () => {
      const customer = await registerCustomer(t.app, 'Mia Mailbox');
      const unknown = uniqueEmail('nobody');
      const known: string[] = [];
      const none: string[] = [];
      for (let ask = 0; ask <= MESSAGE_LIMITS.perRecipient; ask += 1) {
        known.push(statusAndCode(await callAs(t.app, 'send-password-reset-mail', { email: customer.email })));
        none.push(statusAndCode(await callAs(t.app, 'send-password-reset-mail', { email: unknown })));
      }
      expect(none).toEqual(known);
      expect(known).toEqual([...Array<string>(MESSAGE_LIMITS.perRecipient).fill('200 ok'), '429 RATE_LIMITED']);
      advance(MESSAGE_LIMITS.recipientWindowMs);
      expect(statusAndCode(await callAs(t.app, 'send-password-reset-mail', { email: customer.email }))).toBe('200 ok');
    });

    it('holds across a restart: another server process on the same database keeps counting', async () => {
      const phone = uniquePhone();
      for (let ask = 0; ask < MESSAGE_LIMITS.perRecipient; ask += 1) {
        expect(statusAndCode(await callAs(t.app, 'send-otp', { phone }))).toBe('200 ok');
      }
      const database = { dataDir: t.dataDir, ...(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {}), drop: async () => {} };
      const other: FastifyInstance = await buildApp(testConfig(database), { clock: () => new Date(now) });
      try {
        expect(statusAndCode(await callAs(other, 'send-otp', { phone }))).toBe('429 RATE_LIMITED');
        // And the sign-in lock, too.
        const victim = await registerCustomer(t.app, 'Ren Restart');
        for (let guess = 0; guess < SIGN_IN_LIMITS.accountFailures; guess += 1) {
          await callAs(t.app, 'login', { email: victim.email, password: wrong(`${guess}`) });
        }
        expect(statusAndCode(await callAs(other, 'login', { email: victim.email, password: victim.password }))).toBe('429 ACCOUNT_LOCKED');
      } finally {
        await other.close();
      }
    });
  });
});
