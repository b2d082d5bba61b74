/**
 * The one error shape of every boundary. The server answers `{ message, code }`
 * with a 4xx status; the worker turns any failure into a typed `SyncResult`;
 * the UI turns a code into words from the translations.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

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
