/**
 * Finding food: promo and category slides, store lists near a point, a
 * store with its menu and reviews, items, favourites, search, places and
 * addresses for a point. Answered by server/catalog/.
 */
import * as Type from '@sinclair/typebox';
import {
  CategorySlideSchema,
  ItemSchema,
  LatitudeSchema,
  LongitudeSchema,
  PLACE_SEARCH_LIMIT,
  PlaceSchema,
  PromoSlidesSchema,
  SELF_PICKUP_RADIUS_KM,
  SearchResultsSchema,
  StoreCategorySchema,
  StoreDetailSchema,
  StoreMenuSchema,
  StoreOperationalStatusSchema,
  StoreReviewsSchema,
  StoreSchema,
  StoreWithFavouriteSchema,
  ToggleFavouriteResultSchema,
} from '../entities.ts';
import type { CallDefinition } from '../call-definition.ts';
import { Id, Language, LanguageOnly, PathId, Point, Slug, Token, strict } from '../call-parts.ts';

export const catalogCalls = {
  'promo-slider': {
    access: 'anyone',
    summary: 'Promo slides for a point, grouped as main slides (top of home) and other slides (between stores).',
    body: Type.Object({ ...Point, ...Language }, strict),
    response: PromoSlidesSchema,
  },
  'get-delivery-restaurants': {
    access: 'anyone',
    summary:
      'Stores that deliver to the point (delivery type 1 or 3, point within the store radius): featured first, then by distance.',
    body: Type.Object({ ...Point, ...Language }, strict),
    response: Type.Array(StoreSchema),
  },
  'get-selfpickup-restaurants': {
    access: 'anyone',
    summary: `Stores that allow self pickup (delivery type 2 or 3) within ${SELF_PICKUP_RADIUS_KM} km of the point: featured first, then by distance.`,
    body: Type.Object({ ...Point, ...Language }, strict),
    response: Type.Array(StoreSchema),
  },
  'get-restaurant-category-slides': {
    access: 'anyone',
    summary: 'The category slides at the top of the store list; each opens its categories_ids.',
    body: LanguageOnly,
    response: Type.Array(CategorySlideSchema),
  },
  'get-all-restaurants-categories': {
    access: 'anyone',
    summary: 'Every store category.',
    body: LanguageOnly,
    response: Type.Array(StoreCategorySchema),
  },
  'get-filtered-restaurants': {
    access: 'anyone',
    summary:
      'Stores near the point (delivering to it or open for pickup) in any of the categories: featured first, then by distance.',
    body: Type.Object(
      { ...Point, category_ids: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }), ...Language },
      strict,
    ),
    response: Type.Array(StoreSchema),
  },
  'get-restaurant-info-and-operational-status': {
    access: 'anyone',
    summary: 'One store by id with is_open (opening hours) and whether it delivers to the point.',
    body: Type.Object({ id: Id, ...Point, ...Language }, strict),
    response: StoreOperationalStatusSchema,
  },
  'get-restaurant-info': {
    access: 'anyone',
    summary: 'One store by its slug.',
    path: 'get-restaurant-info/:slug',
    params: Type.Object({ slug: Slug }, strict),
    body: LanguageOnly,
    response: StoreDetailSchema,
  },
  'get-restaurant-info-by-id': {
    access: 'anyone',
    summary: 'One store by its id.',
    path: 'get-restaurant-info-by-id/:id',
    params: Type.Object({ id: PathId }, strict),
    body: LanguageOnly,
    response: StoreDetailSchema,
  },
  'get-restaurant-items': {
    access: 'anyone',
    summary: "A store's menu: recommended items, then sections with their items; items carry their add-on groups.",
    path: 'get-restaurant-items/:id',
    params: Type.Object({ id: PathId }, strict),
    body: LanguageOnly,
    response: StoreMenuSchema,
  },
  'get-restaurant-info-with-favourite': {
    access: 'user',
    summary: "One store by its slug with is_favourite for the signed-in user (token or Authorization: Bearer).",
    path: 'get-restaurant-info-with-favourite/:slug',
    params: Type.Object({ slug: Slug }, strict),
    body: Type.Object({ token: Token, ...Language }, strict),
    response: StoreWithFavouriteSchema,
  },
  'get-single-item': {
    access: 'anyone',
    summary: 'One item with its add-on groups.',
    body: Type.Object({ id: Id, ...Language }, strict),
    response: ItemSchema,
  },
  'toggle-favorite': {
    access: 'user',
    summary: "Adds the store to the user's favourites, or removes it when it is there; answers the new state.",
    body: Type.Object({ token: Token, id: Id }, strict),
    response: ToggleFavouriteResultSchema,
  },
  'get-favorite-stores': {
    access: 'user',
    summary: "The signed-in user's favourite stores with their distance from the point, nearest first.",
    body: Type.Object({ token: Token, ...Point, ...Language }, strict),
    response: Type.Array(StoreSchema),
  },
  'coordinate-to-address': {
    access: 'anyone',
    summary: 'A formatted address for a point, from the embedded gazetteer (works offline).',
    body: Type.Object({ lat: LatitudeSchema, lng: LongitudeSchema }, strict),
    response: Type.String(),
  },
  'search-places': {
    access: 'anyone',
    summary: `Places named like q (case and accents ignored): matching popular locations first, then real places from the embedded gazetteer (or the configured online geocoder), nearer the optional point first; at most ${PLACE_SEARCH_LIMIT}. Works with no internet.`,
    body: Type.Object(
      {
        q: Type.String({ minLength: 1, maxLength: 100 }),
        latitude: Type.Optional(LatitudeSchema),
        longitude: Type.Optional(LongitudeSchema),
      },
      strict,
    ),
    response: Type.Array(PlaceSchema, { maxItems: PLACE_SEARCH_LIMIT }),
  },
  'search-restaurants': {
    access: 'anyone',
    summary: 'Stores (by name or description) and items (by name) matching q among the stores serving the point.',
    body: Type.Object({ q: Type.String({ minLength: 1, maxLength: 100 }), ...Point, ...Language }, strict),
    response: SearchResultsSchema,
  },
  'get-store-reviews': {
    access: 'anyone',
    summary: "A store's reviews, newest first, with the average rating they make.",
    body: Type.Object({ slug: Slug }, strict),
    response: StoreReviewsSchema,
  },
} as const satisfies Record<string, CallDefinition>;
