/**
 * What people type into account forms, checked and put in one canonical
 * form before it is stored or looked up, with a specific error code for
 * each mistake (the UI translates the code).
 */
import { PASSWORD_MIN_LENGTH } from '../../src/api/account/limits.ts';
import { HttpError } from '../http/http-error.ts';

// Deliberately loose: one @, something on each side, a dot in the domain.
// The only real check of an address is a message that arrives.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const PHONE = /^\+?[0-9]{7,15}$/;
const TAX_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,39}$/u;

/** '' and whitespace count as "not given", as the spec's clients send empty fields. */
export function given(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new HttpError(400, 'INVALID_EMAIL', 'This is not a valid e-mail address.');
  return email;
}

/**
 * Digits with an optional leading +, separators dropped: "+1 (412) 555-0104"
 * is "+14125550104". Numbers are compared in this form, so the same number
 * typed with or without the + are two numbers: the app sends the country code.
 */
export function normalisePhone(value: string): string {
  const phone = value.replace(/[\s().-]/g, '');
  if (!PHONE.test(phone)) throw new HttpError(400, 'INVALID_PHONE', 'This is not a valid phone number.');
  return phone;
}

export function checkNewPassword(password: string): string {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new HttpError(400, 'PASSWORD_TOO_SHORT', `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  return password;
}

export function requireName(value: string | undefined): string {
  const name = given(value)?.replace(/\s+/g, ' ');
  if (!name) throw new HttpError(400, 'DETAILS_REQUIRED', 'A name is needed to create an account.');
  return name;
}

/** An empty tax number clears it (null). */
export function normaliseTaxNumber(value: string): string | null {
  const taxNumber = value.trim().replace(/\s+/g, ' ');
  if (taxNumber === '') return null;
  if (!TAX_NUMBER.test(taxNumber)) {
    throw new HttpError(400, 'INVALID_TAX_NUMBER', 'A tax number has letters, digits, spaces and . - / only, at most 40.');
  }
  return taxNumber;
}
