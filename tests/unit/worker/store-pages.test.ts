// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StoreMenu } from '../../../src/api/entities.ts';
import { PrefKey, SyncResource } from '../../../src/db/schema.ts';
import { startHarness, type Harness, useSharedServer } from './harness.ts';
import { browseFrom, firstStoreOfDeliveryType, seededStore, serverAnswer } from './riverton.ts';

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
    const items = await harness.db.items.where('[restaurant_id+position]').between([nonna.id, 0], [nonna.id, Infinity]).toArray();
    expect(items.map((item) => item.id)).toEqual(menuIds);
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
    await harness.db.items.bulkPut([
      { id: 900_001, restaurant_id: nonna.id, name: 'Discontinued', fetchedAt: 1 },
      { id: 900_002, restaurant_id: saffron.id, name: 'Elsewhere', fetchedAt: 1 },
    ]);
    await harness.service.api.openStore(nonna.slug);
    expect(await harness.db.items.get(900_001)).toBeUndefined();
    expect(await harness.db.items.get(900_002)).toBeDefined();
  });

  it('leaves an unchanged menu as it is, and rewrites it when the server changed it or the replica lost an item', async () => {
    let clock = 1_000;
    harness = await startHarness({ server: shared.server, service: { now: () => clock } });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    const itemsFetchedAt = async () => [...new Set((await harness.db.items.where('restaurant_id').equals(nonna.id).toArray()).map((i) => i.fetchedAt))];
    const menuFetchedAt = async () => (await harness.db.syncState.get(SyncResource.menu(nonna.id)))?.fetchedAt;
    await harness.service.api.openStore(nonna.slug);
    expect(await itemsFetchedAt()).toEqual([1_000]);

    clock = 2_000;
    await harness.service.api.openStore(nonna.slug);
    expect(await itemsFetchedAt()).toEqual([1_000]);
    expect(await menuFetchedAt()).toBe(2_000);

    const [first] = await harness.db.items.where('restaurant_id').equals(nonna.id).primaryKeys();
    await harness.db.items.delete(first!);
    clock = 3_000;
    await harness.service.api.openStore(nonna.slug);
    expect(await harness.db.items.get(first!)).toBeDefined();
    expect(await itemsFetchedAt()).toEqual([3_000]);

    const dish = await shared.server.db.selectFrom('items').select(['id', 'price']).where('restaurant_id', '=', nonna.id).executeTakeFirstOrThrow();
    await shared.server.db.updateTable('items').set({ price: dish.price + 100 }).where('id', '=', dish.id).execute();
    try {
      clock = 4_000;
      await harness.service.api.openStore(nonna.slug);
      expect((await harness.db.items.get(Number(dish.id)))?.price).toBe(dish.price + 100);
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
    expect(await harness.db.items.count()).toBe(0);
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
    const items = await harness.db.items.count();
    harness.network.offline = true;
    expect(await harness.service.api.openStore(nonna.slug)).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.items.count()).toBe(items);
    expect(await harness.db.syncState.get(SyncResource.store(nonna.slug))).toMatchObject({ error: 'offline', fetchedAt: expect.any(Number) });
  });
});

describe('openItem', () => {
  it('writes one item with its add-ons, keeping its menu place', async () => {
    harness = await startHarness({ server: shared.server });
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    const [first] = await harness.db.items.where('restaurant_id').equals(nonna.id).sortBy('position');
    await harness.db.items.update(first!.id, { name: 'stale' });
    expect(await harness.service.api.openItem(first!.id)).toEqual({ ok: true });
    expect(await harness.db.items.get(first!.id)).toMatchObject({ name: first!.name, position: first!.position });
  });

  it('an item the server does not sell leaves the replica', async () => {
    harness = await startHarness({ server: shared.server });
    await harness.db.items.put({ id: 900_003, restaurant_id: 1, fetchedAt: 1 });
    expect(await harness.service.api.openItem(900_003)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await harness.db.items.get(900_003)).toBeUndefined();
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
