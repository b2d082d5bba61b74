/**
 * Distances on the globe and the bounding box a nearby query prefilters with.
 * The box is deliberately a little larger than the circle it holds, so the
 * exact haversine check afterwards never misses a store the box dropped.
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export const EARTH_RADIUS_KM = 6371.0088;
/** The shortest a degree of latitude gets (at the equator): a box built with it is never too small. */
const KM_PER_DEGREE_LATITUDE_MIN = 110.574;
const KM_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111.32;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** km rounded to one decimal, as the store card shows it. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** One range, or two when the box crosses the antimeridian. */
  longitudeRanges: readonly (readonly [number, number])[];
}

/** The box holding every point within `km` of `center`. */
export function boundingBox(center: GeoPoint, km: number): BoundingBox {
  const dLat = (km / KM_PER_DEGREE_LATITUDE_MIN) * 1.001;
  const minLatitude = Math.max(-90, center.latitude - dLat);
  const maxLatitude = Math.min(90, center.latitude + dLat);
  // Near a pole every longitude is close: no longitude bound at all.
  const widestLatitude = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  if (widestLatitude >= 89.9) return { minLatitude, maxLatitude, longitudeRanges: [[-180, 180]] };
  const dLng = (km / (KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos(toRadians(widestLatitude)))) * 1.001;
  if (dLng >= 180) return { minLatitude, maxLatitude, longitudeRanges: [[-180, 180]] };
  const west = center.longitude - dLng;
  const east = center.longitude + dLng;
  if (west < -180) return { minLatitude, maxLatitude, longitudeRanges: [[west + 360, 180], [-180, east]] };
  if (east > 180) return { minLatitude, maxLatitude, longitudeRanges: [[west, 180], [-180, east - 360]] };
  return { minLatitude, maxLatitude, longitudeRanges: [[west, east]] };
}
