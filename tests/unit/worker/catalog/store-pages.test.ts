// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StoreMenu } from '../../../../src/api/entities.ts';
import { readItem, readMenu } from '../../../../src/db/menu-reads.ts';
import { MENU_CHUNK_ITEMS, PrefKey, SyncResource } from '../../../../src/db/schema.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';
import { browseFrom, firstStoreOfDeliveryType, seededStore, serverAnswer } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

async function pref(key: string): Promise<unknown> {
  return (await harness.db.prefs.get(key))?.value;
}

describe('openStore', () => {
  it('writes the store and every item of its menu, in menu order, and makes it the active store', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    expect(await harness.service.api.openStore(nonna.slug)).toEqual({ ok: true, value: { storeId: nonna.id } });

    const menu = await serverAnswer<StoreMenu>(shared.server, `get-restaurant-items/${nonna.id}`);
    const menuIds = [...new Set([...menu.categories.flatMap((section) => section.items), ...menu.recommended].map((item) => item.id))];
    const items = await readMenu(harness.db, nonna.id);
    expect(items.map((item) => item.id)).toEqual(menuIds);
    expect(items.map((item) => item.position)).toEqual(menuIds.map((_, index) => index));
    expect(await harness.db.menuChunks.count()).toBe(Math.ceil(menuIds.length / MENU_CHUNK_ITEMS));
    expect(items.filter((item) => item.is_recommended).map((item) => item.id).sort()).toEqual(menu.recommended.map((item) => item.id).sort());
    expect(items[0]).toMatchObject({ item_category_id: menu.categories[0]!.id, addon_categories: expect.any(Array), fetchedAt: expect.any(Number) });

    const store = await harness.db.stores.get(nonna.id);
    expect(store).toMatchObject({
      slug: nonna.slug,
      opening_hours: expect.any(Array),
      menuSections: menu.categories.map(({ id, name }) => ({ id, name })),
    });
    expect(store).not.toHaveProperty('is_favourite');
    expect(await pref(PrefKey.activeStore)).toBe(nonna.id);
    expect((await harness.db.syncState.get(SyncResource.menu(nonna.id)))?.fetchedAt).toEqual(expect.any(Number));
    expect((await harness.db.syncState.get(SyncResource.store(nonna.slug)))?.fetchedAt).toEqual(expect.any(Number));
  });

  it('path-parameter calls go to their own URLs', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    expect(harness.network.pathsSent()).toEqual([
      '/public/api/get-restaurant-info/nonna-lucia-trattoria',
      `/public/api/get-restaurant-items/${nonna.id}`,
    ]);
  });

  it('removes items the server no longer lists for the store, and leaves other stores alone', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    const saffron = await seededStore(shared.server, 'saffron-house');
    const stale = (storeId: number, id: number, name: string) => ({ id, restaurant_id: storeId, name, position: 0, fetchedAt: 1 }) as never;
    // A longer menu seen before: more chunks than the menu needs now.
    await harness.db.menuChunks.bulkPut([
      { storeId: nonna.id, index: 0, itemIds: [900_001], items: [stale(nonna.id, 900_001, 'Discontinued')], fetchedAt: 1 },
      { storeId: nonna.id, index: 7, itemIds: [900_004], items: [stale(nonna.id, 900_004, 'Also gone')], fetchedAt: 1 },
      { storeId: saffron.id, index: 0, itemIds: [900_002], items: [stale(saffron.id, 900_002, 'Elsewhere')], fetchedAt: 1 },
    ]);
    await harness.service.api.openStore(nonna.slug);
    const menu = (await readMenu(harness.db, nonna.id)).map((item) => item.id);
    expect(menu).not.toContain(900_001);
    expect(menu).not.toContain(900_004);
    expect(await harness.db.menuChunks.get([nonna.id, 7])).toBeUndefined();
    expect((await readMenu(harness.db, saffron.id)).map((item) => item.id)).toEqual([900_002]);
  });

  it('leaves an unchanged menu as it is, and rewrites it when the server changed it or the replica lost part of it', async () => {
    let clock = 1_000;
    harness = await startHarness({ server: shared.server, service: { now: () => clock } });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    const itemsFetchedAt = async () => [...new Set((await readMenu(harness.db, nonna.id)).map((i) => i.fetchedAt))];
    const menuFetchedAt = async () => (await harness.db.syncState.get(SyncResource.menu(nonna.id)))?.fetchedAt;
    await harness.service.api.openStore(nonna.slug);
    expect(await itemsFetchedAt()).toEqual([1_000]);

    clock = 2_000;
    await harness.service.api.openStore(nonna.slug);
    expect(await itemsFetchedAt()).toEqual([1_000]);
    expect(await menuFetchedAt()).toBe(2_000);

    await harness.db.menuChunks.delete([nonna.id, 0]);
    clock = 3_000;
    await harness.service.api.openStore(nonna.slug);
    expect(await harness.db.menuChunks.get([nonna.id, 0])).toBeDefined();
    expect(await itemsFetchedAt()).toEqual([3_000]);

    const dish = await shared.server.db.selectFrom('items').select(['id', 'price']).where('restaurant_id', '=', nonna.id).executeTakeFirstOrThrow();
    await shared.server.db.updateTable('items').set({ price: dish.price + 100 }).where('id', '=', dish.id).execute();
    try {
      clock = 4_000;
      await harness.service.api.openStore(nonna.slug);
      expect((await readItem(harness.db, nonna.id, Number(dish.id)))?.price).toBe(dish.price + 100);
      expect(await itemsFetchedAt()).toEqual([4_000]);
    } finally {
      await shared.server.db.updateTable('items').set({ price: dish.price }).where('id', '=', dish.id).execute();
    }
  });

  it('an unknown slug is not found and leaves the replica untouched', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.stores.put({ id: 1, name: 'Kept', slug: 'kept', fetchedAt: 5 });
    const result = await harness.service.api.openStore('no-such-store');
    expect(result).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });
    expect(await harness.db.stores.toArray()).toEqual([{ id: 1, name: 'Kept', slug: 'kept', fetchedAt: 5 }]);
    expect(await harness.db.menuChunks.count()).toBe(0);
    expect(await pref(PrefKey.activeStore)).toBeUndefined();
    expect(await pref(PrefKey.forceReload)).toBeUndefined();
    expect(harness.network.pathsSent()).toEqual(['/public/api/get-restaurant-info/no-such-store']);
  });

  it('a 400 while loading store info raises the force-reload flag (spec §4)', async () => {
    harness = await startHarness({ server: shared.server });
    const result = await harness.service.api.openStore('Not A Slug');
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(harness.network.answers[0]?.status).toBe(400);
    expect(await pref(PrefKey.forceReload)).toMatchObject({ slug: 'Not A Slug', at: expect.any(Number) });
  });

  it('offline keeps the store page seen before and records the failure', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    const menu = await readMenu(harness.db, nonna.id);
    expect(menu.length).toBeGreaterThan(0);
    harness.network.offline = true;
    expect(await harness.service.api.openStore(nonna.slug)).toEqual({ ok: false, reason: 'offline' });
    expect(await readMenu(harness.db, nonna.id)).toEqual(menu);
    expect(await harness.db.syncState.get(SyncResource.store(nonna.slug))).toMatchObject({ error: 'offline', fetchedAt: expect.any(Number) });
  });
});

