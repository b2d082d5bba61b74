/** Store categories, category slides and promo slides: what the store list shows around the stores. */
import type { Kysely } from 'kysely';
import type { CategorySlide, PromoSlide, PromoSlides, StoreCategory } from '../../src/api/entities.ts';
import { fromFlag, type Database } from '../db/tables.ts';

export function createCatalogRepository(db: Kysely<Database>) {
  return {
    async categories(): Promise<StoreCategory[]> {
      const rows = await db.selectFrom('restaurant_categories').selectAll().orderBy('sort_order').orderBy('id').execute();
      return rows.map((row) => ({ id: Number(row.id), name: row.name, image: row.image }));
    },

    async categorySlides(): Promise<CategorySlide[]> {
      const [slides, links] = await Promise.all([
        db.selectFrom('category_slides').selectAll().where('is_active', '=', 1).orderBy('sort_order').orderBy('id').execute(),
        db.selectFrom('category_slide_categories').selectAll().orderBy('category_id').execute(),
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
    async promoSlides(): Promise<PromoSlides> {
      const rows = await db
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
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
