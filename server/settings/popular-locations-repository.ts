/** Popular locations; the one marked is_default is the primary location new visitors start at. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { PopularLocation } from '../../src/api/entities.ts';
import { fromFlag, type Database, type PopularLocationsTable } from '../db/tables.ts';

export function createPopularLocationsRepository(db: Kysely<Database>) {
  return {
    /** The primary location first, then the others by name. */
    async list(trx: Kysely<Database> = db): Promise<PopularLocation[]> {
      const rows = await trx
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
    async clearPrimary(trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('popular_locations').set({ is_default: 0 }).execute();
    },

    /** Makes one location the primary and unmarks the one that was, inside the caller's transaction. */
    async movePrimaryTo(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('popular_locations').set({ is_default: 0 }).where('id', '!=', id).where('is_default', '=', 1).execute();
      await trx.updateTable('popular_locations').set({ is_default: 1 }).where('id', '=', id).execute();
    },

    /** Adds a location and answers its id. */
    async insert(values: Insertable<PopularLocationsTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('popular_locations').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** The id of a primary location, or undefined when there is none. */
    async primary(trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      return trx.selectFrom('popular_locations').select('id').where('is_default', '=', 1).executeTakeFirst();
    },

    /** The location row of this id, or undefined. */
    async findRow(id: number, trx: Kysely<Database> = db): Promise<Selectable<PopularLocationsTable> | undefined> {
      return trx.selectFrom('popular_locations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The name and is_default of the location of this id, or undefined. */
    async nameAndFlagOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('popular_locations').select(['name', 'is_default']).where('id', '=', id).executeTakeFirst();
    },

    /** Changes these columns of a location. */
    async update(id: number, values: Updateable<PopularLocationsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('popular_locations').set(values).where('id', '=', id).execute();
    },

    /** Deletes a location. */
    async delete(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('popular_locations').where('id', '=', id).execute();
    },

    // Methods go above this line.
  };
}

export type PopularLocationsRepository = ReturnType<typeof createPopularLocationsRepository>;
