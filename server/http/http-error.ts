/**
 * The error a handler throws to answer a 4xx with the shared `{ message, code }`
 * shape; the one error handler (http/error-handler.ts) turns it into the
 * response. Anything else thrown becomes a 500 that hides its details.
 */
import type { ApiError, ErrorCode } from '../../src/api/errors.ts';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: ApiError['details'];
  /** PRICE_CHANGED's new quote, sent beside the message and code. */
  readonly quote: ApiError['quote'];

  constructor(statusCode: number, code: ErrorCode, message: string, details?: ApiError['details'], quote?: ApiError['quote']) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.quote = quote;
  }
}

export function notFound(message: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', message);
}
