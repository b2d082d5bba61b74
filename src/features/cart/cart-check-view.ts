/**
 * What /cart says about availability, from the cart's check state and the
 * newest check's outbox row: honest about whether the server was asked, is
 * being asked, or will be asked when the network returns (DESIGN §4).
 */
import type { OutboxEntry } from '../../api/outbox.ts';
import type { CartCheckState } from '../../db/schema.ts';

export type CartCheckView =
  /** Never checked on this device (the first check is on its way as the screen opens). */
  | { state: 'idle' }
  | { state: 'checking' }
  /** No network: the check waits in the outbox or the service worker's queue. */
  | { state: 'waiting-network' }
  /** The server was reached but could not answer (5xx, 429): the outbox tries again. */
  | { state: 'retrying' }
  | { state: 'checked'; checkedAt: string }
  | { state: 'failed'; words: string }
  | { state: 'expired' };

const NO_NETWORK = ['offline', 'timeout'];

export function cartCheckView(check: CartCheckState | null | undefined, row: OutboxEntry | undefined): CartCheckView {
  if (!check) return { state: 'idle' };
  if (check.answer?.outboxId === check.outboxId) return { state: 'checked', checkedAt: check.answer.checkedAt };
  if (check.failure?.outboxId === check.outboxId) {
    return check.failure.expired ? { state: 'expired' } : { state: 'failed', words: check.failure.words };
  }
  if (!row) return { state: 'checking' };
  switch (row.status) {
    case 'queued':
      return { state: 'waiting-network' };
    case 'pending':
      if (row.attempts === 0) return { state: 'checking' };
      return NO_NETWORK.includes(row.lastError ?? '') ? { state: 'waiting-network' } : { state: 'retrying' };
    case 'expired':
      return { state: 'expired' };
    case 'rejected':
      return { state: 'failed', words: row.lastError ?? '' };
    default:
      // sending, or applied with the answer being written this instant.
      return { state: 'checking' };
  }
}
