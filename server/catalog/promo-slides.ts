/**
 * Which promo slides a customer at a point sees, for the promo-slider call
 * and for the home's preload header (static-files.ts): one rule in one place.
 */
import type { PromoSlide, PromoSlides } from '../../src/api/entities.ts';
import type { GeoPoint } from '../geo/distance.ts';
import type { NearbyEngine } from '../nearby/nearby-engine.ts';
import type { PopularLocationsRepository } from '../settings/popular-locations-repository.ts';
import type { CatalogRepository } from './catalog-repository.ts';

export interface PromoSlideSources {
  catalogRepository: CatalogRepository;
  nearbyStores: NearbyEngine;
  popularLocationsRepository: PopularLocationsRepository;
}

/** The active sliders' slides at `point`, in the order the home shows them; a slide that opens a store only where that store delivers or can be picked up. */
export async function promoSlidesAt(sources: PromoSlideSources, point: GeoPoint): Promise<PromoSlides> {
  const [slides, serving] = await Promise.all([sources.catalogRepository.promoSlides(), sources.nearbyStores.list(point, 'any')]);
  const reachable = new Set(serving.map((store) => store.id));
  const shown = (slide: PromoSlide) => slide.data.model !== 'restaurant' || (slide.data.model_id !== null && reachable.has(slide.data.model_id));
  return { mainSlides: slides.mainSlides.filter(shown), otherSlides: slides.otherSlides.filter(shown) };
}

/**
 * The picture a first visit's mobile home paints first, and largest: the
 * first main slide at the primary popular location, where a visitor without
 * an address starts (worker/replica/writes.ts). The server orders main
 * slides by slider position, then slider, then slide, so it is the first
 * slide of the first main slider the home groups them into
 * (src/features/home/home-shapes.ts). Undefined without a primary location
 * or a main slide.
 */
export async function firstVisitHomeSlideImage(sources: PromoSlideSources): Promise<string | undefined> {
  const locations = await sources.popularLocationsRepository.list();
  const primary = locations.find((location) => location.is_default);
  if (!primary) return undefined;
  const { mainSlides } = await promoSlidesAt(sources, primary);
  return mainSlides[0]?.data.image || undefined;
}
