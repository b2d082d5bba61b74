/**
 * The first schema. Append-only: once shipped, never edit this file; add
 * 0002-... instead. Written once for both dialects: the only difference is how
 * an auto-increment id is declared (see idColumn).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { idColumn, type AnyDb } from './helpers.ts';

function sqlIn(column: string, allowed: readonly (string | number)[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(allowed.map((value) => sql.lit(value)))})`;
}

function sqlNonNegative(column: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} >= 0`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('app_versions')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('languages'))
    .addColumn('language_name', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('dir', 'text', (col) => col.notNull().defaultTo('ltr').check(sqlIn('dir', ['ltr', 'rtl'])))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('language_id', 'integer', (col) => col.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['language_id', 'key'])
    .execute();

  await idColumn(db, db.schema.createTable('popular_locations'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await idColumn(db, db.schema.createTable('users'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) =>
      col.notNull().check(sqlIn('role', ['customer', 'driver', 'store_owner', 'agent', 'admin'])),
    )
    .addColumn('is_banned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await createStoreTables(db);
  await createSliderTables(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sqlIn('state', ['in_progress', 'completed'])))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_content_type', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idempotency_key'])
    .execute();
  // The purge deletes by age.
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

async function createStoreTables(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('restaurants'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('custom_featured_name', 'text')
    .addColumn('custom_message_on_list', 'text')
    .addColumn('rating', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('delivery_time', 'integer', (col) => col.notNull())
    .addColumn('price_range', 'integer', (col) => col.notNull())
    .addColumn('delivery_type', 'integer', (col) => col.notNull().check(sqlIn('delivery_type', [1, 2, 3])))
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('delivery_radius_km', 'double precision', (col) => col.notNull())
    .addColumn('store_color', 'text')
    .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Nearby lists first narrow by a latitude/longitude bounding box, then
  // compute the exact distance on what is left.
  await db.schema.createIndex('restaurants_lat_lng_idx').on('restaurants').columns(['latitude', 'longitude']).execute();
  await db.schema.createIndex('restaurants_owner_idx').on('restaurants').column('owner_user_id').execute();

  await idColumn(db, db.schema.createTable('restaurant_categories'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('restaurant_category_links')
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('restaurant_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('restaurant_category_links_pk', ['restaurant_id', 'category_id'])
    .execute();
  // Filtering stores by category walks the link table from the category side.
  await db.schema
    .createIndex('restaurant_category_links_category_idx')
    .on('restaurant_category_links')
    .column('category_id')
    .execute();

  await idColumn(db, db.schema.createTable('item_categories'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('item_categories_restaurant_idx').on('item_categories').column('restaurant_id').execute();

  await idColumn(db, db.schema.createTable('items'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('item_category_id', 'integer', (col) => col.references('item_categories.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('price', 'integer', (col) => col.notNull().check(sqlNonNegative('price')))
    .addColumn('image', 'text')
    .addColumn('is_veg', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_recommended', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('items_restaurant_idx').on('items').column('restaurant_id').execute();
}

async function createSliderTables(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('category_slides'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('category_slide_categories')
    .addColumn('slide_id', 'integer', (col) => col.notNull().references('category_slides.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('restaurant_categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('category_slide_categories_pk', ['slide_id', 'category_id'])
    .execute();

  await idColumn(db, db.schema.createTable('promo_sliders'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_main', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('position_id', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await idColumn(db, db.schema.createTable('promo_slides'))
    .addColumn('promo_slider_id', 'integer', (col) => col.notNull().references('promo_sliders.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('model', 'text')
    .addColumn('model_id', 'integer')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('promo_slides_slider_idx').on('promo_slides').column('promo_slider_id').execute();
}