describe('a store page begun before the page asks (a shared store link)', () => {
  const storeCalls = () => harness.network.pathsSent().filter((path) => /\/get-restaurant-(info|items)\//.test(path));

  it("gives the page's first openStore the early fetch's result, running or done, without asking the server again", async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    const early = harness.service.openStoreBeforeAsked(nonna.slug);
    // The page's script arrives while the store is on the wire.
    expect(await harness.service.api.openStore(nonna.slug)).toEqual({ ok: true, value: { storeId: nonna.id } });
    await early;
    expect(storeCalls()).toEqual(['/public/api/get-restaurant-info/nonna-lucia-trattoria', `/public/api/get-restaurant-items/${nonna.id}`]);
    expect((await readMenu(harness.db, nonna.id)).length).toBeGreaterThan(0);

    // Once answered, the next ask (the screen's retry, a later visit to the page) fetches afresh.
    await harness.service.api.openStore(nonna.slug);
    expect(storeCalls()).toHaveLength(4);
  });

  it('keeps a finished early fetch for the first ask, so a first visit sends each store call once', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.openStoreBeforeAsked(nonna.slug);
    expect(await harness.service.api.openStore(nonna.slug)).toEqual({ ok: true, value: { storeId: nonna.id } });
    expect(storeCalls()).toHaveLength(2);
  });

  it("hands its result to no other store: a page that asks for another store first gets that store's answer", async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    const saffron = await seededStore(shared.server, 'saffron-house');
    await harness.service.openStoreBeforeAsked(nonna.slug);
    expect(await harness.service.api.openStore(saffron.slug)).toEqual({ ok: true, value: { storeId: saffron.id } });
    // The early answer was for the first ask only: nonna's page, opened next, is fetched again.
    await harness.service.api.openStore(nonna.slug);
    expect(storeCalls().filter((path) => path.endsWith('/nonna-lucia-trattoria'))).toHaveLength(2);
  });

  it('an early fetch of an unknown slug gives the page its not-found', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.service.openStoreBeforeAsked('no-such-store');
    expect(await harness.service.api.openStore('no-such-store')).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });
    expect(storeCalls()).toEqual(['/public/api/get-restaurant-info/no-such-store']);
  });

  it('sends nothing while the simulated-offline switch is on', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.prefs.put({ key: PrefKey.simulatedOffline, value: true });
    await harness.service.openStoreBeforeAsked('nonna-lucia-trattoria');
    expect(harness.network.pathsSent()).toEqual([]);
    // The page's own ask then meets the switch as any ask does.
    expect(await harness.service.api.openStore('nonna-lucia-trattoria')).toMatchObject({ ok: false });
    expect(harness.network.pathsSent()).toEqual([]);
  });
});

