/**
 * The checkout's calls: like the API client's (the answer checked against
 * its schema), a refusal with the server's details (the minimum order,
 * the delivery radius, which lines are unavailable) and a changed price's
 * quote, so the screen can say them, and a call may carry headers (place-order's Idempotency-Key).
 * Nothing is retried here: the callers decide, place-order with its key.
 */
import { API_PREFIX, appCalls, type AppCallName, type CallBody, type CallResponse } from '../../src/api/calls.ts';
import type { CheckoutFailure } from '../../src/api/checkout/worker-api.ts';
import { findProblem } from './check-shape.ts';
import { failureCode, failureFromAnswer } from '../../src/api/sync-result.ts';
import { failureFromOutcome } from './failures.ts';
import type { HttpSend } from './http.ts';

/** CheckoutResult with a value, for a generic `T` (the contract's conditional type cannot be built from one). */
export type CheckoutValue<T> = { ok: true; value: T } | CheckoutFailure;

export function refusalOf(status: number, body: unknown): CheckoutFailure {
  const failure = failureFromAnswer(status, body);
  // PRICE_CHANGED carries the new price: kept unchecked here, checked by whoever writes it.
  const quote = failureCode(failure) === 'PRICE_CHANGED' ? (body as { quote?: unknown } | null)?.quote : undefined;
  return quote === undefined ? failure : { ...failure, quote };
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
