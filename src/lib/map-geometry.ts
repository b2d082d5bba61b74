/**
 * The delivery map's geometry, drawn without map tiles (the app is offline
 * first, and nothing is fetched from the internet at run time): an
 * equirectangular projection around the centre of the points, which over the
 * few kilometres of a delivery is as true as any map, a scale bar of a round
 * length, and distances in words.
 */
import { EARTH_RADIUS_KM, type GeoPoint } from '../api/orders/worker-api.ts';
import type { Translate } from '../api/language/format-text.ts';

export interface MapSize {
  width: number;
  height: number;
  /** Room kept free at every edge for the markers. */
  padding: number;
}

export const MAP_SIZE: MapSize = { width: 320, height: 220, padding: 28 };

/** However close the points, the map shows at least this many km across (a driver at the door is still a map). */
const MIN_SPAN_KM = 0.3;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

export interface Projection {
  /** Pixels of the SVG's viewBox for a point. */
  toXY(point: GeoPoint): { x: number; y: number };
  pixelsPerKm: number;
}

export function projectionFor(points: readonly GeoPoint[], size: MapSize = MAP_SIZE): Projection {
  const lats = points.map((point) => point.latitude);
  const lngs = points.map((point) => point.longitude);
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const lng0 = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const kmPerLngDegree = KM_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const spanXKm = Math.max(MIN_SPAN_KM, (Math.max(...lngs) - Math.min(...lngs)) * kmPerLngDegree);
  const spanYKm = Math.max(MIN_SPAN_KM, (Math.max(...lats) - Math.min(...lats)) * KM_PER_DEGREE);
  const pixelsPerKm = Math.min((size.width - 2 * size.padding) / spanXKm, (size.height - 2 * size.padding) / spanYKm);
  return {
    pixelsPerKm,
    toXY: (point) => ({
      x: size.width / 2 + (point.longitude - lng0) * kmPerLngDegree * pixelsPerKm,
      // North is up: latitude grows upwards, SVG's y downwards.
      y: size.height / 2 - (point.latitude - lat0) * KM_PER_DEGREE * pixelsPerKm,
    }),
  };
}

/** The longest round length (1, 2 or 5 × a power of ten, km) that fits in `maxKm`. */
export function roundScaleKm(maxKm: number): number {
  const power = 10 ** Math.floor(Math.log10(maxKm));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= maxKm) ?? power;
}

/** A scale bar about a third of the map wide. */
export function scaleBarFor(projection: Projection, size: MapSize = MAP_SIZE): { km: number; pixels: number } {
  const km = roundScaleKm((size.width - 2 * size.padding) / 3 / projection.pixelsPerKm);
  return { km, pixels: km * projection.pixelsPerKm };
}

/** "850 m" under a kilometre, "1.2 km" from there (whole km from 10 km). */
export function distanceText(km: number, t: Translate): string {
  const meters = Math.max(10, Math.round((km * 1000) / 10) * 10);
  if (meters < 1000) return t('distanceMeters', { meters });
  return t('distanceKilometres', { km: km < 10 ? km.toFixed(1) : Math.round(km).toString() });
}

/** OpenStreetMap at the point, for a customer who is online and wants a real map. */
export function openStreetMapUrl(point: GeoPoint): string {
  const lat = point.latitude.toFixed(5);
  const lng = point.longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
