/**
 * Signing in and up: password login, one-time codes by SMS (sign-in, phone
 * check before registering), registration and the password reset by
 * e-mail. Every refusal has its own code (WRONG_PASSWORD, UNKNOWN_USER,
 * ACCOUNT_BANNED, CODE_*, EMAIL_TAKEN…) so the app can say what went wrong.
 *
 * A password sign-in finds its account in server/accounts/password-sign-in.ts,
 * shared with the driver area's delivery/login.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ONE_TIME_CODE_LIFETIME_SECONDS,
  type CallBody,
  type CodeSent,
  type LoginResult,
} from '../../../src/api/index.ts';
import { accountBanned, forbidden } from '../../auth/authenticate.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { checkNewPassword, given, normaliseEmail, normalisePhone, requireName } from '../../accounts/identifiers.ts';
import { createCustomer } from '../../accounts/customers.ts';
import { unknownUser, userByPassword } from '../../accounts/password-sign-in.ts';
import { loginResult } from '../../accounts/sessions.ts';
import type { OneTimeCodePurpose, UserRow } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { emailTaken, phoneTaken } from '../../repositories/users-repository.ts';
import type { CallHandlers } from './handlers.ts';

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
 * their password.
 */
function refuseStaffCodeSignIn(user: UserRow): void {
  if (user.role !== 'customer') throw forbidden('Staff accounts sign in with their password.');
}

export function createAuthHandlers(app: FastifyInstance): Pick<CallHandlers, AuthCalls> {
  const users = app.usersRepository;
  const codes = app.oneTimeCodesRepository;

  async function storeName(): Promise<string> {
    const settings = await app.settingsRepository.list();
    return settings.find((setting) => setting.key === 'storeName')?.value || 'FoodPilot';
  }

  /** Issues a code and sends it; a code that could not be sent is withdrawn (503 MESSAGE_NOT_SENT). */
  async function sendCode(purpose: OneTimeCodePurpose, channel: 'sms' | 'email', to: string): Promise<CodeSent> {
    const { id, code } = await codes.issue(purpose, to);
    const minutes = ONE_TIME_CODE_LIFETIME_SECONDS / 60;
    const name = await storeName();
    const what = purpose === 'password_reset' ? 'password reset' : purpose === 'login' ? 'sign-in' : 'verification';
    const text = `${name}: your ${what} code is ${code}. It expires in ${minutes} minutes. Do not share it.`;
    try {
      if (channel === 'sms') await app.messaging.sms.send({ to, body: text });
      else await app.messaging.email.send({ to, subject: `${name} ${what} code`, text });
    } catch (error) {
      await codes.withdraw(id);
      app.log.error({ err: error, channel }, 'a one-time code could not be sent');
      throw new HttpError(503, 'MESSAGE_NOT_SENT', 'The code could not be sent. Try again in a moment.');
    }
    return { success: true, channel, expires_in_seconds: ONE_TIME_CODE_LIFETIME_SECONDS };
  }

  async function signIn(user: UserRow): Promise<LoginResult> {
    if (Number(user.is_banned) === 1) throw accountBanned();
    return loginResult(app, user);
  }

  /** login-with-otp, and login with phone + otp. */
  async function loginWithOtp(body: CallBody<'login-with-otp'>): Promise<LoginResult> {
    const phone = normalisePhone(body.phone);
    const existing = await users.findByPhone(phone);
    if (existing) {
      refuseStaffCodeSignIn(existing);
      if (Number(existing.is_banned) === 1) throw accountBanned();
      await codes.check({ purpose: 'login', recipient: phone, code: body.otp, mode: 'consume' });
      await users.markPhoneVerified(Number(existing.id));
      return signIn((await users.findById(Number(existing.id))) ?? existing);
    }
    // A new phone: the code also creates the account, which needs a name and an e-mail.
    const emailText = given(body.email);
    if (!given(body.name) || !emailText) {
      throw new HttpError(400, 'DETAILS_REQUIRED', 'This phone has no account yet: send name and email to create one.');
    }
    const name = requireName(body.name);
    const email = normaliseEmail(emailText);
    if (await users.findByEmail(email)) throw emailTaken();
    await codes.check({ purpose: 'login', recipient: phone, code: body.otp, mode: 'consume' });
    // No password yet: a random one nobody knows; the customer can set one with a password reset.
    const passwordHash = await hashPassword(randomUUID());
    const id = await createCustomer(app.db, { name, email, phone, passwordHash, phoneVerified: true, address: body.address });
    return signIn((await users.findById(id)) as UserRow);
  }

  return {
    login: async (body) => {
      const password = body.password;
      if (given(body.otp)) {
        if (!given(body.phone)) throw new HttpError(400, 'INVALID_PHONE', 'A sign-in code goes with the phone it was sent to.');
        return loginWithOtp({ ...body, phone: body.phone as string, otp: body.otp as string });
      }
      if (!password) {
        if (given(body.provider) || given(body.accessToken)) {
          throw new HttpError(400, 'PROVIDER_NOT_SUPPORTED', `Signing in with ${given(body.provider) ?? 'this provider'} is not available.`);
        }
        throw new HttpError(400, 'VALIDATION_FAILED', 'Send an e-mail (or phone) and a password, or a phone and a code.');
      }
      return signIn(await userByPassword(app, { email: body.email, phone: body.phone, password }));
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
      if (otp && phone) await codes.check({ purpose: 'verify_phone', recipient: phone, code: otp, mode: 'consume' });
      const id = await createCustomer(app.db, { name, email, phone, passwordHash, phoneVerified: Boolean(otp), address: body.address });
      return signIn((await users.findById(id)) as UserRow);
    },

    'send-otp': async (body) => {
      const phone = normalisePhone(body.phone);
      const emailText = given(body.email);
      if (emailText && (await users.findByEmail(normaliseEmail(emailText)))) throw emailTaken();
      if (await users.findByPhone(phone)) throw phoneTaken();
      return sendCode('verify_phone', 'sms', phone);
    },

    'verify-otp': async (body) => {
      const phone = normalisePhone(body.phone);
      await codes.check({ purpose: 'verify_phone', recipient: phone, code: body.otp, mode: 'verify' });
      return { success: true as const };
    },

    'generate-otp-for-login': async (body) => {
      const phone = normalisePhone(body.phone);
      const user = await users.findByPhone(phone);
      if (user) refuseStaffCodeSignIn(user);
      if (user && Number(user.is_banned) === 1) throw accountBanned();
      return { ...(await sendCode('login', 'sms', phone)), registered: user !== undefined };
    },

    'login-with-otp': async (body) => loginWithOtp(body),

    'send-password-reset-mail': async (body) => {
      const email = normaliseEmail(body.email);
      const user = await users.findByEmail(email);
      if (!user) throw unknownUser();
      if (Number(user.is_banned) === 1) throw accountBanned();
      return sendCode('password_reset', 'email', email);
    },

    'verify-password-reset-otp': async (body) => {
      const email = normaliseEmail(body.email);
      await codes.check({ purpose: 'password_reset', recipient: email, code: body.code, mode: 'verify' });
      return { success: true as const };
    },

    'change-user-password': async (body) => {
      checkNewPassword(body.password);
      const email = normaliseEmail(body.email);
      const user = await users.findByEmail(email);
      if (!user) throw unknownUser();
      if (Number(user.is_banned) === 1) throw accountBanned();
      await codes.check({ purpose: 'password_reset', recipient: email, code: body.code, mode: 'consume' });
      await users.setPasswordAndRevokeSessions(Number(user.id), await hashPassword(body.password));
      return signIn(user);
    },
  };
}
