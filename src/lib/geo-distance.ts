/**
 * Great-circle distance for the UI (the server's is server/geo/distance.ts,
 * which the UI may not import): the same haversine and Earth radius, so a
 * screen says "outside the delivery area" exactly when place-order would
 * refuse the address (OUT_OF_DELIVERY_AREA: farther than the radius).
 */
export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A store's delivery circle. */
export interface DeliveryArea extends LatLng {
  radiusKm: number;
}

/** Inside when at most radiusKm away, as the server decides. */
export function isWithinDeliveryArea(point: LatLng, area: DeliveryArea): boolean {
  return distanceKm(point, area) <= area.radiusKm;
}
