/**
 * The driver area (issue 6): which stores a driver delivers for, whether they
 * are on duty, what each delivered order earned them and the cash they took
 * at the door, and the track of every GPS fix they sent.
 *
 * The duty state is a table of its own (driver_status) rather than columns on
 * users: it only concerns drivers, it changes every shift, and its row is
 * what an accept-to-deliver locks to count the driver's orders, so those
 * writes and locks stay off the users row every authenticated call reads.
 */
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  // A driver sees and takes the orders of the stores they are linked to.
  await db.schema
    .createTable('driver_stores')
    .addColumn('driver_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('driver_stores_pk', ['driver_user_id', 'restaurant_id'])
    .execute();
  // The primary key serves "the driver's stores"; this one "the store's drivers".
  await db.schema.createIndex('driver_stores_restaurant_idx').on('driver_stores').columns(['restaurant_id', 'driver_user_id']).execute();

  // No row: off duty, never switched.
  await db.schema
    .createTable('driver_status')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('is_online', 'integer', (col) => col.notNull().defaultTo(0).check(sql`is_online in (0, 1)`))
    // When the driver last set it (their time, for a toggle queued offline): an older toggle changes nothing.
    .addColumn('online_changed_at', 'text')
    .execute();

  // What the order earned its driver (commission + tip, minor units), set when it is delivered; null before.
  await db.schema.alterTable('orders').addColumn('driver_earning', 'integer').execute();
  // The cash the driver took at the door on a cash-on-delivery order, set when it is delivered; null otherwise.
  await db.schema.alterTable('orders').addColumn('cash_collected', 'integer').execute();
  // When that cash was handed in to the business (the admin console settles it); null while the driver holds it.
  await db.schema.alterTable('orders').addColumn('cash_settled_at', 'text').execute();

  // Every fix a driver sent, keyed by when the device took it, so a replayed batch records nothing twice.
  await db.schema
    .createTable('driver_fixes')
    .addColumn('driver_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('heading', 'double precision')
    .addPrimaryKeyConstraint('driver_fixes_pk', ['driver_user_id', 'recorded_at'])
    .execute();
}
