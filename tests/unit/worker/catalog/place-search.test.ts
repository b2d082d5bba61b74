// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Place } from '../../../../src/api/entities.ts';
import { placeSearchKey } from '../../../../src/db/keys.ts';
import { SyncResource } from '../../../../src/db/schema.ts';
import { PLACE_SEARCHES_KEPT } from '../../../../worker/catalog/location.ts';
import { startHarness, type Harness, useSharedServer } from '../harness.ts';
import { MARKET_SQUARE, browseFrom, serverAnswer } from '../riverton.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

const point = { latitude: MARKET_SQUARE.lat, longitude: MARKET_SQUARE.lng };

describe('searchPlaces', () => {
  it('asks near the current address and keeps the answer under the folded query', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const expected = await serverAnswer<Place[]>(shared.server, 'search-places', { q: 'washington', ...point });
    expect(expected[0]?.name).toBe('Washington, Pennsylvania, United States');

    const result = await harness.service.api.searchPlaces('  WASHINGTON ');
    expect(result).toEqual({ ok: true, value: expected });
    expect(JSON.parse(harness.network.sent.at(-1)?.body ?? '{}')).toEqual({ q: 'washington', ...point });

    const key = placeSearchKey('washington');
    expect(await harness.db.placeSearches.get(key)).toEqual({ key, query: 'washington', places: expected, fetchedAt: expect.any(Number) });
    expect((await harness.db.syncState.get(SyncResource.placeSearch(key)))?.error).toBeNull();
    // Case and accents make no new search.
    expect(placeSearchKey('Wáshington')).toBe(key);
  });

  it('without an address it asks with no point', async () => {
    harness = await startHarness({ server: shared.server });
    const result = await harness.service.api.searchPlaces('São Paulo');
    expect(result).toEqual({ ok: true, value: [{ name: 'São Paulo, Brazil', latitude: -23.5505, longitude: -46.6333, kind: 'place' }] });
    expect(JSON.parse(harness.network.sent.at(-1)?.body ?? '{}')).toEqual({ q: 'são paulo' });
    expect(await harness.db.placeSearches.get('sao paulo')).toMatchObject({ places: [{ name: 'São Paulo, Brazil' }] });
  });

  it('offline: answers offline, records it, and keeps the saved answer for the UI', async () => {
    harness = await startHarness({ server: shared.server });
    await browseFrom(harness);
    const online = await harness.service.api.searchPlaces('pittsburgh');
    expect(online.ok).toBe(true);
    const key = placeSearchKey('pittsburgh');
    const saved = await harness.db.placeSearches.get(key);

    harness.network.offline = true;
    expect(await harness.service.api.searchPlaces('Pittsburgh')).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.placeSearches.get(key)).toEqual(saved);
    const state = await harness.db.syncState.get(SyncResource.placeSearch(key));
    expect(state).toMatchObject({ error: 'offline', fetchedAt: saved?.fetchedAt });
  });

  it('an empty query asks nothing', async () => {
    harness = await startHarness({ server: shared.server });
    expect(await harness.service.api.searchPlaces('   ')).toEqual({ ok: true, value: [] });
    expect(await harness.service.api.searchPlaces(' ,. ')).toEqual({ ok: true, value: [] });
    expect(harness.network.sent).toHaveLength(0);
  });

  it('keeps the newest searches only', async () => {
    let clock = 1_000;
    harness = await startHarness({ server: shared.server, service: { now: () => clock } });
    await harness.db.placeSearches.bulkPut(
      Array.from({ length: PLACE_SEARCHES_KEPT }, (_, index) => ({ key: `old ${index}`, query: `old ${index}`, places: [], fetchedAt: index })),
    );
    await harness.db.syncState.put({ resource: SyncResource.placeSearch('old 0'), fetchedAt: 0, version: null, error: null, errorAt: null });
    clock = 5_000;
    expect((await harness.service.api.searchPlaces('osaka')).ok).toBe(true);
    expect(await harness.db.placeSearches.count()).toBe(PLACE_SEARCHES_KEPT);
    expect(await harness.db.placeSearches.get('old 0')).toBeUndefined();
    expect(await harness.db.placeSearches.get('osaka')).toMatchObject({ fetchedAt: 5_000 });
    expect(await harness.db.syncState.get(SyncResource.placeSearch('old 0'))).toBeUndefined();
  });
});
