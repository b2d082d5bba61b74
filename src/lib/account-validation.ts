/**
 * The account forms' own checks, before anything is sent: each answers the
 * text key of what is wrong with one field (shown under it), or null. The
 * rules are the server's (src/api/account/rules.ts), which still decides.
 */
import { ONE_TIME_CODE_DIGITS, PERSON_NAME_MAX_LENGTH } from '../api/account/limits.ts';
import { emailProblem, passwordProblem, phoneProblem, taxNumberProblem } from '../api/account/rules.ts';
import { errorTextKey } from '../api/errors.ts';
import type { TextKey } from '../api/language/texts.ts';

export type FieldCheck = (value: string) => TextKey | null;

const CODE_PATTERN = new RegExp(`^\\d{${ONE_TIME_CODE_DIGITS}}$`);

export const checkName: FieldCheck = (value) => {
  if (!value.trim()) return 'fieldNameRequired';
  // Caught here, not after the code was texted: the server refuses a longer name (issue 15.10).
  return [...value.trim()].length <= PERSON_NAME_MAX_LENGTH ? null : 'fieldNameTooLong';
};

export const checkEmail: FieldCheck = (value) => {
  if (!value.trim()) return 'fieldEmailRequired';
  const problem = emailProblem(value);
  return problem ? errorTextKey(problem) : null;
};

/** For optional e-mail fields: empty is fine. */
export const checkOptionalEmail: FieldCheck = (value) => (value.trim() ? checkEmail(value) : null);

export const checkPhone: FieldCheck = (value) => {
  if (!value.trim()) return 'fieldPhoneRequired';
  const problem = phoneProblem(value);
  return problem ? errorTextKey(problem) : null;
};

/** The password of a new account or a reset: long enough. */
export const checkNewPassword: FieldCheck = (value) => {
  if (!value) return 'fieldPasswordRequired';
  const problem = passwordProblem(value);
  return problem ? errorTextKey(problem) : null;
};

/** An optional new password (a guest's): empty is fine, else long enough. */
export const checkOptionalNewPassword: FieldCheck = (value) => (value ? checkNewPassword(value) : null);

/** Signing in: any password the user has; the server says whether it is right. */
export const checkPassword: FieldCheck = (value) => (value ? null : 'fieldPasswordRequired');

export const checkEmailOrPhone: FieldCheck = (value) => {
  const text = value.trim();
  if (!text) return 'fieldEmailOrPhoneRequired';
  return text.includes('@') ? checkEmail(text) : checkPhone(text);
};

export const checkCode: FieldCheck = (value) => {
  if (!value.trim()) return 'fieldCodeRequired';
  return CODE_PATTERN.test(value.trim()) ? null : 'fieldCodeFormat';
};

export const checkTaxNumber: FieldCheck = (value) => {
  const problem = taxNumberProblem(value);
  return problem ? errorTextKey(problem) : null;
};

/** Runs the checks of a form: the fields with a problem, in the form's order. */
export function checkFields<F extends string>(values: Record<F, string>, checks: Partial<Record<F, FieldCheck>>): Partial<Record<F, TextKey>> {
  const errors: Partial<Record<F, TextKey>> = {};
  for (const field of Object.keys(checks) as F[]) {
    const problem = checks[field]?.(values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}
