// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/api/entities.ts';
import { filteredStoreListKey, homeStoreListKey } from '../../../../src/db/keys.ts';
import { PrefKey, SyncResource } from '../../../../src/db/schema.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';
import { MARKET_SQUARE, NOWHERE, browseFrom, seededStore, serverAnswer } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

const point = { latitude: MARKET_SQUARE.lat, longitude: MARKET_SQUARE.lng };

async function listIds(key: string): Promise<number[] | undefined> {
  return (await harness.db.storeLists.get(key))?.storeIds;
}

describe('refreshHome', () => {
  it('stores the delivery list in server order (featured first), the stores, slides and categories', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    expect(await harness.service.api.refreshHome()).toEqual({ ok: true });

    const expected = await serverAnswer<Store[]>(shared.server, 'get-delivery-restaurants', point);
    const key = homeStoreListKey(MARKET_SQUARE, 'DELIVERY');
    expect(key).toBe('40.441,-79.996|DELIVERY|');
    expect(await listIds(key)).toEqual(expected.map((store) => store.id));
    expect(expected[0]?.is_featured).toBe(true);
    expect(expected.every((store) => store.delivery_type !== 2)).toBe(true);
    expect(await harness.db.stores.count()).toBe(expected.length);
    expect(await harness.db.stores.get(expected[0]!.id)).toMatchObject({ name: expected[0]!.name, fetchedAt: expect.any(Number) });

    const slides = await harness.db.slides.toArray();
    expect(slides.some((slide) => slide.group === 'main')).toBe(true);
    expect(slides.some((slide) => slide.group === 'other')).toBe(true);
    expect(await harness.db.categorySlides.count()).toBe(8);
    expect(await harness.db.categories.count()).toBe(10);
    for (const resource of [SyncResource.storeList(key), SyncResource.promoSlides, SyncResource.categorySlides, SyncResource.categories]) {
      expect(await harness.db.syncState.get(resource)).toMatchObject({ fetchedAt: expect.any(Number), error: null });
    }
  });

  it('self pickup is a different list, under its own key, and switching keeps the delivery one', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    await harness.service.api.refreshHome();
    expect(await harness.service.api.setOrderType('SELFPICKUP')).toEqual({ ok: true });
    expect((await harness.db.prefs.get(PrefKey.orderType))?.value).toBe('SELFPICKUP');
    expect(harness.network.pathsSent()).toContain('/public/api/get-selfpickup-restaurants');

    const pickup = await listIds(homeStoreListKey(MARKET_SQUARE, 'SELFPICKUP'));
    const delivery = await listIds(homeStoreListKey(MARKET_SQUARE, 'DELIVERY'));
    expect(pickup).toEqual((await serverAnswer<Store[]>(shared.server, 'get-selfpickup-restaurants', point)).map((store) => store.id));
    expect(pickup).not.toEqual(delivery);
    // Green Bowl Kitchen is self pickup only; Saffron House delivers only.
    const greenBowl = await seededStore(shared.server, 'green-bowl-kitchen');
    const saffron = await seededStore(shared.server, 'saffron-house');
    expect(pickup).toContain(greenBowl.id);
    expect(pickup).not.toContain(saffron.id);
    expect(delivery).toContain(saffron.id);
    expect(delivery).not.toContain(greenBowl.id);
  });

  it('offline, keeps the previous list and records the failure', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    await harness.service.api.refreshHome();
    const key = homeStoreListKey(MARKET_SQUARE, 'DELIVERY');
    const before = await harness.db.storeLists.get(key);
    const slidesBefore = await harness.db.slides.count();

    harness.network.offline = true;
    expect(await harness.service.api.refreshHome()).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.storeLists.get(key)).toEqual(before);
    expect(await harness.db.slides.count()).toBe(slidesBefore);
    expect(await harness.db.syncState.get(SyncResource.storeList(key))).toMatchObject({
      fetchedAt: before!.fetchedAt,
      error: 'offline',
      errorAt: expect.any(Number),
    });
    expect((await harness.db.syncState.get(SyncResource.connectivity))?.error).toBe('offline');
  });

  it('a location outside every radius gives an empty list, not an error', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness, NOWHERE);
    expect(await harness.service.api.refreshHome()).toEqual({ ok: true });
    expect(await listIds(homeStoreListKey(NOWHERE, 'DELIVERY'))).toEqual([]);
    await harness.service.api.setOrderType('SELFPICKUP');
    expect(await listIds(homeStoreListKey(NOWHERE, 'SELFPICKUP'))).toEqual([]);
  });

  it('without an address asks for a location first and sends nothing', async () => {
    harness = await startHarness({ server: shared.server });
    expect(await harness.service.api.refreshHome()).toMatchObject({ ok: false, code: 'PRIMARY_LOCATION_MISSING' });
    expect(harness.network.sent).toHaveLength(0);
  });
});

describe('refreshFilteredStores', () => {
  it('stores the stores of the chosen categories under the filter key, whatever the order of the ids', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const slides = await serverAnswer<{ categories_ids: number[] }[]>(shared.server, 'get-restaurant-category-slides');
    const burgers = slides.find((slide) => slide.categories_ids.length > 1)!.categories_ids;
    expect(await harness.service.api.refreshFilteredStores([...burgers].reverse())).toEqual({ ok: true });

    const expected = await serverAnswer<Store[]>(shared.server, 'get-filtered-restaurants', { ...point, category_ids: burgers });
    expect(expected.length).toBeGreaterThan(0);
    expect(await listIds(filteredStoreListKey(MARKET_SQUARE, burgers))).toEqual(expected.map((store) => store.id));
  });
});
