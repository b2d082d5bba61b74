/** Live reads of the home screen from the replica (the worker's refreshHome writes them). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderTypePreference } from '../../api/constants.ts';
import type { CategorySlide, PromoSlide } from '../../api/entities.ts';
import { homeStoreListKey } from '../../db/keys.ts';
import { PrefKey, type AddressRow } from '../../db/schema.ts';
import { useHomeSnapshot } from '../../app/look.tsx';
import { useReplica } from '../../app/services.tsx';
import { orderTypeOf, storesInOrder, type SavedList } from '../stores/store-rows.ts';

export interface HomeStores {
  /** Null when no address is set. */
  address: AddressRow | null;
  orderType: OrderTypePreference;
  /** The list saved for the address and order type; undefined when none is. */
  saved: SavedList | undefined;
  /** From the home snapshot, which keeps only the first stores: how many the whole list has. */
  storeCount?: number;
}

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
  return useLiveQuery(async (): Promise<HomeStores> => {
    const [address, orderTypePref] = await Promise.all([db.address.get('current'), db.prefs.get(PrefKey.orderType)]);
    const orderType = orderTypeOf(orderTypePref?.value);
    if (!address) return { address: null, orderType, saved: undefined };
    const list = await db.storeLists.get(homeStoreListKey(address, orderType));
    return { address, orderType, saved: list ? { list, stores: await storesInOrder(db, list.storeIds) } : undefined };
  }, [db], fromSnapshot);
}

type Ordered<T> = T & { order: number };
export type PromoSlideRow = Ordered<PromoSlide> & { group: 'main' | 'other' };

/** One slider: its slides in order, where it goes and how big its images are. */
export interface PromoSliderGroup {
  id: number;
  /** Inserted after this many stores of the list (main sliders sit above it). */
  position: number;
  size: number;
  slides: PromoSlideRow[];
}

export interface HomeSliders {
  main: PromoSliderGroup[];
  other: PromoSliderGroup[];
}

const NO_SLIDERS: HomeSliders = { main: [], other: [] };

/** Slides grouped by their slider, in server order; each group by position. */
export function groupSliders(rows: readonly PromoSlideRow[]): HomeSliders {
  const groups = new Map<number, PromoSliderGroup & { main: boolean }>();
  for (const row of [...rows].sort((a, b) => a.order - b.order)) {
    const { id, position_id, size } = row.promo_slider;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { id, position: position_id, size, slides: [], main: row.group === 'main' }));
    group.slides.push(row);
  }
  const all = [...groups.values()].sort((a, b) => a.position - b.position);
  return { main: all.filter((g) => g.main), other: all.filter((g) => !g.main) };
}

export function usePromoSliders(): HomeSliders {
  const db = useReplica();
  const snapshot = useHomeSnapshot();
  return useLiveQuery(
    async () => groupSliders((await db.slides.toArray()) as unknown as PromoSlideRow[]),
    [db],
    snapshot?.sliders ?? NO_SLIDERS,
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
