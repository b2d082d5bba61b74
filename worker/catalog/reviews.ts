/**
 * A store's reviews (spec §2 /reviews/:slug): the server's whole answer is
 * kept under the slug, so the screen shows it offline once seen.
 */
import type { StoreReviews } from '../../src/api/entities.ts';
import type { SyncResult } from '../../src/api/worker-api.ts';
import { SyncResource, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { SyncContext } from '../replica/context.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

/** A store the server does not have (404) leaves the replica; any other failure keeps what was saved. */
export async function openReviews(ctx: SyncContext, slug: string): Promise<SyncResult> {
  const result = await ctx.api.call('get-store-reviews', { slug });
  const at = ctx.now();
  if (result.ok) {
    await writeReviews(ctx.db, slug, result.value, at);
    return { ok: true };
  }
  if (result.reason === 'invalid' && result.code === 'NOT_FOUND') await removeReviews(ctx.db, slug);
  else await markFailed(ctx.db, SyncResource.reviews(slug), result, at);
  return result;
}

async function writeReviews(db: ReplicaDatabase, slug: string, reviews: StoreReviews, at: number) {
  await db.transaction('rw', db.reviews, db.syncState, async () => {
    await db.reviews.put({ ...reviews, slug, fetchedAt: at });
    await markFetched(db, SyncResource.reviews(slug), at);
  });
}

async function removeReviews(db: ReplicaDatabase, slug: string) {
  await db.transaction('rw', db.reviews, db.syncState, async () => {
    await db.reviews.delete(slug);
    await db.syncState.delete(SyncResource.reviews(slug));
  });
}
