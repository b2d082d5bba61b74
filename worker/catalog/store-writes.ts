/**
 * Writes of the finding-food data into the replica. Each exported write is one
 * transaction that also stamps the resource's `syncState` row; the row
 * helpers below it run inside the caller's transaction.
 */
import type { SyncFailure } from '../../src/api/worker-api.ts';
import type {
  CategorySlide,
  Item,
  PromoSlides,
  SearchResults,
  Store,
  StoreCategory,
  StoreDetail,
  StoreMenu,
} from '../../src/api/entities.ts';
import { menuChunkRows, PrefKey, SyncResource, type MenuItemRow, type ReplicaDatabase, type StoreRow } from '../../src/db/schema.ts';
import { setFavouriteFromServer } from './favourite-rows.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

/** Parts of the home screen that arrived; a part that failed is left as it was. */
export interface HomeParts {
  list?: { key: string; stores: readonly Store[] };
  promoSlides?: PromoSlides;
  categorySlides?: readonly CategorySlide[];
  categories?: readonly StoreCategory[];
  /** Resources that failed: recorded in the same transaction, their rows kept. */
  failures: { resource: string; failure: SyncFailure }[];
}

export async function writeHome(db: ReplicaDatabase, parts: HomeParts, at: number): Promise<void> {
  const tables = [db.storeLists, db.stores, db.slides, db.categorySlides, db.categories, db.syncState];
  await db.transaction('rw', tables, async () => {
    if (parts.list) await putStoreList(db, parts.list.key, parts.list.stores, at);
    if (parts.promoSlides) {
      const { mainSlides, otherSlides } = parts.promoSlides;
      const rows = [
        ...mainSlides.map((slide, order) => ({ ...slide, id: slide.data.id, group: 'main', order, fetchedAt: at })),
        ...otherSlides.map((slide, order) => ({ ...slide, id: slide.data.id, group: 'other', order, fetchedAt: at })),
      ];
      // Slides follow the address (a slide of a store that does not serve it is left out): the latest answer is the set.
      await db.slides.clear();
      await db.slides.bulkPut(rows);
      await markFetched(db, SyncResource.promoSlides, at);
    }
    if (parts.categorySlides) {
      await db.categorySlides.clear();
      await db.categorySlides.bulkPut(parts.categorySlides.map((slide, order) => ({ ...slide, order, fetchedAt: at })));
      await markFetched(db, SyncResource.categorySlides, at);
    }
    if (parts.categories) {
      await db.categories.clear();
      await db.categories.bulkPut(parts.categories.map((category, order) => ({ ...category, order, fetchedAt: at })));
      await markFetched(db, SyncResource.categories, at);
    }
    for (const { resource, failure } of parts.failures) await markFailed(db, resource, failure, at);
  });
}

export async function writeStoreList(db: ReplicaDatabase, key: string, stores: readonly Store[], at: number) {
  await db.transaction('rw', db.storeLists, db.stores, db.syncState, () => putStoreList(db, key, stores, at));
}

export interface StorePage {
  store: StoreDetail;
  /** The whole menu, or why it could not be fetched (the store is still written). */
  menu: StoreMenu | { failure: SyncFailure };
  /** Known when a customer is signed in. */
  isFavourite?: boolean;
}

/** The User Timing measure of writeStorePage when a menu came (`npm run bench -- big-store` reads it). */
export const STORE_ITEMS_WRITE_MEASURE = 'replica-write:store-items';

/**
 * A store page and, when it came, its whole menu: one transaction. The menu
 * is written as MENU_CHUNK_ITEMS-item `menuChunks` records (IndexedDB's cost
 * is per record) over the store's old ones, and chunks past the new menu's
 * end are removed. The store becomes the active store.
 *
 * A menu identical to the last one written (its fingerprint is the menu's
 * syncState `version`) whose chunks are all still in the replica is not
 * rewritten: only its syncState row says it was confirmed. Rewriting it would
 * make every open store page re-read all of it on the main thread for
 * nothing. Its items keep the `fetchedAt` of the answer that last changed them.
 *
 * With a menu, the whole call (to its commit) is recorded as the
 * STORE_ITEMS_WRITE_MEASURE performance measure; its detail holds the store
 * id, the item count and whether the items were written.
 */
