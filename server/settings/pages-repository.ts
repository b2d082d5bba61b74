/** Content pages (about, terms, privacy…) an administrator writes and the app shows at /pages/:slug. */
import type { Kysely } from 'kysely';
import type { Page, PageSummary } from '../../src/api/entities.ts';
import type { Database } from '../db/tables.ts';

export function createPagesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<PageSummary[]> {
      const rows = await db.selectFrom('pages').select(['id', 'name', 'slug']).orderBy('sort_order').orderBy('name').execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name, slug: row.slug }));
    },

    async findBySlug(slug: string): Promise<Page | undefined> {
      const row = await db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
      if (!row) return undefined;
      return { id: Number(row.id), name: row.name, slug: row.slug, body: row.body, updated_at: row.updated_at };
    },
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
