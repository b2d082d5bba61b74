/**
 * The testers' simulated offline mode (DESIGN §4), as the worker keeps it: a
 * pref read before every request, and a copy in Cache Storage for the
 * service worker, which may be stopped and restarted at any time and which a
 * message from the page may not reach on a first visit.
 */
import { FLAGS_CACHE_NAME, SIMULATED_OFFLINE_FLAG_URL } from '../../src/api/sw-messages.ts';
import { PrefKey, type ReplicaDatabase } from '../../src/db/schema.ts';

export async function isSimulatedOffline(db: ReplicaDatabase): Promise<boolean> {
  // Read from the prefs table directly: net/ sits below replica/ and imports nothing from it.
  return (await db.prefs.get(PrefKey.simulatedOffline))?.value === true;
}

export async function storeSimulatedOffline(db: ReplicaDatabase, offline: boolean): Promise<void> {
  await db.prefs.put({ key: PrefKey.simulatedOffline, value: offline });
}

/** Writes the service worker's copy; a no-op where Cache Storage does not exist (Node tests, old browsers). */
export async function mirrorSimulatedOfflineForServiceWorker(offline: boolean): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    // Turning it off on every boot must not leave an empty cache behind.
    if (!offline && !(await caches.has(FLAGS_CACHE_NAME))) return;
    const cache = await caches.open(FLAGS_CACHE_NAME);
    if (offline) await cache.put(SIMULATED_OFFLINE_FLAG_URL, new Response('1'));
    else await cache.delete(SIMULATED_OFFLINE_FLAG_URL);
  } catch (error) {
    console.warn('[worker] could not store the simulated-offline flag for the service worker', error);
  }
}
