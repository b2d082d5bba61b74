/**
 * The `syncState` table: when each resource was last fetched, and why the last
 * attempt failed. The UI reads it for the offline banner and "updated N min
 * ago"; a failure keeps the previous `fetchedAt` so the replica's age stays true.
 */
import type { SyncFailure } from '../../src/api/worker-api.ts';
import { SyncResource, type ReplicaDatabase, type SyncStateRow } from '../../src/db/schema.ts';

/** 'offline' and 'timeout' say the server was not reached; the rest name what it answered. */
export type ConnectivityError = 'offline' | 'timeout';

export async function markFetched(db: ReplicaDatabase, resource: string, at: number, version: string | null = null) {
  await db.syncState.put({ resource, fetchedAt: at, version, error: null, errorAt: null });
}

export async function markFailed(db: ReplicaDatabase, resource: string, failure: SyncFailure, at: number) {
  const previous = await db.syncState.get(resource);
  const row: SyncStateRow = {
    resource,
    fetchedAt: previous?.fetchedAt ?? null,
    version: previous?.version ?? null,
    error: failure.reason,
    errorAt: at,
  };
  await db.syncState.put(row);
}

/** `error: null` after any answer from the server, whatever its status. */
/** How stale the last success may be before another success is written: screens say "updated N min ago", never seconds. */
const CONNECTIVITY_REFRESH_MS = 10_000;

export async function recordConnectivity(db: ReplicaDatabase, error: ConnectivityError | null, at: number) {
  const previous = await db.syncState.get(SyncResource.connectivity);
  // Nothing changed that a screen shows: no write, so a burst of requests (a replayed outbox) does not re-render every screen each time.
  const unchanged =
    previous !== undefined &&
    previous.error === error &&
    (error !== null || (previous.fetchedAt !== null && at - previous.fetchedAt < CONNECTIVITY_REFRESH_MS));
  if (unchanged) return;
  await db.syncState.put({
    resource: SyncResource.connectivity,
    fetchedAt: error === null ? at : (previous?.fetchedAt ?? null),
    version: null,
    error,
    errorAt: error === null ? null : at,
  });
}

export function isUnreachable(failure: SyncFailure): boolean {
  return failure.reason === 'offline' || failure.reason === 'timeout';
}
