/**
 * A refused address change in words. Offline gets its own sentence: address
 * changes are never queued (worker/account/addresses.ts says why), so the user must
 * know nothing changed and that it needs the network.
 */
import type { TextKey } from '../../api/language/texts.ts';
import type { SyncFailure } from '../../api/worker-api.ts';
import { failureTextKey } from '../../lib/failure-text.ts';

export function changeFailureText(failure: SyncFailure): TextKey {
  return failure.reason === 'offline' ? 'addressesOfflineChange' : failureTextKey(failure);
}
