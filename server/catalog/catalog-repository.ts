/** Store categories, category slides and promo slides: what the store list shows around the stores. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CategorySlide, PromoSlide, PromoSlides, StoreCategory } from '../../src/api/entities.ts';
import {
  fromFlag,
  type CategorySlidesTable,
  type Database,
  type PromoSlidesTable,
  type PromoSlidersTable,
  type RestaurantCategoriesTable,
} from '../db/tables.ts';

export function createCatalogRepository(db: Kysely<Database>) {
  return {
    /** Every store category, by sort order, as the app lists them. */
    async categories(trx: Kysely<Database> = db): Promise<StoreCategory[]> {
      const rows = await trx.selectFrom('restaurant_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name, image: row.image }));
    },

    /** The active category slides with the categories each opens. */
    async categorySlides(trx: Kysely<Database> = db): Promise<CategorySlide[]> {
      const [slides, links] = await Promise.all([
        trx.selectFrom('category_slides').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
        trx.selectFrom('category_slide_categories').selectAll().orderBy('category_id').execute(),
      ]);
      return slides.map((slide) => ({
        id: Number(slide.id),
        name: slide.name,
        image: slide.image,
        categories_ids: links.filter((link) => link.slide_id === slide.id).map((link) => Number(link.category_id)),
      }));
    },

    /**
     * Active sliders' slides, main ones apart from the others. A slide that
     * promotes a store is left out when that store is gone or inactive.
     */
    async promoSlides(trx: Kysely<Database> = db): Promise<PromoSlides> {
      const rows = await trx
        .selectFrom('promo_slides as s')
        .innerJoin('promo_sliders as p', 'p.id', 's.promo_slider_id')
        .leftJoin('restaurants as r', (join) =>
          join.onRef('r.id', '=', 's.model_id').on('s.model', '=', 'restaurant'),
        )
        .select([
          's.id',
          's.name',
          's.image',
          's.url',
          's.model',
          's.model_id',
          'p.id as slider_id',
          'p.is_main',
          'p.position_id',
          'p.size',
          'r.is_active as store_active',
        ])
        .where('p.is_active', '=', 1)
        .orderBy('p.position_id')
        .orderBy('p.id')
        .orderBy('s.sort_order')
        .orderBy('s.id')
        .execute();
      const result: PromoSlides = { mainSlides: [], otherSlides: [] };
      for (const row of rows) {
        if (row.model === 'restaurant' && Number(row.store_active ?? 0) !== 1) continue;
        const slide: PromoSlide = {
          url: row.url,
          data: {
            id: Number(row.id),
            name: row.name,
            image: row.image,
            model: row.model,
            model_id: row.model_id === null ? null : Number(row.model_id),
          },
          promo_slider: { id: Number(row.slider_id), position_id: Number(row.position_id), size: Number(row.size) },
        };
        (fromFlag(row.is_main) ? result.mainSlides : result.otherSlides).push(slide);
      }
      return result;
    },

    /** Whether there is a store category, category slide or promo slide with this id (catalogue translations). */
    async rowExists(table: 'restaurant_categories' | 'category_slides' | 'promo_slides', id: number, trx: Kysely<Database> = db): Promise<boolean> {
      return (await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Which of these ids are store categories. */
    async knownCategoryIds(ids: readonly number[], trx: Kysely<Database> = db): Promise<{ id: number }[]> {
      return trx.selectFrom('restaurant_categories').select('id').where('id', 'in', ids).execute();
    },

    /** Every store category (only the one with `onlyId`), by sort order, as the console lists them. */
    async adminCategories(onlyId?: number, trx: Kysely<Database> = db): Promise<Selectable<RestaurantCategoriesTable>[]> {
      let categories = trx.selectFrom('restaurant_categories').selectAll();
      if (onlyId !== undefined) categories = categories.where('id', '=', onlyId);
      return categories.orderBy('sort_order').orderBy('id').execute();
    },

    /** The store category with this id (its id only), if any. */
    async categoryExists(id: number, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      return trx.selectFrom('restaurant_categories').select('id').where('id', '=', id).executeTakeFirst();
    },

    /** The id and name of the store category with this id. */
    async categoryNameOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('restaurant_categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** Adds a store category; answers its id. */
    async insertCategory(values: Insertable<RestaurantCategoriesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('restaurant_categories').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Sets these columns of the store category. */
    async updateCategory(id: number, columns: Updateable<RestaurantCategoriesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('restaurant_categories').set(columns).where('id', '=', id).execute();
    },

    /** Deletes the store category. */
    async deleteCategory(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('restaurant_categories').where('id', '=', id).execute();
    },

    /** Every category slide and its category links (only those of `onlyId`), as the console lists them. */
    async adminCategorySlides(onlyId?: number, trx: Kysely<Database> = db) {
      let slides = trx.selectFrom('category_slides').selectAll();
      let links = trx.selectFrom('category_slide_categories').select(['slide_id', 'category_id']);
      if (onlyId !== undefined) {
        slides = slides.where('id', '=', onlyId);
        links = links.where('slide_id', '=', onlyId);
      }
      const [rows, linkRows] = await Promise.all([
        slides.orderBy('sort_order').orderBy('id').execute(),
        links.orderBy('slide_id').orderBy('category_id').execute(),
      ]);
      return { rows, linkRows };
    },

    /** The category slide with this id (its id only), if any. */
    async categorySlideExists(id: number, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      return trx.selectFrom('category_slides').select('id').where('id', '=', id).executeTakeFirst();
    },

    /** The id and name of the category slide with this id. */
    async categorySlideNameOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('category_slides').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** Adds a category slide; answers its id. */
    async insertCategorySlide(values: Insertable<CategorySlidesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('category_slides').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Sets these columns of the category slide. */
    async updateCategorySlide(id: number, columns: Updateable<CategorySlidesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('category_slides').set(columns).where('id', '=', id).execute();
    },

    /** Makes the slide open exactly these categories. */
    async replaceCategoriesOfSlide(slideId: number, categoryIds: readonly number[], trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('category_slide_categories').where('slide_id', '=', slideId).execute();
      if (categoryIds.length > 0) {
        await trx
          .insertInto('category_slide_categories')
          .values(categoryIds.map((categoryId) => ({ slide_id: slideId, category_id: categoryId })))
          .execute();
      }
    },

    /** Deletes the category slide. */
    async deleteCategorySlide(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('category_slides').where('id', '=', id).execute();
    },

    /** Every promo slider and its slides (only slider `onlyId` and its slides), as the console lists them. */
    async adminPromoSliders(onlyId?: number, trx: Kysely<Database> = db) {
      let sliders = trx.selectFrom('promo_sliders').selectAll();
      let slides = trx.selectFrom('promo_slides').selectAll();
      if (onlyId !== undefined) {
        sliders = sliders.where('id', '=', onlyId);
        slides = slides.where('promo_slider_id', '=', onlyId);
      }
      const [sliderRows, slideRows] = await Promise.all([
        sliders.orderBy('is_main', 'desc').orderBy('position_id').orderBy('id').execute(),
        slides.orderBy('sort_order').orderBy('id').execute(),
      ]);
      return { sliderRows, slideRows };
    },

    /** Adds a promo slider; answers its id. */
    async insertPromoSlider(values: Insertable<PromoSlidersTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('promo_sliders').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Sets these columns of the promo slider. */
    async updatePromoSlider(id: number, columns: Updateable<PromoSlidersTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('promo_sliders').set(columns).where('id', '=', id).execute();
    },

    /** Deletes the promo slider. */
    async deletePromoSlider(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('promo_sliders').where('id', '=', id).execute();
    },

    /** The slider of the promo slide with this id, if there is such a slide. */
    async sliderOfPromoSlide(id: number, trx: Kysely<Database> = db): Promise<{ promo_slider_id: number } | undefined> {
      return trx.selectFrom('promo_slides').select('promo_slider_id').where('id', '=', id).executeTakeFirst();
    },

    /** The id, name and slider of the promo slide with this id. */
    async promoSlideNameOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('promo_slides').select(['id', 'name', 'promo_slider_id']).where('id', '=', id).executeTakeFirst();
    },

    /** Adds a promo slide; answers its id. */
    async insertPromoSlide(values: Insertable<PromoSlidesTable>, trx: Kysely<Database> = db): Promise<{ id: number }> {
      return trx.insertInto('promo_slides').values(values).returning('id').executeTakeFirstOrThrow();
    },

    /** Sets these columns of the promo slide. */
    async updatePromoSlide(id: number, columns: Updateable<PromoSlidesTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('promo_slides').set(columns).where('id', '=', id).execute();
    },

    /** Deletes the promo slide. */
    async deletePromoSlide(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('promo_slides').where('id', '=', id).execute();
    },

    /** Whether any picture of this table (store categories, category slides or promo slides) is this address. */
    async usesImage(table: 'restaurant_categories' | 'category_slides' | 'promo_slides', url: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom(table).select('image').where('image', '=', url).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** The picture addresses of this table on other servers (http…), each once. */
    async remoteImages(table: 'restaurant_categories' | 'category_slides' | 'promo_slides', trx: Kysely<Database> = db) {
      return trx.selectFrom(table).select('image').distinct().where('image', 'like', 'http%').execute();
    },

    // Methods go above this line.
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
