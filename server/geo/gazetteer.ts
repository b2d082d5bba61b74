/**
 * Offline reverse geocoding on an embedded gazetteer: the demo city's own
 * streets and the popular locations an administrator keeps name a point close
 * to them; anywhere else gets the nearest real place (gazetteer-places.ts).
 */
import { distanceKm, type GeoPoint } from './distance.ts';
import { WORLD_PLACES } from './gazetteer-places.ts';

export interface LocalPlace extends GeoPoint {
  /** The full formatted address, e.g. "Mill Street, Old Mill District, Riverton". */
  address: string;
}

/** A local entry names a point within this distance of it. */
export const LOCAL_MATCH_KM = 1.5;
/** Beyond this distance from the nearest place, the address says "Near …". */
export const PLACE_MATCH_KM = 25;

/** Streets of Riverton, the demo city (at Pittsburgh's coordinates). */
export const RIVERTON_STREETS: readonly LocalPlace[] = [
  { address: 'Market Street, Riverton', latitude: 40.4413, longitude: -79.997 },
  { address: 'Mill Street, Old Mill District, Riverton', latitude: 40.4633, longitude: -79.9822 },
  { address: 'Baker Lane, Old Mill District, Riverton', latitude: 40.4661, longitude: -79.9785 },
  { address: 'College Avenue, University Hill, Riverton', latitude: 40.4452, longitude: -79.9562 },
  { address: 'Cedar Avenue, University Hill, Riverton', latitude: 40.4428, longitude: -79.9617 },
  { address: 'River Road, Riverside Park, Riverton', latitude: 40.4462, longitude: -80.0068 },
  { address: 'Wharf Street, Harbor Point, Riverton', latitude: 40.4327, longitude: -80.0021 },
  { address: 'Lantern Row, Harbor Point, Riverton', latitude: 40.4389, longitude: -80.0107 },
];

export interface PlaceMatch {
  address: string;
  km: number;
}

function nearestLocal(point: GeoPoint, places: readonly LocalPlace[]): PlaceMatch | undefined {
  let best: PlaceMatch | undefined;
  for (const place of places) {
    const km = distanceKm(point, place);
    if (km <= LOCAL_MATCH_KM && (!best || km < best.km)) best = { address: place.address, km };
  }
  return best;
}

export function nearestWorldPlace(point: GeoPoint): PlaceMatch {
  let best: PlaceMatch = { address: '', km: Number.POSITIVE_INFINITY };
  for (const [name, region, country, latitude, longitude] of WORLD_PLACES) {
    const km = distanceKm(point, { latitude, longitude });
    if (km < best.km) {
      const parts = region === name ? [name, country] : [name, region, country];
      best = { address: parts.join(', '), km };
    }
  }
  return best;
}

/** The formatted address of a point; `extraPlaces` (popular locations) count as local entries. */
export function formatAddress(point: GeoPoint, extraPlaces: readonly LocalPlace[] = []): string {
  const local = nearestLocal(point, [...extraPlaces, ...RIVERTON_STREETS]);
  if (local) return local.address;
  const place = nearestWorldPlace(point);
  return place.km <= PLACE_MATCH_KM ? place.address : `Near ${place.address}`;
}
