/**
 * The console's own small API client. The console is online-only, so it
 * talks to /public/api straight from the page (not through the sync worker,
 * whose bundle has a size budget) and keeps nothing but its session. Types
 * come from the one call table (calls.ts), imported as types only so the
 * schemas stay out of this chunk. Every failure comes back as a value, never
 * a throw, and the same value as the sync worker's (SyncFailure, issue 16.2):
 * the UI turns it into words in one place, and a form places its details
 * next to its fields.
 */
import type { CallBody, CallName, CallResponse } from '../../api/calls.ts';
import { isApiError } from '../../api/errors.ts';
import { API_PREFIX } from '../../api/paths.ts';
import { failureFromAnswer, type FailureDetail, type SyncFailure } from '../../api/sync-result.ts';

export type ConsoleResult<T> = { ok: true; value: T } | SyncFailure;

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

const GATEWAY_STATUSES = [502, 503, 504];
const OFFLINE: SyncFailure = { ok: false, reason: 'offline' };

export async function callConsole<N extends CallName>(
  name: N,
  body: CallBody<N>,
  options: ConsoleCallOptions = {},
): Promise<ConsoleResult<CallResponse<N>>> {
  if (isOffline()) return OFFLINE;
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
  } catch {
    // No answer: no network, the time-out, or the caller's own abort (a screen left, whose answer nobody reads).
    return timeout.signal.aborted ? { ok: false, reason: 'timeout' } : OFFLINE;
  } finally {
    clearTimeout(timer);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, value: answer as CallResponse<N> };
  // A gateway's page or an empty 502–504 (the API's own 5xx carry its body): the server is out of reach for now.
  if (!isApiError(answer) && GATEWAY_STATUSES.includes(response.status)) return OFFLINE;
  return failureFromAnswer(response.status, answer);
}

/** The top-level field a detail names: '/settings/storeColor' under 'settings' is 'storeColor'; '/name' is 'name'. */
export function detailField(detail: FailureDetail, under?: string): string | null {
  const parts = detail.path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (under) return parts[0] === under && parts[1] !== undefined ? parts[1] : null;
  return parts[0] || null;
}
