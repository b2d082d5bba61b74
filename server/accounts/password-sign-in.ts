/**
 * Finding the account of a password sign-in (login, and the driver area's
 * delivery/login): by e-mail, else phone, then the password.
 *
 * An unknown e-mail and a wrong password are told apart on purpose: the
 * issue asks for clear messages, and registration (EMAIL_TAKEN) would tell
 * anyway. What stops guessing is the calls' rate limit and the equal work:
 * an unknown account still costs a full scrypt, against a decoy hash.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { given, normaliseEmail, normalisePhone } from './identifiers.ts';

/** Verified against when no account matches, so that costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomUUID()));

export const unknownUser = () => new HttpError(404, 'UNKNOWN_USER', 'There is no account with these details.');
const wrongPassword = () => new HttpError(401, 'WRONG_PASSWORD', 'The password is not right.');

export interface PasswordCredentials {
  email?: string | undefined;
  phone?: string | undefined;
  password: string;
}

/** The account the credentials open: 404 UNKNOWN_USER, 401 WRONG_PASSWORD otherwise. Banned or not is the caller's to judge. */
export async function userByPassword(app: FastifyInstance, credentials: PasswordCredentials): Promise<UserRow> {
  const emailText = given(credentials.email);
  const phoneText = given(credentials.phone);
  let user: UserRow | undefined;
  if (emailText) user = await app.usersRepository.findByEmail(normaliseEmail(emailText));
  else if (phoneText) user = await app.usersRepository.findByPhone(normalisePhone(phoneText));
  else throw new HttpError(400, 'VALIDATION_FAILED', 'Send the e-mail (or phone) of the account with the password.');
  const matches = await verifyPassword(credentials.password, user?.password_hash ?? (await decoy()));
  if (!user) throw unknownUser();
  if (!matches) throw wrongPassword();
  return user;
}