export async function writeStorePage(db: ReplicaDatabase, page: StorePage, at: number): Promise<void> {
  const started = performance.now();
  const { store, menu, isFavourite } = page;
  const tables = [db.stores, db.menuChunks, db.favourites, db.outbox, db.prefs, db.syncState, db.session];
  const fetchedMenu = 'failure' in menu ? null : menu;
  const rows = fetchedMenu ? menuRows(fetchedMenu, at) : [];
  const fingerprint = fetchedMenu ? menuFingerprint(fetchedMenu) : null;
  let written = false;
  await db.transaction('rw', tables, async () => {
    const sections = fetchedMenu?.categories.map(({ id, name }) => ({ id, name }));
    await mergeStores(db, [store], at, sections ? { menuSections: sections } : {});
    await markFetched(db, SyncResource.store(store.slug), at);
    await db.prefs.put({ key: PrefKey.activeStore, value: store.id });
    if (isFavourite !== undefined) await setFavouriteFromServer(db, store.id, isFavourite, at);
    if (!fetchedMenu) {
      if ('failure' in menu) await markFailed(db, SyncResource.menu(store.id), menu.failure, at);
      return;
    }
    const chunks = menuChunkRows(store.id, rows, at);
    const present = await db.menuChunks.where('[storeId+index]').between([store.id, 0], [store.id, Infinity]).primaryKeys();
    const previous = await db.syncState.get(SyncResource.menu(store.id));
    const unchanged = previous?.version === fingerprint && present.length === chunks.length;
    if (!unchanged) {
      await db.menuChunks.bulkDelete(present.filter(([, index]) => index >= chunks.length));
      await db.menuChunks.bulkPut(chunks);
      written = true;
    }
    await markFetched(db, SyncResource.menu(store.id), at, fingerprint);
  });
  if (fetchedMenu) {
    performance.measure(STORE_ITEMS_WRITE_MEASURE, {
      start: started,
      detail: { storeId: store.id, items: rows.length, written },
    });
  }
}

/**
 * Tells an answer identical to the last one without reading the replica's
 * items: the length of the menu's JSON and a 64-bit hash of it (two 32-bit
 * multiply-xor lanes, cyrb53's mixing). Plain JavaScript, because
 * crypto.subtle is missing on an http:// LAN address. About 20 ms for 5,000
 * items, off the main thread.
 */
export function menuFingerprint(menu: StoreMenu): string {
  const text = JSON.stringify(menu);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `menu:${text.length}:${(h2 >>> 0).toString(36)}.${(h1 >>> 0).toString(36)}`;
}

/** A store fetched by id (selectStore on a store the replica does not hold yet). */
export async function writeStoreDetail(db: ReplicaDatabase, store: StoreDetail, at: number) {
  await db.transaction('rw', db.stores, db.syncState, async () => {
    await mergeStores(db, [store], at);
    await markFetched(db, SyncResource.store(store.slug), at);
  });
}

export async function writeItem(db: ReplicaDatabase, item: Item, at: number) {
  await db.transaction('rw', db.items, db.syncState, async () => {
    await mergeItems(db, [item], at);
    await markFetched(db, SyncResource.item(item.id), at);
  });
}

/**
 * An item the server no longer has: gone from `items` and from the menu chunk
 * that listed it. That menu loses its fingerprint, so the next menu answer is
 * written whatever it holds.
 */
