/**
 * The one result of every call the app makes, through the sync worker or
 * the console's own client (DESIGN §3, issue 16.2): a value, or a failure
 * named by its reason, never a throw into the UI. The server's refusal
 * becomes one the same way wherever it arrives (`failureFromAnswer`), and
 * the UI turns any failure into words in one place (src/lib/failure-text.ts).
 */
import { isApiError, type ErrorCode } from './errors.ts';

/** One detail of a refusal: a JSON pointer into the request body (/name, /items/2) and what is wrong there. */
export interface FailureDetail {
  path: string;
  message: string;
}

export type SyncFailure =
  | { ok: false; reason: 'offline' }
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'unauthorized'; code: ErrorCode; message: string; details?: FailureDetail[] }
  | { ok: false; reason: 'conflict'; code: ErrorCode; message: string; details?: FailureDetail[] }
  | { ok: false; reason: 'invalid'; code: ErrorCode; message: string; details?: FailureDetail[] }
  | { ok: false; reason: 'server'; status: number; message: string }
  | { ok: false; reason: 'bad-response'; message: string };

export type SyncResult<T = undefined> = ([T] extends [undefined] ? { ok: true } : { ok: true; value: T }) | SyncFailure;

export interface LoginSummary {
  userId: number;
  name: string;
  role: string;
}

function isFailureDetail(value: unknown): value is FailureDetail {
  return typeof value === 'object' && value !== null && typeof (value as FailureDetail).path === 'string' && typeof (value as FailureDetail).message === 'string';
}

/** The failure an HTTP answer other than 2xx means: by its status, with the server's code, words and details when it sent the API's error body. */
export function failureFromAnswer(status: number, body: unknown): SyncFailure {
  const apiError = isApiError(body) ? body : null;
  const message = apiError?.message ?? `The server answered ${status}.`;
  const sent = Array.isArray(apiError?.details) ? apiError.details.filter(isFailureDetail) : [];
  const details = sent.length > 0 ? { details: sent } : {};
  if (status === 401 || status === 403) {
    const code: ErrorCode = apiError?.code ?? (status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
    return { ok: false, reason: 'unauthorized', code, message, ...details };
  }
  if (status === 409) return { ok: false, reason: 'conflict', code: apiError?.code ?? 'CONFLICT', message, ...details };
  if (status >= 400 && status < 500) return { ok: false, reason: 'invalid', code: apiError?.code ?? 'BAD_REQUEST', message, ...details };
  if (status >= 500) return { ok: false, reason: 'server', status, message };
  return { ok: false, reason: 'bad-response', message: `Unexpected status ${status}.` };
}

/** The server's code of a failure it answered; null when no answer came or it carried none. */
export function failureCode(failure: SyncFailure): ErrorCode | null {
  return 'code' in failure ? failure.code : null;
}

/** The server's details of a refusal; none for failures that carry none. */
export function failureDetails(failure: SyncFailure): FailureDetail[] {
  return ('details' in failure ? failure.details : undefined) ?? [];
}
