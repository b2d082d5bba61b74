/** Turns an HTTP outcome that is not a success into the typed `SyncFailure` of STYLE habit 6. */
import { isApiError, type ErrorCode } from '../src/api/errors.ts';
import type { SyncFailure } from '../src/api/worker-api.ts';
import type { HttpOutcome } from './http.ts';

export function failureFromOutcome(outcome: Exclude<HttpOutcome, { kind: 'answer' }>): SyncFailure {
  return outcome.kind === 'offline' ? { ok: false, reason: 'offline' } : { ok: false, reason: 'timeout' };
}

export function failureFromStatus(status: number, body: unknown): SyncFailure {
  const apiError = isApiError(body) ? body : null;
  const message = apiError?.message ?? `The server answered ${status}.`;
  if (status === 401 || status === 403) {
    const code: ErrorCode = apiError?.code ?? (status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
    return { ok: false, reason: 'unauthorized', code, message };
  }
  if (status === 409) return { ok: false, reason: 'conflict', code: apiError?.code ?? 'CONFLICT', message };
  if (status >= 400 && status < 500) {
    return { ok: false, reason: 'invalid', code: apiError?.code ?? 'BAD_REQUEST', message };
  }
  if (status >= 500) return { ok: false, reason: 'server', status, message };
  return { ok: false, reason: 'bad-response', message: `Unexpected status ${status}.` };
}

/** Words for a failure, kept in `lastError` and logs. */
export function describeFailure(failure: SyncFailure): string {
  switch (failure.reason) {
    case 'offline':
      return 'offline';
    case 'timeout':
      return 'timeout';
    default:
      return failure.message;
  }
}
