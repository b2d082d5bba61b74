/**
 * The global under which the built index.html leaves the sync worker it
 * started before the app's script arrived (vite.config.ts,
 * startSyncWorkerEarly). Its own module, with no imports, so the build
 * config and the page share the one name.
 */
export const EARLY_SYNC_WORKER_GLOBAL = '__foodpilotSyncWorker';

/**
 * The name the document gives the worker it starts. Only that worker begins a
 * first visit's boot before the page asks (worker/sync-worker.ts); the
 * document does not start one when the address sets the testers' simulated
 * offline mode (`?offline=`), which the page must store before any request.
 */
export const EARLY_SYNC_WORKER_NAME = 'sync-worker:started-by-document';

/** The worker the document started, once: a second page-level caller gets null and makes its own. */
export function adoptEarlySyncWorker(): Worker | null {
  const holder = globalThis as Record<string, unknown>;
  const worker = holder[EARLY_SYNC_WORKER_GLOBAL];
  delete holder[EARLY_SYNC_WORKER_GLOBAL];
  return typeof Worker !== 'undefined' && worker instanceof Worker ? worker : null;
}
