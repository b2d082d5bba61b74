/**
 * Finding food: opening hours and time zones (is_open), add-on groups and
 * add-ons, reviews (the rating aggregates), favourites, and an index on the
 * delivery radius so the nearby query reads the largest radius without a scan.
 */
import { sql } from 'kysely';
import { dialectOf } from '../connect.ts';
import { idColumn, type AnyDb } from './helpers.ts';

/**
 * The latitude band (0.1°, about 11 km) a store lies in: latitude * 10 + 900
 * (always positive), truncated; the same floating-point steps as latBandOf().
 * A plain column kept by a trigger, not a generated column: SQLite cannot use
 * an index on a virtual column as a covering index, and can only add virtual
 * ones to an existing table. Writers never set it; the database does.
 */
async function addLatitudeBand(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('restaurants')
    .addColumn('lat_band', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'postgres') {
    await sql`update restaurants set lat_band = trunc(latitude * 10 + 900)::integer`.execute(db);
    await sql`create function restaurants_set_lat_band() returns trigger as $$
      begin
        new.lat_band := trunc(new.latitude * 10 + 900)::integer;
        return new;
      end
      $$ language plpgsql`.execute(db);
    await sql`create trigger restaurants_lat_band before insert or update of latitude, lat_band on restaurants
      for each row execute function restaurants_set_lat_band()`.execute(db);
    return;
  }
  await sql`update restaurants set lat_band = cast(latitude * 10 + 900 as integer)`.execute(db);
  // SQLite triggers cannot change NEW; they correct the row right after the write.
  await sql`create trigger restaurants_lat_band_insert after insert on restaurants
    begin
      update restaurants set lat_band = cast(new.latitude * 10 + 900 as integer) where id = new.id;
    end`.execute(db);
  await sql`create trigger restaurants_lat_band_update after update of latitude, lat_band on restaurants
    begin
      update restaurants set lat_band = cast(new.latitude * 10 + 900 as integer) where id = new.id;
    end`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('restaurants')
    .addColumn('timezone', 'text', (col) => col.notNull().defaultTo('UTC'))
    .execute();
  await addLatitudeBand(db);
  // The nearby prefilter: one index seek per latitude band on a longitude
  // range, then the reach check on the index entries alone (covering), so
  // only stores in reach cost a table read. restaurants_lat_lng_idx (0001)
  // can only seek on latitude and then reads every store of that latitude
  // band around the whole map.
  await db.schema
    .createIndex('restaurants_nearby_idx')
    .on('restaurants')
    .columns(['lat_band', 'longitude', 'latitude', 'delivery_type', 'delivery_radius_km', 'id'])
    .execute();
  // The nearby query widens its bounding box by the largest radius: max() on an index is one lookup.
  await db.schema.createIndex('restaurants_radius_idx').on('restaurants').column('delivery_radius_km').execute();

  await db.schema
    .createTable('restaurant_opening_hours')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('day_of_week', 'integer', (col) => col.notNull().check(sql`day_of_week between 0 and 6`))
    .addColumn('opens_minute', 'integer', (col) => col.notNull().check(sql`opens_minute between 0 and 1439`))
    .addColumn('closes_minute', 'integer', (col) => col.notNull().check(sql`closes_minute between 0 and 1440`))
    .addPrimaryKeyConstraint('restaurant_opening_hours_pk', ['restaurant_id', 'day_of_week', 'opens_minute'])
    .execute();

  await idColumn(db, db.schema.createTable('addon_categories'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('SINGLE', 'MULTI')`))
    .addColumn('min_select', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_select', 'integer')
    .execute();
  await db.schema.createIndex('addon_categories_restaurant_idx').on('addon_categories').column('restaurant_id').execute();

  await idColumn(db, db.schema.createTable('addons'))
    .addColumn('addon_category_id', 'integer', (col) =>
      col.notNull().references('addon_categories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('addons_category_idx').on('addons').column('addon_category_id').execute();

  await db.schema
    .createTable('item_addon_categories')
    .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
    .addColumn('addon_category_id', 'integer', (col) =>
      col.notNull().references('addon_categories.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_addon_categories_pk', ['item_id', 'addon_category_id'])
    .execute();

  await idColumn(db, db.schema.createTable('reviews'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Per-store aggregates and the newest-first list both walk this index.
  await db.schema
    .createIndex('reviews_restaurant_idx')
    .on('reviews')
    .columns(['restaurant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'restaurant_id'])
    .execute();
}
