// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreReviews } from '../../../../src/api/entities.ts';
import { SyncResource } from '../../../../src/db/schema.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { startHarness, type Harness } from '../harness.ts';
import { seededStore, serverAnswer } from '../riverton.ts';

let server: TestServer;
let harness: Harness;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await harness?.close();
});

describe('openReviews', () => {
  it("writes the store's whole reviews answer under its slug and stamps syncState", async () => {
    harness = await startHarness({ server });
    const nonna = await seededStore(server, 'nonna-lucia-trattoria');
    expect(await harness.service.api.openReviews(nonna.slug)).toEqual({ ok: true });

    const answer = await serverAnswer<StoreReviews>(server, 'get-store-reviews', { slug: nonna.slug });
    const row = await harness.db.reviews.get(nonna.slug);
    expect(row).toEqual({ ...answer, slug: nonna.slug, fetchedAt: expect.any(Number) });
    expect(row?.restaurant).toMatchObject({ id: nonna.id, name: nonna.name, slug: nonna.slug });
    expect(row?.reviews_count).toBe(3);
    expect(row?.reviews.map((review) => review.user_name)).toEqual(['Hannah', 'Diego', 'Mei']);
    expect(row?.avgRating).toBeCloseTo(4.7, 1);
    expect(await harness.db.syncState.get(SyncResource.reviews(nonna.slug))).toMatchObject({
      fetchedAt: row?.fetchedAt,
      error: null,
    });
    expect(harness.network.pathsSent()).toEqual(['/public/api/get-store-reviews']);
  });

  it('writes an empty list for a store without reviews', async () => {
    harness = await startHarness({ server });
    const row = await server.db
      .selectFrom('restaurants')
      .select(['slug'])
      .where('slug', 'not in', ['nonna-lucia-trattoria', 'tokyo-tide-sushi-bar', 'smokestack-bbq', 'morning-rise-bakery'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await harness.service.api.openReviews(row.slug)).toEqual({ ok: true });
    expect(await harness.db.reviews.get(row.slug)).toMatchObject({ reviews_count: 0, reviews: [] });
  });

  it('an unknown slug is not found and writes nothing', async () => {
    harness = await startHarness({ server });
    const result = await harness.service.api.openReviews('no-such-store');
    expect(result).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });
    expect(await harness.db.reviews.count()).toBe(0);
    expect(await harness.db.syncState.get(SyncResource.reviews('no-such-store'))).toBeUndefined();
  });

  it('a store the server no longer has leaves the replica', async () => {
    harness = await startHarness({ server });
    await harness.db.reviews.put({
      slug: 'gone-store',
      restaurant: { id: 999, name: 'Gone', slug: 'gone-store', city: 'riverton' },
      avgRating: 4,
      reviews_count: 0,
      reviews: [],
      fetchedAt: 1,
    });
    expect(await harness.service.api.openReviews('gone-store')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await harness.db.reviews.get('gone-store')).toBeUndefined();
  });

  it('offline keeps the reviews seen before and records the failure', async () => {
    harness = await startHarness({ server });
    const tokyo = await seededStore(server, 'tokyo-tide-sushi-bar');
    await harness.service.api.openReviews(tokyo.slug);
    const saved = await harness.db.reviews.get(tokyo.slug);
    expect(saved?.reviews).toHaveLength(2);

    harness.network.offline = true;
    expect(await harness.service.api.openReviews(tokyo.slug)).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.reviews.get(tokyo.slug)).toEqual(saved);
    expect(await harness.db.syncState.get(SyncResource.reviews(tokyo.slug))).toMatchObject({
      error: 'offline',
      fetchedAt: saved?.fetchedAt,
    });
  });
});
