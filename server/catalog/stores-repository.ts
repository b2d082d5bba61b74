/**
 * Stores near a point, one store by slug or id, and store search.
 *
 * The store lists the app serves come from the in-memory nearby engine
 * (server/nearby/nearby-engine.ts); nearby() and byIds() here build the same
 * answers from SQL and stay as the reference the engine's tests compare with.
 *
 * A nearby query never scans every store: it asks restaurants_nearby_idx for
 * a bounding box as wide as the largest reach (the largest delivery radius,
 * read from restaurants_radius_idx, or the self-pickup distance): one seek per
 * 0.1° latitude band on a longitude range. A cheap flat-earth distance that
 * never overestimates drops most of the box's corners on the index entries
 * themselves; the exact haversine distance and the store's own radius decide;
 * only then are the kept stores read in full.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { DELIVERING_TYPES, PICKUP_TYPES, SELF_PICKUP_RADIUS_KM, offersDelivery, offersPickup, type OpeningHours, type Store, type StoreDetail } from '../../src/api/entities.ts';
import { latBandOf, type Database } from '../db/tables.ts';
import { boundingBox, distanceKm, type GeoPoint } from '../geo/distance.ts';
import { formatMinute } from '../geo/opening-hours.ts';
import type { OpeningWindow } from '../geo/opening-hours.ts';
import {
  localTimes,
  openingHoursOf,
  reviewAggregatesOf,
  selectStores,
  toStore,
  type StoreRow,
} from './store-entities.ts';

/** Stands for "has hours, none of them now" (a window that never matches). */
const CLOSED_ALL_DAY: OpeningWindow[] = [{ day: -1, opensMinute: 0, closesMinute: 0 }];

/** The lat_band values (see migration 0003) a latitude range touches. */
export function latitudeBands(minLatitude: number, maxLatitude: number): number[] {
  const bands: number[] = [];
  for (let band = latBandOf(minLatitude); band <= latBandOf(maxLatitude); band += 1) bands.push(band);
  return bands;
}

/** delivery: the point is within the store's radius; selfpickup: within SELF_PICKUP_RADIUS_KM; any: either. */
export type NearbyMode = 'delivery' | 'selfpickup' | 'any';

export interface NearbyOptions {
  categoryIds?: readonly number[];
  now?: Date;
}

/** A little slack on the SQL prefilter; the exact check decides. */
const SLACK = 1.01;

export function deliversTo(row: { delivery_type: number; delivery_radius_km: number }, km: number): boolean {
  return offersDelivery(Number(row.delivery_type)) && km <= Number(row.delivery_radius_km);
}

export function allowsPickup(row: { delivery_type: number }, km: number): boolean {
  return offersPickup(Number(row.delivery_type)) && km <= SELF_PICKUP_RADIUS_KM;
}

type ReachRow = { delivery_type: number; delivery_radius_km: number };

function serves(mode: NearbyMode, row: ReachRow, km: number): boolean {
  if (mode === 'delivery') return deliversTo(row, km);
  if (mode === 'selfpickup') return allowsPickup(row, km);
  return deliversTo(row, km) || allowsPickup(row, km);
}

