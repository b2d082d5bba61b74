/**
 * Signing in and up: password login, one-time codes by SMS (sign-in, phone
 * check before registering), registration and the password reset by
 * e-mail. Refusals have codes (WRONG_PASSWORD, ACCOUNT_LOCKED,
 * ACCOUNT_BANNED, CODE_*, EMAIL_TAKEN…) so the app can say what went wrong,
 * but none tells a stranger more than the spec's flows need (issue 13):
 *
 * - sign-in answers an unknown account as a wrong password
 *   (account/password-sign-in.ts), and every password or code check goes
 *   through the sign-in guard (account/sign-in-guard.ts): 5 wrong tries lock
 *   the account for 15 minutes at every door;
 * - a password reset for an unknown address answers as for a known one and
 *   sends nothing;
 * - generate-otp-for-login says whether the phone has an account (the app
 *   then asks for a name and an e-mail, as the spec's flow does) but not its
 *   role: a staff phone is answered as a customer's and gets a text saying
 *   staff sign in with their password, no code; a code for it never works;
 * - a banned account is told so only once its password or code was right;
 * - every call that sends a code spends from one budget per recipient and per
 *   caller address (messaging/message-budget.ts), whatever the outcome.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CodeSent, LoginResult } from '../../src/api/account/entities.ts';
import { ONE_TIME_CODE_LIFETIME_SECONDS } from '../../src/api/account/limits.ts';
import type { CallBody } from '../../src/api/calls.ts';
import { accountBanned } from './authenticate.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword, given, normaliseEmail, normalisePhone, requireName } from './identifiers.ts';
import { createCustomer } from './customers.ts';
import { userByPassword } from './password-sign-in.ts';
import { accountKey, SignInFailure } from './sign-in-guard.ts';
import { loginResult } from './sessions.ts';
import type { OneTimeCodePurpose, UserRow } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import { codeExpired } from './one-time-codes-repository.ts';
import { emailTaken, phoneTaken } from './users-repository.ts';
import type { CallHandlers } from '../http/call-handler.ts';

export type AuthCalls =
  | 'login'
  | 'register'
  | 'generate-otp-for-login'
  | 'login-with-otp'
  | 'send-otp'
  | 'verify-otp'
  | 'send-password-reset-mail'
  | 'verify-password-reset-otp'
  | 'change-user-password';

/**
 * A code by SMS is one factor, and a phone number can be taken over (SIM
 * swap): enough for a customer's account, not for staff, who sign in with
 * their password. A staff phone gets no code, and the answers do not say so.
 */
function signsInByCode(user: UserRow | undefined): boolean {
  return user === undefined || user.role === 'customer';
}

/**
 * The purpose of send-otp's codes: they prove the holder reads a phone or a
 * mailbox (before registering with it, or before update-user-info moves an
 * account to it). The recipient (a number, or an address with an @) tells
 * the two apart, so both keep the stored purpose 'verify_phone'.
 */
export const CONTACT_CHECK: OneTimeCodePurpose = 'verify_phone';

