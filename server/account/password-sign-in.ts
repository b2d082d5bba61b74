/**
 * A password sign-in (login, and the driver area's delivery/login; the
 * console signs in through login): the account by e-mail, else phone, then
 * the password, through the sign-in guard (sign-in-guard.ts), which counts
 * every try against the account and the caller's address and refuses a
 * locked account before the password is even looked at.
 *
 * An unknown account, a wrong password and an account that may not use this
 * door (a customer at delivery/login) get one and the same answer, 401
 * WRONG_PASSWORD, and each counts as a wrong try (issue 13): no door tells
 * whether an account exists, which role it has, or that a password was right
 * for an account of another role. An unknown account still costs a full
 * scrypt, against a decoy hash, and is counted under what was typed, so it
 * locks like a real one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { UserRow } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import { given, normaliseEmail, normalisePhone } from './identifiers.ts';
import { accountKey, SignInFailure, type SignInDoor } from './sign-in-guard.ts';

/** Verified against when no account matches, so that costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomUUID()));

/** The one answer for every refused password sign-in. */
export const wrongCredentials = () => new HttpError(401, 'WRONG_PASSWORD', 'The e-mail (or phone) or the password is not right.');

export interface PasswordCredentials {
  email?: string | undefined;
  phone?: string | undefined;
  password: string;
}

export interface PasswordDoor {
  door: SignInDoor;
  /** The caller's address (request.ip). */
  ip: string | undefined;
  /** Whether this door lets the account in once its password is right (delivery/login: drivers only). */
  admits?: ((user: UserRow) => boolean) | undefined;
}

/**
 * The account the credentials open at this door. 401 WRONG_PASSWORD for no
 * account, a wrong password or an account the door does not admit; 429
 * ACCOUNT_LOCKED or RATE_LIMITED past the guard's allowances. Banned or not
 * is the caller's to judge (only once the password was right).
 */
export async function userByPassword(app: FastifyInstance, credentials: PasswordCredentials, at: PasswordDoor): Promise<UserRow> {
  const emailText = given(credentials.email);
  const phoneText = given(credentials.phone);
  let identifier: string;
  let user: UserRow | undefined;
  if (emailText) {
    identifier = normaliseEmail(emailText);
    user = await app.usersRepository.findByEmail(identifier);
  } else if (phoneText) {
    identifier = normalisePhone(phoneText);
    user = await app.usersRepository.findByPhone(identifier);
  } else {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Send the e-mail (or phone) of the account with the password.');
  }
  return app.signInGuard.attempt({ account: accountKey(user, identifier), ip: at.ip, door: at.door }, async () => {
    const matches = await verifyPassword(credentials.password, user?.password_hash ?? (await decoy()));
    if (!user || !matches || !(at.admits?.(user) ?? true)) throw new SignInFailure(wrongCredentials());
    return user;
  });
}
