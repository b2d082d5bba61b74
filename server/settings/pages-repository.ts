/** Content pages (about, terms, privacy…) an administrator writes and the app shows at /pages/:slug. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Page, PageSummary } from '../../src/api/entities.ts';
import type { Database, PagesTable } from '../db/tables.ts';

export function createPagesRepository(db: Kysely<Database>) {
  return {
    /** Every page's id, name and slug, by sort order then name. */
    async list(trx: Kysely<Database> = db): Promise<PageSummary[]> {
      const rows = await trx.selectFrom('pages').select(['id', 'name', 'slug']).orderBy('sort_order').orderBy('name').execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name, slug: row.slug }));
    },

    /** The page with this slug, if any. */
    async findBySlug(slug: string, trx: Kysely<Database> = db): Promise<Page | undefined> {
      const row = await trx.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) return undefined;
      return { id: Number(row.id), name: row.name, slug: row.slug, body: row.body, updated_at: row.updated_at };
    },

    /** Every page with every column, by sort order, name and id, as the console lists them. */
    async adminList(trx: Kysely<Database> = db): Promise<Selectable<PagesTable>[]> {
      return trx.selectFrom('pages').selectAll().orderBy('sort_order').orderBy('name').orderBy('id').execute();
    },

    /** The page with this id (its id only), if any. */
    async exists(id: number, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      return trx.selectFrom('pages').select('id').where('id', '=', id).executeTakeFirst();
    },

    /** Another page (not `exceptId`) that uses this slug, if any. */
    async otherWithSlug(slug: string, exceptId: number | undefined, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      let other = trx.selectFrom('pages').select('id').where('slug', '=', slug);
      if (exceptId !== undefined) other = other.where('id', '<>', exceptId);
      return other.executeTakeFirst();
    },

    /** Sets these columns of the page. */
    async update(id: number, columns: Updateable<PagesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('pages').set(columns).where('id', '=', id).execute();
    },

    /** Adds a page; answers its id. */
    async insert(values: Insertable<PagesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('pages').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Every column of the page with this id (throws when there is none). */
    async byId(id: number, trx: Kysely<Database> = db): Promise<Selectable<PagesTable>> {
      return trx.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The id and slug of the page with this id. */
    async slugOf(id: number, trx: Kysely<Database> = db): Promise<{ id: number; slug: string } | undefined> {
      return trx.selectFrom('pages').select(['id', 'slug']).where('id', '=', id).executeTakeFirst();
    },

    /** Deletes the page. */
    async delete(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('pages').where('id', '=', id).execute();
    },

    /** Whether any page's body contains this text (an upload's address: no LIKE wildcard in it). */
    async anyBodyContains(text: string, trx: Kysely<Database> = db): Promise<boolean> {
      const inPages = await trx.selectFrom('pages').select('id').where('body', 'like', `%${text}%`).limit(1).executeTakeFirst();
      return inPages !== undefined;
    },

    // Methods go above this line.
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
