/**
 * Failures the worker makes itself (STYLE habit 6): no answer, or a request it
 * refuses before sending. A server's refusal is the contract's failureFromAnswer.
 */
import type { SyncFailure } from '../../src/api/worker-api.ts';
import type { HttpOutcome } from './http.ts';

export function failureFromOutcome(outcome: Exclude<HttpOutcome, { kind: 'answer' }>): SyncFailure {
  return outcome.kind === 'offline' ? { ok: false, reason: 'offline' } : { ok: false, reason: 'timeout' };
}

/** A request the worker refuses before asking the server: what crossed the worker boundary did not pass its checks. */
export function invalidInput(message: string): SyncFailure {
  return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message };
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
