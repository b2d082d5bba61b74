/** Live reads of stores and lists from the replica (STYLE habit 3). */
import { useLiveQuery, useSharedLiveQuery } from '../../db/live-query.ts';
import { DEFAULT_ORDER_TYPE, type OrderTypePreference } from '../../api/constants.ts';
import { PrefKey, type StoreRow } from '../../db/schema.ts';
import { useReplica } from '../../base/services.tsx';
import { orderTypeOf, type SavedList } from './saved-list.ts';

export function useOrderType(): OrderTypePreference {
  const db = useReplica();
  return useSharedLiveQuery(db, 'orderType', async () => orderTypeOf((await db.prefs.get(PrefKey.orderType))?.value), DEFAULT_ORDER_TYPE);
}

/** Stores by id in the given order; ids the replica lacks are skipped. */
export async function storesInOrder(db: ReturnType<typeof useReplica>, ids: readonly number[]): Promise<StoreRow[]> {
  const rows = (await db.stores.bulkGet([...ids])) as (StoreRow | undefined)[];
  return rows.filter((row): row is StoreRow => row !== undefined);
}

/** A stored list with its stores: null while reading, undefined when the replica has no such list. */
export function useStoreList(key: string | null): SavedList | null | undefined {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.storeLists, db.stores], async () => {
        if (key === null) return undefined;
        const list = await db.storeLists.get(key);
        if (!list) return undefined;
        return { list, stores: await storesInOrder(db, list.storeIds) };
      }),
    [db, key],
    null,
  );
}
