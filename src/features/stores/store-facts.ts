/** Small pure readings of a store row shared by the card and the page. */
import type { StoreRow } from '../../db/schema.ts';

/** The reviews' mean once there are reviews, else the rating it is listed with; null when neither (a new store). */
export function displayRating(store: Pick<StoreRow, 'avgRating' | 'rating' | 'reviews_count'>): string | null {
  const value = store.reviews_count > 0 && store.avgRating > 0 ? store.avgRating : store.rating;
  return value > 0 ? value.toFixed(1) : null;
}
