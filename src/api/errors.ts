/**
 * The one error shape of every boundary. The server answers `{ message, code }`
 * with a 4xx status; the worker turns any failure into a typed `SyncResult`;
 * the UI turns a code into words from the translations.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import type { TextKey } from './texts.ts';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PRIMARY_LOCATION_MISSING',
  'INTERNAL',
  // Accounts
  'WRONG_PASSWORD',
  'UNKNOWN_USER',
  'ACCOUNT_BANNED',
  'CODE_EXPIRED',
  'CODE_WRONG',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_EMAIL',
  'INVALID_PHONE',
  'PASSWORD_TOO_SHORT',
  'DETAILS_REQUIRED',
  'PROVIDER_NOT_SUPPORTED',
  'IMAGE_TYPE',
  'IMAGE_TOO_LARGE',
  'INVALID_TAX_NUMBER',
  'INSUFFICIENT_BALANCE',
  'MESSAGE_NOT_SENT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorSchema = Type.Object(
  {
    message: Type.String(),
    code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
    details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ApiError' },
);
export type ApiError = Static<typeof ApiErrorSchema>;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).message === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as ApiError).code)
  );
}

/**
 * The translation key of each code's words for the user: the UI shows
 * `t(ERROR_TEXT_KEYS[code])` and never the server's English message.
 */
export const ERROR_TEXT_KEYS = {
  BAD_REQUEST: 'errorBadRequest',
  VALIDATION_FAILED: 'errorValidationFailed',
  UNAUTHORIZED: 'errorUnauthorized',
  FORBIDDEN: 'errorForbidden',
  NOT_FOUND: 'errorNotFound',
  CONFLICT: 'errorConflict',
  IDEMPOTENCY_KEY_REUSED: 'errorIdempotencyKeyReused',
  IDEMPOTENCY_IN_PROGRESS: 'errorIdempotencyInProgress',
  PAYLOAD_TOO_LARGE: 'errorPayloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'errorUnsupportedMediaType',
  RATE_LIMITED: 'errorRateLimited',
  PRIMARY_LOCATION_MISSING: 'errorPrimaryLocationMissing',
  INTERNAL: 'errorInternal',
  WRONG_PASSWORD: 'errorWrongPassword',
  UNKNOWN_USER: 'errorUnknownUser',
  ACCOUNT_BANNED: 'errorAccountBanned',
  CODE_EXPIRED: 'errorCodeExpired',
  CODE_WRONG: 'errorCodeWrong',
  TOO_MANY_ATTEMPTS: 'errorTooManyAttempts',
  EMAIL_TAKEN: 'errorEmailTaken',
  PHONE_TAKEN: 'errorPhoneTaken',
  INVALID_EMAIL: 'errorInvalidEmail',
  INVALID_PHONE: 'errorInvalidPhone',
  PASSWORD_TOO_SHORT: 'errorPasswordTooShort',
  DETAILS_REQUIRED: 'errorDetailsRequired',
  PROVIDER_NOT_SUPPORTED: 'errorProviderNotSupported',
  IMAGE_TYPE: 'errorImageType',
  IMAGE_TOO_LARGE: 'errorImageTooLarge',
  INVALID_TAX_NUMBER: 'errorInvalidTaxNumber',
  INSUFFICIENT_BALANCE: 'errorInsufficientBalance',
  MESSAGE_NOT_SENT: 'errorMessageNotSent',
} as const satisfies Record<ErrorCode, TextKey>;

/** The translation key for any code, also one an older app does not know (then the generic text). */
export function errorTextKey(code: string): TextKey {
  return (ERROR_TEXT_KEYS as Record<string, TextKey>)[code] ?? 'errorInternal';
}
