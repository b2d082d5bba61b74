/** Live reads for the store page. */
import { useLiveQuery } from '../../db/live-query.ts';
import { readItem, readMenu } from '../../db/menu-reads.ts';
import type { MenuItemRow, StoreRow } from '../../db/schema.ts';
import { useReplica } from '../../base/services.tsx';

const TOGGLE_FAVOURITE_CALL = 'toggle-favorite';

/** The store by slug: null while reading, undefined when the replica has none. */
export function useStoreBySlug(slug: string): StoreRow | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => (await db.stores.where('slug').equals(slug).first()) as StoreRow | undefined, [db, slug], null);
}

/** The store's menu items in menu order (readMenu: one short main-thread task per chunk); null while reading. */
export function useMenuItems(storeId: number): MenuItemRow[] | null {
  const db = useReplica();
  return useLiveQuery(() => db.transaction('r', db.menuChunks, () => readMenu(db, storeId)), [db, storeId], null);
}

/** An item of a store from its menu or seen on its own, the newer of the two; null while reading, undefined when unknown. */
export function useItem(storeId: number | undefined, itemId: number): MenuItemRow | null | undefined {
  const db = useReplica();
  return useLiveQuery(
    () => db.transaction('r', db.items, db.menuChunks, () => readItem(db, storeId, itemId)),
    [db, storeId, itemId],
    null,
  );
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
