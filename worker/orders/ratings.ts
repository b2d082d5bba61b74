/**
 * Rating a delivered order (/rate-order/:id): get-ratable-order and
 * rate-order, online only. A rating is a one-off form, so nothing of it is
 * mirrored except its effects: the order's row remembers it was rated, and
 * the store's reviews saved on this device are fetched again so the new one
 * shows on /reviews/:slug.
 */
import { MAX_RATING_COMMENT_LENGTH, RATING_MAX, RATING_MIN } from '../../src/api/orders/limits.ts';
import type { RatableOrder, RateOrderResult } from '../../src/api/orders/entities.ts';
import type { RatingInput } from '../../src/api/orders/worker-api.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { updateRunningOrder } from './running-order-rows.ts';
import { currentViewer } from './running-order.ts';
import { openReviews } from '../catalog/api.ts';

export async function openRatableOrder(ctx: SyncContext, uniqueOrderId: string): Promise<SyncResult<RatableOrder>> {
  const viewer = await currentViewer(ctx);
  if (!viewer) return NOT_SIGNED_IN;
  const result = await ctx.api.call('get-ratable-order', { token: viewer.token, unique_order_id: uniqueOrderId });
  if (!result.ok) return result;
  // With an id the server names the order or says why not; null would be a server fault.
  if (!result.value.order) return { ok: false, reason: 'invalid', code: 'NOT_FOUND', message: `There is no order ${uniqueOrderId} to rate.` };
  return { ok: true, value: result.value.order };
}

function isStars(value: number): boolean {
  return Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/** What the form should have stopped: checked here too, so a bad rating never costs a request. */
function invalidRating(input: RatingInput): SyncFailure | null {
  const bad = !isStars(input.rating) || (input.driverRating !== null && !isStars(input.driverRating)) || input.comment.trim().length > MAX_RATING_COMMENT_LENGTH;
  return bad ? { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: 'The rating is not complete.' } : null;
}

export async function rateOrder(ctx: SyncContext, input: RatingInput): Promise<SyncResult<RateOrderResult>> {
  const viewer = await currentViewer(ctx);
  if (!viewer) return NOT_SIGNED_IN;
  const invalid = invalidRating(input);
  if (invalid) return invalid;
  const comment = input.comment.trim();
  const result = await ctx.api.call('rate-order', {
    token: viewer.token,
    unique_order_id: input.uniqueOrderId,
    rating: input.rating,
    ...(comment ? { comment } : {}),
    ...(input.driverRating !== null ? { driver_rating: input.driverRating } : {}),
  });
  const { db } = ctx;
  const at = ctx.now();
  if (!result.ok) {
    // Rated already (on another device): the page stops offering it.
    if (result.reason === 'conflict' && result.code === 'ALREADY_RATED') await updateRunningOrder(db, viewer, input.uniqueOrderId, () => ({ ratedAt: at }));
    return result;
  }
  await updateRunningOrder(db, viewer, input.uniqueOrderId, () => ({ ratedAt: at }));
  const storeId = result.value.store.id;
  const savedSlugs = await db.reviews.filter((reviews) => reviews.restaurant.id === storeId).primaryKeys();
  // Best effort: the rating is in; a reviews page that misses it now refreshes when opened.
  await Promise.all(savedSlugs.map((slug) => openReviews(ctx, slug)));
  return result;
}
