/**
 * The catalogue as the console sees it (issue 7): every column an
 * administrator or a store owner may change, with the links the public
 * calls show (a store's categories, a slide's categories, an item's add-on
 * groups). Money is integer minor units; times are ISO-8601 UTC; opening
 * hours are `HH:MM` in the store's own time zone.
 */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { CLOCK_TIME_PATTERN } from './catalog-limits.ts';
import { CATALOGUE_TRANSLATION_KINDS } from './translation-limits.ts';

export * from './catalog-limits.ts';
export * from './translation-limits.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const DeliveryTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/**
 * One opening window in the store's time zone: `day` 0 = Sunday … 6 = Saturday; `closes` at or before
 * `opens` runs past midnight; 24:00 closes at the end of the day. (The public OpeningHoursSchema's
 * shape, with its formats; entities.ts re-exports this module, so it cannot import from there.)
 */
export const OpeningWindowSchema = Type.Object(
  {
    day: Type.Integer({ minimum: 0, maximum: 6 }),
    opens: Type.String({ pattern: CLOCK_TIME_PATTERN }),
    closes: Type.String({ pattern: CLOCK_TIME_PATTERN }),
  },
  { additionalProperties: false },
);

/** A store with every field the console edits. */
export const AdminStoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  city: Type.String(),
  description: Type.String(),
  image: Type.String(),
  /** Taking orders: false shows "not accepting orders" and checkout answers STORE_CLOSED. */
  is_active: Type.Boolean(),
  is_featured: Type.Boolean(),
  custom_featured_name: Nullable(Type.String()),
  custom_message_on_list: Nullable(Type.String()),
  /** The rating listed while the store has no reviews. */
  rating: Type.Number(),
  /** Minutes. */
  delivery_time: Type.Integer(),
  /** Price for two, minor units. */
  price_range: Type.Integer(),
  /** 1 delivery, 2 self pickup, 3 both. */
  delivery_type: DeliveryTypeSchema,
  latitude: Type.Number(),
  longitude: Type.Number(),
  delivery_radius_km: Type.Number(),
  /** Where a driver collects the food; null: not given. */
  address: Nullable(Type.String()),
  /** The number a driver calls the store on, as typed; null: not given. */
  phone: Nullable(Type.String()),
  store_color: Nullable(Type.String()),
  /** IANA time zone of the opening hours. */
  timezone: Type.String(),
  owner_user_id: Nullable(Type.Integer()),
  owner_name: Nullable(Type.String()),
  min_order_subtotal: Type.Integer(),
  store_charge: Type.Integer(),
  tax_basis_points: Type.Integer(),
  delivery_fee_base: Type.Integer(),
  delivery_fee_base_km: Type.Number(),
  delivery_fee_per_km: Type.Integer(),
  free_delivery_subtotal: Nullable(Type.Integer()),
  auto_accept_orders: Type.Boolean(),
  /** Empty: no published hours, always open. */
  opening_hours: Type.Array(OpeningWindowSchema),
  /** The store categories it is listed under. */
  category_ids: Type.Array(Type.Integer()),
  /** Open now by its opening hours. */
  is_open: Type.Boolean(),
  created_at: Type.String(),
});
export type AdminStore = Static<typeof AdminStoreSchema>;

/** A row of the console's store list. */
export const AdminStoreSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  city: Type.String(),
  image: Type.String(),
  is_active: Type.Boolean(),
  is_featured: Type.Boolean(),
  delivery_type: DeliveryTypeSchema,
  owner_user_id: Nullable(Type.Integer()),
  owner_name: Nullable(Type.String()),
});
export type AdminStoreSummary = Static<typeof AdminStoreSummarySchema>;

/** admin/list-stores: stores by id; next_after is the next page's cursor, null on the last. */
export const AdminStoreListSchema = Type.Object({
  stores: Type.Array(AdminStoreSummarySchema),
  next_after: Nullable(Type.Integer()),
});
export type AdminStoreList = Static<typeof AdminStoreListSchema>;

/** An item's availability, as a store owner toggles it. */
export const ItemAvailabilitySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  item_category_id: Nullable(Type.Integer()),
  price: Type.Integer(),
  is_active: Type.Boolean(),
});
export type ItemAvailability = Static<typeof ItemAvailabilitySchema>;

/** admin/get-my-stores: a store with its open state and every item's availability (inactive items too). */
export const MyStoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  image: Type.String(),
  /** Taking orders (admin/set-store-open). */
  is_active: Type.Boolean(),
  /** Open now by its opening hours. */
  is_open: Type.Boolean(),
  items: Type.Array(ItemAvailabilitySchema),
});
export type MyStore = Static<typeof MyStoreSchema>;

/** admin/set-store-open: the store's state after the change. */
export const StoreOpenStateSchema = Type.Object({ id: Type.Integer(), is_active: Type.Boolean(), is_open: Type.Boolean() });
export type StoreOpenState = Static<typeof StoreOpenStateSchema>;

export const AdminStoreCategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Nullable(Type.String()),
  sort_order: Type.Integer(),
  /** The stores listed under it. */
  restaurant_ids: Type.Array(Type.Integer()),
});
export type AdminStoreCategory = Static<typeof AdminStoreCategorySchema>;

