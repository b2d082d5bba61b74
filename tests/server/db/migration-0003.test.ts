/**
 * Migration 0003 on a database that already has stores (made by 0001/0002):
 * it backfills lat_band, and from then on the database keeps it true to the
 * latitude whatever a writer sends.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { latBandOf } from '../../../server/db/tables.ts';
import { testDatabases } from '../../support/databases.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

describe.each(testDatabases())('migration 0003 on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('upgrades a database with stores and keeps lat_band true to the latitude', async () => {
    const { db } = fresh;
    await fresh.migrateTo('0002-pages');
    // 0.1 * 3 is 0.30000000000000004: a band edge where rounding could disagree.
    const latitudes = [40.4419, -33.8688, 0.1 * 3, -0.05];
    for (const [index, latitude] of latitudes.entries()) {
      await sql`insert into restaurants (name, slug, city, image, delivery_time, price_range, delivery_type, latitude, longitude, delivery_radius_km, created_at)
        values (${`Old ${index}`}, ${`old-${index}`}, 'Riverton', '/x.svg', 30, 2000, 1, ${latitude}, -79.99, 5, '2025-01-01T00:00:00.000Z')`.execute(db);
    }
    await migrateToLatest(db);
    const rows = await db.selectFrom('restaurants').select(['latitude', 'lat_band', 'timezone']).orderBy('id').execute();
    expect(rows.map((row) => Number(row.lat_band))).toEqual(latitudes.map(latBandOf));
    expect(rows.every((row) => row.timezone === 'UTC')).toBe(true);
    const band = async (slug: string) =>
      Number((await db.selectFrom('restaurants').select('lat_band').where('slug', '=', slug).executeTakeFirstOrThrow()).lat_band);
    await db.updateTable('restaurants').set({ lat_band: 5 }).where('slug', '=', 'old-0').execute();
    expect(await band('old-0')).toBe(latBandOf(40.4419));
    await db.updateTable('restaurants').set({ latitude: 51.5 }).where('slug', '=', 'old-0').execute();
    expect(await band('old-0')).toBe(latBandOf(51.5));
    await sql`insert into restaurants (name, slug, city, image, delivery_time, price_range, delivery_type, latitude, longitude, delivery_radius_km, created_at)
      values ('New', 'new', 'Riverton', '/x.svg', 30, 2000, 1, -12.34, 5, 5, '2025-01-01T00:00:00.000Z')`.execute(db);
    expect(await band('new')).toBe(latBandOf(-12.34));
  });
});
