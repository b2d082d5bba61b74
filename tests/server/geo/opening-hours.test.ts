/** is_open from opening windows in the store's own time zone, including windows past midnight. */
import { describe, expect, it } from 'vitest';
import { isOpenAt, localTime } from '../../../server/geo/opening-hours.ts';
import { boundingBox, distanceKm } from '../../../server/geo/distance.ts';

const FRIDAY = 5;
const SATURDAY = 6;
const late = [{ day: FRIDAY, opensMinute: 11 * 60, closesMinute: 3 * 60 }];

describe('opening hours', () => {
  it('a window past midnight is still open early the next day', () => {
    expect(isOpenAt(late, { day: FRIDAY, minute: 23 * 60 })).toBe(true);
    expect(isOpenAt(late, { day: SATURDAY, minute: 2 * 60 + 59 })).toBe(true);
    expect(isOpenAt(late, { day: SATURDAY, minute: 3 * 60 })).toBe(false);
    expect(isOpenAt(late, { day: FRIDAY, minute: 10 * 60 })).toBe(false);
  });

  it('closes at the closing minute; a store with no windows is always open', () => {
    const lunch = [{ day: 1, opensMinute: 690, closesMinute: 900 }];
    expect(isOpenAt(lunch, { day: 1, minute: 690 })).toBe(true);
    expect(isOpenAt(lunch, { day: 1, minute: 900 })).toBe(false);
    expect(isOpenAt([], { day: 3, minute: 0 })).toBe(true);
  });

  it('reads the local day and time in the store time zone', () => {
    // 2025-01-04 02:30 UTC is Friday 21:30 in New York.
    const at = new Date('2025-01-04T02:30:00Z');
    expect(localTime(at, 'America/New_York')).toEqual({ day: FRIDAY, minute: 21 * 60 + 30 });
    expect(localTime(at, 'UTC')).toEqual({ day: SATURDAY, minute: 150 });
    expect(localTime(at, 'Not/AZone')).toEqual({ day: SATURDAY, minute: 150 });
  });
});

describe('bounding box', () => {
  it('holds every point within the distance, also across the antimeridian', () => {
    const center = { latitude: 10, longitude: 179.99 };
    const box = boundingBox(center, 20);
    expect(box.longitudeRanges).toHaveLength(2);
    const east = { latitude: 10.1, longitude: -179.95 };
    expect(distanceKm(center, east)).toBeLessThan(20);
    expect(box.longitudeRanges.some(([w, e]) => east.longitude >= w && east.longitude <= e)).toBe(true);
    expect(boundingBox({ latitude: 89.95, longitude: 0 }, 20).longitudeRanges).toEqual([[-180, 180]]);
  });
});
