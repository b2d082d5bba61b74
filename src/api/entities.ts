/** Entity shapes exchanged by the API (spec §3). Field names follow the spec. */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { DeliveryType } from './delivery-types.ts';

export const SettingSchema = Type.Object({ key: Type.String(), value: Type.String() }, { $id: 'Setting' });
export type Setting = Static<typeof SettingSchema>;

export const LanguageSchema = Type.Object(
  {
    id: Type.Integer(),
    language_name: Type.String(),
    /** BCP 47 tag, used for `<html lang>`. */
    code: Type.String(),
    /** Text direction: a right-to-left language flips the layout. */
    dir: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]),
    is_default: Type.Boolean(),
  },
  { $id: 'Language' },
);
export type Language = Static<typeof LanguageSchema>;

export const LanguageWithDataSchema = Type.Composite(
  [LanguageSchema, Type.Object({ data: Type.Record(Type.String(), Type.String()) })],
  { $id: 'LanguageWithData' },
);
export type LanguageWithData = Static<typeof LanguageWithDataSchema>;

export const PopularLocationSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** The primary location, chosen when a visitor has no address yet. */
    is_default: Type.Boolean(),
  },
  { $id: 'PopularLocation' },
);
export type PopularLocation = Static<typeof PopularLocationSchema>;

export const VersionInfoSchema = Type.Object(
  { forceNewSettingsVersion: Type.String(), forceCacheClearVersion: Type.String() },
  { $id: 'VersionInfo' },
);
export type VersionInfo = Static<typeof VersionInfoSchema>;

/** A content page (about, terms, privacy…) shown at /pages/:slug; `body` is HTML the app sanitises. */
export const PageSummarySchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), slug: Type.String() },
  { $id: 'PageSummary' },
);
export type PageSummary = Static<typeof PageSummarySchema>;

export const PageSchema = Type.Composite(
  [PageSummarySchema, Type.Object({ body: Type.String(), updated_at: Type.String() })],
  { $id: 'Page' },
);
export type Page = Static<typeof PageSchema>;

export { DELIVERING_TYPES, DELIVERY_TYPES, DeliveryType, PICKUP_TYPES, offersDelivery, offersPickup, type DeliveryTypeCode } from './delivery-types.ts';
export const DeliveryTypeSchema = Type.Union([Type.Literal(DeliveryType.DELIVERY), Type.Literal(DeliveryType.SELFPICKUP), Type.Literal(DeliveryType.BOTH)]);

/** The address a user is browsing for, kept locally (spec §3). */
export interface UserAddress {
  lat: number;
  lng: number;
  address: string;
  house: string | null;
  tag: string | null;
  /** True when the address came from a popular (business) location rather than the user. */
  businessLocation: boolean;
}

// ---------------------------------------------------------------------------
// Finding food: stores, their menus, sliders, reviews, favourites, the session.
// ---------------------------------------------------------------------------

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * How far a customer is expected to travel to collect a self-pickup order:
 * get-selfpickup-restaurants lists stores within this distance, whatever their
 * delivery radius (that is how far the store's drivers go, not the customer).
 */
export const SELF_PICKUP_RADIUS_KM = 10;

/** A point on the map, in the field names the spec's store calls use. */
export const LatitudeSchema = Type.Number({ minimum: -90, maximum: 90 });
export const LongitudeSchema = Type.Number({ minimum: -180, maximum: 180 });

/**
 * A store as a list and its card show it (spec §2 store card, §3 Store).
 * `distance` is in km rounded to one decimal, null when the call had no point.
 * `avgRating` is the mean of the store's reviews (0 without any); `rating` is
 * the rating the store is listed with, shown while it has no reviews.
 */
export const StoreSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    city: Type.String(),
    description: Type.String(),
    image: Type.String(),
    is_active: Type.Boolean(),
    is_featured: Type.Boolean(),
    custom_featured_name: Nullable(Type.String()),
    custom_message_on_list: Nullable(Type.String()),
    avgRating: Type.Number(),
    rating: Type.Number(),
    reviews_count: Type.Integer(),
    /** Minutes. */
    delivery_time: Type.Integer(),
    /** Price for two, integer minor units. */
    price_range: Type.Integer(),
    distance: Nullable(Type.Number()),
    delivery_type: DeliveryTypeSchema,
    /** The store's tag colour; null means the default (DEFAULT_STORE_TAG_COLOR). */
    store_color: Nullable(Type.String()),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** Open now by its opening hours, in the store's own time zone. */
    is_open: Type.Boolean(),
  },
);
export type Store = Static<typeof StoreSchema>;

/** One opening window: `day` 0 = Sunday … 6 = Saturday; `closes` ≤ `opens` runs past midnight. */
export const OpeningHoursSchema = Type.Object(
  { day: Type.Integer({ minimum: 0, maximum: 6 }), opens: Type.String(), closes: Type.String() },
);
export type OpeningHours = Static<typeof OpeningHoursSchema>;

/** A store as its own page shows it. */
export const StoreDetailSchema = Type.Composite(
  [
    StoreSchema,
    Type.Object({
      delivery_radius_km: Type.Number(),
      /** IANA time zone the opening hours are in. */
      timezone: Type.String(),
      opening_hours: Type.Array(OpeningHoursSchema),
      categories_ids: Type.Array(Type.Integer()),
    }),
  ],
);
export type StoreDetail = Static<typeof StoreDetailSchema>;

