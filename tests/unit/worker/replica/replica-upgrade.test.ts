// @vitest-environment node
/** STYLE habit 5: a replica made by the previous schema opens under the new one with its data. */
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { readMenu } from '../../../../src/db/menu-reads.ts';
import { MENU_CHUNK_ITEMS, menuChunkRows, ReplicaDatabase } from '../../../../src/db/schema.ts';

const name = `upgrade-${crypto.randomUUID()}`;

/** Version 1 as it shipped. */
const VERSION_1 = {
  settings: 'key', languages: 'id', translations: 'languageId', popularLocations: 'id', address: 'id',
  storeLists: 'key, fetchedAt', stores: 'id, slug', categories: 'id', slides: 'id', items: 'id, restaurant_id',
  cartLines: 'id, storeId', cartMeta: 'id', session: 'id', addresses: 'id', orders: 'unique_order_id, fetchedAt',
  runningOrder: 'unique_order_id', alerts: 'id, is_read', favourites: 'id', driverOrders: 'unique_order_id, fetchedAt',
  driverProfile: 'id', pages: 'id, slug', outbox: 'id, [userKey+createdSeq], status, kind', syncState: 'resource', prefs: 'key',
};

/** What versions 2 to 5 added to version 1, as they shipped (version 6 is the current schema). */
const SHIPPED_CHANGES: Record<string, string>[] = [
  { items: 'id, restaurant_id, [restaurant_id+position]', categorySlides: 'id', searches: 'key, fetchedAt' },
  { reviews: 'slug' },
  { placeSearches: 'key, fetchedAt' },
  { wallet: 'userId' },
];

afterEach(async () => {
  await Dexie.delete(name);
});

/** The object stores and indexes on the device, as IndexedDB itself lists them. */
function storesOnDevice(db: Dexie): Record<string, { key: unknown; indexes: [string, unknown, boolean, boolean][] }> {
  const idb = db.backendDB();
  const transaction = idb.transaction([...idb.objectStoreNames], 'readonly');
  return Object.fromEntries(
    [...idb.objectStoreNames].sort().map((storeName) => {
      const store = transaction.objectStore(storeName);
      const indexes = [...store.indexNames].sort().map((indexName): [string, unknown, boolean, boolean] => {
        const index = store.index(indexName);
        return [indexName, index.keyPath, index.unique, index.multiEntry];
      });
      return [storeName, { key: store.keyPath, indexes }];
    }),
  );
}

describe('every shipped schema', () => {
  it.each([1, 2, 3, 4, 5])('version %i upgrades to the very tables and indexes of a fresh install', async (shipped) => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    SHIPPED_CHANGES.slice(0, shipped - 1).forEach((change, index) => old.version(index + 2).stores(change));
    await old.open();
    old.close();

    const freshName = `fresh-${crypto.randomUUID()}`;
    const fresh = new ReplicaDatabase(freshName);
    const upgraded = new ReplicaDatabase(name);
    await Promise.all([fresh.open(), upgraded.open()]);
    expect(storesOnDevice(upgraded)).toEqual(storesOnDevice(fresh));
    expect(Object.keys(storesOnDevice(fresh))).toHaveLength(30);
    expect(upgraded.verno).toBe(6);
    upgraded.close();
    fresh.close();
    await Dexie.delete(freshName);
  });
});

