/** The calls that find food: store lists near a point, one store, its menu, sliders, search, reviews, addresses. */
import type { FastifyInstance } from 'fastify';
import type { Store, StoreDetail } from '../../src/api/entities.ts';
import { distanceKm } from '../geo/distance.ts';
import { notFound } from '../http/http-error.ts';
import { NO_RELEASE, type JsonAnswer } from '../nearby/nearby-engine.ts';
import { matchesSearch, searchQuery } from '../../src/api/catalog/search-match.ts';
import { deliversTo } from './stores-repository.ts';
import {
  translateItems,
  translateMenu,
  translatePromoSlides,
  translateRows,
  translateStore,
  translateStores,
  translatorFor,
  type CatalogueTranslator,
} from './catalogue-translations.ts';
import { promoSlidesAt } from './promo-slides.ts';
import { JsonText, type CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

/** A store list's bytes as the answer; a response listener to give them back only when there is something to give back. */
function listText<T>(answer: JsonAnswer): JsonText<T> {
  return new JsonText<T>(answer.bytes, answer.release === NO_RELEASE ? undefined : answer.release);
}

/**
 * A store list in the customer's language: the engine's bytes as they are
 * when nothing is translated, else read, given their texts and sent anew.
 */
export async function storeListIn(translator: CatalogueTranslator | null, answer: JsonAnswer): Promise<JsonText<Store[]> | Store[]> {
  if (!translator) return listText(answer);
  let stores: Store[];
  try {
    stores = JSON.parse(answer.bytes.toString('utf8')) as Store[];
  } finally {
    if (answer.release !== NO_RELEASE) answer.release();
  }
  return translateStores(translator, stores);
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

  const translator = (body: { language?: string | undefined }) => translatorFor(app, body.language);

  return {
    'promo-slider': async (body) => {
      const [slides, t] = await Promise.all([promoSlidesAt(app, body), translator(body)]);
      return translatePromoSlides(t, slides);
    },

    'get-delivery-restaurants': async (body) => storeListIn(await translator(body), await nearby.listJson(body, 'delivery')),

    'get-selfpickup-restaurants': async (body) => storeListIn(await translator(body), await nearby.listJson(body, 'selfpickup')),

    'get-restaurant-category-slides': async (body) =>
      translateRows(await translator(body), 'category_slide', await app.catalogRepository.categorySlides()),

    'get-all-restaurants-categories': async (body) =>
      translateRows(await translator(body), 'store_category', await app.catalogRepository.categories()),

    'get-filtered-restaurants': async ({ latitude, longitude, category_ids, language }) =>
      storeListIn(await translator({ language }), await nearby.listJson({ latitude, longitude }, 'any', category_ids)),

    'get-restaurant-info-and-operational-status': async ({ id, latitude, longitude, language }) => {
      const point = { latitude, longitude };
      const store = found(await stores.detailById(id, point), `with id ${id}`);
      return translateStore(await translator({ language }), { ...store, delivers_to_location: deliversTo(store, distanceKm(point, store)) });
    },

    'get-restaurant-info': async (body, _request, { slug }) =>
      translateStore(await translator(body), found(await stores.detailBySlug(slug), `'${slug}'`)),

    'get-restaurant-info-by-id': async (body, _request, { id }) =>
      translateStore(await translator(body), found(await stores.detailById(Number(id)), `with id ${id}`)),

    'get-restaurant-items': async (body, _request, { id }) => {
      const storeId = Number(id);
      if (!(await stores.exists(storeId))) throw notFound(`There is no store with id ${id}.`);
      return translateMenu(await translator(body), await app.menuRepository.menuOf(storeId));
    },

    'get-restaurant-info-with-favourite': async (body, request, { slug }) => {
      const user = userOf(request);
      const store = found(await stores.detailBySlug(slug), `'${slug}'`);
      return translateStore(await translator(body), {
        ...store,
        is_favourite: await app.favouritesRepository.isFavourite(user.id, store.id),
      });
    },

    'get-single-item': async ({ id, language }) => {
      const item = await app.menuRepository.item(id);
      if (!item) throw notFound(`There is no item with id ${id}.`);
      const [translated] = await translateItems(await translator({ language }), [item]);
      return translated ?? item;
    },

    'coordinate-to-address': async ({ lat, lng }) => app.reverseGeocoder.reverse({ latitude: lat, longitude: lng }),

    'search-restaurants': async ({ q, latitude, longitude, language }) => {
      const point = { latitude, longitude };
      const text = q.trim();
      if (text === '') return { restaurants: [], items: [] };
      const [serving, t] = await Promise.all([nearby.list(point, 'any'), translator({ language })]);
      const query = searchQuery(text);
      const restaurants = serving.filter((store) => matchesSearch(query, store.name, store.description));
      const byId = new Map(serving.map((store) => [store.id, store]));
      const items = await app.menuRepository.search([...byId.keys()], query, SEARCH_ITEM_LIMIT);
      const [shownStores, shownItems] = await Promise.all([translateStores(t, restaurants), translateItems(t, items)]);
      return {
        restaurants: shownStores,
        items: shownItems.map((item) => {
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
