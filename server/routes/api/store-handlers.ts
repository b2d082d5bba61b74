/** The calls that find food: store lists near a point, one store, its menu, sliders, search, reviews, addresses. */
import type { FastifyInstance } from 'fastify';
import type { StoreDetail } from '../../../src/api/index.ts';
import { requireUser } from '../../auth/authenticate.ts';
import { distanceKm } from '../../geo/distance.ts';
import { notFound } from '../../http-error.ts';
import { NO_RELEASE, type JsonAnswer } from '../../nearby/nearby-engine.ts';
import { containsPattern } from '../../repositories/store-rows.ts';
import { deliversTo } from '../../repositories/stores-repository.ts';
import { JsonText, type CallHandlers } from './handlers.ts';

/** A store list's bytes as the answer; a response listener to give them back only when there is something to give back. */
function listText<T>(answer: JsonAnswer): JsonText<T> {
  return new JsonText<T>(answer.bytes, answer.release === NO_RELEASE ? undefined : answer.release);
}

/** Items a search answers at most; stores are bounded by what serves the point. */
const SEARCH_ITEM_LIMIT = 40;

type StoreCalls =
  | 'promo-slider'
  | 'get-delivery-restaurants'
  | 'get-selfpickup-restaurants'
  | 'get-restaurant-category-slides'
  | 'get-all-restaurants-categories'
  | 'get-filtered-restaurants'
  | 'get-restaurant-info-and-operational-status'
  | 'get-restaurant-info'
  | 'get-restaurant-info-by-id'
  | 'get-restaurant-items'
  | 'get-restaurant-info-with-favourite'
  | 'get-single-item'
  | 'coordinate-to-address'
  | 'search-restaurants'
  | 'get-store-reviews';

export function createStoreHandlers(app: FastifyInstance): Pick<CallHandlers, StoreCalls> {
  const stores = app.storesRepository;
  const nearby = app.nearbyStores;

  function found<T extends StoreDetail>(store: T | undefined, what: string): T {
    if (!store) throw notFound(`There is no store ${what}.`);
    return store;
  }

  return {
    'promo-slider': async (point) => {
      const [slides, serving] = await Promise.all([app.catalogRepository.promoSlides(), nearby.list(point, 'any')]);
      // A slide that opens a store shows only where that store delivers or can be picked up.
      const reachable = new Set(serving.map((store) => store.id));
      const shown = (slide: (typeof slides.mainSlides)[number]) =>
        slide.data.model !== 'restaurant' || (slide.data.model_id !== null && reachable.has(slide.data.model_id));
      return { mainSlides: slides.mainSlides.filter(shown), otherSlides: slides.otherSlides.filter(shown) };
    },

    'get-delivery-restaurants': async (point) => listText(await nearby.listJson(point, 'delivery')),

    'get-selfpickup-restaurants': async (point) => listText(await nearby.listJson(point, 'selfpickup')),

    'get-restaurant-category-slides': async () => app.catalogRepository.categorySlides(),

    'get-all-restaurants-categories': async () => app.catalogRepository.categories(),

    'get-filtered-restaurants': async ({ latitude, longitude, category_ids }) =>
      listText(await nearby.listJson({ latitude, longitude }, 'any', category_ids)),

    'get-restaurant-info-and-operational-status': async ({ id, latitude, longitude }) => {
      const point = { latitude, longitude };
      const store = found(await stores.detailById(id, point), `with id ${id}`);
      return { ...store, delivers_to_location: deliversTo(store, distanceKm(point, store)) };
    },

    'get-restaurant-info': async (_body, _request, { slug }) => found(await stores.detailBySlug(slug), `'${slug}'`),

    'get-restaurant-info-by-id': async (_body, _request, { id }) =>
      found(await stores.detailById(Number(id)), `with id ${id}`),

    'get-restaurant-items': async (_body, _request, { id }) => {
      const storeId = Number(id);
      if (!(await stores.exists(storeId))) throw notFound(`There is no store with id ${id}.`);
      return app.menuRepository.menuOf(storeId);
    },

    'get-restaurant-info-with-favourite': async (body, request, { slug }) => {
      const user = await requireUser(app, request, body);
      const store = found(await stores.detailBySlug(slug), `'${slug}'`);
      return { ...store, is_favourite: await app.favouritesRepository.isFavourite(user.id, store.id) };
    },

    'get-single-item': async ({ id }) => {
      const item = await app.menuRepository.item(id);
      if (!item) throw notFound(`There is no item with id ${id}.`);
      return item;
    },

    'coordinate-to-address': async ({ lat, lng }) => app.reverseGeocoder.reverse({ latitude: lat, longitude: lng }),

    'search-restaurants': async ({ q, latitude, longitude }) => {
      const point = { latitude, longitude };
      const text = q.trim();
      if (text === '') return { restaurants: [], items: [] };
      const serving = await nearby.list(point, 'any');
      const pattern = containsPattern(text);
      const matches = (value: string) => value.toLowerCase().includes(text.toLowerCase());
      const restaurants = serving.filter((store) => matches(store.name) || matches(store.description));
      const byId = new Map(serving.map((store) => [store.id, store]));
      const items = await app.menuRepository.search([...byId.keys()], pattern, SEARCH_ITEM_LIMIT);
      return {
        restaurants,
        items: items.map((item) => {
          const store = byId.get(item.restaurant_id);
          return {
            ...item,
            restaurant: { id: item.restaurant_id, name: store?.name ?? '', slug: store?.slug ?? '', city: store?.city ?? '' },
          };
        }),
      };
    },

    'get-store-reviews': async ({ slug }) => {
      const store = await stores.refBySlug(slug);
      if (!store) throw notFound(`There is no store '${slug}'.`);
      const { avgRating, count, reviews } = await app.reviewsRepository.ofStore(Number(store.id));
      return {
        restaurant: { id: Number(store.id), name: store.name, slug: store.slug, city: store.city },
        avgRating,
        reviews_count: count,
        reviews,
      };
    },
  };
}
