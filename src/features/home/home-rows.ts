/** Live reads of the home screen from the replica (the worker's refreshHome writes them). */
import { useLiveQuery } from '../../db/live-query.ts';
import type { CategorySlide } from '../../api/entities.ts';
import { homeStoreListKey } from '../../db/keys.ts';
import { PrefKey, SyncResource } from '../../db/schema.ts';
import { useHomeSnapshot } from '../../base/settings-and-language.tsx';
import { useReplica } from '../../base/services.tsx';
import { orderTypeOf } from '../stores/saved-list.ts';
import { storesInOrder } from '../stores/store-rows.ts';
import { groupSliders, type HomeSliders, type HomeStores, type Ordered, type PromoSlideRow } from './home-shapes.ts';

/**
 * The address, the order type and the store list saved for both, in one live
 * query. Read one after the other by separate components they were three
 * rounds of reading and rendering before the first store card could paint
 * (each round waits for the one before); here they are one. Until it
 * answers: the home snapshot's, when boot read one.
 */
export function useHomeStores(): HomeStores | undefined {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  const fromSnapshot = snapshot && { address: snapshot.address, orderType: snapshot.orderType, saved: snapshot.saved, storeCount: snapshot.storeCount };
  return useLiveQuery(
    () =>
      db.transaction('r', [db.address, db.prefs, db.storeLists, db.stores], async (): Promise<HomeStores> => {
        const [address, orderTypePref] = await Promise.all([db.address.get('current'), db.prefs.get(PrefKey.orderType)]);
        const orderType = orderTypeOf(orderTypePref?.value);
        if (!address) return { address: null, orderType, saved: undefined };
        const list = await db.storeLists.get(homeStoreListKey(address, orderType));
        return { address, orderType, saved: list ? { list, stores: await storesInOrder(db, list.storeIds) } : undefined };
      }),
    [db],
    fromSnapshot,
  );
}

const NO_SLIDERS: HomeSliders = { main: [], other: [] };

/** The home's promo sliders, and whether the slides were ever answered here (fetched, or refused). */
export interface PromoSlidersView {
  sliders: HomeSliders;
  /**
   * False on a first visit until the home's first answer: whether a main
   * slider will come is not known yet, and home holds its place (MobileHome)
   * rather than push the list down when it does. A repeat visit's snapshot knows.
   */
  known: boolean;
}

/**
 * Both in one read transaction: two reads of their own could fall either
 * side of the worker's write (the slides read before it, the state after),
 * and one frame would show the slides known but not there.
 */
export function usePromoSliders(): PromoSlidersView {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  return useLiveQuery(
    () =>
      db.transaction('r', db.slides, db.syncState, async (): Promise<PromoSlidersView> => {
        const [rows, state] = await Promise.all([db.slides.toArray(), db.syncState.get(SyncResource.promoSlides)]);
        return { sliders: groupSliders(rows as unknown as PromoSlideRow[]), known: state !== undefined };
      }),
    [db],
    snapshot ? { sliders: snapshot.sliders, known: true } : { sliders: NO_SLIDERS, known: false },
  );
}

export function useCategorySlides(): CategorySlide[] {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  return useLiveQuery(
    async () => ((await db.categorySlides.toArray()) as unknown as Ordered<CategorySlide>[]).sort((a, b) => a.order - b.order),
    [db],
    snapshot?.categorySlides ?? [],
  );
}
