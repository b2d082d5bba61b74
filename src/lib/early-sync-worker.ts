/**
 * The global under which the built index.html leaves the sync worker it
 * started before the app's script arrived (vite.config.ts,
 * startSyncWorkerEarly). Its own module, with no imports, so the build
 * config and the page share the one name.
 */
export const EARLY_SYNC_WORKER_GLOBAL = '__foodpilotSyncWorker';

/**
 * How the name the document gives the worker it starts begins; the page's
 * path follows it (`earlySyncWorkerName`). Only that worker begins a first
 * visit's boot, and a store page's fetch, before the page asks
 * (worker/sync-worker.ts); the document does not start one when the address
 * sets the testers' simulated offline mode (`?offline=`), which the page must
 * store before any request.
 */
export const EARLY_SYNC_WORKER_NAME = 'sync-worker:started-by-document';

/** The early worker's name for a page at `pathname`; the built <head> writes the same expression (vite.config.ts). */
export function earlySyncWorkerName(pathname: string): string {
  return `${EARLY_SYNC_WORKER_NAME} ${pathname}`;
}

/** The path of the page that started this worker early, or null for a worker the page started itself. */
export function pathOfEarlySyncWorker(workerName: string): string | null {
  const prefix = `${EARLY_SYNC_WORKER_NAME} `;
  return workerName.startsWith(prefix) ? workerName.slice(prefix.length) : null;
}

/** The worker the document started, once: a second page-level caller gets null and makes its own. */
export function adoptEarlySyncWorker(): Worker | null {
  const holder = globalThis as Record<string, unknown>;
  const worker = holder[EARLY_SYNC_WORKER_GLOBAL];
  delete holder[EARLY_SYNC_WORKER_GLOBAL];
  return typeof Worker !== 'undefined' && worker instanceof Worker ? worker : null;
}
