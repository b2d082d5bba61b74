/**
 * The forced cache clear of spec §4, run by the page when the worker's boot
 * reports a new cache version: clear localStorage except the kept keys,
 * unregister every service worker, delete every Cache Storage cache, let the
 * worker refetch settings and translations and store the versions, then
 * reload after 3 s while the 'updating' overlay shows.
 */
import { FORCED_UPDATE_RELOAD_DELAY_MS } from '../api/constants.ts';
import type { SyncWorkerApi } from '../api/worker-api.ts';
import { LOCAL_KEYS_KEPT_ON_CACHE_CLEAR } from './local-storage-keys.ts';

export interface CacheClearEnvironment {
  storage: Storage;
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined;
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined;
  worker: Pick<SyncWorkerApi, 'completeCacheClear'>;
  reload: () => void;
  schedule: (callback: () => void, delayMs: number) => unknown;
}

export interface CacheVersions {
  forceNewSettingsVersion: string;
  forceCacheClearVersion: string;
}

/** Removes every localStorage key but the kept ones; returns the removed keys. */
export function clearLocalStorageExceptKept(storage: Storage, kept: readonly string[] = LOCAL_KEYS_KEPT_ON_CACHE_CLEAR): string[] {
  const removed: string[] = [];
  // Collect first: removing while indexing by position would skip keys.
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null && !kept.includes(key)) removed.push(key);
  }
  for (const key of removed) storage.removeItem(key);
  return removed;
}

async function unregisterServiceWorkers(container: CacheClearEnvironment['serviceWorker']): Promise<void> {
  if (!container) return;
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

async function deleteAllCaches(cacheStorage: CacheClearEnvironment['caches']): Promise<void> {
  if (!cacheStorage) return;
  const names = await cacheStorage.keys();
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
}

/**
 * Each step is attempted even when an earlier one fails (a browser without
 * service workers, a blocked cache): a half-done clear followed by the reload
 * is still better than an app stuck on old code.
 */
export async function performCacheClear(env: CacheClearEnvironment, versions: CacheVersions): Promise<void> {
  try {
    clearLocalStorageExceptKept(env.storage);
  } catch (error) {
    console.warn('cache clear: localStorage', error);
  }
  await unregisterServiceWorkers(env.serviceWorker).catch((error: unknown) => console.warn('cache clear: service workers', error));
  await deleteAllCaches(env.caches).catch((error: unknown) => console.warn('cache clear: caches', error));
  try {
    const result = await env.worker.completeCacheClear(versions.forceNewSettingsVersion, versions.forceCacheClearVersion);
    if (!result.ok) console.warn('cache clear: refetch failed', result.reason);
  } catch (error) {
    console.warn('cache clear: worker', error);
  }
  env.schedule(() => env.reload(), FORCED_UPDATE_RELOAD_DELAY_MS);
}

/** The real browser environment. */
export function browserCacheClearEnvironment(
  worker: Pick<SyncWorkerApi, 'completeCacheClear'>,
  reload: () => void = () => window.location.reload(),
): CacheClearEnvironment {
  return {
    storage: window.localStorage,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches: 'caches' in window ? window.caches : undefined,
    worker,
    reload,
    schedule: (callback, delayMs) => window.setTimeout(callback, delayMs),
  };
}
