/**
 * Content pages (about, terms, privacy…). The body is sanitised here, before
 * it is stored, with the whitelist the app uses (catalog-html.ts), so what
 * the console shows after a save is what every visitor gets. The audit
 * records the body's size, not the body.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminPage } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { notFound, type HttpError } from '../../http/http-error.ts';
import { auditedWrite, definedOnly, fieldError, givenFields, requireOnCreate, withUniqueAs, type CatalogActor } from './catalog-change.ts';
import { sanitizeHtmlText } from './catalog-html.ts';

type SavePage = CallBody<'admin/save-page'>;

function toPage(row: { id: number; name: string; slug: string; body: string; sort_order: number; updated_at: string }): AdminPage {
  return { id: Number(row.id), name: row.name, slug: row.slug, body: row.body, sort_order: Number(row.sort_order), updated_at: row.updated_at };
}

export async function listPages(app: FastifyInstance): Promise<AdminPage[]> {
  const rows = await app.pagesRepository.adminList();
  return rows.map(toPage);
}

function slugTaken(slug: string | undefined): HttpError {
  return fieldError(409, 'SLUG_TAKEN', 'slug', `Another page already uses the slug '${slug ?? ''}'.`);
}

export async function savePage(app: FastifyInstance, actor: CatalogActor, body: SavePage, now: Date = new Date()): Promise<AdminPage> {
  const pages = app.pagesRepository;
  if (body.id === undefined) requireOnCreate(body, ['name', 'slug', 'body']);
  else if (!(await pages.exists(body.id))) {
    throw notFound(`There is no page with id ${body.id}.`);
  }
  if (body.slug !== undefined) {
    if (await pages.otherWithSlug(body.slug, body.id)) throw slugTaken(body.slug);
  }
  const html = body.body === undefined ? undefined : sanitizeHtmlText(body.body);
  const { body: _body, ...rest } = givenFields(body);
  const details = html === undefined ? rest : { ...rest, body_chars: html.length, body_changed_by_sanitiser: html !== body.body };
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, slug: body.slug, body: html, sort_order: body.sort_order });
    const pageId = await withUniqueAs('SLUG_TAKEN', 'slug', slugTaken(body.slug).message, async () => {
      if (body.id !== undefined) {
        await pages.update(body.id, { ...columns, updated_at: now.toISOString() }, trx);
        return body.id;
      }
      const created = await pages.insert(
        { sort_order: 0, ...columns, name: body.name as string, slug: body.slug as string, body: html as string, updated_at: now.toISOString() },
        trx,
      );
      return Number(created.id);
    });
    return { result: pageId, entity: 'pages', entityId: pageId, details };
  });
  const row = await pages.byId(id);
  return toPage(row);
}

export async function deletePage(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const page = await app.pagesRepository.slugOf(id);
  if (!page) throw notFound(`There is no page with id ${id}.`);
  await auditedWrite(app, actor, async (trx) => {
    await app.pagesRepository.delete(id, trx);
    return { result: undefined, entity: 'pages', entityId: id, details: { slug: page.slug } };
  });
}
