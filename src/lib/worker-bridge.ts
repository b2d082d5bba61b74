/**
 * The one sync worker of this page, wrapped with comlink. Only the API's TYPE
 * crosses from the worker's side (STYLE habit 2); the app reaches the proxy
 * through the services context so tests can pass a double instead.
 */
import { wrap } from 'comlink';
import type { SyncWorkerApi } from '../api/worker-api.ts';
import { adoptEarlySyncWorker } from './early-sync-worker.ts';

let syncWorker: SyncWorkerApi | null = null;

export function getSyncWorker(): SyncWorkerApi {
  if (!syncWorker) {
    // The built page starts it from index.html, before this script has even arrived.
    const worker =
      adoptEarlySyncWorker() ??
      new Worker(new URL('../../worker/sync-worker.ts', import.meta.url), { type: 'module', name: 'sync-worker' });
    // Every method of SyncWorkerApi already returns a Promise of cloneable
    // data, so comlink's Remote<> has the same shape as the interface.
    syncWorker = wrap<SyncWorkerApi>(worker) as unknown as SyncWorkerApi;
  }
  return syncWorker;
}
