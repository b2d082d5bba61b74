/**
 * Store cards: everything a `Store` answer holds except the two fields that
 * depend on the request (distance, is_open), read from the database in a few
 * queries per batch of stores, with the card's JSON written once, up to the
 * per-request fields, which come last:
 *
 *   jsonHead + `1.4,"is_open":true}`
 *
 * The second piece comes from a table (distance to 0.1 km × open or not), so
 * an answer is two memory copies per store, with no string to build, flatten
 * and encode per request. It holds the same fields and values as Fastify's
 * serializer would write for that Store (JSON objects are unordered; only
 * distance and is_open move to the end), which tests/server/nearby/nearby-engine.test.ts
 * checks against the response schema and the SQL path.
 */
import type { FastifyInstance } from 'fastify';
import { EARTH_RADIUS_KM } from '../geo/distance.ts';
import type { OpeningWindow } from '../geo/opening-hours.ts';
import { storeFields, type StoreFields, type StoreRow } from '../catalog/store-entities.ts';

export const MINUTES_PER_WEEK = 7 * 24 * 60;

export type StoreCardFields = StoreFields;

export interface StoreCard {
  id: number;
  isFeatured: boolean;
  latitude: number;
  longitude: number;
  deliveryType: number;
  deliveryRadiusKm: number;
  timezone: string;
  /** The store's point on the unit sphere: a distance check without trigonometry (chord length). */
  x: number;
  y: number;
  z: number;
  /**
   * When the store is open, as [start, end) pairs of minutes since Sunday
   * 00:00 local time, flat; null when it publishes no hours (always open).
   */
  openMinutes: Int32Array | null;
  /** The card's slot in the index that holds it (card-slots.ts); -1 while in none. */
  slot: number;
  /** The store's category ids, ascending. */
  categoryIds: readonly number[];
  /**
   * The card's JSON (UTF-8) from `{` up to and including `"distance":`, with
   * a comma in front (`subarray(1)` for the first card of a list).
   */
  jsonHead: Buffer;
  fields: StoreCardFields;
}

/**
 * Opening windows as week-minute intervals. A window whose closing minute is
 * at or before its opening minute runs into the next day; Saturday's runs
 * into Sunday morning (split at the end of the week). The same rule as
 * isOpenAt() in geo/opening-hours.ts.
 */
export function weekIntervals(windows: readonly OpeningWindow[]): Int32Array {
  const pairs: number[] = [];
  for (const w of windows) {
    const start = w.day * 1440 + w.opensMinute;
    const end = w.day * 1440 + (w.closesMinute <= w.opensMinute ? 1440 : 0) + w.closesMinute;
    if (end <= MINUTES_PER_WEEK) pairs.push(start, end);
    else pairs.push(start, MINUTES_PER_WEEK, 0, end - MINUTES_PER_WEEK);
  }
  return Int32Array.from(pairs);
}

export function isOpenAtWeekMinute(openMinutes: Int32Array | null, weekMinute: number): boolean {
  if (openMinutes === null) return true;
  for (let i = 0; i < openMinutes.length; i += 2) {
    if (weekMinute >= (openMinutes[i] as number) && weekMinute < (openMinutes[i + 1] as number)) return true;
  }
  return false;
}

function cardOf(
  row: StoreRow,
  review: { avgRating: number; count: number } | undefined,
  windows: readonly OpeningWindow[] | undefined,
  categoryIds: readonly number[],
): StoreCard {
  const fields = storeFields(row, review);
  const { id, latitude, longitude, delivery_type: deliveryType } = fields;
  // The card's JSON with a placeholder, cut in front of it: `...,"distance":` + `null,"is_open":false}`.
  const json = JSON.stringify({ ...fields, distance: null, is_open: false });
  return {
    id,
    isFeatured: fields.is_featured,
    latitude,
    longitude,
    deliveryType,
    deliveryRadiusKm: Number(row.delivery_radius_km),
    timezone: row.timezone,
    ...unitVector(latitude, longitude),
    openMinutes: windows && windows.length > 0 ? weekIntervals(windows) : null,
    slot: -1,
    categoryIds,
    jsonHead: Buffer.from(`,${json.slice(0, -JSON_TAIL.length)}`),
    fields,
  };
}

