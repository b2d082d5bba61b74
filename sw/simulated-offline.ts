/**
 * The testers' simulated-offline switch as the service worker keeps it: an
 * entry in Cache Storage, read on demand, because the service worker may be
 * stopped between any two events and would forget a variable. The sync
 * worker writes the same entry.
 */
import { FLAGS_CACHE_NAME, SIMULATED_OFFLINE_FLAG_URL } from '../src/api/sw-messages.ts';

export async function readSimulatedOffline(): Promise<boolean> {
  try {
    return (await caches.match(SIMULATED_OFFLINE_FLAG_URL, { cacheName: FLAGS_CACHE_NAME })) !== undefined;
  } catch {
    return false;
  }
}

export async function writeSimulatedOffline(offline: boolean): Promise<void> {
  const cache = await caches.open(FLAGS_CACHE_NAME);
  if (offline) await cache.put(SIMULATED_OFFLINE_FLAG_URL, new Response('1'));
  else await cache.delete(SIMULATED_OFFLINE_FLAG_URL);
}
