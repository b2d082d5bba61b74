/** Live reads for the store page. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MenuItemRow, StoreRow } from '../../db/schema.ts';
import { useReplica } from '../../app/services.tsx';

const TOGGLE_FAVOURITE_CALL = 'toggle-favorite';

/** The store by slug: null while reading, undefined when the replica has none. */
export function useStoreBySlug(slug: string): StoreRow | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => (await db.stores.where('slug').equals(slug).first()) as StoreRow | undefined, [db, slug], null);
}

/**
 * The store's menu items in menu order (the `[restaurant_id+position]` index); null while reading.
 * Positions are numbers, so ±Infinity bound them (no Dexie import: its class lives in the first route's bundle).
 */
export function useMenuItems(storeId: number): MenuItemRow[] | null {
  const db = useReplica();
  return useLiveQuery(
    async () =>
      (await db.items
        .where('[restaurant_id+position]')
        .between([storeId, -Infinity], [storeId, Infinity], true, true)
        .toArray()) as MenuItemRow[],
    [db, storeId],
    null,
  );
}

export function useItem(itemId: number): MenuItemRow | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => (await db.items.get(itemId)) as MenuItemRow | undefined, [db, itemId], null);
}

export interface FavouriteState {
  signedIn: boolean;
  isFavourite: boolean;
  /** A toggle of this store waits in the outbox. */
  pending: boolean;
}

export function useFavouriteState(storeId: number): FavouriteState {
  const db = useReplica();
  return useLiveQuery(
    async () => {
      const [session, favourite, waiting] = await Promise.all([
        db.session.get('customer'),
        db.favourites.get(storeId),
        db.outbox.where('status').anyOf('pending', 'sending', 'queued').toArray(),
      ]);
      const pending = waiting.some(
        (entry) => entry.call === TOGGLE_FAVOURITE_CALL && (entry.body as { id?: unknown } | null)?.id === storeId,
      );
      return { signedIn: !!session, isFavourite: !!favourite, pending: pending || !!favourite?.pending };
    },
    [db, storeId],
    { signedIn: false, isFavourite: false, pending: false },
  );
}