/**
 * The squared straight-line distance through the unit sphere between two
 * points `km` apart along it, with a little slack: compared with the squared
 * difference of unit vectors, it drops stores out of reach without any
 * trigonometry; the haversine distance decides for the rest.
 */
export function chord2(km: number): number {
  const chord = 2 * Math.sin(Math.min(Math.PI, (km * 1.001 + 0.001) / EARTH_RADIUS_KM) / 2);
  return chord * chord;
}

export function unitVector(latitude: number, longitude: number): { x: number; y: number; z: number } {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  return { x: Math.cos(lat) * Math.cos(lng), y: Math.cos(lat) * Math.sin(lng), z: Math.sin(lat) };
}

const JSON_TAIL = 'null,"is_open":false}';

/**
 * The queries a refresh runs, as builders from the repositories so tests can
 * ask each dialect's planner how it runs them (tests/server/nearby/store-lists.test.ts):
 * every one is an index search, never a scan of a whole table.
 */
export function cardQueries(app: FastifyInstance) {
  return {
    /** The stores changed after `version` (catalog_changes_version_idx), at most `limit`. */
    changedSince: (version: number, limit: number) => app.catalogChangesRepository.changedStoresQuery(version, limit),
    /** A batch of a full build, by primary key. */
    storesAfter: (afterId: number, limit: number) => app.storesRepository.cardsAfterQuery(afterId, limit),
    storesById: (ids: readonly number[]) => app.storesRepository.cardsByIdQuery(ids),
    /** By the primary key (restaurant_id, day_of_week, opens_minute). */
    hours: (ids: readonly number[]) => app.storesRepository.cardHoursQuery(ids),
    /** By reviews_restaurant_idx. */
    reviews: (ids: readonly number[]) => app.reviewsRepository.aggregatesQuery(ids),
    /** By the primary key (restaurant_id, category_id). */
    links: (ids: readonly number[]) => app.storesRepository.cardLinksQuery(ids),
  };
}

/** The cards of these stores (ids of stores that no longer exist are simply missing). */
export async function loadCards(app: FastifyInstance, ids: readonly number[]): Promise<StoreCard[]> {
  if (ids.length === 0) return [];
  return cardsOf(app, await cardQueries(app).storesById(ids).execute());
}

/** Up to `limit` cards of the stores with an id above `afterId`, by id: a full build reads the catalogue in batches. */
export async function loadCardsAfter(app: FastifyInstance, afterId: number, limit: number): Promise<StoreCard[]> {
  return cardsOf(app, await cardQueries(app).storesAfter(afterId, limit).execute());
}

/** Pushes `value` onto the list of `key`. */
function append<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function cardsOf(app: FastifyInstance, rows: readonly StoreRow[]): Promise<StoreCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const queries = cardQueries(app);
  const [hourRows, reviewRows, linkRows] = await Promise.all([
    queries.hours(ids).execute(),
    queries.reviews(ids).execute(),
    queries.links(ids).execute(),
  ]);
  const hours = new Map<number, OpeningWindow[]>();
  for (const row of hourRows) {
    append(hours, Number(row.restaurant_id), {
      day: Number(row.day_of_week),
      opensMinute: Number(row.opens_minute),
      closesMinute: Number(row.closes_minute),
    });
  }
  // Rounded as reviewsRepository.aggregatesOf() rounds them for the store pages.
  const reviews = new Map<number, { avgRating: number; count: number }>();
  for (const row of reviewRows) {
    reviews.set(Number(row.restaurant_id), { avgRating: Math.round(Number(row.avg) * 10) / 10, count: Number(row.count) });
  }
  const categories = new Map<number, number[]>();
  for (const link of linkRows) append(categories, Number(link.restaurant_id), Number(link.category_id));
  for (const list of categories.values()) list.sort((x, y) => x - y);
  return rows.map((row) => {
    const id = Number(row.id);
    return cardOf(row, reviews.get(id), hours.get(id), categories.get(id) ?? []);
  });
}
