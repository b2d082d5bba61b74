/** Small live reads of single replica rows and counts (STYLE habit 3). */
import { useLiveQuery, useSharedLiveQuery } from '../../db/live-query.ts';
import type { AddressRow } from '../../db/schema.ts';
import { PrefKey, SyncResource } from '../../db/schema.ts';
import { isAppOffline, type Connectivity } from '../../lib/connectivity.ts';
import { useHomeSnapshot } from '../settings-and-language.tsx';
import { useReplica } from '../services.tsx';

/** The current address, null when none is set, undefined while loading (the home snapshot's before the replica answers). */
export function useCurrentAddress(): AddressRow | null | undefined {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  return useSharedLiveQuery(db, 'address:current', async () => (await db.address.get('current')) ?? null, snapshot?.address);
}

/** One preference value: undefined while loading, null when unset. */
export function usePref(key: string): unknown {
  const db = useReplica();
  return useSharedLiveQuery(
    db,
    `pref:${key}`,
    async () => {
      const row = await db.prefs.get(key);
      return row ? row.value : null;
    },
    undefined,
  );
}

export function useUnreadAlertCount(): number {
  const db = useReplica();
  return useSharedLiveQuery(db, 'alerts:unread', () => db.alerts.where('is_read').equals(0).count(), 0);
}

/** Whether a customer is signed in on this device (false while reading). */
export function useCustomerSignedIn(): boolean {
  const db = useReplica();
  return useSharedLiveQuery(db, 'session:customer', async () => (await db.session.get('customer')) !== undefined, false);
}

export function useCartQuantity(): number {
  const db = useReplica();
  return useSharedLiveQuery(db, 'cart:quantity', async () => (await db.cartMeta.get('cart'))?.productQuantity ?? 0, 0);
}

/** Before the replica answers: what it said when the home snapshot was taken, so the offline notes do not arrive late. */
export function useConnectivity(): Connectivity {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  return useSharedLiveQuery(
    db,
    'connectivity',
    () =>
      db.transaction('r', [db.syncState, db.prefs], async (): Promise<Connectivity> => {
        const [state, simulatedPref] = await Promise.all([
          db.syncState.get(SyncResource.connectivity),
          db.prefs.get(PrefKey.simulatedOffline),
        ]);
        const simulated = simulatedPref?.value === true;
        return { offline: isAppOffline(state?.error, simulated), simulated };
      }),
    snapshot?.connectivity ?? { offline: false, simulated: false },
  );
}

/**
 * Spec §2: the 'Critical Error' page shows when the visitor has no address,
 * the popular locations were fetched, and none of them is the primary one.
 * Undefined while loading, so the page never flashes.
 */
export function usePrimaryLocationMissing(): boolean | undefined {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.address, db.syncState, db.popularLocations], async () => {
        const [address, state, locations] = await Promise.all([
          db.address.get('current'),
          db.syncState.get(SyncResource.popularLocations),
          db.popularLocations.toArray(),
        ]);
        if (address) return false;
        if (state?.fetchedAt == null) return false;
        return !locations.some((location) => location.is_default);
      }),
    [db],
  );
}