describe('openItem', () => {
  it('writes one item with its add-ons; read back, it is the newer answer and keeps its menu place', async () => {
    let clock = 1_000;
    harness = await startHarness({ server: shared.server, service: { now: () => clock } });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    const chunk = (await harness.db.menuChunks.get([nonna.id, 0]))!;
    const first = chunk.items[0]!;
    await harness.db.menuChunks.put({ ...chunk, items: [{ ...first, name: 'stale' }, ...chunk.items.slice(1)] });
    expect((await readItem(harness.db, nonna.id, first.id))?.name).toBe('stale');
    clock = 2_000;
    expect(await harness.service.api.openItem(first.id)).toEqual({ ok: true });
    expect(await readItem(harness.db, nonna.id, first.id)).toMatchObject({
      name: first.name,
      position: first.position,
      addon_categories: expect.any(Array),
      fetchedAt: 2_000,
    });
  });

  it('an item the server does not sell leaves the replica and its menu, whose next answer is then written', async () => {
    harness = await startHarness({ server: shared.server });
    const item = { id: 900_003, restaurant_id: 1, name: 'Gone', position: 0, fetchedAt: 1 } as never;
    await harness.db.items.put(item);
    await harness.db.menuChunks.put({ storeId: 1, index: 0, itemIds: [900_003], items: [item], fetchedAt: 1 });
    await harness.db.syncState.put({ resource: SyncResource.menu(1), fetchedAt: 1, version: 'menu:1:x', error: null, errorAt: null });
    expect(await harness.service.api.openItem(900_003)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await harness.db.items.get(900_003)).toBeUndefined();
    expect(await readItem(harness.db, 1, 900_003)).toBeUndefined();
    expect((await harness.db.syncState.get(SyncResource.menu(1)))?.version).toBeNull();
  });
});

describe('selectStore', () => {
  it('records DELIVERY for delivery type 1, SELFPICKUP for 2, and keeps the preference for 3', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const deliveryOnly = await firstStoreOfDeliveryType(shared.server, 1);
    const pickupOnly = await firstStoreOfDeliveryType(shared.server, 2);
    const both = await firstStoreOfDeliveryType(shared.server, 3);
    for (const store of [deliveryOnly, pickupOnly, both]) await harness.service.api.openStore(store.slug);

    expect(await harness.service.api.selectStore(pickupOnly.id)).toEqual({ ok: true, value: 'SELFPICKUP' });
    expect(await pref(PrefKey.orderType)).toBe('SELFPICKUP');
    expect(await pref(PrefKey.activeStore)).toBe(pickupOnly.id);

    expect(await harness.service.api.selectStore(both.id)).toEqual({ ok: true, value: 'SELFPICKUP' });
    expect(await harness.service.api.selectStore(deliveryOnly.id)).toEqual({ ok: true, value: 'DELIVERY' });
    expect(await harness.service.api.selectStore(both.id)).toEqual({ ok: true, value: 'DELIVERY' });
    expect(await pref(PrefKey.orderType)).toBe('DELIVERY');
    expect(await pref(PrefKey.activeStore)).toBe(both.id);
  });

  it('works offline from the replica, and fetches a store it does not hold by id', async () => {
    harness = await startHarness({ server: shared.server });
    const pickupOnly = await firstStoreOfDeliveryType(shared.server, 2);
    expect(await harness.service.api.selectStore(pickupOnly.id)).toEqual({ ok: true, value: 'SELFPICKUP' });
    expect(harness.network.pathsSent()).toEqual([`/public/api/get-restaurant-info-by-id/${pickupOnly.id}`]);

    harness.network.offline = true;
    expect(await harness.service.api.selectStore(pickupOnly.id)).toEqual({ ok: true, value: 'SELFPICKUP' });
    expect(await harness.service.api.selectStore(999_999)).toEqual({ ok: false, reason: 'offline' });
  });
});
