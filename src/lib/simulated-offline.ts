/**
 * Testers' simulated offline mode (DESIGN §4): the sync worker and the
 * service worker both treat /public/api as unreachable. Turning it off lets
 * what waited go out: the service worker replays its queues and the worker
 * drains the outbox.
 */
import type { SyncWorkerApi } from '../api/worker-api.ts';
import type { ServiceWorkerBridge } from './sw-bridge.ts';

export interface SimulatedOfflineDeps {
  worker: Pick<SyncWorkerApi, 'setSimulatedOffline' | 'drainOutbox'>;
  serviceWorker: Pick<ServiceWorkerBridge, 'postToServiceWorker' | 'requestQueueReplay'>;
}

export async function setSimulatedOfflineMode(offline: boolean, { worker, serviceWorker }: SimulatedOfflineDeps): Promise<void> {
  await Promise.all([
    worker.setSimulatedOffline(offline),
    serviceWorker.postToServiceWorker({ type: 'SET_SIMULATED_OFFLINE', offline }),
  ]);
  if (!offline) {
    await serviceWorker.requestQueueReplay();
    await worker.drainOutbox();
  }
}

/** `?offline=1` turns the mode on, `?offline=0` off; anything else leaves it as it is. */
export function readOfflineFlag(search: string): boolean | null {
  const value = new URLSearchParams(search).get('offline');
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return null;
}

/** The URL without the flag, so a reload does not undo what the switch did since. */
export function withoutOfflineFlag(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('offline');
  return `${url.pathname}${url.search}${url.hash}`;
}
