/**
 * Explore's search over the replica, with the server's rules
 * (src/api/catalog/search-match.ts: word starts, plurals, accents, typos): stores by
 * name or description, dishes by name or menu section (items seen on their
 * own, then saved menus), then merged with the ids the server answered
 * (server order first, local matches after, each once, capped).
 */
import { matchesSearch, searchQuery, type SearchQuery } from '../../api/catalog/search-match.ts';
import type { MenuItemRow, ReplicaDatabase, StoreRow } from '../../db/schema.ts';

export const MAX_STORE_RESULTS = 20;
export const MAX_ITEM_RESULTS = 30;

export interface LocalMatches {
  storeIds: number[];
  /** The matching items themselves: a menu's items are found by reading it, not by id. */
  items: MenuItemRow[];
}

export async function searchReplica(db: ReplicaDatabase, rawQuery: string): Promise<LocalMatches> {
  const query = searchQuery(rawQuery);
  if (query.words.length === 0) return { storeIds: [], items: [] };
  const allStores = (await db.stores.toArray()) as StoreRow[];
  const stores = allStores.filter((store) => matchesSearch(query, store.name, store.description)).slice(0, MAX_STORE_RESULTS);
  const sections = sectionNames(allStores);
  const items = new Map<number, MenuItemRow>();
  const full = () => items.size >= MAX_ITEM_RESULTS;
  const keepMatches = (rows: readonly MenuItemRow[]) => {
    for (const item of rows) if (!full() && !items.has(item.id) && itemMatches(query, item, sections)) items.set(item.id, item);
  };
  await db.items.toCollection().until(full).each((row) => keepMatches([row as MenuItemRow]));
  await db.menuChunks.toCollection().until(full).each((chunk) => keepMatches(chunk.items));
  return { storeIds: stores.map((store) => store.id), items: [...items.values()] };
}

/** `${storeId}:${sectionId}` → the menu section's name, from the stores' saved menus. */
function sectionNames(stores: readonly StoreRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const store of stores) for (const section of store.menuSections ?? []) names.set(`${store.id}:${section.id}`, section.name);
  return names;
}

function itemMatches(query: SearchQuery, item: MenuItemRow, sections: Map<string, string>): boolean {
  return matchesSearch(query, item.name, sections.get(`${item.restaurant_id}:${item.item_category_id ?? 0}`));
}

/** Server ids first (they are ranked around the address), then local ones it did not name; capped. */
export function mergeIds(server: readonly number[], local: readonly number[], cap: number): number[] {
  return [...new Set([...server, ...local])].slice(0, cap);
}
