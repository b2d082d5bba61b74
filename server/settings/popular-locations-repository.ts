/** Popular locations; the one marked is_default is the primary location new visitors start at. */
import type { Kysely } from 'kysely';
import type { PopularLocation } from '../../src/api/entities.ts';
import { fromFlag, type Database } from '../db/tables.ts';

export function createPopularLocationsRepository(db: Kysely<Database>) {
  return {
    /** The primary location first, then the others by name. */
    async list(): Promise<PopularLocation[]> {
      const rows = await db
        .selectFrom('popular_locations')
        .selectAll()
        .orderBy('is_default', 'desc')
        .orderBy('name')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        is_default: fromFlag(row.is_default),
      }));
    },

    /** Makes one location the primary and every other one not: there is at most one. */
    async setPrimary(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('popular_locations').set({ is_default: 0 }).where('id', '!=', id).execute();
        await trx.updateTable('popular_locations').set({ is_default: 1 }).where('id', '=', id).execute();
      });
    },

    /** Leaves no primary location: the app then shows the 'Critical Error' admin page. */
    async clearPrimary(): Promise<void> {
      await db.updateTable('popular_locations').set({ is_default: 0 }).execute();
    },
  };
}

export type PopularLocationsRepository = ReturnType<typeof createPopularLocationsRepository>;
