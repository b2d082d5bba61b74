/**
 * A failure in words (STYLE habit 6), the sync worker's and the console's
 * alike (both are SyncFailure): the server's code through the one code →
 * text table (errors.ts), and the failures that have no code (offline,
 * time-out, a broken answer) with their own texts.
 */
import { errorTextKey } from '../api/errors.ts';
import type { TextKey } from '../api/language/texts.ts';
import type { SyncFailure } from '../api/sync-result.ts';

/** A screen that says no network in its own words (the console needs the network for everything). */
export interface FailureWords {
  offline?: TextKey;
}

export function failureTextKey(failure: SyncFailure, words: FailureWords = {}): TextKey {
  switch (failure.reason) {
    case 'offline':
      return words.offline ?? 'errorOffline';
    case 'timeout':
      return 'errorTimeout';
    case 'server':
    case 'bad-response':
      return 'errorInternal';
    default:
      return errorTextKey(failure.code);
  }
}
