/**
 * Favourites (spec §6: they need a signed-in customer, the session row every
 * sign-in in account/sign-in.ts keeps). A toggle goes through the outbox (kind
 * customer-action), so a toggle made offline shows at once and is sent when
 * the network returns, once (its Idempotency-Key).
 */
import type { DrainReport, FavouriteToggle, SyncResult } from '../../src/api/worker-api.ts';
import { SyncResource, type StoreRow } from '../../src/db/schema.ts';
import { NOT_SIGNED_IN, NO_ADDRESS, apiPoint, catalogueLanguage, customerSession, readPoint } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { TOGGLE_FAVOURITE_CALL, favouriteUserKey, replaceFavourites, type ToggleFavouriteBody } from './favourite-rows.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';
import { type OutboxEffects, queueAction } from '../outbox/api.ts';
import { mergeStores } from './store-writes.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

/** The list replaces the replica's, with toggles still waiting in the outbox applied on top. */
export async function refreshFavourites(ctx: SyncContext): Promise<SyncResult> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const point = await readPoint(ctx.db);
  if (!point) return NO_ADDRESS;
  const result = await ctx.api.call('get-favorite-stores', {
    token: session.token,
    ...apiPoint(point),
    ...(await catalogueLanguage(ctx.db)),
  });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.favourites, result, at);
    return result;
  }
  const { db } = ctx;
  await db.transaction('rw', [db.stores, db.favourites, db.outbox, db.syncState, db.session], async () => {
    await mergeStores(db, result.value, at);
    await replaceFavourites(db, result.value, at, favouriteUserKey(session.userId));
    await markFetched(db, SyncResource.favourites, at);
  });
  return { ok: true };
}

export interface ToggleDeps {
  effects: OutboxEffects;
  /** One drain of the outbox (the service's drainer, so passes never overlap). */
  drain(): Promise<DrainReport>;
}

/**
 * Queues the toggle (its effect flips the replica in the same transaction),
 * then waits for one drain: online the server's answer comes back, offline
 * the action stays pending and the result says so.
 */
export async function toggleFavourite(
  ctx: SyncContext,
  deps: ToggleDeps,
  storeId: number,
): Promise<SyncResult<FavouriteToggle>> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  if (!Number.isInteger(storeId) || storeId < 1) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: `Not a store id: ${String(storeId)}` };
  }
  const store = (await ctx.db.stores.get(storeId)) as StoreRow | undefined;
  const wasFavourite = (await ctx.db.favourites.get(storeId)) !== undefined;
  const name = store?.name ?? `store ${storeId}`;
  const body: ToggleFavouriteBody = { token: session.token, id: storeId };
  const entry = await queueAction(
    ctx.db,
    deps.effects,
    {
      kind: 'customer-action',
      call: TOGGLE_FAVOURITE_CALL,
      body,
      userKey: favouriteUserKey(session.userId),
      label: wasFavourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`,
    },
    ctx.now(),
  );
  await deps.drain();
  const row = await ctx.db.outbox.get(entry.id);
  const isFavourite = (await ctx.db.favourites.get(storeId)) !== undefined;
  if (row?.status === 'rejected' && row.response) return failureFromAnswer(row.response.status, row.response.body);
  return { ok: true, value: { isFavourite, pending: row?.status !== 'applied' } };
}
