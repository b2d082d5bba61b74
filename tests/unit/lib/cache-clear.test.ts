import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORCED_UPDATE_RELOAD_DELAY_MS } from '../../../src/api/constants.ts';
import { clearLocalStorageExceptKept, performCacheClear, type CacheClearEnvironment } from '../../../src/lib/cache-clear.ts';
import { LOCAL_KEYS_KEPT_ON_CACHE_CLEAR, LocalKey } from '../../../src/lib/local-storage-keys.ts';

function fakeEnvironment(overrides: Partial<CacheClearEnvironment> = {}) {
  const unregister = [vi.fn(async () => true), vi.fn(async () => true)];
  const cacheNames = ['workbox-precache-v2', 'images', 'foodpilot-flags'];
  const completeCacheClear = vi.fn(async (): Promise<{ ok: true } | { ok: false; reason: 'offline' }> => ({ ok: true }));
  const deleteCache = vi.fn(async (_name: string) => true);
  const reload = vi.fn<() => void>();
  const env: CacheClearEnvironment = {
    storage: window.localStorage,
    serviceWorker: {
      getRegistrations: vi.fn(async () => unregister.map((fn) => ({ unregister: fn }) as unknown as ServiceWorkerRegistration)),
    },
    caches: { keys: vi.fn(async () => cacheNames), delete: deleteCache },
    worker: { completeCacheClear },
    reload,
    schedule: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs),
    ...overrides,
  };
  return { env, reload, unregister, cacheNames, deleteCache, completeCacheClear };
}

const VERSIONS = { forceNewSettingsVersion: 's-7', forceCacheClearVersion: 'c-3' };

describe('forced cache clear (spec §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    for (const key of LOCAL_KEYS_KEPT_ON_CACHE_CLEAR) localStorage.setItem(key, `kept:${key}`);
    localStorage.setItem('cart', '[1,2]');
    localStorage.setItem('user', '{"id":1}');
    localStorage.setItem('someOtherLibrary', 'x');
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('keeps exactly location, address, colour, logo, updating message, language and active store', () => {
    expect([...LOCAL_KEYS_KEPT_ON_CACHE_CLEAR].sort()).toEqual(
      [LocalKey.location, LocalKey.address, LocalKey.storeColor, LocalKey.storeLogo, LocalKey.updatingMessage, LocalKey.language, LocalKey.activeStore].sort(),
    );
    const removed = clearLocalStorageExceptKept(localStorage);
    expect(removed.sort()).toEqual(['cart', 'someOtherLibrary', 'user']);
    const left = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).sort();
    expect(left).toEqual([...LOCAL_KEYS_KEPT_ON_CACHE_CLEAR].sort());
    for (const key of LOCAL_KEYS_KEPT_ON_CACHE_CLEAR) expect(localStorage.getItem(key)).toBe(`kept:${key}`);
  });

  it('unregisters every service worker, deletes every cache, lets the worker refetch, then reloads after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { env, reload, unregister, cacheNames, deleteCache, completeCacheClear } = fakeEnvironment();

    await performCacheClear(env, VERSIONS);

    expect(localStorage.getItem('cart')).toBeNull();
    for (const fn of unregister) expect(fn).toHaveBeenCalledOnce();
    expect(deleteCache.mock.calls.map(([name]) => name)).toEqual(cacheNames);
    expect(completeCacheClear).toHaveBeenCalledWith('s-7', 'c-3');

    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FORCED_UPDATE_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('still reloads when a step fails or the browser lacks service workers and caches', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { env, reload, completeCacheClear } = fakeEnvironment({ serviceWorker: undefined, caches: undefined });
    completeCacheClear.mockResolvedValue({ ok: false, reason: 'offline' });

    await performCacheClear(env, VERSIONS);
    vi.advanceTimersByTime(FORCED_UPDATE_RELOAD_DELAY_MS);

    expect(completeCacheClear).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
