/**
 * What account forms accept, written once for the app's own checks before it
 * sends anything. They mirror the server's checks (server/accounts/
 * identifiers.ts, avatar.ts), which stay the judge and answer the same error
 * codes: a form can say what is wrong without a round trip, and offline.
 */
import { AVATAR_MAX_BYTES, PASSWORD_MIN_LENGTH, type AVATAR_TYPES } from './limits.ts';
import type { ErrorCode } from '../errors.ts';

// Deliberately loose, as the server's: one @, something on each side, a dot in the domain.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
/** Digits with an optional leading +, after separators are dropped (cleanPhone). */
export const PHONE_PATTERN = /^\+?[0-9]{7,15}$/;
export const TAX_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,39}$/u;

/** "+1 (412) 555-0104" → "+14125550104", as the server compares numbers. */
export function cleanPhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** The code of what is wrong with a value, or null when it looks right. Empty values are the caller's business. */
export function emailProblem(value: string): ErrorCode | null {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? null : 'INVALID_EMAIL';
}

export function phoneProblem(value: string): ErrorCode | null {
  return PHONE_PATTERN.test(cleanPhone(value)) ? null : 'INVALID_PHONE';
}

export function passwordProblem(value: string): ErrorCode | null {
  return [...value].length >= PASSWORD_MIN_LENGTH ? null : 'PASSWORD_TOO_SHORT';
}

/** An empty tax number is fine: it clears the one saved. */
export function taxNumberProblem(value: string): ErrorCode | null {
  const taxNumber = value.trim().replace(/\s+/g, ' ');
  return taxNumber === '' || TAX_NUMBER_PATTERN.test(taxNumber) ? null : 'INVALID_TAX_NUMBER';
}

export type AvatarType = (typeof AVATAR_TYPES)[number];

/** The image type by its first bytes (the server decides by them too, never by a file name). */
export function imageTypeOf(bytes: Uint8Array): AvatarType | null {
  const at = (index: number) => bytes[index];
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => at(index) === byte)) return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** IMAGE_TOO_LARGE or IMAGE_TYPE for a picture the server would refuse, null for one it takes. */
export function avatarProblem(bytes: Uint8Array): ErrorCode | null {
  if (bytes.length > AVATAR_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return imageTypeOf(bytes) ? null : 'IMAGE_TYPE';
}
