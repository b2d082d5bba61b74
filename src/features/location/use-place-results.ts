/**
 * Places for the text typed on /search-location: the saved answer for this
 * query at once, else the saved answers of earlier queries that match it; the
 * worker's search (debounced) writes the fresh answer into the replica, and
 * the live query shows it. Offline, what the replica holds is the answer.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { PLACE_SEARCH_LIMIT, type Place } from '../../api/entities.ts';
import { placeMatchTier } from '../../api/catalog/place-text.ts';
import { useServices } from '../../base/services.tsx';
import { placeSearchKey } from '../../db/keys.ts';
import type { ReplicaDatabase } from '../../db/schema.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';

export const PLACE_SEARCH_DEBOUNCE_MS = 250;

export interface PlaceResults {
  /** Null while the replica is read. */
  places: Place[] | null;
  /** The server has not answered this query yet. */
  searching: boolean;
  /** The server could not be reached: the places are what this device saved. */
  unreachable: boolean;
}

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Saved places of earlier searches that match the query, best match first, each place once. */
async function savedMatches(db: ReplicaDatabase, key: string): Promise<Place[]> {
  const seen = new Set<string>();
  const found: { place: Place; tier: number }[] = [];
  for (const row of await db.placeSearches.orderBy('fetchedAt').reverse().toArray()) {
    for (const place of row.places) {
      const tier = placeMatchTier(key, place.name.split(',')[0] ?? place.name, place.name);
      if (tier === null || seen.has(place.name)) continue;
      seen.add(place.name);
      found.push({ place, tier });
    }
  }
  // Stable: within a tier, the newest search's order.
  return found.sort((a, b) => a.tier - b.tier).slice(0, PLACE_SEARCH_LIMIT).map(({ place }) => place);
}

export function usePlaceResults(query: string): PlaceResults {
  const { db, worker } = useServices();
  const key = placeSearchKey(query);
  const debouncedQuery = useDebounced(query, PLACE_SEARCH_DEBOUNCE_MS);
  const debouncedKey = placeSearchKey(debouncedQuery);
  const { result } = useWorkerRefresh(`places:${debouncedKey}`, () => worker.searchPlaces(debouncedQuery), debouncedKey !== '');
  const places = useLiveQuery(
    async () => {
      if (key === '') return [];
      const row = await db.placeSearches.get(key);
      return row ? row.places : savedMatches(db, key);
    },
    [db, key],
    null,
  );
  const settled = debouncedKey === key && result !== null;
  return { places, searching: key !== '' && !settled, unreachable: settled && isUnreachable(result) };
}
