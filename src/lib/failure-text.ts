/**
 * A worker failure in words (STYLE habit 6): the server's code through the
 * one code → text table (errors.ts), and the failures that have no code
 * (offline, time-out, a broken answer) with their own texts.
 */
import { errorTextKey } from '../api/errors.ts';
import type { TextKey } from '../api/texts.ts';
import type { SyncFailure } from '../api/worker-api.ts';

export function failureTextKey(failure: SyncFailure): TextKey {
  switch (failure.reason) {
    case 'offline':
      return 'errorOffline';
    case 'timeout':
      return 'errorTimeout';
    case 'server':
    case 'bad-response':
      return 'errorInternal';
    default:
      return errorTextKey(failure.code);
  }
}