export function createStoresRepository(db: Kysely<Database>) {
  async function largestRadiusKm(): Promise<number> {
    const row = await db
      .selectFrom('restaurants')
      .select((eb) => eb.fn.max('delivery_radius_km').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  async function reachKm(mode: NearbyMode): Promise<number> {
    if (mode === 'selfpickup') return SELF_PICKUP_RADIUS_KM;
    const radius = await largestRadiusKm();
    return mode === 'delivery' ? radius : Math.max(radius, SELF_PICKUP_RADIUS_KM);
  }

  /** Rows to Stores: review aggregates and the opening windows that matter now, in one query each. */
  async function toStores(rows: readonly StoreRow[], point: GeoPoint | undefined, now: Date): Promise<Store[]> {
    const ids = rows.map((row) => Number(row.id));
    const timeIn = localTimes(now);
    const days = new Set<number>();
    for (const row of rows) {
      const { day } = timeIn(row.timezone);
      days.add(day).add((day + 6) % 7);
    }
    const [hours, reviews] = await Promise.all([
      openingHoursOf(db, ids, [...days]),
      reviewAggregatesOf(db, ids),
    ]);
    const hoursOrAlways = await withAlwaysOpen(hours, ids);
    return rows.map((row) => toStore(row, { point, hours: hoursOrAlways, reviews, timeIn }));
  }

  /**
   * A store with no windows today or yesterday may still have published
   * hours (closed today); only a store with none at all is always open.
   */
  async function withAlwaysOpen(hours: Map<number, OpeningWindow[]>, ids: readonly number[]): Promise<Map<number, OpeningWindow[]>> {
    const missing = ids.filter((id) => !hours.has(id));
    if (missing.length === 0) return hours;
    const published = await db
      .selectFrom('restaurant_opening_hours')
      .select('restaurant_id')
      .distinct()
      .where('restaurant_id', 'in', missing)
      .execute();
    for (const row of published) hours.set(Number(row.restaurant_id), CLOSED_ALL_DAY);
    return hours;
  }

  async function detailOf(row: StoreRow | undefined, point: GeoPoint | undefined, now: Date): Promise<StoreDetail | undefined> {
    if (!row) return undefined;
    const id = Number(row.id);
    const [store] = await toStores([row], point, now);
    const [hours, categories] = await Promise.all([
      openingHoursOf(db, [id]),
      db.selectFrom('restaurant_category_links').select('category_id').where('restaurant_id', '=', id).orderBy('category_id').execute(),
    ]);
    const openingHours: OpeningHours[] = (hours.get(id) ?? []).map((w) => ({
      day: w.day,
      opens: formatMinute(w.opensMinute),
      closes: formatMinute(w.closesMinute),
    }));
    return {
      ...(store as Store),
      delivery_radius_km: Number(row.delivery_radius_km),
      timezone: row.timezone,
      opening_hours: openingHours,
      categories_ids: categories.map((link) => Number(link.category_id)),
    };
  }

  return {
    /** Stores serving the point in this mode: featured first, then nearest. */
    async nearby(point: GeoPoint, mode: NearbyMode, options: NearbyOptions = {}): Promise<Store[]> {
      const reach = await reachKm(mode);
      if (reach <= 0) return [];
      const box = boundingBox(point, reach);
      const bands = latitudeBands(box.minLatitude, box.maxLatitude);
      // Only columns of restaurants_nearby_idx: SQLite answers this from the index alone.
      let query = db
        .selectFrom('restaurants as r')
        .select(['r.id', 'r.latitude', 'r.longitude', 'r.delivery_type', 'r.delivery_radius_km'])
        .where('r.lat_band', 'in', bands)
        .where((eb) =>
          eb.or(box.longitudeRanges.map(([west, east]) => eb.and([eb('r.longitude', '>=', west), eb('r.longitude', '<=', east)]))),
        )
        .where('r.latitude', '>=', box.minLatitude)
        .where('r.latitude', '<=', box.maxLatitude);
      if (box.longitudeRanges.length === 1) query = query.where(withinReach(point, mode, box.minLatitude, box.maxLatitude));
      if (options.categoryIds && options.categoryIds.length > 0) {
        const categoryIds = options.categoryIds;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('restaurant_category_links as l')
              .select('l.category_id')
              .whereRef('l.restaurant_id', '=', 'r.id')
              .where('l.category_id', 'in', categoryIds),
          ),
        );
      }
      const candidates = await query.execute();
      const kmById = new Map<number, number>();
      for (const row of candidates) {
        const km = distanceKm(point, { latitude: Number(row.latitude), longitude: Number(row.longitude) });
        if (serves(mode, row, km)) kmById.set(Number(row.id), km);
      }
      if (kmById.size === 0) return [];
      const rows = await selectStores(db).where('r.id', 'in', [...kmById.keys()]).execute();
      const km = (row: StoreRow) => kmById.get(Number(row.id)) ?? 0;
      rows.sort((a, b) => Number(b.is_featured) - Number(a.is_featured) || km(a) - km(b) || Number(a.id) - Number(b.id));
      return toStores(rows, point, options.now ?? new Date());
    },

    /** These stores (e.g. a user's favourites), nearest to the point first. */
    async byIds(ids: readonly number[], point: GeoPoint, now: Date = new Date()): Promise<Store[]> {
      if (ids.length === 0) return [];
      const rows = await selectStores(db).where('r.id', 'in', ids).execute();
      const stores = await toStores(rows, point, now);
      return stores.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id);
    },

    async detailBySlug(slug: string, point?: GeoPoint, now: Date = new Date()): Promise<StoreDetail | undefined> {
      return detailOf(await selectStores(db).where('r.slug', '=', slug).executeTakeFirst(), point, now);
    },

    async detailById(id: number, point?: GeoPoint, now: Date = new Date()): Promise<StoreDetail | undefined> {
      return detailOf(await selectStores(db).where('r.id', '=', id).executeTakeFirst(), point, now);
    },

    async refBySlug(slug: string) {
      return db.selectFrom('restaurants').select(['id', 'name', 'slug', 'city']).where('slug', '=', slug).executeTakeFirst();
    },

    /** The image of the store with this slug: what its page's header shows first. */
    async imageBySlug(slug: string): Promise<string | undefined> {
      return (await db.selectFrom('restaurants').select('image').where('slug', '=', slug).executeTakeFirst())?.image ?? undefined;
    },

    async exists(id: number): Promise<boolean> {
      return (await db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}

/**
 * A flat-earth distance check in SQL that never overestimates (latitude at
 * its shortest degree, longitude at the box's widest latitude), so it only
 * drops stores that are certainly out of reach.
 */
function withinReach(point: GeoPoint, mode: NearbyMode, minLatitude: number, maxLatitude: number): Expression<SqlBool> {
  const widest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const kmPerLat = 110.574;
  const kmPerLng = 111.32 * Math.cos((widest * Math.PI) / 180);
  const flatKm2 = sql`((r.latitude - ${point.latitude}) * ${kmPerLat}) * ((r.latitude - ${point.latitude}) * ${kmPerLat}) + ((r.longitude - ${point.longitude}) * ${kmPerLng}) * ((r.longitude - ${point.longitude}) * ${kmPerLng})`;
  const inDelivery = sql<SqlBool>`(r.delivery_type in (${sql.raw(DELIVERING_TYPES.join(', '))}) and ${flatKm2} <= (r.delivery_radius_km * ${SLACK}) * (r.delivery_radius_km * ${SLACK}))`;
  const pickupKm2 = (SELF_PICKUP_RADIUS_KM * SLACK) ** 2;
  const inPickup = sql<SqlBool>`(r.delivery_type in (${sql.raw(PICKUP_TYPES.join(', '))}) and ${flatKm2} <= ${pickupKm2})`;
  if (mode === 'delivery') return inDelivery;
  if (mode === 'selfpickup') return inPickup;
  return sql<SqlBool>`(${inDelivery} or ${inPickup})`;
}
export type StoresRepository = ReturnType<typeof createStoresRepository>;
