/**
 * How a store row becomes the API's Store: the columns a card needs, the
 * review aggregates of the rows a query kept (reviews-repository.ts reads
 * them in one grouped query on the reviews index), and is_open from the
 * opening hours in the store's own time zone. No SQL here: the queries are in
 * stores-repository.ts.
 */
import type { Selectable } from 'kysely';
import type { Store, StoreRef } from '../../src/api/entities.ts';
import { fromFlag, type RestaurantsTable } from '../db/tables.ts';
import { distanceKm, roundKm, type GeoPoint } from '../geo/distance.ts';
import { isOpenAt, localTime, type LocalTime, type OpeningWindow } from '../geo/opening-hours.ts';

export const STORE_COLUMNS = [
  'r.id',
  'r.name',
  'r.slug',
  'r.city',
  'r.description',
  'r.image',
  'r.is_active',
  'r.is_featured',
  'r.custom_featured_name',
  'r.custom_message_on_list',
  'r.rating',
  'r.delivery_time',
  'r.price_range',
  'r.delivery_type',
  'r.latitude',
  'r.longitude',
  'r.delivery_radius_km',
  'r.store_color',
  'r.timezone',
] as const;

type ColumnOf<Qualified> = Qualified extends `r.${infer Column}` ? Column : never;

/** A store row as the store queries select it (STORE_COLUMNS). */
export type StoreRow = Pick<Selectable<RestaurantsTable>, ColumnOf<(typeof STORE_COLUMNS)[number]> & keyof RestaurantsTable>;

export interface ReviewAggregate {
  avgRating: number;
  count: number;
}

/** Local time per time zone, worked out once per request rather than once per store. */
export function localTimes(now: Date): (timeZone: string) => LocalTime {
  const cache = new Map<string, LocalTime>();
  return (timeZone) => {
    let time = cache.get(timeZone);
    if (!time) {
      time = localTime(now, timeZone);
      cache.set(timeZone, time);
    }
    return time;
  };
}

export interface StoreContext {
  point?: GeoPoint | undefined;
  hours: Map<number, OpeningWindow[]>;
  reviews: Map<number, ReviewAggregate>;
  timeIn: (timeZone: string) => LocalTime;
}

/** What a store answer says that does not depend on where or when it is asked. */
export type StoreFields = Omit<Store, 'distance' | 'is_open'>;

/**
 * The one mapping of a store row to its answer's fields, shared by the SQL
 * path and the nearby engine's pre-encoded cards. Keys in the order of
 * StoreSchema; `distance` and `is_open` follow them.
 */
export function storeFields(row: StoreRow, reviews: ReviewAggregate | undefined): StoreFields {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    city: row.city,
    description: row.description,
    image: row.image,
    is_active: fromFlag(row.is_active),
    is_featured: fromFlag(row.is_featured),
    custom_featured_name: row.custom_featured_name,
    custom_message_on_list: row.custom_message_on_list,
    avgRating: reviews?.avgRating ?? 0,
    rating: Number(row.rating),
    reviews_count: reviews?.count ?? 0,
    delivery_time: Number(row.delivery_time),
    price_range: Number(row.price_range),
    delivery_type: Number(row.delivery_type) as Store['delivery_type'],
    store_color: row.store_color,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}

export function toStore(row: StoreRow, context: StoreContext): Store {
  const fields = storeFields(row, context.reviews.get(Number(row.id)));
  return {
    ...fields,
    distance: context.point ? roundKm(distanceKm(context.point, fields)) : null,
    is_open: isOpenAt(context.hours.get(fields.id) ?? [], context.timeIn(row.timezone)),
  };
}

export function toStoreRef(row: { id: number; name: string; slug: string; city: string }): StoreRef {
  return { id: Number(row.id), name: row.name, slug: row.slug, city: row.city };
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
