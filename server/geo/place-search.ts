/**
 * Place search by text behind search-places: the store's popular locations
 * first, then real places. Real places come from the embedded gazetteer (the
 * streets of Riverton and the world's places of gazetteer-places.ts), so the
 * call answers with no internet; with GEOCODER=nominatim they come from the
 * online provider, and from the gazetteer whenever it fails or finds nothing.
 */
import type { Place } from '../../src/api/entities.ts';
import { foldPlaceText, placeMatchTier } from '../../src/api/catalog/place-text.ts';
import { distanceKm, type GeoPoint } from './distance.ts';
import { RIVERTON_STREETS } from './gazetteer.ts';
import { WORLD_PLACES } from './gazetteer-places.ts';
import type { NominatimOptions } from './reverse-geocoder.ts';

export interface PlaceQuery {
  text: string;
  /** Nearer places first (among equally good matches). */
  near?: GeoPoint | undefined;
  limit: number;
}

/** A source of real places; null or empty when it has nothing for the query. */
export interface PlaceSearcher {
  readonly name: string;
  search(query: PlaceQuery): Promise<Place[] | null>;
}

/** A named point to match: `name` is matched first, then every word of `label`. */
export interface PlaceEntry extends GeoPoint {
  name: string;
  /** What the answer calls it, e.g. "Washington, Pennsylvania, United States". */
  label: string;
}

/** The entries that match `query`, best match first, then nearest, then by label. */
export function rankEntries(entries: readonly PlaceEntry[], query: PlaceQuery, kind: Place['kind']): Place[] {
  const folded = foldPlaceText(query.text);
  const near = query.near;
  const matches: { entry: PlaceEntry; tier: number; km: number }[] = [];
  for (const entry of entries) {
    const tier = placeMatchTier(folded, entry.name, entry.label);
    if (tier !== null) matches.push({ entry, tier, km: near ? distanceKm(near, entry) : 0 });
  }
  matches.sort((a, b) => a.tier - b.tier || a.km - b.km || a.entry.label.localeCompare(b.entry.label));
  return matches.slice(0, query.limit).map(({ entry }) => ({
    name: entry.label,
    latitude: entry.latitude,
    longitude: entry.longitude,
    kind,
  }));
}

/** The gazetteer as entries, labelled as coordinate-to-address names them. */
export const GAZETTEER_ENTRIES: readonly PlaceEntry[] = [
  ...RIVERTON_STREETS.map((street) => ({
    name: street.address.split(',')[0] ?? street.address,
    label: street.address,
    latitude: street.latitude,
    longitude: street.longitude,
  })),
  ...WORLD_PLACES.map(([name, region, country, latitude, longitude]) => ({
    name,
    label: (region === name ? [name, country] : [name, region, country]).join(', '),
    latitude,
    longitude,
  })),
];

export function createGazetteerPlaceSearcher(entries: readonly PlaceEntry[] = GAZETTEER_ENTRIES): PlaceSearcher {
  return {
    name: 'gazetteer',
    async search(query) {
      return rankEntries(entries, query, 'place');
    },
  };
}

/**
 * Nominatim's /search (OpenStreetMap). Its policy asks for a real User-Agent
 * and at most one request a second: the app debounces typing, and a
 * self-hosted instance (GEOCODER_URL) has no such limit.
 */
export function createNominatimPlaceSearcher(options: NominatimOptions): PlaceSearcher {
  const baseUrl = options.baseUrl ?? 'https://nominatim.openstreetmap.org';
  return {
    name: 'nominatim',
    async search(query) {
      const params = new URLSearchParams({ format: 'jsonv2', q: query.text, limit: String(query.limit) });
      if (query.near) {
        // A box of about 100 km around the point: preferred, not a limit (bounded=0).
        const { latitude: lat, longitude: lng } = query.near;
        params.set('viewbox', [lng - 0.5, lat + 0.5, lng + 0.5, lat - 0.5].map((n) => n.toFixed(4)).join(','));
      }
      const response = await fetch(`${new URL('/search', baseUrl).toString()}?${params.toString()}`, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (!response.ok) throw new Error(`nominatim /search answered ${response.status}`);
      const body: unknown = await response.json();
      if (!Array.isArray(body)) throw new Error('nominatim /search answered no list');
      return body.flatMap((hit: unknown): Place[] => {
        const { display_name: name, lat, lon } = (hit ?? {}) as { display_name?: unknown; lat?: unknown; lon?: unknown };
        const latitude = Number(lat);
        const longitude = Number(lon);
        const valid =
          typeof name === 'string' && name !== '' && Number.isFinite(latitude) && Number.isFinite(longitude) &&
          Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
        return valid ? [{ name: name.slice(0, 300), latitude, longitude, kind: 'place' }] : [];
      }).slice(0, query.limit);
    },
  };
}

/** Popular locations first, then real places from `places`, falling back to the gazetteer. */
export interface PlaceSearch {
  search(query: PlaceQuery): Promise<Place[]>;
}

export interface PlaceSearchOptions {
  /** The popular locations of the moment (an administrator edits them). */
  popular: () => Promise<readonly PlaceEntry[]>;
  /** The online provider, when one is configured. */
  online?: PlaceSearcher | undefined;
  gazetteer?: PlaceSearcher;
  onError?: (error: unknown) => void;
}

export function createPlaceSearch(options: PlaceSearchOptions): PlaceSearch {
  const gazetteer = options.gazetteer ?? createGazetteerPlaceSearcher();
  return {
    async search(query) {
      if (foldPlaceText(query.text) === '') return [];
      const popular = rankEntries(await options.popular(), query, 'popular');
      const rest = { ...query, limit: query.limit - popular.length };
      if (rest.limit <= 0) return popular.slice(0, query.limit);
      let places: Place[] | null = null;
      if (options.online) {
        try {
          places = await options.online.search(rest);
        } catch (error) {
          options.onError?.(error);
        }
      }
      if (!places || places.length === 0) places = (await gazetteer.search(rest)) ?? [];
      return [...popular, ...places.slice(0, rest.limit)];
    },
  };
}