export async function removeItem(db: ReplicaDatabase, itemId: number) {
  await db.transaction('rw', db.items, db.menuChunks, db.syncState, async () => {
    await db.items.delete(itemId);
    // Chunks are not indexed by item (schema.ts says why): the worker reads them; a 404 on an item is rare.
    const chunks = await db.menuChunks.filter((chunk) => chunk.itemIds.includes(itemId)).toArray();
    await db.menuChunks.bulkPut(
      chunks.map((chunk) => ({
        ...chunk,
        itemIds: chunk.itemIds.filter((id) => id !== itemId),
        items: chunk.items.filter((item) => item.id !== itemId),
      })),
    );
    for (const storeId of new Set(chunks.map((chunk) => chunk.storeId))) {
      await db.syncState.update(SyncResource.menu(storeId), { version: null });
    }
    await db.syncState.delete(SyncResource.item(itemId));
  });
}

export async function writeSearch(
  db: ReplicaDatabase,
  key: string,
  query: string,
  results: SearchResults,
  at: number,
): Promise<void> {
  await db.transaction('rw', db.stores, db.items, db.searches, db.syncState, async () => {
    await mergeStores(db, results.restaurants, at);
    // The store named beside an item is a reference, not a store row: the item keeps only its own fields.
    await mergeItems(db, results.items.map(({ restaurant: _restaurant, ...item }) => item), at);
    await db.searches.put({
      key,
      query,
      storeIds: results.restaurants.map((store) => store.id),
      itemIds: results.items.map((item) => item.id),
      fetchedAt: at,
    });
    await markFetched(db, SyncResource.search(key), at);
  });
}

// ---------------------------------------------------------------------------
// Row helpers: inside the caller's transaction.
// ---------------------------------------------------------------------------

async function putStoreList(db: ReplicaDatabase, key: string, stores: readonly Store[], at: number) {
  await mergeStores(db, stores, at);
  await db.storeLists.put({ key, storeIds: stores.map((store) => store.id), fetchedAt: at });
  await markFetched(db, SyncResource.storeList(key), at);
}

/**
 * A list row must not wipe what the store page added (opening hours, menu
 * sections…), so rows are merged over what is there; `is_favourite` is not
 * kept on the store (the `favourites` table is the truth), and a page's
 * missing distance keeps the one a list measured.
 */
export async function mergeStores(
  db: ReplicaDatabase,
  stores: readonly (Store | StoreDetail)[],
  at: number,
  extra: Partial<StoreRow> = {},
): Promise<void> {
  if (stores.length === 0) return;
  const existing = (await db.stores.bulkGet(stores.map((store) => store.id))) as (StoreRow | undefined)[];
  const rows = stores.map((incoming, index) => {
    const { is_favourite: _favourite, ...store } = incoming as StoreDetail & { is_favourite?: boolean };
    const before = existing[index];
    const distance = store.distance ?? before?.distance ?? null;
    return { ...before, ...store, ...extra, distance, fetchedAt: at } satisfies StoreRow;
  });
  await db.stores.bulkPut(rows);
}

/** Items seen outside their menu (search, a single item): `items` rows; their menu chunk, if any, is left as it is. */
async function mergeItems(db: ReplicaDatabase, items: readonly Item[], at: number): Promise<void> {
  if (items.length === 0) return;
  await db.items.bulkPut(items.map((item): MenuItemRow => ({ ...item, fetchedAt: at })));
}

/**
 * Every item once, in menu order: section by section, then recommended items
 * that sit in no section. Each keeps its `item_category_id` (0 for the
 * server's "Other" section is `null` on the item) and `is_recommended`, so the
 * UI groups them as it reads them in order.
 */
function menuRows(menu: StoreMenu, at: number): MenuItemRow[] {
  const rows = new Map<number, MenuItemRow>();
  for (const item of [...menu.categories.flatMap((section) => section.items), ...menu.recommended]) {
    if (!rows.has(item.id)) rows.set(item.id, { ...item, position: rows.size, fetchedAt: at });
  }
  return [...rows.values()];
}