/** What a code check throws for a wrong guess: counted by the sign-in guard. */
const GUESS_CODES: readonly string[] = ['CODE_WRONG', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS'];

export function createAuthHandlers(app: FastifyInstance): Pick<CallHandlers, AuthCalls> {
  const users = app.usersRepository;
  const codes = app.oneTimeCodesRepository;

  async function storeName(): Promise<string> {
    const settings = await app.settingsRepository.list();
    return settings.find((setting) => setting.key === 'storeName')?.value || 'FoodPilot';
  }

  const codeSent = (channel: 'sms' | 'email'): CodeSent => ({ success: true, channel, expires_in_seconds: ONE_TIME_CODE_LIFETIME_SECONDS });
  const notSent = () => new HttpError(503, 'MESSAGE_NOT_SENT', 'The code could not be sent. Try again in a moment.');

  /**
   * Issues a code and sends it; a code that could not be sent is withdrawn
   * (503 MESSAGE_NOT_SENT). `inBackground`: answer before the provider does
   * (logged and withdrawn if it fails), where waiting would let the answer's
   * speed tell whether anything was sent.
   */
  async function sendCode(purpose: OneTimeCodePurpose, channel: 'sms' | 'email', to: string, inBackground = false): Promise<CodeSent> {
    const { id, code } = await codes.issue(purpose, to);
    const minutes = ONE_TIME_CODE_LIFETIME_SECONDS / 60;
    const name = await storeName();
    const what = purpose === 'password_reset' ? 'password reset' : purpose === 'login' ? 'sign-in' : 'verification';
    const text = `${name}: your ${what} code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
    const sending = channel === 'sms' ? app.messaging.sms.send({ to, body: text }) : app.messaging.email.send({ to, subject: `${name} ${what} code`, text });
    const failed = async (error: unknown) => {
      await codes.withdraw(id);
      app.log.error({ err: error, channel }, 'a one-time code could not be sent');
    };
    if (inBackground) {
      sending.catch(failed).catch((error: unknown) => app.log.error({ err: error }, 'a code that was not sent could not be withdrawn'));
      return codeSent(channel);
    }
    try {
      await sending;
    } catch (error) {
      await failed(error);
      throw notSent();
    }
    return codeSent(channel);
  }

  /** A staff phone asked for a sign-in code: its owner reads why none comes; the caller's answer is a customer's. */
  async function tellStaffNoCode(to: string): Promise<void> {
    const name = await storeName();
    try {
      await app.messaging.sms.send({
        to,
        body: `${name}: someone asked for a sign-in code for this number. Staff accounts sign in with their password, so no code was sent.`,
      });
    } catch (error) {
      app.log.error({ err: error }, 'a staff notice could not be sent');
      throw notSent();
    }
  }

  async function signIn(user: UserRow): Promise<LoginResult> {
    if (Number(user.is_banned) === 1) throw accountBanned();
    return loginResult(app, user);
  }

  /**
   * login-with-otp, and login with phone + otp: the code is checked through
   * the sign-in guard (a wrong, missing or used-up code is a wrong try of the
   * phone's account); whatever else is refused is refused only after it.
   */
  async function loginWithOtp(body: CallBody<'login-with-otp'>, ip: string | undefined): Promise<LoginResult> {
    const phone = normalisePhone(body.phone);
    const existing = await users.findByPhone(phone);
    // A new phone: the code also creates the account, which needs a name and an e-mail (as generate-otp-for-login said).
    const emailText = given(body.email);
    if (!existing && (!given(body.name) || !emailText)) {
      throw new HttpError(400, 'DETAILS_REQUIRED', 'This phone has no account yet: send name and email to create one.');
    }
    await app.signInGuard.attempt({ account: accountKey(existing, phone), ip, door: 'login-with-otp' }, async () => {
      // No code is ever sent to a staff phone: answered as a customer's phone without a code is.
      if (!signsInByCode(existing)) throw new SignInFailure(codeExpired());
      try {
        // A new account's code stays usable until the account is made, in case its e-mail is taken.
        await codes.check({ purpose: 'login', recipient: phone, code: body.otp, mode: existing ? 'consume' : 'verify' });
      } catch (error) {
        if (error instanceof HttpError && GUESS_CODES.includes(error.code)) throw new SignInFailure(error);
        throw error;
      }
    });
    if (existing) {
      if (Number(existing.is_banned) === 1) throw accountBanned();
      await users.markPhoneVerified(Number(existing.id));
      return signIn((await users.findById(Number(existing.id))) ?? existing);
    }
    const name = requireName(body.name);
    const email = normaliseEmail(emailText as string);
    if (await users.findByEmail(email)) throw emailTaken();
    await codes.check({ purpose: 'login', recipient: phone, code: body.otp, mode: 'consume' });
    // No password yet: a random one nobody knows; the customer can set one with a password reset.
    const passwordHash = await hashPassword(randomUUID());
    const id = await createCustomer(app, { name, email, phone, passwordHash, phoneVerified: true, address: body.address });
    return signIn((await users.findById(id)) as UserRow);
  }

  return {
    login: async (body, request) => {
      const password = body.password;
      if (given(body.otp)) {
        if (!given(body.phone)) throw new HttpError(400, 'INVALID_PHONE', 'A sign-in code goes with the phone it was sent to.');
        return loginWithOtp({ ...body, phone: body.phone as string, otp: body.otp as string }, request.ip);
      }
      if (!password) {
        if (given(body.provider) || given(body.accessToken)) {
          throw new HttpError(400, 'PROVIDER_NOT_SUPPORTED', `Signing in with ${given(body.provider) ?? 'this provider'} is not available.`);
        }
        throw new HttpError(400, 'VALIDATION_FAILED', 'Send an e-mail (or phone) and a password, or a phone and a code.');
      }
      return signIn(await userByPassword(app, { email: body.email, phone: body.phone, password }, { door: 'login', ip: request.ip }));
    },

    register: async (body) => {
      const name = requireName(body.name);
      const email = normaliseEmail(body.email);
      const phoneText = given(body.phone);
      const phone = phoneText ? normalisePhone(phoneText) : null;
      checkNewPassword(body.password);
      const otp = given(body.otp);
      if (otp && !phone) throw new HttpError(400, 'INVALID_PHONE', 'A code confirms a phone number: send the phone too.');
      if (await users.findByEmail(email)) throw emailTaken();
      if (phone && (await users.findByPhone(phone))) throw phoneTaken();
      const passwordHash = await hashPassword(body.password);
      if (otp && phone) await codes.check({ purpose: CONTACT_CHECK, recipient: phone, code: otp, mode: 'consume' });
      const id = await createCustomer(app, { name, email, phone, passwordHash, phoneVerified: Boolean(otp), address: body.address });
      return signIn((await users.findById(id)) as UserRow);
    },

    'send-otp': async (body, request) => {
      const phoneText = given(body.phone);
      const emailText = given(body.email);
      if (!phoneText) {
        // No phone: the code confirms a new e-mail (update-user-info changes an account's e-mail with it), sent there.
        if (!emailText) throw new HttpError(400, 'VALIDATION_FAILED', 'Send the phone (or, without one, the e-mail) to confirm.');
        const email = normaliseEmail(emailText);
        await app.messageBudget.spend(email, request.ip);
        if (await users.findByEmail(email)) throw emailTaken();
        return sendCode(CONTACT_CHECK, 'email', email);
      }
      const phone = normalisePhone(phoneText);
      // Spent before the checks: asking whether a phone or e-mail is taken costs as much as a code.
      await app.messageBudget.spend(phone, request.ip);
      if (emailText && (await users.findByEmail(normaliseEmail(emailText)))) throw emailTaken();
      if (await users.findByPhone(phone)) throw phoneTaken();
      return sendCode(CONTACT_CHECK, 'sms', phone);
    },

    'verify-otp': async (body) => {
      const phone = normalisePhone(body.phone);
      await codes.check({ purpose: CONTACT_CHECK, recipient: phone, code: body.otp, mode: 'verify' });
      return { success: true as const };
    },

    'generate-otp-for-login': async (body, request) => {
      const phone = normalisePhone(body.phone);
      await app.messageBudget.spend(phone, request.ip);
      const user = await users.findByPhone(phone);
      if (!signsInByCode(user)) {
        await tellStaffNoCode(phone);
        return { ...codeSent('sms'), registered: true };
      }
      // A banned customer gets the code too, and learns of the ban only with it (login-with-otp).
      return { ...(await sendCode('login', 'sms', phone)), registered: user !== undefined };
    },

    'login-with-otp': async (body, request) => loginWithOtp(body, request.ip),

    'send-password-reset-mail': async (body, request) => {
      const email = normaliseEmail(body.email);
      await app.messageBudget.spend(email, request.ip);
      const user = await users.findByEmail(email);
      // Unknown or banned: the same answer, and nothing sent (a banned account cannot reset its password).
      if (!user || Number(user.is_banned) === 1) return codeSent('email');
      // A real mail server's answer takes time that an unknown address would not: answer without waiting for it.
      return sendCode('password_reset', 'email', email, app.messaging.email.kind !== 'dev-outbox');
    },

    'verify-password-reset-otp': async (body) => {
      const email = normaliseEmail(body.email);
      await codes.check({ purpose: 'password_reset', recipient: email, code: body.code, mode: 'verify' });
      return { success: true as const };
    },

    'change-user-password': async (body) => {
      checkNewPassword(body.password);
      const email = normaliseEmail(body.email);
      // The code first: an unknown address has none (CODE_EXPIRED, as for a known one without a code).
      await codes.check({ purpose: 'password_reset', recipient: email, code: body.code, mode: 'consume' });
      const user = await users.findByEmail(email);
      if (!user) throw codeExpired();
      if (Number(user.is_banned) === 1) throw accountBanned();
      await users.setPasswordAndRevokeSessions(Number(user.id), await hashPassword(body.password));
      // Whoever holds the mailbox gets in at once, also while guessers keep the account locked.
      await app.signInGuard.clear(accountKey(user, email));
      return signIn(user);
    },
  };
}
