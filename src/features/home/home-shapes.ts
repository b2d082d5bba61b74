/**
 * The shapes the home's live reads answer and its snapshot keeps (the
 * store list for the address and order type, the promo sliders), with no
 * hook or replica behind them: boot reads the snapshot before React starts.
 */
import type { OrderTypePreference } from '../../api/constants.ts';
import type { PromoSlide } from '../../api/entities.ts';
import type { AddressRow } from '../../db/schema.ts';
import type { SavedList } from '../stores/saved-list.ts';

export interface HomeStores {
  /** Null when no address is set. */
  address: AddressRow | null;
  orderType: OrderTypePreference;
  /** The list saved for the address and order type; undefined when none is. */
  saved: SavedList | undefined;
  /** From the home snapshot, which keeps only the first stores: how many the whole list has. */
  storeCount?: number;
}

export type Ordered<T> = T & { order: number };
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
