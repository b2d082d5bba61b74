/**
 * The signed-in customer's saved addresses from the replica, in the server's
 * order (the default first, then as they were saved), with when the list was
 * fetched; null while the replica is read.
 */
import { useLiveQuery } from '../../db/live-query.ts';
import { useServices } from '../../base/services.tsx';
import { SyncResource, type SavedAddressRow } from '../../db/schema.ts';
import { CUSTOMER_SESSION_ID } from '../../db/session.ts';

export interface SavedAddressesView {
  signedIn: boolean;
  userId: number | null;
  addresses: SavedAddressRow[];
  /** Null until this user's list was fetched once on this device. */
  fetchedAt: number | null;
}

export function byDefaultThenSaved(a: SavedAddressRow, b: SavedAddressRow): number {
  return Number(b.is_default) - Number(a.is_default) || a.id - b.id;
}

export function useSavedAddresses(): SavedAddressesView | null {
  const { db } = useServices();
  return useLiveQuery(
    async (): Promise<SavedAddressesView> => {
      const [session, rows, state] = await Promise.all([
        db.session.get(CUSTOMER_SESSION_ID),
        db.addresses.toArray(),
        db.syncState.get(SyncResource.addresses),
      ]);
      if (!session) return { signedIn: false, userId: null, addresses: [], fetchedAt: null };
      const addresses = (rows as unknown as SavedAddressRow[]).sort(byDefaultThenSaved);
      return { signedIn: true, userId: session.userId, addresses, fetchedAt: state?.fetchedAt ?? null };
    },
    [db],
    null,
  );
}