describe('version 2', () => {
  it('keeps cart, outbox, address and items, and adds searches and category slides', async () => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    await old.table('cartLines').put({ id: 'l1', itemId: 7, storeId: 3, quantity: 2, addons: [] });
    await old.table('address').put({ id: 'current', lat: 1, lng: 2, address: 'Home', house: null, tag: null, businessLocation: false, savedAt: 1 });
    await old.table('items').put({ id: 7, restaurant_id: 3, fetchedAt: 1 });
    await old.table('outbox').put({ id: 'k1', userKey: 'driver:1', createdSeq: 1, status: 'pending', kind: 'driver-action' });
    old.close();

    const db = new ReplicaDatabase(name);
    expect(await db.cartLines.get('l1')).toMatchObject({ quantity: 2 });
    expect(await db.address.get('current')).toMatchObject({ address: 'Home' });
    expect(await db.outbox.get('k1')).toMatchObject({ status: 'pending' });
    expect(await db.items.get(7)).toMatchObject({ restaurant_id: 3 });
    await db.searches.put({ key: 'q|0.000,0.000', query: 'q', storeIds: [], itemIds: [], fetchedAt: 1 });
    await db.categorySlides.put({ id: 1, fetchedAt: 1 });
    expect(db.verno).toBe(6);
    db.close();
  });
});

describe('version 3', () => {
  it('keeps version 2 data and adds the reviews table, keyed by store slug', async () => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    old.version(2).stores({ items: 'id, restaurant_id, [restaurant_id+position]', categorySlides: 'id', searches: 'key, fetchedAt' });
    await old.table('cartLines').put({ id: 'l1', itemId: 7, storeId: 3, quantity: 2, addons: [] });
    await old.table('searches').put({ key: 'q|0.000,0.000', query: 'q', storeIds: [3], itemIds: [], fetchedAt: 1 });
    old.close();

    const db = new ReplicaDatabase(name);
    expect(await db.cartLines.get('l1')).toMatchObject({ quantity: 2 });
    expect(await db.searches.get('q|0.000,0.000')).toMatchObject({ storeIds: [3] });
    await db.reviews.put({
      slug: 'quiet-store',
      restaurant: { id: 3, name: 'Quiet', slug: 'quiet-store', city: '' },
      avgRating: 0,
      reviews_count: 0,
      reviews: [],
      fetchedAt: 1,
    });
    expect(await db.reviews.get('quiet-store')).toMatchObject({ reviews: [] });
    expect(db.verno).toBe(6);
    db.close();
  });
});

describe('version 4', () => {
  it('keeps version 3 data and adds the place searches, keyed by the folded query', async () => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    old.version(2).stores({ items: 'id, restaurant_id, [restaurant_id+position]', categorySlides: 'id', searches: 'key, fetchedAt' });
    old.version(3).stores({ reviews: 'slug' });
    await old.table('address').put({ id: 'current', lat: 1, lng: 2, address: 'Home', house: 'Flat 2', tag: 'Home', businessLocation: false, savedAt: 1 });
    await old.table('reviews').put({ slug: 'quiet-store', reviews: [], fetchedAt: 1 });
    old.close();

    const db = new ReplicaDatabase(name);
    expect(await db.address.get('current')).toMatchObject({ house: 'Flat 2', tag: 'Home' });
    expect(await db.reviews.get('quiet-store')).toMatchObject({ reviews: [] });
    await db.placeSearches.put({ key: 'sao paulo', query: 'são paulo', places: [{ name: 'São Paulo, Brazil', latitude: -23.55, longitude: -46.63, kind: 'place' }], fetchedAt: 1 });
    expect(await db.placeSearches.orderBy('fetchedAt').primaryKeys()).toEqual(['sao paulo']);
    expect(db.verno).toBe(6);
    db.close();
  });
});

