/**
 * The worker's promise to the UI (DESIGN §3): a method resolves to a result,
 * never throws. A failure of the replica itself (storage full, the database
 * closed by a newer tab) becomes a failure the UI can word like any other.
 */
import type { SyncFailure } from '../../src/api/worker-api.ts';

export async function neverThrow<R>(run: () => Promise<R>): Promise<R | SyncFailure> {
  try {
    return await run();
  } catch (error) {
    console.error('a worker method failed', error);
    return { ok: false, reason: 'bad-response', message: error instanceof Error ? error.message : String(error) };
  }
}
