/**
 * The console's own small API client. The console is online-only, so it
 * talks to /public/api straight from the page (not through the sync worker,
 * whose bundle has a size budget) and keeps nothing but its session. Types
 * come from the one call table (calls.ts), imported as types only so the
 * schemas stay out of this chunk. Every failure comes back as a value, never
 * a throw: the code the UI turns into words, the server's message, and the
 * per-field details a form shows next to its fields.
 */
import type { CallBody, CallName, CallResponse } from '../../api/calls.ts';
import type { ErrorCode } from '../../api/errors.ts';
import { API_PREFIX } from '../../api/paths.ts';

/** OFFLINE: no network (or the browser says so); UNEXPECTED: an answer that is not the API's (a proxy page, a crash). */
export type ConsoleErrorCode = ErrorCode | 'OFFLINE' | 'UNEXPECTED';

export interface FieldDetail {
  /** A JSON pointer into the request body: /name, /settings/storeColor, /opening_hours/2/opens. */
  path: string;
  message: string;
}

export interface ConsoleFailure {
  code: ConsoleErrorCode;
  message: string;
  details: FieldDetail[];
  /** The HTTP status; 0 when no answer came. */
  status: number;
}

export type ConsoleResult<T> = { ok: true; value: T } | { ok: false; error: ConsoleFailure };

/** Calls answer within this long or count as unreachable; an image upload is the largest body. */
export const CONSOLE_CALL_TIMEOUT_MS = 20_000;

export interface ConsoleCallOptions {
  token?: string | null;
  signal?: AbortSignal;
  /** Tests pass their own; the page's fetch otherwise. */
  fetch?: typeof fetch;
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const offline = (message: string): ConsoleFailure => ({ code: 'OFFLINE', message, details: [], status: 0 });

export async function callConsole<N extends CallName>(
  name: N,
  body: CallBody<N>,
  options: ConsoleCallOptions = {},
): Promise<ConsoleResult<CallResponse<N>>> {
  if (isOffline()) return { ok: false, error: offline('the browser is offline') };
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), CONSOLE_CALL_TIMEOUT_MS);
  const signals = options.signal ? [timeout.signal, options.signal] : [timeout.signal];
  let response: Response;
  try {
    response = await doFetch(`${API_PREFIX}/${name}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
      cache: 'no-store',
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    // No answer: no network, the time-out, or the caller's own abort (a screen left, whose answer nobody reads).
    return { ok: false, error: offline(error instanceof Error ? error.message : 'the request failed') };
  } finally {
    clearTimeout(timer);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: answer as CallResponse<N> };
  return { ok: false, error: failureOf(response.status, answer) };
}

function failureOf(status: number, answer: unknown): ConsoleFailure {
  if (typeof answer === 'object' && answer !== null && typeof (answer as { code?: unknown }).code === 'string') {
    const { code, message, details } = answer as { code: ErrorCode; message?: unknown; details?: unknown };
    return {
      code,
      message: typeof message === 'string' ? message : '',
      details: Array.isArray(details) ? details.filter(isFieldDetail) : [],
      status,
    };
  }
  // A gateway page or an empty 5xx: retrying later may help.
  return { code: status === 503 || status === 502 || status === 504 ? 'OFFLINE' : 'UNEXPECTED', message: `HTTP ${status}`, details: [], status };
}

function isFieldDetail(value: unknown): value is FieldDetail {
  return typeof value === 'object' && value !== null && typeof (value as FieldDetail).path === 'string' && typeof (value as FieldDetail).message === 'string';
}

/** The top-level field a detail names: '/settings/storeColor' under 'settings' is 'storeColor'; '/name' is 'name'. */
export function detailField(detail: FieldDetail, under?: string): string | null {
  const parts = detail.path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (under) return parts[0] === under && parts[1] !== undefined ? parts[1] : null;
  return parts[0] || null;
}
