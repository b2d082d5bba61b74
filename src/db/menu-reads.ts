/**
 * Reading items back from the replica, wherever the worker put them: a
 * store's menu lives in `menuChunks`, an item seen on its own (a search
 * result, a single item) in `items`. When both hold an item, the newer answer
 * wins. Used by the UI's live queries.
 */
import type { MenuChunkRow, MenuItemRow, ReplicaDatabase } from './schema.ts';

/** A store's menu in order; empty when the replica has none. */
export async function readMenu(db: ReplicaDatabase, storeId: number): Promise<MenuItemRow[]> {
  const keys = await db.menuChunks.where('[storeId+index]').between([storeId, 0], [storeId, Infinity]).primaryKeys();
  // One get per chunk: each answer becomes objects in its own short task, never 5,000 items in one.
  const chunks = (await db.menuChunks.bulkGet(keys)) as (MenuChunkRow | undefined)[];
  return chunks.flatMap((chunk) => chunk?.items ?? []);
}

/** An item of a store: from its menu or seen on its own, the newer of the two. */
export async function readItem(db: ReplicaDatabase, storeId: number | undefined, itemId: number): Promise<MenuItemRow | undefined> {
  const [single, menu] = await Promise.all([
    db.items.get(itemId) as Promise<MenuItemRow | undefined>,
    storeId === undefined ? [] : readMenu(db, storeId),
  ]);
  const inMenu = menu.find((item) => item.id === itemId);
  if (!single) return inMenu;
  if (!inMenu || single.fetchedAt >= inMenu.fetchedAt) return { ...single, ...(inMenu ? { position: inMenu.position } : {}) };
  return inMenu;
}
