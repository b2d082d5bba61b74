/**
 * Explore's search over the replica: stores whose name or description and
 * items whose name contain the query (items seen on their own, then menus),
 * then merged with the ids the server answered (server order first, local
 * matches after, each once, capped).
 */
import { normaliseQuery } from '../../db/keys.ts';
import type { MenuItemRow, ReplicaDatabase, StoreRow } from '../../db/schema.ts';

export const MAX_STORE_RESULTS = 20;
export const MAX_ITEM_RESULTS = 30;

export function matchesQuery(text: string | null | undefined, query: string): boolean {
  return !!text && normaliseQuery(text).includes(query);
}

export interface LocalMatches {
  storeIds: number[];
  /** The matching items themselves: a menu's items are found by reading it, not by id. */
  items: MenuItemRow[];
}

export async function searchReplica(db: ReplicaDatabase, rawQuery: string): Promise<LocalMatches> {
  const query = normaliseQuery(rawQuery);
  if (query === '') return { storeIds: [], items: [] };
  const stores = (await db.stores
    .filter((row) => matchesQuery((row as StoreRow).name, query) || matchesQuery((row as StoreRow).description, query))
    .limit(MAX_STORE_RESULTS)
    .toArray()) as StoreRow[];
  const items = new Map<number, MenuItemRow>();
  const full = () => items.size >= MAX_ITEM_RESULTS;
  const keepMatches = (rows: readonly MenuItemRow[]) => {
    for (const item of rows) if (!full() && !items.has(item.id) && matchesQuery(item.name, query)) items.set(item.id, item);
  };
  await db.items.toCollection().until(full).each((row) => keepMatches([row as MenuItemRow]));
  await db.menuChunks.toCollection().until(full).each((chunk) => keepMatches(chunk.items));
  return { storeIds: stores.map((store) => store.id), items: [...items.values()] };
}

/** Server ids first (they are ranked around the address), then local ones it did not name; capped. */
export function mergeIds(server: readonly number[], local: readonly number[], cap: number): number[] {
  return [...new Set([...server, ...local])].slice(0, cap);
}
