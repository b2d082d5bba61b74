/**
 * The landing's figures (issue 32.8: real figures or none): what the app
 * knows of the place it opens at, read live from the replica, so the landing
 * never claims what the marketplace is not. The stores that serve the current
 * address (the list home shows), how long they say delivery takes (the
 * median), and how they are rated (the mean of the rated ones), as many as
 * the home's list counts. Nothing
 * before the list is known; a figure with nothing to measure is left out.
 */
import type { StoreRow } from '../../db/schema.ts';
import { homeStoreListKey } from '../../db/keys.ts';
import { PrefKey } from '../../db/schema.ts';
import { useLiveQuery } from '../../db/live-query.ts';
import { useReplica } from '../../base/services.tsx';
import { orderTypeOf } from '../stores/saved-list.ts';
import { storesInOrder } from '../stores/store-rows.ts';

export interface LandingFigures {
  /** The place the figures are for: the current address, up to its first comma. */
  place: string;
  storeCount: number;
  /** Minutes; null when no store says. */
  medianDeliveryMinutes: number | null;
  /** One decimal; null when no store is rated. */
  averageRating: number | null;
}

/** The figures of these stores at this place; null without a store (nothing true to say). */
export function figuresOf(place: string, stores: readonly Pick<StoreRow, 'delivery_time' | 'avgRating' | 'rating' | 'reviews_count'>[]): LandingFigures | null {
  // Every store of the list, as home counts them (one closed for now still serves the address).
  const open = stores;
  if (open.length === 0) return null;
  const minutes = open.map((store) => store.delivery_time).filter((value) => value > 0).sort((a, b) => a - b);
  const ratings = open.map((store) => (store.reviews_count > 0 ? store.avgRating : store.rating)).filter((value) => value > 0);
  const middle = Math.floor(minutes.length / 2);
  return {
    place: place.split(',')[0]?.trim() ?? '',
    storeCount: open.length,
    medianDeliveryMinutes: minutes.length === 0 ? null : minutes.length % 2 === 1 ? minutes[middle]! : Math.round((minutes[middle - 1]! + minutes[middle]!) / 2),
    averageRating: ratings.length === 0 ? null : Math.round((ratings.reduce((sum, value) => sum + value, 0) / ratings.length) * 10) / 10,
  };
}

/** The figures of the stores the current address's home list holds; null until there are some. */
export function useLandingFigures(): LandingFigures | null {
  const db = useReplica();
  return (
    useLiveQuery(
      () =>
        db.transaction('r', [db.address, db.prefs, db.storeLists, db.stores], async () => {
          const [address, orderTypePref] = await Promise.all([db.address.get('current'), db.prefs.get(PrefKey.orderType)]);
          if (!address) return null;
          const list = await db.storeLists.get(homeStoreListKey(address, orderTypeOf(orderTypePref?.value)));
          if (!list) return null;
          return figuresOf(address.address, await storesInOrder(db, list.storeIds));
        }),
      [db],
      null,
    ) ?? null
  );
}
