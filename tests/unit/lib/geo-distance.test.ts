import { describe, expect, it } from 'vitest';
import { distanceKm as serverDistanceKm } from '../../../server/geo/distance.ts';
import { distanceKm, isWithinDeliveryArea } from '../../../src/lib/geo-distance.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };

describe('distance for the UI', () => {
  it('measures as the server does, so the app disables exactly the addresses place-order refuses', () => {
    for (const point of [
      { latitude: 40.47, longitude: -79.9959 },
      { latitude: 40.4, longitude: -80.1 },
      { latitude: -33.86, longitude: 151.21 },
      MARKET_SQUARE,
    ]) {
      expect(distanceKm(MARKET_SQUARE, point)).toBe(serverDistanceKm(MARKET_SQUARE, point));
    }
    // One degree of latitude is about 111 km.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.2, 1);
  });

  it('a point exactly on the radius is inside; a metre beyond is not', () => {
    const point = { latitude: 40.47, longitude: -79.9959 };
    const km = distanceKm(MARKET_SQUARE, point);
    expect(isWithinDeliveryArea(point, { ...MARKET_SQUARE, radiusKm: km })).toBe(true);
    expect(isWithinDeliveryArea(point, { ...MARKET_SQUARE, radiusKm: km - 0.001 })).toBe(false);
  });
});
