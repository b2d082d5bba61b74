/** Test doubles of the sync worker API and the service worker bridge that record every call. */
import { vi } from 'vitest';
import type { OrderTypePreference } from '../../../src/api/constants.ts';
import type { Place, UserAddress } from '../../../src/api/entities.ts';
import type {
  BootResult,
  FavouriteToggle,
  GpsFixOptions,
  SearchIds,
  SyncResult,
  SyncWorkerApi,
} from '../../../src/api/worker-api.ts';
import type { ToServiceWorkerMessage } from '../../../src/api/sw-messages.ts';
import type { ServiceWorkerBridge } from '../../../src/lib/sw-bridge.ts';
import { PrefKey, type ReplicaDatabase } from '../../../src/db/schema.ts';
import { accountWorkerDefaults } from './account-doubles.ts';
import { addressWorkerDefaults } from './address-doubles.ts';
import { alertsWorkerDefaults } from './alerts-doubles.ts';
import { cartWorkerDefaults } from './cart-doubles.ts';
import { checkoutWorkerDefaults } from './checkout-doubles.ts';
import { driverWorkerDefaults } from './driver-doubles.ts';
import { trackingWorkerDefaults } from './tracking-doubles.ts';

export const ONLINE_BOOT: BootResult = { hadReplica: true, online: true, version: { kind: 'unchanged' }, primaryLocationMissing: false };

/**
 * Behaves like the worker where the UI can see it: setSimulatedOffline writes
 * the pref the worker writes; everything else answers ok.
 */
export function createWorkerDouble(db: ReplicaDatabase, overrides: Partial<SyncWorkerApi> = {}) {
  const defaults = {
    boot: vi.fn(async () => ONLINE_BOOT),
    refreshSettings: vi.fn(async () => ({ ok: true as const })),
    refreshLanguages: vi.fn(async () => ({ ok: true as const })),
    selectLanguage: vi.fn(async (_languageId: number): Promise<SyncResult> => ({ ok: true as const })),
    refreshPopularLocations: vi.fn(async () => ({ ok: true as const })),
    setAddress: vi.fn(async () => {}),
    openPage: vi.fn(async (_slug: string): Promise<SyncResult> => ({ ok: true as const })),
    completeCacheClear: vi.fn(async () => ({ ok: true as const })),
    setSimulatedOffline: vi.fn(async (offline: boolean) => {
      await db.prefs.put({ key: PrefKey.simulatedOffline, value: offline });
    }),
    queueAction: vi.fn(async () => ({ id: 'action-1' })),
    drainOutbox: vi.fn(async () => ({ sent: 0, applied: 0, rejected: 0, queued: 0, remaining: 0 })),
    settleFromServiceWorker: vi.fn(async () => {}),
    refreshHome: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    setOrderType: vi.fn(async (orderType: OrderTypePreference): Promise<SyncResult> => {
      await db.prefs.put({ key: PrefKey.orderType, value: orderType });
      return { ok: true as const };
    }),
    refreshFilteredStores: vi.fn(async (_categoryIds: number[]): Promise<SyncResult> => ({ ok: true as const })),
    openStore: vi.fn(async (_slug: string): Promise<SyncResult<{ storeId: number }>> => ({ ok: true as const, value: { storeId: 1 } })),
    openItem: vi.fn(async (_itemId: number): Promise<SyncResult> => ({ ok: true as const })),
    selectStore: vi.fn(async (_storeId: number): Promise<SyncResult<OrderTypePreference>> => ({ ok: true as const, value: 'DELIVERY' as const })),
    openReviews: vi.fn(async (_slug: string): Promise<SyncResult> => ({ ok: true as const })),
    searchStores: vi.fn(async (_query: string): Promise<SyncResult<SearchIds>> => ({ ok: true as const, value: { storeIds: [], itemIds: [] } })),
    reverseGeocode: vi.fn(async (_lat: number, _lng: number): Promise<SyncResult<string>> => ({ ok: true as const, value: 'Market Square, Riverton' })),
    useGpsFix: vi.fn(async (lat: number, lng: number, options: GpsFixOptions): Promise<SyncResult<UserAddress>> => ({
      ok: true as const,
      value: { lat, lng, address: 'Market Square, Riverton', house: options.house ?? null, tag: options.tag ?? null, businessLocation: options.asBusinessLocation },
    })),
    searchPlaces: vi.fn(async (_query: string): Promise<SyncResult<Place[]>> => ({ ok: true as const, value: [] })),
    ...accountWorkerDefaults(db),
    refreshFavourites: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    toggleFavourite: vi.fn(async (_storeId: number): Promise<SyncResult<FavouriteToggle>> => ({
      ok: true as const,
      value: { isFavourite: true, pending: false },
    })),
    ...alertsWorkerDefaults(db),
    ...cartWorkerDefaults(db),
    ...trackingWorkerDefaults(),
    ...addressWorkerDefaults(db),
    ...checkoutWorkerDefaults(db),
    ...driverWorkerDefaults(db),
  } satisfies SyncWorkerApi;
  // Overrides are vi.fn()s too; the defaults' type keeps `.mock` visible to tests.
  return Object.assign(defaults, overrides) as typeof defaults;
}

export function createServiceWorkerDouble(options: { updateWaiting?: boolean } = {}) {
  const posted: ToServiceWorkerMessage[] = [];
  let waiting = options.updateWaiting ?? false;
  const listeners = new Set<() => void>();
  const bridge = {
    posted,
    postToServiceWorker: vi.fn(async (message: ToServiceWorkerMessage) => {
      posted.push(message);
    }),
    requestQueueReplay: vi.fn(async () => {
      posted.push({ type: 'REPLAY_QUEUE' });
    }),
    isUpdateWaiting: () => waiting,
    subscribeUpdateWaiting: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyUpdate: vi.fn(),
    /** Simulates workbox's 'waiting' event. */
    announceUpdate() {
      waiting = true;
      listeners.forEach((listener) => listener());
    },
  } satisfies ServiceWorkerBridge & Record<string, unknown>;
  return bridge;
}
