/**
 * The one order of popular locations wherever they are listed (the home's
 * location sheet, the search page): the primary location first, then by name,
 * case and accents ignored. Its own module so the home's first route does not
 * pull the search page in.
 *
 * Names are compared folded, not with `localeCompare`: the first use of Intl
 * on a page loads its locale data, about 100 ms of a slow phone's main thread
 * on a first visit, where the location sheet opens over the home.
 */
import { foldPlaceText } from '../../api/catalog/place-text.ts';

export interface OrderablePopularLocation {
  readonly name: string;
  readonly is_default: boolean;
}

function byFoldedName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function primaryFirstThenByName<T extends OrderablePopularLocation>(locations: readonly T[]): T[] {
  return locations
    .map((location) => ({ location, folded: foldPlaceText(location.name) }))
    .sort((a, b) => Number(b.location.is_default) - Number(a.location.is_default) || byFoldedName(a.folded, b.folded) || byFoldedName(a.location.name, b.location.name))
    .map(({ location }) => location);
}
