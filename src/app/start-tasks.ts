/** Things done once per app start, before or beside the first render. */
import { PrefKey, type ReplicaDatabase } from '../db/schema.ts';
import type { SyncWorkerApi } from '../api/worker-api.ts';
import { nextVisitCount, isFramedPreview } from '../lib/visits.ts';
import { readOfflineFlag, setSimulatedOfflineMode, withoutOfflineFlag } from '../lib/simulated-offline.ts';
import type { ServiceWorkerBridge } from '../lib/sw-bridge.ts';

/** Counts this start as a visit (for the iOS prompt), unless it is the desktop landing's preview. */
export async function recordVisit(db: ReplicaDatabase, win: Window = window): Promise<number | null> {
  if (isFramedPreview(win)) return null;
  return db.transaction('rw', db.prefs, async () => {
    const count = nextVisitCount((await db.prefs.get(PrefKey.visitCount))?.value);
    await db.prefs.put({ key: PrefKey.visitCount, value: count });
    return count;
  });
}

interface StartDeps {
  db: ReplicaDatabase;
  worker: SyncWorkerApi;
  serviceWorker: ServiceWorkerBridge;
}

/**
 * `?offline=1` / `?offline=0` sets the testers' simulated offline mode before
 * boot makes its first request; the flag then leaves the URL so a reload does
 * not undo a later change made with the switch. Without a flag, a mode left
 * on is told to the service worker again, which may have restarted since.
 */
export async function applySimulatedOfflineAtStart({ db, worker, serviceWorker }: StartDeps, win: Window = window): Promise<void> {
  const flag = readOfflineFlag(win.location.search);
  if (flag !== null) {
    win.history.replaceState(win.history.state, '', withoutOfflineFlag(win.location.href));
    // A tester is here: the account page keeps the switch for them on this device.
    await db.prefs.put({ key: PrefKey.testerTools, value: true });
    await setSimulatedOfflineMode(flag, { worker, serviceWorker });
    return;
  }
  const stored = await db.prefs.get(PrefKey.simulatedOffline);
  if (stored?.value === true) await serviceWorker.postToServiceWorker({ type: 'SET_SIMULATED_OFFLINE', offline: true });
}

/**
 * DESIGN §4: the outbox drains when the network returns and when the app
 * comes back to the foreground. The sync worker listens for 'online' itself,
 * but a dedicated worker is not always told (Chromium's emulated offline
 * only tells pages), and a step waiting for its backoff timer would sit
 * there for up to a minute.
 */
export function drainOnReconnect(worker: Pick<SyncWorkerApi, 'drainOutbox'>, win: Window = window): void {
  const drain = () => void worker.drainOutbox();
  win.addEventListener('online', drain);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'visible') drain();
  });
}
