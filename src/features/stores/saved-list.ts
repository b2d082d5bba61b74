/**
 * A saved store list with its stores, and the order type a stored preference
 * names: plain shapes the home snapshot (read at boot, before React) shares
 * with the live reads, with no hook or replica behind them.
 */
import { DEFAULT_ORDER_TYPE, type OrderTypePreference } from '../../api/constants.ts';
import type { StoreListRow, StoreRow } from '../../db/schema.ts';

/** The order-type preference from its stored value (spec §4: DELIVERY unless SELFPICKUP was chosen). */
export function orderTypeOf(stored: unknown): OrderTypePreference {
  return stored === 'SELFPICKUP' ? 'SELFPICKUP' : DEFAULT_ORDER_TYPE;
}

export interface SavedList {
  list: StoreListRow;
  stores: StoreRow[];
}
