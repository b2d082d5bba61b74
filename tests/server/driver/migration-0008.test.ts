/**
 * Migration 0008 on a database that already has orders (made by 0001–0007):
 * old orders carry no driver money (null, not 0: nothing was credited),
 * drivers start off duty and linked to no store, and the new tables keep
 * their promises (one link per driver and store, one track point per
 * driver and time, a duty flag of 0 or 1).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { createDriversRepository } from '../../../server/driver/drivers-repository.ts';
import { testDatabases } from '../../support/databases.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe.each(testDatabases())('migration 0008 on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('leaves old orders without driver money, drivers off duty, and guards the new tables', async () => {
    const { db } = fresh;
    await fresh.migrateTo('0007-order-ratings');
    await sql`insert into users (name, email, password_hash, role, created_at) values ('Old Customer', 'c@example.test', '!', 'customer', ${AT})`.execute(db);
    await sql`insert into users (name, email, password_hash, role, created_at) values ('Old Driver', 'd@example.test', '!', 'driver', ${AT})`.execute(db);
    await sql`insert into restaurants (name, slug, city, image, delivery_time, price_range, delivery_type, latitude, longitude, delivery_radius_km, created_at)
      values ('Old Kitchen', 'old-kitchen', 'Riverton', '/x.svg', 30, 2000, 1, 40.44, -79.99, 5, ${AT})`.execute(db);
    await sql`insert into orders (unique_order_id, user_id, restaurant_id, status, order_type, subtotal, total, payable_amount, payment_mode,
      payment_status, delivery_pin, driver_user_id, created_at, updated_at)
      values ('OLD-1', 1, 1, 5, 'DELIVERY', 2000, 2460, 2460, 'COD', 'PAID', '1234', 2, ${AT}, ${AT})`.execute(db);

    await migrateToLatest(db);
    const order = await db.selectFrom('orders').select(['driver_earning', 'cash_collected', 'cash_settled_at']).executeTakeFirstOrThrow();
    expect(order).toEqual({ driver_earning: null, cash_collected: null, cash_settled_at: null });
    // No duty row: off duty (readDuty); no store links.
    const drivers = createDriversRepository(db);
    expect(await drivers.dutyOf(2)).toBeUndefined();
    expect(await drivers.storesOf(2)).toEqual([]);

    const link = { driver_user_id: 2, restaurant_id: 1, created_at: AT };
    await db.insertInto('driver_stores').values(link).execute();
    await expect(db.insertInto('driver_stores').values(link).execute()).rejects.toThrow();
    const point = { driver_user_id: 2, recorded_at: AT, latitude: 40.44, longitude: -79.99, heading: null };
    await db.insertInto('driver_fixes').values(point).execute();
    await expect(db.insertInto('driver_fixes').values({ ...point, latitude: 40.45 }).execute()).rejects.toThrow();
    await expect(db.insertInto('driver_status').values({ user_id: 2, is_online: 2, online_changed_at: AT }).execute()).rejects.toThrow();
    // A driver's rows go with their account.
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('users').where('id', '=', 2).execute();
    expect(await db.selectFrom('driver_stores').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('driver_fixes').selectAll().execute()).toEqual([]);
  });
});
