/**
 * The one error handler and the not-found handler for the API. Every failure
 * leaves as `{ message, code }` (plus `details` for validation) with a status
 * chosen on purpose; a 5xx never tells the client what went wrong inside, the
 * log does.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import fp from 'fastify-plugin';
import type { ApiError, ErrorCode } from '../../src/api/errors.ts';
import { HttpError } from './http-error.ts';

export const INTERNAL_ERROR_BODY: ApiError = { message: 'Something went wrong', code: 'INTERNAL' };

/** Fastify's own request errors, by code: each is the client's fault and safe to describe. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST' },
};

export function toApiError(error: FastifyError | HttpError | Error): { status: number; body: ApiError } {
  if (error instanceof HttpError) {
    const body = withDetails({ message: error.message, code: error.code }, error.details);
    return { status: error.statusCode, body: error.quote === undefined ? body : { ...body, quote: error.quote } };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      status: 400,
      body: {
        message: 'The request does not match the schema of this call.',
        code: 'VALIDATION_FAILED',
        details: fastifyError.validation.map(describeValidationError),
      },
    };
  }
  if (isDatabaseDataException(error)) {
    return { status: 400, body: { message: 'The request holds a value the database cannot store.', code: 'BAD_REQUEST' } };
  }
  if (isConstraintViolation(error)) {
    return { status: 409, body: { message: 'This changed in the meantime: another request stored a conflicting value. Refresh and try again.', code: 'CONFLICT' } };
  }
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { message: error.message, code: known.code } };
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return { status, body: { message: error.message, code: 'RATE_LIMITED' } };
  // JSON.parse's SyntaxError arrives as a 400 from the body parser.
  if (status >= 400 && status < 500) return { status, body: { message: error.message, code: 'BAD_REQUEST' } };
  return { status: status >= 500 ? status : 500, body: INTERNAL_ERROR_BODY };
}

/**
 * PostgreSQL's class 22 "data exception" (22P02 invalid text, 22003 out of range, 22021 NUL or bad bytes,
 * 22001 too long…): a value the client sent that a column cannot hold. The schemas and the hostile-input
 * plugin refuse these first; this is the backstop, so one a schema missed is still the client's 400, never a 500.
 */
function isDatabaseDataException(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && typeof severity === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * A write a constraint refused: PostgreSQL's class 23 (23505 unique, 23503 foreign key, 23502 not null,
 * 23514 check) or SQLite's SQLITE_CONSTRAINT_*. The repositories check first what they can; what still
 * arrives here is two requests racing for the same row (two sign-ups with one e-mail, a row deleted while
 * another request pointed at it), which the client settles by refreshing, never a 500.
 */
export function isConstraintViolation(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string') return false;
  if (typeof severity === 'string' && /^23[0-9A-Z]{3}$/.test(code)) return true;
  return code.startsWith('SQLITE_CONSTRAINT');
}

function withDetails(body: ApiError, details: ApiError['details']): ApiError {
  return details ? { ...body, details } : body;
}

/** Turns an ajv error into a JSON-pointer path the client can show next to a field. */
function describeValidationError(error: FastifySchemaValidationError): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  let path = error.instancePath || '/';
  if (typeof params.missingProperty === 'string') path = joinPointer(error.instancePath, params.missingProperty);
  if (typeof params.additionalProperty === 'string') path = joinPointer(error.instancePath, params.additionalProperty);
  const message =
    typeof params.additionalProperty === 'string'
      ? `unknown field "${params.additionalProperty}"`
      : (error.message ?? 'is invalid');
  return { path, message };
}

function joinPointer(base: string, property: string): string {
  return `${base}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function sendApiError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (status === 409 && isConstraintViolation(error)) {
      // The client's answer is a conflict; the operator still sees which constraint, in case it was no race.
      request.log.warn({ err: error }, 'a constraint refused a write');
    } else {
      request.log.info({ code: body.code, status }, body.message);
    }
    return sendApiError(reply, status, body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
