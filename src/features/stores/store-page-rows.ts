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

/** Items per read of useMenuItems: each read's answer is turned into objects in one main-thread task. */
export const MENU_READ_CHUNK = 500;

/**
 * The store's menu items in menu order (the `[restaurant_id+position]` index); null while reading.
 * Read in slices of MENU_READ_CHUNK positions, all at once inside one read
 * transaction: the items are consistent, and 5,000 of them are turned into
 * objects in ten short main-thread tasks instead of one long one (about
 * 20 ms here, several times that on a phone). The first and last items give
 * the range of positions to slice (the worker numbers them 0, 1, 2…).
 * Positions are numbers, so ±Infinity bound them (no Dexie import: its class lives in the first route's bundle).
 */
export function useMenuItems(storeId: number): MenuItemRow[] | null {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', db.items, async () => {
        const inMenu = () => db.items.where('[restaurant_id+position]');
        const all = inMenu().between([storeId, -Infinity], [storeId, Infinity], true, true);
        const [first, last] = (await Promise.all([all.first(), all.last()])) as (MenuItemRow | undefined)[];
        if (first?.position === undefined || last?.position === undefined) return [];
        const starts: number[] = [];
        for (let start = first.position; start <= last.position; start += MENU_READ_CHUNK) starts.push(start);
        const slices = await Promise.all(
          starts.map(async (start) => {
            const slice = await inMenu().between([storeId, start], [storeId, start + MENU_READ_CHUNK], true, false).toArray();
            return slice as MenuItemRow[];
          }),
        );
        return slices.flat();
      }),
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
