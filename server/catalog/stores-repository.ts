/**
 * Stores near a point, one store by slug or id, and store search: every line
 * of SQL on restaurants, restaurant_opening_hours and restaurant_category_links
 * (store-entities.ts maps the rows; it writes no SQL). Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
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
import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { DELIVERING_TYPES, PICKUP_TYPES, SELF_PICKUP_RADIUS_KM, offersDelivery, offersPickup, type OpeningHours, type Store, type StoreDetail } from '../../src/api/entities.ts';
import { latBandOf, type Database, type Flag, type NewRestaurant, type RestaurantsTable } from '../db/tables.ts';
import { boundingBox, distanceKm, type GeoPoint } from '../geo/distance.ts';
import { formatMinute } from '../geo/opening-hours.ts';
import type { OpeningWindow } from '../geo/opening-hours.ts';
import { createReviewsRepository } from './reviews-repository.ts';
import { STORE_COLUMNS, localTimes, toStore, type StoreRow } from './store-entities.ts';

/** The columns a store card needs, from restaurants as r. */
function selectStores(db: Kysely<Database>) {
  return db.selectFrom('restaurants as r').select(STORE_COLUMNS);
}

export type { StoreRow };

/** `column` lowercased LIKE `pattern` (containsPattern() in store-entities.ts escapes it). */
function lowerLike(column: string, pattern: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Opening windows of these stores, by store id; with `days`, only the windows
 * of those days of the week (a list needs today and yesterday, not the week).
 */
async function openingHoursOf(
  db: Kysely<Database>,
  storeIds: readonly number[],
  days?: readonly number[],
): Promise<Map<number, OpeningWindow[]>> {
  const byStore = new Map<number, OpeningWindow[]>();
  if (storeIds.length === 0) return byStore;
  let query = db
    .selectFrom('restaurant_opening_hours')
    .select(['restaurant_id', 'day_of_week', 'opens_minute', 'closes_minute'])
    .where('restaurant_id', 'in', storeIds);
  if (days) query = query.where('day_of_week', 'in', days);
  const rows = await query
    .orderBy('restaurant_id')
    .orderBy('day_of_week')
    .orderBy('opens_minute')
    .execute();
  for (const row of rows) {
    const id = Number(row.restaurant_id);
    const windows = byStore.get(id) ?? [];
    windows.push({ day: Number(row.day_of_week), opensMinute: Number(row.opens_minute), closesMinute: Number(row.closes_minute) });
    byStore.set(id, windows);
  }
  return byStore;
}

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
  const reviewsRepository = createReviewsRepository(db);

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
      reviewsRepository.aggregatesOf(ids),
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
    async nearby(point: GeoPoint, mode: NearbyMode, options: NearbyOptions = {}, trx: Kysely<Database> = db): Promise<Store[]> {
      const reach = await reachKm(mode);
      if (reach <= 0) return [];
      const box = boundingBox(point, reach);
      const bands = latitudeBands(box.minLatitude, box.maxLatitude);
      // Only columns of restaurants_nearby_idx: SQLite answers this from the index alone.
      let query = trx
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
      const rows = await selectStores(trx).where('r.id', 'in', [...kmById.keys()]).execute();
      const km = (row: StoreRow) => kmById.get(Number(row.id)) ?? 0;
      rows.sort((a, b) => Number(b.is_featured) - Number(a.is_featured) || km(a) - km(b) || Number(a.id) - Number(b.id));
      return toStores(rows, point, options.now ?? new Date());
    },

    /** These stores (e.g. a user's favourites), nearest to the point first. */
    async byIds(ids: readonly number[], point: GeoPoint, now: Date = new Date(), trx: Kysely<Database> = db): Promise<Store[]> {
      if (ids.length === 0) return [];
      const rows = await selectStores(trx).where('r.id', 'in', ids).execute();
      const stores = await toStores(rows, point, now);
      return stores.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id);
    },

    async detailBySlug(slug: string, point?: GeoPoint, now: Date = new Date(), trx: Kysely<Database> = db): Promise<StoreDetail | undefined> {
      return detailOf(await selectStores(trx).where('r.slug', '=', slug).executeTakeFirst(), point, now);
    },

    async detailById(id: number, point?: GeoPoint, now: Date = new Date(), trx: Kysely<Database> = db): Promise<StoreDetail | undefined> {
      return detailOf(await selectStores(trx).where('r.id', '=', id).executeTakeFirst(), point, now);
    },

    /** The id, name, slug and city of the store with this slug. */
    async refBySlug(slug: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['id', 'name', 'slug', 'city']).where('slug', '=', slug).executeTakeFirst();
    },

    /** The image of the store with this slug: what its page's header shows first. */
    async imageBySlug(slug: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      return (await trx.selectFrom('restaurants').select('image').where('slug', '=', slug).executeTakeFirst())?.image ?? undefined;
    },

    /** Whether there is a store with this id. */
    async exists(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      return (await trx.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /**
     * Opening windows of these stores, by store id; with `days`, only the windows
     * of those days of the week.
     */
    async openingHoursOf(storeIds: readonly number[], days?: readonly number[], trx: Kysely<Database> = db): Promise<Map<number, OpeningWindow[]>> {
      return openingHoursOf(trx, storeIds, days);
    },

    /** Which of these ids are stores. */
    async knownIds(ids: readonly number[], trx: Kysely<Database> = db): Promise<{ id: number }[]> {
      return trx.selectFrom('restaurants').select('id').where('id', 'in', ids).execute();
    },

    /** The store's id and owner, to check who may manage it. */
    async ownerOf(storeId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['id', 'owner_user_id']).where('id', '=', storeId).executeTakeFirst();
    },

    /** Every column of one store and its owner's name, as the console edits it. */
    async adminRow(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurants as r')
        .leftJoin('users as u', 'u.id', 'r.owner_user_id')
        .selectAll('r')
        .select('u.name as owner_name')
        .where('r.id', '=', id)
        .executeTakeFirst();
    },

    /** The ids of the categories a store is listed under, ascending. */
    async categoryLinksOf(storeId: number, trx: Kysely<Database> = db): Promise<{ category_id: number }[]> {
      return trx.selectFrom('restaurant_category_links').select('category_id').where('restaurant_id', '=', storeId).orderBy('category_id').execute();
    },

    /**
     * The console's store list: stores with an id above `after`, of this owner
     * (every owner when undefined), whose name, slug or city contains the LIKE
     * pattern (when given), by id, at most `rows`.
     */
    async adminSummaries(
      options: { after: number; ownerId: number | undefined; pattern: string | undefined; rows: number },
      trx: Kysely<Database> = db,
    ) {
      let query = trx
        .selectFrom('restaurants as r')
        .leftJoin('users as u', 'u.id', 'r.owner_user_id')
        .select(['r.id', 'r.name', 'r.slug', 'r.city', 'r.image', 'r.is_active', 'r.is_featured', 'r.delivery_type', 'r.owner_user_id'])
        .select('u.name as owner_name')
        .where('r.id', '>', options.after);
      if (options.ownerId !== undefined) query = query.where('r.owner_user_id', '=', options.ownerId);
      const pattern = options.pattern;
      if (pattern !== undefined) {
        query = query.where((eb) => eb.or([lowerLike('r.name', pattern), lowerLike('r.slug', pattern), lowerLike('r.city', pattern)]));
      }
      return query.orderBy('r.id').limit(options.rows).execute();
    },

    /** Another store (not `exceptId`) that uses this slug, if any. */
    async otherWithSlug(slug: string, exceptId: number | undefined, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      let query = trx.selectFrom('restaurants').select('id').where('slug', '=', slug);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    /** Where the store is on the map. */
    async coordinatesOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['latitude', 'longitude']).where('id', '=', id).executeTakeFirst();
    },

    /** Sets these columns of the store. */
    async update(id: number, columns: Updateable<RestaurantsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('restaurants').set(columns).where('id', '=', id).execute();
    },

    /** Adds a store; answers its id. */
    async insert(values: NewRestaurant, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('restaurants').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Replaces the store's week of opening windows with these. */
    async replaceOpeningHours(storeId: number, windows: readonly OpeningWindow[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('restaurant_opening_hours').where('restaurant_id', '=', storeId).execute();
      if (windows.length > 0) {
        await trx
          .insertInto('restaurant_opening_hours')
          .values(windows.map((w) => ({ restaurant_id: storeId, day_of_week: w.day, opens_minute: w.opensMinute, closes_minute: w.closesMinute })))
          .execute();
      }
    },

    /** Lists the store under exactly these categories. */
    async replaceCategoriesOfStore(storeId: number, categoryIds: readonly number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('restaurant_category_links').where('restaurant_id', '=', storeId).execute();
      if (categoryIds.length > 0) {
        await trx
          .insertInto('restaurant_category_links')
          .values(categoryIds.map((categoryId) => ({ restaurant_id: storeId, category_id: categoryId })))
          .execute();
      }
    },

    /** Lists exactly these stores under the category. */
    async replaceStoresOfCategory(categoryId: number, restaurantIds: readonly number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('restaurant_category_links').where('category_id', '=', categoryId).execute();
      if (restaurantIds.length > 0) {
        await trx
          .insertInto('restaurant_category_links')
          .values(restaurantIds.map((restaurantId) => ({ restaurant_id: restaurantId, category_id: categoryId })))
          .execute();
      }
    },

    /** Every store-category link (only those of one category with `onlyCategoryId`), by category then store. */
    async categoryLinks(onlyCategoryId?: number, trx: Kysely<Database> = db): Promise<{ category_id: number; restaurant_id: number }[]> {
      let links = trx.selectFrom('restaurant_category_links').select(['category_id', 'restaurant_id']);
      if (onlyCategoryId !== undefined) links = links.where('category_id', '=', onlyCategoryId);
      return links.orderBy('category_id').orderBy('restaurant_id').execute();
    },

    /** The id, name and slug of the store with this id. */
    async nameAndSlugOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['id', 'name', 'slug']).where('id', '=', id).executeTakeFirst();
    },

    /** Deletes the store (what hangs on it goes by its foreign keys). */
    async delete(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('restaurants').where('id', '=', id).execute();
    },

    /** The stores of this owner (every store when undefined), by name, as the switches page shows them. */
    async managedBy(ownerId: number | undefined, trx: Kysely<Database> = db) {
      let query = trx.selectFrom('restaurants').select(['id', 'name', 'slug', 'image', 'is_active', 'timezone']);
      if (ownerId !== undefined) query = query.where('owner_user_id', '=', ownerId);
      return query.orderBy('name').orderBy('id').execute();
    },

    /** Sets whether the store takes orders; answers its time zone (throws when there is no such store). */
    async setActive(storeId: number, isActive: Flag, trx: Kysely<Database> = db): Promise<{ timezone: string }> {
      return trx
        .updateTable('restaurants')
        .set({ is_active: isActive })
        .where('id', '=', storeId)
        .returning('timezone')
        .executeTakeFirstOrThrow();
    },

    /** The nearby engine's query for a batch of a full build: stores with an id above `afterId`, by primary key; unrun, so tests can ask the planner about it. */
    cardsAfterQuery(afterId: number, limit: number, trx: Kysely<Database> = db) {
      return selectStores(trx).where('r.id', '>', afterId).orderBy('r.id').limit(limit);
    },

    /** The nearby engine's query for these stores, by primary key; unrun, so tests can ask the planner about it. */
    cardsByIdQuery(ids: readonly number[], trx: Kysely<Database> = db) {
      return selectStores(trx).where('r.id', 'in', ids);
    },

    /** The nearby engine's query for these stores' opening windows, by the primary key (restaurant_id, day_of_week, opens_minute); unrun. */
    cardHoursQuery(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurant_opening_hours')
        .select(['restaurant_id', 'day_of_week', 'opens_minute', 'closes_minute'])
        .where('restaurant_id', 'in', ids);
    },

    /** The nearby engine's query for these stores' category links, by the primary key (restaurant_id, category_id); unrun. */
    cardLinksQuery(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurant_category_links').select(['restaurant_id', 'category_id']).where('restaurant_id', 'in', ids);
    },

    /** A store's name. */
    async nameOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('name').where('id', '=', id).executeTakeFirst();
    },

    /** The ids of the stores a user owns. */
    async idsOwnedBy(userId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('id').where('owner_user_id', '=', userId).execute();
    },

    /** What an order's view shows of its stores. */
    async orderViewStoresOf(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurants')
        .select(['id', 'name', 'slug', 'city', 'image', 'latitude', 'longitude', 'phone', 'delivery_time'])
        .where('id', 'in', ids)
        .execute();
    },

    /** What the rating prompt shows of an order's store (which must exist). */
    async ratableStoreOf(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurants')
        .select(['id', 'name', 'slug', 'city', 'image', 'latitude', 'longitude'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /** A store's owner's id. */
    async ownerIdOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('owner_user_id').where('id', '=', id).executeTakeFirst();
    },

    /** Whether a store accepts its orders automatically. */
    async autoAcceptOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('auto_accept_orders').where('id', '=', id).executeTakeFirst();
    },

    /** Where each of these stores is and how to reach it (the driver's order cards). */
    async placesOf(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['id', 'name', 'address', 'phone', 'latitude', 'longitude']).where('id', 'in', ids).execute();
    },

    /** The stores each of these store owners owns (id, name, slug, city), by name. */
    async ownedByEach(ownerIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurants')
        .select(['owner_user_id as user_id', 'id', 'name', 'slug', 'city'])
        .where('owner_user_id', 'in', ownerIds)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** Which of these store ids exist. */
    async existingIds(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('id').where('id', 'in', [...ids]).execute();
    },

    /** The owners of those of these stores that have one. */
    async ownersOf(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select(['id', 'owner_user_id']).where('id', 'in', ids).where('owner_user_id', 'is not', null).execute();
    },

    /** Gives these stores to an owner (null: to none). */
    async setOwnerOf(ids: readonly number[], ownerUserId: number | null, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('restaurants').set({ owner_user_id: ownerUserId }).where('id', 'in', ids).execute();
    },

    /** Whether any store's picture is this address. */
    async usesImage(url: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom('restaurants').select('image').where('image', '=', url).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** The stores' picture addresses on other servers (http…), each once. */
    async remoteImages(trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurants').select('image').distinct().where('image', 'like', 'http%').execute();
    },

    /** The columns a checkout needs of one store (where it is, whom it serves, how it prices), or undefined. */
    async checkoutRow(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('restaurants')
        .select([
          'id',
          'name',
          'slug',
          'city',
          'image',
          'latitude',
          'longitude',
          'phone',
          'delivery_time',
          'is_active',
          'delivery_type',
          'delivery_radius_km',
          'timezone',
          'min_order_subtotal',
          'store_charge',
          'tax_basis_points',
          'delivery_fee_base',
          'delivery_fee_base_km',
          'delivery_fee_per_km',
          'free_delivery_subtotal',
          'auto_accept_orders',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    // Methods go above this line.
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