export const AdminCategorySlideSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  sort_order: Type.Integer(),
  is_active: Type.Boolean(),
  /** The store categories a tap opens. */
  category_ids: Type.Array(Type.Integer()),
});
export type AdminCategorySlide = Static<typeof AdminCategorySlideSchema>;

/** A menu section of one store. */
export const AdminItemCategorySchema = Type.Object({
  id: Type.Integer(),
  restaurant_id: Type.Integer(),
  name: Type.String(),
  sort_order: Type.Integer(),
  items_count: Type.Integer(),
});
export type AdminItemCategory = Static<typeof AdminItemCategorySchema>;

export const AdminItemSchema = Type.Object({
  id: Type.Integer(),
  restaurant_id: Type.Integer(),
  item_category_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer(),
  image: Nullable(Type.String()),
  is_veg: Type.Boolean(),
  is_recommended: Type.Boolean(),
  /** Available: inactive items leave the menu and the cart check answers ITEMS_UNAVAILABLE. */
  is_active: Type.Boolean(),
  /** Its add-on groups, in the order the menu shows them. */
  addon_category_ids: Type.Array(Type.Integer()),
});
export type AdminItem = Static<typeof AdminItemSchema>;

export const AdminAddonSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer(),
  sort_order: Type.Integer(),
  is_active: Type.Boolean(),
});
export type AdminAddon = Static<typeof AdminAddonSchema>;

/** An add-on group of one store, with all its add-ons (inactive ones too) in their order. */
export const AdminAddonCategorySchema = Type.Object({
  id: Type.Integer(),
  restaurant_id: Type.Integer(),
  name: Type.String(),
  type: Type.Union([Type.Literal('SINGLE'), Type.Literal('MULTI')]),
  min_select: Type.Integer(),
  max_select: Nullable(Type.Integer()),
  addons: Type.Array(AdminAddonSchema),
  /** Items that offer the group. */
  item_ids: Type.Array(Type.Integer()),
});
export type AdminAddonCategory = Static<typeof AdminAddonCategorySchema>;

export const AdminPromoSlideSchema = Type.Object({
  id: Type.Integer(),
  promo_slider_id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  /** Where a tap leads when it opens no store or item: an app path or an https address. */
  url: Nullable(Type.String()),
  model: Nullable(Type.Union([Type.Literal('restaurant'), Type.Literal('item')])),
  model_id: Nullable(Type.Integer()),
  sort_order: Type.Integer(),
});
export type AdminPromoSlide = Static<typeof AdminPromoSlideSchema>;

export const AdminPromoSliderSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Main sliders show at the top of home; the others between stores, at position_id. */
  is_main: Type.Boolean(),
  position_id: Type.Integer(),
  size: Type.Integer(),
  is_active: Type.Boolean(),
  slides: Type.Array(AdminPromoSlideSchema),
});
export type AdminPromoSlider = Static<typeof AdminPromoSliderSchema>;

/** A content page with its (sanitised) HTML body. */
export const AdminPageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  body: Type.String(),
  sort_order: Type.Integer(),
  updated_at: Type.String(),
});
export type AdminPage = Static<typeof AdminPageSchema>;

export const AdminCouponSchema = Type.Object({
  id: Type.Integer(),
  /** Upper case. */
  code: Type.String(),
  description: Type.String(),
  discount_type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]),
  /** PERCENT: whole percent 1–100; FIXED: minor units. */
  discount_value: Type.Integer(),
  /** The most a PERCENT coupon takes off, minor units; null: no cap. */
  max_discount: Nullable(Type.Integer()),
  min_subtotal: Type.Integer(),
  /** Null: any store. */
  restaurant_id: Nullable(Type.Integer()),
  starts_at: Nullable(Type.String()),
  expires_at: Nullable(Type.String()),
  max_uses: Nullable(Type.Integer()),
  max_uses_per_user: Nullable(Type.Integer()),
  used_count: Type.Integer(),
  is_active: Type.Boolean(),
  created_at: Type.String(),
});
export type AdminCoupon = Static<typeof AdminCouponSchema>;

/** A catalogue image stored by admin/upload-image: its address, to put in an image field. */
export const UploadedImageSchema = Type.Object({ url: Type.String() });
export type UploadedImage = Static<typeof UploadedImageSchema>;

/** What a delete call answers. */
export const DeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });
export type Deleted = Static<typeof DeletedSchema>;

/** One literal per kind of CATALOGUE_TRANSLATION_KINDS (translation-limits.ts), the one list of them. */
export const CatalogueTranslationKindSchema = Type.Union(CATALOGUE_TRANSLATION_KINDS.map((kind) => Type.Literal(kind)));

/** A catalogue record's texts in the languages other than the default (issue 15.7): one entry per language that has any. */
export const CatalogueTranslationsSchema = Type.Object({
  kind: CatalogueTranslationKindSchema,
  id: Type.Integer(),
  texts: Type.Array(
    Type.Object({
      language_id: Type.Integer(),
      name: Type.Optional(Type.String()),
      description: Type.Optional(Type.String()),
    }),
  ),
});
export type CatalogueTranslations = Static<typeof CatalogueTranslationsSchema>;