describe('version 5', () => {
  it('keeps version 4 data (session, outbox, alerts) and adds the wallet, one row per user', async () => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    old.version(2).stores({ items: 'id, restaurant_id, [restaurant_id+position]', categorySlides: 'id', searches: 'key, fetchedAt' });
    old.version(3).stores({ reviews: 'slug' });
    old.version(4).stores({ placeSearches: 'key, fetchedAt' });
    await old.table('session').put({ id: 'customer', userId: 7, token: 't', role: 'customer', data: {}, savedAt: 1 });
    await old.table('alerts').put({ id: 3, is_read: 0, title: 'Hello', fetchedAt: 1 });
    await old.table('outbox').put({ id: 'k1', userKey: 'customer:7', createdSeq: 1, status: 'pending', kind: 'customer-action' });
    await old.table('placeSearches').put({ key: 'market', query: 'market', places: [], fetchedAt: 1 });
    old.close();

    const db = new ReplicaDatabase(name);
    expect(await db.session.get('customer')).toMatchObject({ userId: 7, token: 't' });
    expect(await db.alerts.where('is_read').equals(0).primaryKeys()).toEqual([3]);
    expect(await db.outbox.get('k1')).toMatchObject({ status: 'pending' });
    expect(await db.placeSearches.get('market')).toMatchObject({ query: 'market' });
    await db.wallet.put({ userId: 7, balance: 1750, transactions: [], fetchedAt: 2 });
    expect(await db.wallet.get(7)).toMatchObject({ balance: 1750 });
    expect(db.verno).toBe(6);
    db.close();
  });
});

describe('version 6', () => {
  it('moves each saved menu from one item row per item into chunks in menu order, and keeps items seen on their own', async () => {
    const old = new Dexie(name);
    old.version(1).stores(VERSION_1);
    old.version(2).stores({ items: 'id, restaurant_id, [restaurant_id+position]', categorySlides: 'id', searches: 'key, fetchedAt' });
    old.version(3).stores({ reviews: 'slug' });
    old.version(4).stores({ placeSearches: 'key, fetchedAt' });
    old.version(5).stores({ wallet: 'userId' });
    const menuOf3 = Array.from({ length: MENU_CHUNK_ITEMS + 10 }, (_, position) => ({
      id: 1000 + position,
      restaurant_id: 3,
      name: `Dish ${position}`,
      position,
      fetchedAt: 50,
    }));
    // Stored out of order: the chunks follow `position`, not ids.
    await old.table('items').bulkPut([...menuOf3].reverse());
    await old.table('items').bulkPut([
      { id: 7, restaurant_id: 4, name: 'Kebab', position: 0, fetchedAt: 60 },
      { id: 9, restaurant_id: 5, name: 'Seen in a search', fetchedAt: 70 },
    ]);
    await old.table('cartLines').put({ id: 'l1', itemId: 1001, storeId: 3, quantity: 2, addons: [] });
    old.close();

    const db = new ReplicaDatabase(name);
    expect(db.verno).toBe(6);
    expect((await readMenu(db, 3)).map((item) => item.id)).toEqual(menuOf3.map((item) => item.id));
    expect(await db.menuChunks.where('[storeId+index]').between([3, 0], [3, Infinity]).primaryKeys()).toEqual([
      [3, 0],
      [3, 1],
    ]);
    expect((await readMenu(db, 4)).map((item) => item.name)).toEqual(['Kebab']);
    expect(await db.items.toArray()).toEqual([{ id: 9, restaurant_id: 5, name: 'Seen in a search', fetchedAt: 70 }]);
    expect(await db.cartLines.get('l1')).toMatchObject({ quantity: 2 });
    db.close();
  });
});

describe('menuChunkRows', () => {
  it('cuts a menu into chunks of MENU_CHUNK_ITEMS in order, the last one shorter', () => {
    const items = Array.from({ length: MENU_CHUNK_ITEMS * 2 + 3 }, (_, position) => ({ id: position + 1, position }) as never);
    const chunks = menuChunkRows(8, items, 5);
    expect(chunks.map((chunk) => [chunk.storeId, chunk.index, chunk.items.length, chunk.fetchedAt])).toEqual([
      [8, 0, MENU_CHUNK_ITEMS, 5],
      [8, 1, MENU_CHUNK_ITEMS, 5],
      [8, 2, 3, 5],
    ]);
    expect(chunks.flatMap((chunk) => chunk.itemIds)).toEqual(items.map((_, index) => index + 1));
    expect(menuChunkRows(8, [], 5)).toEqual([]);
  });
});
