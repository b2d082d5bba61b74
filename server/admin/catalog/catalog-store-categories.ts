/**
 * Store categories (with the stores listed under them) and the category
 * slides at the top of the store list (with the categories they open).
 * Administrators only. A category's store links are catalogue rows the
 * nearby engine watches (migration 0004), so a store joining a category
 * shows in get-filtered-restaurants at once.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminCategorySlide, AdminStoreCategory } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag } from '../../db/tables.ts';
import { notFound } from '../../http/http-error.ts';
import { assertAllExist, auditedWrite, checkImageUrl, definedOnly, flagOf, givenFields, requireOnCreate, type CatalogActor } from './catalog-change.ts';

type SaveCategory = CallBody<'admin/save-store-category'>;
type SaveSlide = CallBody<'admin/save-category-slide'>;

export async function listStoreCategories(app: FastifyInstance, onlyId?: number): Promise<AdminStoreCategory[]> {
  const [rows, linkRows] = await Promise.all([
    app.catalogRepository.adminCategories(onlyId),
    app.storesRepository.categoryLinks(onlyId),
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    sort_order: Number(row.sort_order),
    restaurant_ids: linkRows.filter((link) => Number(link.category_id) === Number(row.id)).map((link) => Number(link.restaurant_id)),
  }));
}

export async function saveStoreCategory(app: FastifyInstance, actor: CatalogActor, body: SaveCategory): Promise<AdminStoreCategory> {
  const catalog = app.catalogRepository;
  if (body.id === undefined) requireOnCreate(body, ['name']);
  else if (!(await catalog.categoryExists(body.id))) {
    throw notFound(`There is no store category with id ${body.id}.`);
  }
  checkImageUrl(body.image);
  await assertAllExist(app, 'restaurants', body.restaurant_ids, 'restaurant_ids');
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, image: body.image, sort_order: body.sort_order });
    let categoryId = body.id;
    if (categoryId === undefined) {
      const created = await catalog.insertCategory({ image: null, sort_order: 0, ...columns, name: body.name as string }, trx);
      categoryId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await catalog.updateCategory(categoryId, columns, trx);
    }
    if (body.restaurant_ids !== undefined) await app.storesRepository.replaceStoresOfCategory(categoryId, body.restaurant_ids, trx);
    return { result: categoryId, entity: 'restaurant_categories', entityId: categoryId, details: givenFields(body) };
  });
  const [saved] = await listStoreCategories(app, id);
  return saved as AdminStoreCategory;
}

export async function deleteStoreCategory(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const category = await app.catalogRepository.categoryNameOf(id);
  if (!category) throw notFound(`There is no store category with id ${id}.`);
  await auditedWrite(app, actor, async (trx) => {
    await app.catalogRepository.deleteCategory(id, trx);
    return { result: undefined, entity: 'restaurant_categories', entityId: id, details: { name: category.name } };
  });
}

export async function listCategorySlides(app: FastifyInstance, onlyId?: number): Promise<AdminCategorySlide[]> {
  const { rows, linkRows } = await app.catalogRepository.adminCategorySlides(onlyId);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    image: row.image,
    sort_order: Number(row.sort_order),
    is_active: fromFlag(row.is_active),
    category_ids: linkRows.filter((link) => Number(link.slide_id) === Number(row.id)).map((link) => Number(link.category_id)),
  }));
}

export async function saveCategorySlide(app: FastifyInstance, actor: CatalogActor, body: SaveSlide): Promise<AdminCategorySlide> {
  const catalog = app.catalogRepository;
  if (body.id === undefined) requireOnCreate(body, ['name', 'image']);
  else if (!(await catalog.categorySlideExists(body.id))) {
    throw notFound(`There is no category slide with id ${body.id}.`);
  }
  checkImageUrl(body.image);
  await assertAllExist(app, 'restaurant_categories', body.category_ids, 'category_ids');
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({ name: body.name, image: body.image, sort_order: body.sort_order, is_active: flagOf(body.is_active) });
    let slideId = body.id;
    if (slideId === undefined) {
      const created = await catalog.insertCategorySlide(
        { sort_order: 0, is_active: 1, ...columns, name: body.name as string, image: body.image as string },
        trx,
      );
      slideId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await catalog.updateCategorySlide(slideId, columns, trx);
    }
    if (body.category_ids !== undefined) await catalog.replaceCategoriesOfSlide(slideId, body.category_ids, trx);
    return { result: slideId, entity: 'category_slides', entityId: slideId, details: givenFields(body) };
  });
  const [saved] = await listCategorySlides(app, id);
  return saved as AdminCategorySlide;
}

export async function deleteCategorySlide(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const slide = await app.catalogRepository.categorySlideNameOf(id);
  if (!slide) throw notFound(`There is no category slide with id ${id}.`);
  await auditedWrite(app, actor, async (trx) => {
    await app.catalogRepository.deleteCategorySlide(id, trx);
    return { result: undefined, entity: 'category_slides', entityId: id, details: { name: slide.name } };
  });
}
