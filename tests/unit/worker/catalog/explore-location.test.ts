// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SearchResults } from '../../../../src/api/entities.ts';
import { searchKey } from '../../../../src/db/keys.ts';
import { PrefKey, SyncResource } from '../../../../src/db/schema.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';
import { MARKET_SQUARE, browseFrom, seededStore, serverAnswer } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

const point = { latitude: MARKET_SQUARE.lat, longitude: MARKET_SQUARE.lng };

describe('searchStores', () => {
  it('writes the stores and items found into the replica and keeps their ids under the normalised query', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const expected = await serverAnswer<SearchResults>(shared.server, 'search-restaurants', { q: 'sushi', ...point });
    expect(expected.restaurants.length).toBeGreaterThan(0);
    expect(expected.items.length).toBeGreaterThan(0);

    const result = await harness.service.api.searchStores('  SUSHI ');
    const ids = { storeIds: expected.restaurants.map((store) => store.id), itemIds: expected.items.map((item) => item.id) };
    expect(result).toEqual({ ok: true, value: ids });

    const key = searchKey('sushi', MARKET_SQUARE);
    expect(await harness.db.searches.get(key)).toMatchObject({ query: 'sushi', ...ids, fetchedAt: expect.any(Number) });
    expect(await harness.db.stores.bulkGet(ids.storeIds)).not.toContain(undefined);
    const items = await harness.db.items.bulkGet(ids.itemIds);
    expect(items).not.toContain(undefined);
    expect(items[0]).not.toHaveProperty('restaurant');
    expect((await harness.db.syncState.get(SyncResource.search(key)))?.error).toBeNull();
  });

  it('leaves the saved menus of the stores it finds as they were, and the page fields of stores', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const nonna = await seededStore(shared.server, 'nonna-lucia-trattoria');
    await harness.service.api.openStore(nonna.slug);
    const before = await harness.db.menuChunks.toArray();
    await harness.service.api.searchStores('margherita');
    expect(await harness.db.items.count()).toBeGreaterThan(0);
    expect(await harness.db.menuChunks.toArray()).toEqual(before);
    expect(await harness.db.stores.get(nonna.id)).toMatchObject({ opening_hours: expect.any(Array), menuSections: expect.any(Array) });
  });

  it('offline returns offline and records it; an empty query asks nothing', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    expect(await harness.service.api.searchStores('   ')).toEqual({ ok: true, value: { storeIds: [], itemIds: [] } });
    expect(harness.network.sent).toHaveLength(0);
    harness.network.offline = true;
    expect(await harness.service.api.searchStores('sushi')).toEqual({ ok: false, reason: 'offline' });
    expect((await harness.db.syncState.get(SyncResource.search(searchKey('sushi', MARKET_SQUARE))))?.error).toBe('offline');
  });
});

describe('location', () => {
  it('reverseGeocode answers a Riverton place name from the server gazetteer', async () => {
    harness = await startHarness({ server: shared.server });
    const result = await harness.service.api.reverseGeocode(MARKET_SQUARE.lat, MARKET_SQUARE.lng);
    expect(result).toEqual({ ok: true, value: expect.stringContaining('Riverton') });
    expect(harness.network.pathsSent()).toEqual(['/public/api/coordinate-to-address']);
  });

  it('useGpsFix saves the named fix as the current address (business location when asked)', async () => {
    harness = await startHarness({ server: shared.server });
    const named = await harness.service.api.reverseGeocode(40.447, -80.01);
    const result = await harness.service.api.useGpsFix(40.447, -80.01, { asBusinessLocation: true });
    const address = { lat: 40.447, lng: -80.01, address: named.ok ? named.value : '', house: null, tag: null, businessLocation: true };
    expect(result).toEqual({ ok: true, value: address });
    expect(await harness.db.address.get('current')).toMatchObject(address);
    expect((await harness.db.prefs.get(PrefKey.locationChosenByUser))?.value).toBe(true);
  });

  it('useGpsFix offline still saves the fix, named by its coordinates', async () => {
    harness = await startHarness({ server: shared.server });
    harness.network.offline = true;
    const result = await harness.service.api.useGpsFix(40.44, -79.99, { asBusinessLocation: false, house: 'Flat 2', tag: 'Home' });
    expect(result).toMatchObject({ ok: true, value: { address: '40.44000, -79.99000', house: 'Flat 2', tag: 'Home', businessLocation: false } });
    expect(await harness.db.address.get('current')).toMatchObject({ lat: 40.44, lng: -79.99, businessLocation: false });
  });
});
