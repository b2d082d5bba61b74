import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS, type TextKey } from '../../../../src/api/language/texts.ts';
import { formatText } from '../../../../src/api/language/format-text.ts';
import { bearingDegrees, distanceKm } from '../../../../src/api/orders/worker-api.ts';
import { MAP_SIZE, distanceText, projectionFor, roundScaleKm, scaleBarFor } from '../../../../src/lib/map-geometry.ts';

const t = (key: TextKey, values?: Record<string, string | number>) => formatText(ENGLISH_TEXTS[key], values);
const STORE = { latitude: 40.4406, longitude: -79.9959 };
/** 1 km north, and about 1 km east, of the store. */
const NORTH = { latitude: 40.449593, longitude: -79.9959 };
const EAST = { latitude: 40.4406, longitude: -79.984073 };

describe('the delivery map', () => {
  it('keeps north up and one kilometre the same length across as up', () => {
    const projection = projectionFor([STORE, NORTH, EAST]);
    const store = projection.toXY(STORE);
    const north = projection.toXY(NORTH);
    const east = projection.toXY(EAST);
    expect(north.y).toBeLessThan(store.y);
    expect(north.x).toBeCloseTo(store.x, 5);
    expect(east.x).toBeGreaterThan(store.x);
    expect(store.y - north.y).toBeCloseTo(east.x - store.x, 0);
    for (const point of [store, north, east]) {
      expect(point.x).toBeGreaterThanOrEqual(MAP_SIZE.padding - 0.001);
      expect(point.x).toBeLessThanOrEqual(MAP_SIZE.width - MAP_SIZE.padding + 0.001);
      expect(point.y).toBeGreaterThanOrEqual(MAP_SIZE.padding - 0.001);
      expect(point.y).toBeLessThanOrEqual(MAP_SIZE.height - MAP_SIZE.padding + 0.001);
    }
  });

  it('still draws a map when every point is the same (a driver at the door)', () => {
    const projection = projectionFor([STORE, STORE]);
    expect(Number.isFinite(projection.pixelsPerKm)).toBe(true);
    expect(projection.toXY(STORE)).toEqual({ x: MAP_SIZE.width / 2, y: MAP_SIZE.height / 2 });
  });

  it('draws a scale bar of a round length, about a third of the map wide', () => {
    expect([0.07, 0.3, 0.99, 1, 4.9, 12].map(roundScaleKm)).toEqual([0.05, 0.2, 0.5, 1, 2, 10]);
    const scale = scaleBarFor(projectionFor([STORE, NORTH]));
    expect([0.1, 0.2, 0.5, 1]).toContain(scale.km);
    expect(scale.pixels).toBeLessThanOrEqual((MAP_SIZE.width - 2 * MAP_SIZE.padding) / 3 + 0.001);
  });

  it('says distances in metres under a kilometre and in kilometres from there', () => {
    expect(distanceText(distanceKm(STORE, NORTH), t)).toBe('1.0 km');
    expect(distanceText(0.004, t)).toBe('10 m');
    expect(distanceText(0.8437, t)).toBe('840 m');
    expect(distanceText(0.9996, t)).toBe('1.0 km');
    expect(distanceText(12.4, t)).toBe('12 km');
  });

  it('works out a heading clockwise from north', () => {
    expect(bearingDegrees(STORE, NORTH)).toBeCloseTo(0, 3);
    expect(bearingDegrees(STORE, EAST)).toBeCloseTo(90, 0);
    expect(bearingDegrees(NORTH, STORE)).toBeCloseTo(180, 3);
    expect(distanceKm(STORE, EAST)).toBeCloseTo(1, 2);
  });
});
