/**
 * Writes the demo stores, menus, categories and sliders (inside the seed's
 * transaction). Images are referenced by URL; demo-images.ts draws them.
 */
import type { Kysely } from 'kysely';
import { toFlag, type Database } from '../db/tables.ts';
import {
  DEMO_CATEGORIES,
  DEMO_CATEGORY_SLIDES,
  DEMO_CITY,
  DEMO_CITY_SLUG,
  DEMO_PROMO_SLIDERS,
  type DemoCategoryKey,
} from './demo-city.ts';
import { demoImagePaths, imageUrl } from './demo-images.ts';
import type { DemoStore } from './demo-store-shape.ts';
import { DEMO_TIMEZONE } from './demo-store-extras.ts';
import { DEMO_STORES } from './demo-stores.ts';

/** Returns each store's id by slug, for the seed's later steps. */
export async function seedStores(
  db: Kysely<Database>,
  ownerUserId: number,
  createdAt: string,
): Promise<Map<string, number>> {
  const categoryIds = await seedCategories(db);
  const storeIds = new Map<string, number>();
  for (const store of DEMO_STORES) {
    const id = await seedStore(db, store, store.ownedByDemoOwner ? ownerUserId : null, createdAt);
    storeIds.set(store.slug, id);
    await db
      .insertInto('restaurant_category_links')
      .values(store.categories.map((key) => ({ restaurant_id: id, category_id: idOf(categoryIds, key) })))
      .execute();
  }
  await seedCategorySlides(db, categoryIds);
  await seedPromoSliders(db, storeIds);
  return storeIds;
}

function idOf<K>(ids: Map<K, number>, key: K): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data refers to unknown ${String(key)}`);
  return id;
}

async function seedCategories(db: Kysely<Database>): Promise<Map<DemoCategoryKey, number>> {
  const ids = new Map<DemoCategoryKey, number>();
  for (const [index, category] of DEMO_CATEGORIES.entries()) {
    const row = await db
      .insertInto('restaurant_categories')
      .values({ name: category.name, image: imageUrl(demoImagePaths.category(category.key)), sort_order: index })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(category.key, Number(row.id));
  }
  return ids;
}

async function seedStore(
  db: Kysely<Database>,
  store: DemoStore,
  ownerUserId: number | null,
  createdAt: string,
): Promise<number> {
  const { id } = await db
    .insertInto('restaurants')
    .values({
      name: store.name,
      slug: store.slug,
      city: DEMO_CITY,
      description: store.description,
      image: imageUrl(demoImagePaths.store(store.slug)),
      is_active: toFlag(store.isActive ?? true),
      is_featured: toFlag(store.isFeatured ?? false),
      custom_featured_name: store.featuredName ?? null,
      custom_message_on_list: store.listMessage ?? null,
      rating: store.rating,
      delivery_time: store.deliveryMinutes,
      price_range: store.priceForTwo,
      delivery_type: store.deliveryType,
      latitude: store.latitude,
      longitude: store.longitude,
      delivery_radius_km: store.radiusKm,
      address: store.address,
      phone: store.phone,
      store_color: store.color,
      owner_user_id: ownerUserId,
      created_at: createdAt,
      timezone: DEMO_TIMEZONE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storeId = Number(id);

  for (const [sectionIndex, [section, dishes]] of Object.entries(store.menu).entries()) {
    const category = await db
      .insertInto('item_categories')
      .values({ restaurant_id: storeId, name: section, sort_order: sectionIndex })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('items')
      .values(
        dishes.map((dish) => ({
          restaurant_id: storeId,
          item_category_id: Number(category.id),
          name: dish.name,
          description: dish.description,
          price: dish.price,
          image: imageUrl(demoImagePaths.dish(store.slug, dish.name)),
          is_veg: toFlag(dish.veg),
          is_recommended: toFlag(dish.recommended),
          is_active: 1,
        })),
      )
      .execute();
  }
  return storeId;
}

async function seedCategorySlides(db: Kysely<Database>, categoryIds: Map<DemoCategoryKey, number>): Promise<void> {
  for (const [index, slide] of DEMO_CATEGORY_SLIDES.entries()) {
    const { id } = await db
      .insertInto('category_slides')
      .values({ name: slide.name, image: imageUrl(demoImagePaths.categorySlide(slide.name)), sort_order: index, is_active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('category_slide_categories')
      .values(slide.categories.map((key) => ({ slide_id: Number(id), category_id: idOf(categoryIds, key) })))
      .execute();
  }
}

async function seedPromoSliders(db: Kysely<Database>, storeIds: Map<string, number>): Promise<void> {
  for (const slider of DEMO_PROMO_SLIDERS) {
    const { id } = await db
      .insertInto('promo_sliders')
      .values({
        name: slider.name,
        is_main: toFlag(slider.isMain),
        position_id: slider.positionId,
        size: slider.size,
        is_active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('promo_slides')
      .values(
        slider.slides.map((slide, index) => ({
          promo_slider_id: Number(id),
          name: slide.name,
          image: imageUrl(demoImagePaths.promo(slide.name)),
          url: `/stores/${DEMO_CITY_SLUG}/${slide.storeSlug}`,
          model: 'restaurant',
          model_id: idOf(storeIds, slide.storeSlug),
          sort_order: index,
        })),
      )
      .execute();
  }
}
