/**
 * One-time codes: six random digits, stored as `salt$sha256(salt:code)`.
 * A code has only a million values, so the hash is no secret on its own;
 * what protects it is its short life, single use and the five-try limit.
 * The hash keeps codes out of backups, logs and a casual look at the table.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_CODE_DIGITS } from '../../src/api/account/limits.ts';

export function newCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_DIGITS)).padStart(ONE_TIME_CODE_DIGITS, '0');
}

export function hashCode(code: string, salt: string = randomBytes(12).toString('base64url')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashCode(code.trim(), salt).split('$')[1] ?? '', 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
