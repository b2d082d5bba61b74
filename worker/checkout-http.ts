/**
 * The checkout's calls: like the API client's (the answer checked against
 * its schema), but a refusal keeps the server's details (the minimum order,
 * the delivery radius, which lines are unavailable), so the screen can say
 * them, and a call may carry headers (place-order's Idempotency-Key).
 * Nothing is retried here: the callers decide, place-order with its key.
 */
import { API_PREFIX, appCalls, type AppCallName, type CallBody, type CallResponse } from '../src/api/calls.ts';
import type { CheckoutFailure, RefusalDetail } from '../src/api/checkout-worker-api.ts';
import { findProblem } from './check-shape.ts';
import { failureFromOutcome, failureFromStatus } from './failures.ts';
import type { HttpSend } from './http.ts';

/** CheckoutResult with a value, for a generic `T` (the contract's conditional type cannot be built from one). */
export type CheckoutValue<T> = { ok: true; value: T } | CheckoutFailure;

/** The server's details of a refusal, when its body carries them. */
function detailsOf(body: unknown): RefusalDetail[] | undefined {
  const details = (body as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return undefined;
  return details.filter(
    (detail): detail is RefusalDetail => typeof detail?.path === 'string' && typeof detail?.message === 'string',
  );
}

export function refusalOf(status: number, body: unknown): CheckoutFailure {
  const failure = failureFromStatus(status, body);
  const details = 'code' in failure ? detailsOf(body) : undefined;
  return details ? { ...failure, details } : failure;
}

export async function checkoutCall<N extends AppCallName>(
  send: HttpSend,
  name: N,
  body: CallBody<N>,
  headers?: Record<string, string>,
): Promise<CheckoutValue<CallResponse<N>>> {
  const path = `${API_PREFIX}/${name}`;
  const outcome = await send({ method: 'POST', path, body, ...(headers ? { headers } : {}) });
  if (outcome.kind !== 'answer') return failureFromOutcome(outcome);
  if (outcome.status < 200 || outcome.status >= 300) return refusalOf(outcome.status, outcome.body);
  const problem = findProblem(appCalls[name].response, outcome.body);
  if (problem) {
    return { ok: false, reason: 'bad-response', message: `Unexpected answer from ${path} at "${problem.path || '/'}": ${problem.message}` };
  }
  return { ok: true, value: outcome.body as CallResponse<N> };
}
