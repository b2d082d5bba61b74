/**
 * Every call of the API: its name (the path after /public/api/), request body
 * schema and response schema. The server registers routes from this table, the
 * worker validates answers with it, and the tests use its types.
 */
// The builders as a namespace, not the `Type` object: bundlers can then drop the
// builders the contract does not use (7.7 kB less in the sync worker).
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import {
  CategorySlideSchema,
  ItemSchema,
  LatitudeSchema,
  LongitudeSchema,
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
  LanguageSchema,
  LanguageWithDataSchema,
  PageSchema,
  PageSummarySchema,
  PLACE_SEARCH_LIMIT,
  PlaceSchema,
  PopularLocationSchema,
  SettingSchema,
  VersionInfoSchema,
} from './entities.ts';
import { accountCalls } from './account/calls.ts';
import { PathIdSchema } from './column-bounds.ts';
import { LANGUAGE_CODE_PATTERN } from './admin/limits.ts';
import { addressCalls } from './account/address-calls.ts';
import { paymentCalls } from './checkout/payment-calls.ts';
import { orderCalls, orderLifecycleCalls } from './orders/calls.ts';
import { driverCalls } from './driver/calls.ts';
// The console's tables as types only: their schemas live in all-calls.ts, so the worker's bundle carries none of them.
import type { catalogAdminCalls } from './admin/catalog-calls.ts';
import type { adminCalls } from './admin/calls.ts';
import type { CallDefinition } from './call-definition.ts';

export { API_PREFIX, VERSION_PATH } from './paths.ts';

const NoBody = Type.Object({}, { additionalProperties: false });
const Id = Type.Integer({ minimum: 1 });
const Slug = Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
/** `token` as the spec sends it; `Authorization: Bearer` works instead, so it is optional here. */
/** An id in a path: text in the URL, digits only and within the column (column-bounds.ts), turned into a number by the handler. */
const PathId = PathIdSchema;
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const Point = { latitude: LatitudeSchema, longitude: LongitudeSchema };
const strict = { additionalProperties: false } as const;
/**
 * The customer's language (its code) on the calls that answer catalogue texts
 * (issue 15.7): names and descriptions come in it where the console gave them
 * one, else in the default language. Absent, unknown or the default: as stored.
 */
const Language = { language: Type.Optional(Type.String({ minLength: 2, maxLength: 20, pattern: LANGUAGE_CODE_PATTERN })) };
const LanguageOnly = Type.Object(Language, strict);

/**
 * The calls of the app (customers, agents, drivers): the ones the sync worker
 * makes and checks answers of. The console's calls are apart (below), so the
 * worker's bundle carries none of their schemas.
 */
export const appCalls = {
  ...accountCalls,
  ...addressCalls,
  ...paymentCalls,
  ...orderCalls,
  ...orderLifecycleCalls,
  ...driverCalls,
  'get-settings': {
    access: 'anyone',
    summary: 'All settings as key/value pairs; the app stores each under its key.',
    body: NoBody,
    response: Type.Array(SettingSchema),
  },
  'get-all-languages': {
    access: 'anyone',
    summary: 'The languages the app can be shown in.',
    body: NoBody,
    response: Type.Array(LanguageSchema),
  },
  'get-single-language': {
    access: 'anyone',
    summary: 'One language with its translations (key → text).',
    body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    response: LanguageWithDataSchema,
  },
  'popular-geo-locations': {
    access: 'anyone',
    summary: 'Popular locations; the one with is_default is the primary location.',
    body: NoBody,
    response: Type.Array(PopularLocationSchema),
  },
  'get-pages': {
    access: 'anyone',
    summary: 'The content pages (about, terms, privacy…), without their bodies.',
    body: NoBody,
    response: Type.Array(PageSummarySchema),
  },
  'get-single-page': {
    access: 'anyone',
    summary: 'One content page by its slug, with its HTML body.',
    body: Type.Object({ slug: Slug }, { additionalProperties: false }),
    response: PageSchema,
  },
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

export type { CallDefinition } from './call-definition.ts';

/** Every call the server answers: the app's and the console's (admin/calls.ts, admin/catalog-calls.ts); the table itself is in all-calls.ts. */
export type AllCalls = typeof appCalls & typeof catalogAdminCalls & typeof adminCalls;

export type CallName = keyof AllCalls;
/** A call of the app (not the console's): what the sync worker may make. */
export type AppCallName = keyof typeof appCalls;
export type CallBody<N extends CallName> = Static<AllCalls[N]['body']>;
export type CallResponse<N extends CallName> = Static<AllCalls[N]['response']>;
/** The path parameters of a call (an empty object for calls without any). */
export type CallParams<N extends CallName> = AllCalls[N] extends { params: infer P extends TSchema }
  ? Static<P>
  : Record<string, never>;
/** Calls whose path carries parameters (e.g. get-restaurant-info/:slug). */
export type PathCallName = { [N in CallName]: AllCalls[N] extends { params: TSchema } ? N : never }[CallName];

/** The route pattern of a call after /public/api/, e.g. `get-restaurant-info/:slug`. */
export function callRoute(name: CallName): string {
  // Only the app's calls have path parameters; reading its table alone keeps the console's out of the worker's bundle.
  const call = (appCalls as Record<string, CallDefinition | undefined>)[name];
  return call?.path ?? name;
}

/** The concrete path of a call after /public/api/, with its parameters filled in and encoded. */
export function callPath<N extends CallName>(name: N, params?: CallParams<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return callRoute(name).replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}

export const VersionResponse = VersionInfoSchema;
