/**
 * Explore: the server's search around the current address. The stores and
 * items it finds join the replica, so the UI's own search over the replica
 * shows them offline too; the ids are kept per query for the UI to merge.
 */
import type { SearchIds, SyncResult } from '../../src/api/worker-api.ts';
import { normaliseQuery, searchKey } from '../../src/db/keys.ts';
import { SyncResource } from '../../src/db/schema.ts';
import { NO_ADDRESS, apiPoint, catalogueLanguage, readPoint } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { writeSearch } from './store-writes.ts';
import { markFailed } from '../replica/sync-state.ts';

/** The server's limit on q (search-restaurants). */
const MAX_QUERY_LENGTH = 100;

export async function searchStores(ctx: SyncContext, query: string): Promise<SyncResult<SearchIds>> {
  const q = normaliseQuery(String(query)).slice(0, MAX_QUERY_LENGTH);
  // Nothing to ask: the UI shows its local results (or none).
  if (q === '') return { ok: true, value: { storeIds: [], itemIds: [] } };
  const point = await readPoint(ctx.db);
  if (!point) return NO_ADDRESS;
  const key = searchKey(q, point);
  const result = await ctx.api.call('search-restaurants', { q, ...apiPoint(point), ...(await catalogueLanguage(ctx.db)) });
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.search(key), result, ctx.now());
    return result;
  }
  await writeSearch(ctx.db, key, q, result.value, ctx.now());
  return {
    ok: true,
    value: { storeIds: result.value.restaurants.map((store) => store.id), itemIds: result.value.items.map((item) => item.id) },
  };
}
