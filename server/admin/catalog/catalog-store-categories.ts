/**
 * Store categories (with the stores listed under them) and the category
 * slides at the top of the store list (with the categories they open).
 * Administrators only. A category's store links are catalogue rows the
 * nearby engine watches (migration 0004), so a store joining a category
 * shows in get-filtered-restaurants at once.
 */
import type { Kysely } from 'kysely';
import type { AdminCategorySlide, AdminStoreCategory } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag, type Database } from '../../db/tables.ts';
import { notFound } from '../../http/http-error.ts';
import { assertAllExist, auditedWrite, checkImageUrl, definedOnly, flagOf, givenFields, requireOnCreate, type CatalogActor } from './catalog-change.ts';

type SaveCategory = CallBody<'admin/save-store-category'>;
type SaveSlide = CallBody<'admin/save-category-slide'>;

export async function listStoreCategories(db: Kysely<Database>, onlyId?: number): Promise<AdminStoreCategory[]> {
  let categories = db.selectFrom('restaurant_categories').selectAll();
  let links = db.selectFrom('restaurant_category_links').select(['category_id', 'restaurant_id']);
  if (onlyId !== undefined) {
    categories = categories.where('id', '=', onlyId);
    links = links.where('category_id', '=', onlyId);
  }
  const [rows, linkRows] = await Promise.all([
    categories.orderBy('sort_order').orderBy('id').execute(),
    links.orderBy('category_id').orderBy('restaurant_id').execute(),
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    sort_order: Number(row.sort_order),
    restaurant_ids: linkRows.filter((link) => Number(link.category_id) === Number(row.id)).map((link) => Number(link.restaurant_id)),
  }));
}

export async function saveStoreCategory(db: Kysely<Database>, actor: CatalogActor, body: SaveCategory): Promise<AdminStoreCategory> {
  if (body.id === undefined) requireOnCreate(body, ['name']);
  else if (!(await db.selectFrom('restaurant_categories').select('id').where('id', '=', body.id).executeTakeFirst())) {
    throw notFound(`There is no store category with id ${body.id}.`);
  }
  checkImageUrl(body.image);
  await assertAllExist(db, 'restaurants', body.restaurant_ids, 'restaurant_ids');
  const id = await auditedWrite(db, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, image: body.image, sort_order: body.sort_order });
    let categoryId = body.id;
    if (categoryId === undefined) {
      const created = await trx
        .insertInto('restaurant_categories')
        .values({ image: null, sort_order: 0, ...columns, name: body.name as string })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await trx.updateTable('restaurant_categories').set(columns).where('id', '=', categoryId).execute();
    }
    if (body.restaurant_ids !== undefined) {
      await trx.deleteFrom('restaurant_category_links').where('category_id', '=', categoryId).execute();
      if (body.restaurant_ids.length > 0) {
        await trx
          .insertInto('restaurant_category_links')
          .values(body.restaurant_ids.map((restaurantId) => ({ restaurant_id: restaurantId, category_id: categoryId })))
          .execute();
      }
    }
    return { result: categoryId, entity: 'restaurant_categories', entityId: categoryId, details: givenFields(body) };
  });
  const [saved] = await listStoreCategories(db, id);
  return saved as AdminStoreCategory;
}

export async function deleteStoreCategory(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const category = await db.selectFrom('restaurant_categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!category) throw notFound(`There is no store category with id ${id}.`);
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('restaurant_categories').where('id', '=', id).execute();
    return { result: undefined, entity: 'restaurant_categories', entityId: id, details: { name: category.name } };
  });
}

export async function listCategorySlides(db: Kysely<Database>, onlyId?: number): Promise<AdminCategorySlide[]> {
  let slides = db.selectFrom('category_slides').selectAll();
  let links = db.selectFrom('category_slide_categories').select(['slide_id', 'category_id']);
  if (onlyId !== undefined) {
    slides = slides.where('id', '=', onlyId);
    links = links.where('slide_id', '=', onlyId);
  }
  const [rows, linkRows] = await Promise.all([
    slides.orderBy('sort_order').orderBy('id').execute(),
    links.orderBy('slide_id').orderBy('category_id').execute(),
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    sort_order: Number(row.sort_order),
    is_active: fromFlag(row.is_active),
    category_ids: linkRows.filter((link) => Number(link.slide_id) === Number(row.id)).map((link) => Number(link.category_id)),
  }));
}

export async function saveCategorySlide(db: Kysely<Database>, actor: CatalogActor, body: SaveSlide): Promise<AdminCategorySlide> {
  if (body.id === undefined) requireOnCreate(body, ['name', 'image']);
  else if (!(await db.selectFrom('category_slides').select('id').where('id', '=', body.id).executeTakeFirst())) {
    throw notFound(`There is no category slide with id ${body.id}.`);
  }
  checkImageUrl(body.image);
  await assertAllExist(db, 'restaurant_categories', body.category_ids, 'category_ids');
  const id = await auditedWrite(db, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, image: body.image, sort_order: body.sort_order, is_active: flagOf(body.is_active) });
    let slideId = body.id;
    if (slideId === undefined) {
      const created = await trx
        .insertInto('category_slides')
        .values({ sort_order: 0, is_active: 1, ...columns, name: body.name as string, image: body.image as string })
        .returning('id')
        .executeTakeFirstOrThrow();
      slideId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await trx.updateTable('category_slides').set(columns).where('id', '=', slideId).execute();
    }
    if (body.category_ids !== undefined) {
      await trx.deleteFrom('category_slide_categories').where('slide_id', '=', slideId).execute();
      if (body.category_ids.length > 0) {
        await trx
          .insertInto('category_slide_categories')
          .values(body.category_ids.map((categoryId) => ({ slide_id: slideId, category_id: categoryId })))
          .execute();
      }
    }
    return { result: slideId, entity: 'category_slides', entityId: slideId, details: givenFields(body) };
  });
  const [saved] = await listCategorySlides(db, id);
  return saved as AdminCategorySlide;
}

export async function deleteCategorySlide(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const slide = await db.selectFrom('category_slides').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!slide) throw notFound(`There is no category slide with id ${id}.`);
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('category_slides').where('id', '=', id).execute();
    return { result: undefined, entity: 'category_slides', entityId: id, details: { name: slide.name } };
  });
}
