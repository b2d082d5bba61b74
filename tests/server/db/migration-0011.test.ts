/**
 * Migration 0011 on a database that already has stores (made by 0001–0010):
 * they keep every field and have no street address or phone (null, not ''),
 * which the console fills in later.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { testDatabases } from '../../support/databases.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

describe.each(testDatabases())('migration 0011 on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('leaves old stores without an address or phone, and takes both afterwards', async () => {
    const { db } = fresh;
    await fresh.migrateTo('0010-console');
    await sql`insert into restaurants (name, slug, city, image, delivery_time, price_range, delivery_type, latitude, longitude, delivery_radius_km, created_at)
      values ('Old Kitchen', 'old-kitchen', 'Riverton', '/x.svg', 30, 2000, 1, 40.44, -79.99, 5, '2025-01-01T00:00:00.000Z')`.execute(db);

    await migrateToLatest(db);
    const before = await db.selectFrom('restaurants').select(['name', 'address', 'phone']).executeTakeFirstOrThrow();
    expect(before).toEqual({ name: 'Old Kitchen', address: null, phone: null });
    await db.updateTable('restaurants').set({ address: '4 Mill Lane, Riverton', phone: '+1 412 555 0121' }).execute();
    expect(await db.selectFrom('restaurants').select(['address', 'phone']).executeTakeFirstOrThrow()).toEqual({
      address: '4 Mill Lane, Riverton',
      phone: '+1 412 555 0121',
    });
  });
});