export const StoreOperationalStatusSchema = Type.Composite(
  [StoreDetailSchema, Type.Object({ delivers_to_location: Type.Boolean() })],
);
export type StoreOperationalStatus = Static<typeof StoreOperationalStatusSchema>;

export const StoreWithFavouriteSchema = Type.Composite(
  [StoreDetailSchema, Type.Object({ is_favourite: Type.Boolean() })],
);
export type StoreWithFavourite = Static<typeof StoreWithFavouriteSchema>;

export const StoreCategorySchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), image: Nullable(Type.String()) },
);
export type StoreCategory = Static<typeof StoreCategorySchema>;

/** Restaurant category slide (spec §3). */
export const CategorySlideSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), image: Type.String(), categories_ids: Type.Array(Type.Integer()) },
);
export type CategorySlide = Static<typeof CategorySlideSchema>;

/** Promo slide (spec §3): where a tap leads, what it shows, and where its slider sits. */
export const PromoSlideSchema = Type.Object(
  {
    url: Nullable(Type.String()),
    data: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      image: Type.String(),
      /** 'restaurant', 'item' or null for a plain link. */
      model: Nullable(Type.String()),
      model_id: Nullable(Type.Integer()),
    }),
    promo_slider: Type.Object({ id: Type.Integer(), position_id: Type.Integer(), size: Type.Integer() }),
  },
);
export type PromoSlide = Static<typeof PromoSlideSchema>;

export const PromoSlidesSchema = Type.Object(
  { mainSlides: Type.Array(PromoSlideSchema), otherSlides: Type.Array(PromoSlideSchema) },
);
export type PromoSlides = Static<typeof PromoSlidesSchema>;

export const AddonSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), price: Type.Integer() },
);
export type Addon = Static<typeof AddonSchema>;

/** An add-on group: SINGLE picks exactly one, MULTI up to `max_select` (null: any number). */
export const AddonCategorySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    type: Type.Union([Type.Literal('SINGLE'), Type.Literal('MULTI')]),
    min_select: Type.Integer(),
    max_select: Nullable(Type.Integer()),
    addons: Type.Array(AddonSchema),
  },
);
export type AddonCategory = Static<typeof AddonCategorySchema>;

export const ItemSchema = Type.Object(
  {
    id: Type.Integer(),
    restaurant_id: Type.Integer(),
    item_category_id: Nullable(Type.Integer()),
    name: Type.String(),
    description: Type.String(),
    /** Integer minor units. */
    price: Type.Integer(),
    image: Nullable(Type.String()),
    is_veg: Type.Boolean(),
    is_recommended: Type.Boolean(),
    is_active: Type.Boolean(),
    /** Empty when the item has no add-ons. */
    addon_categories: Type.Array(AddonCategorySchema),
  },
);
export type Item = Static<typeof ItemSchema>;

export const StoreMenuSchema = Type.Object(
  {
    recommended: Type.Array(ItemSchema),
    /** Menu sections in their order, each with its items. */
    categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), items: Type.Array(ItemSchema) })),
  },
);
export type StoreMenu = Static<typeof StoreMenuSchema>;

/** A store named beside an item, in search results. */
export const StoreRefSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), slug: Type.String(), city: Type.String() },
);
export type StoreRef = Static<typeof StoreRefSchema>;

export const SearchResultsSchema = Type.Object(
  {
    restaurants: Type.Array(StoreSchema),
    items: Type.Array(Type.Composite([ItemSchema, Type.Object({ restaurant: StoreRefSchema })])),
  },
);
export type SearchResults = Static<typeof SearchResultsSchema>;

export const ReviewSchema = Type.Object(
  {
    id: Type.Integer(),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.String(),
    /** The reviewer's first name only. */
    user_name: Type.String(),
    created_at: Type.String(),
  },
);
export type Review = Static<typeof ReviewSchema>;

export const StoreReviewsSchema = Type.Object(
  {
    restaurant: StoreRefSchema,
    avgRating: Type.Number(),
    reviews_count: Type.Integer(),
    /** Newest first. */
    reviews: Type.Array(ReviewSchema),
  },
);
export type StoreReviews = Static<typeof StoreReviewsSchema>;

// The session after login (LoginResultSchema) and every other account entity live in account/entities.ts.
export * from './account/entities.ts';
// Cart lines, availability, quotes, orders, payments and ratings live in orders/entities.ts.
export * from './orders/entities.ts';
export * from './driver/entities.ts';
// The console's catalogue (stores, menus, sliders, pages, coupons as administrators edit them).
export * from './admin/catalog-entities.ts';
// Payment methods, the next step of a gateway payment and where a payment stands live in checkout/payment-entities.ts.
export * from './checkout/payment-entities.ts';

export const ToggleFavouriteResultSchema = Type.Object(
  { id: Type.Integer(), is_favourite: Type.Boolean() },
);
export type ToggleFavouriteResult = Static<typeof ToggleFavouriteResultSchema>;

// ---------------------------------------------------------------------------
// Choosing a location: place search.
// ---------------------------------------------------------------------------

/** Places search-places answers at most. */
export const PLACE_SEARCH_LIMIT = 20;

/**
 * A place found by text: a popular location of the store ('popular') or a
 * real place from the gazetteer or the online geocoder ('place').
 */
export const PlaceSchema = Type.Object({
  name: Type.String(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  kind: Type.Union([Type.Literal('popular'), Type.Literal('place')]),
});
export type Place = Static<typeof PlaceSchema>;
