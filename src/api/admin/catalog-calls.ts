/**
 * The console's catalogue calls (issue 7, part B): stores, store categories
 * and category slides, menus (sections, items, add-on groups), promo
 * sliders, content pages, coupons, and the store owner's daily switches.
 * Spread into the one call table in calls.ts.
 *
 * Who may call: administrators everything. Store owners their own stores
 * only: read them, change their basic fields, open state and menu; any
 * other store (or an admin-only field) is 403 FORBIDDEN. Anyone else 403
 * FORBIDDEN, no token 401 UNAUTHORIZED.
 *
 * A save call with no `id` creates (the fields marked "required on create"
 * must then be present, VALIDATION_FAILED naming the missing ones
 * otherwise); with an `id` it changes only the fields given. Lists of linked
 * ids (category_ids, restaurant_ids, addon_category_ids, addons) replace the
 * whole set when given. Every change is written to the audit log with who
 * made it. Ranges and formats are checked by the schema (VALIDATION_FAILED
 * with a details entry per field); rules across fields or rows have their
 * own codes.
 */
import * as Type from '@sinclair/typebox';
import {
  ADDON_CATEGORIES_PER_ITEM_MAX,
  ADDONS_PER_CATEGORY_MAX,
  ADMIN_STORES_PAGE_MAX,
  AdminAddonCategorySchema,
  AdminCategorySlideSchema,
  AdminCouponSchema,
  AdminItemCategorySchema,
  AdminItemSchema,
  AdminPageSchema,
  AdminPromoSliderSchema,
  AdminStoreCategorySchema,
  AdminStoreListSchema,
  AdminStoreSchema,
  CATALOG_DESCRIPTION_MAX,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_NAME_MAX,
  CATALOG_SLUG_MAX,
  CATALOG_URL_MAX,
  CATALOGUE_TRANSLATION_LANGUAGES_MAX,
  CatalogueTranslationKindSchema,
  CatalogueTranslationsSchema,
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_CODE_PATTERN,
  DeletedSchema,
  ItemAvailabilitySchema,
  LINKED_IDS_MAX,
  MONEY_MAX,
  MyStoreSchema,
  OPENING_WINDOWS_PER_DAY_MAX,
  OpeningWindowSchema,
  PAGE_BODY_MAX,
  PROMO_SLIDER_POSITION_MAX,
  PROMO_SLIDER_SIZE_MAX,
  SLUG_PATTERN,
  SORT_ORDER_MAX,
  STORE_ADDRESS_MAX,
  STORE_CARD_MESSAGE_MAX,
  STORE_COLOR_PATTERN,
  STORE_DELIVERY_TIME_MAX_MINUTES,
  STORE_OWNER_STORE_FIELDS,
  STORE_PHONE_MAX,
  STORE_RADIUS_MAX_KM,
  STORE_RATING_MAX,
  StoreOpenStateSchema,
  TAX_BASIS_POINTS_MAX,
  UploadedImageSchema,
} from './catalog-entities.ts';
import { DeliveryTypeSchema, LatitudeSchema, LongitudeSchema } from '../entities.ts';
import type { CallDefinition } from '../call-definition.ts';

const strict = { additionalProperties: false } as const;
/** As in calls.ts: the spec's `token` field, optional because `Authorization: Bearer` works instead. */
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const Id = Type.Integer({ minimum: 1 });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A name with at least one letter or sign: blanks alone would show as an empty store or dish. */
const NOT_BLANK_PATTERN = '\\S';
const Name = Type.String({ minLength: 1, maxLength: CATALOG_NAME_MAX, pattern: NOT_BLANK_PATTERN });
const Slug = Type.String({ minLength: 1, maxLength: CATALOG_SLUG_MAX, pattern: SLUG_PATTERN });
const Description = Type.String({ maxLength: CATALOG_DESCRIPTION_MAX });
/** A relative address on this server (/public/images/…) or an https address; INVALID_IMAGE_URL otherwise. */
const ImageUrl = Type.String({ minLength: 1, maxLength: CATALOG_URL_MAX });
const Money = Type.Integer({ minimum: 0, maximum: MONEY_MAX });
const SortOrder = Type.Integer({ minimum: 0, maximum: SORT_ORDER_MAX });
const LinkedIds = Type.Array(Id, { maxItems: LINKED_IDS_MAX, uniqueItems: true });
const Iso = Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$' });
const Delete = Type.Object({ token: Token, id: Id }, strict);

const adminsOnly = 'Administrators only (FORBIDDEN otherwise).';
const ownStores = 'Administrators, and store owners for their own stores (FORBIDDEN for another store).';
const inUse = 'IN_USE (409) when orders still refer to it: deactivate it instead.';

const storeFields = {
  /** Required on create. */
  name: Type.Optional(Name),
  /** Required on create; SLUG_TAKEN when another store has it. */
  slug: Type.Optional(Slug),
  /** Required on create. */
  city: Type.Optional(Name),
  description: Type.Optional(Description),
  /** Required on create. */
  image: Type.Optional(ImageUrl),
  is_active: Type.Optional(Type.Boolean()),
  is_featured: Type.Optional(Type.Boolean()),
  custom_featured_name: Type.Optional(Nullable(Type.String({ maxLength: STORE_CARD_MESSAGE_MAX }))),
  custom_message_on_list: Type.Optional(Nullable(Type.String({ maxLength: STORE_CARD_MESSAGE_MAX }))),
  rating: Type.Optional(Type.Number({ minimum: 0, maximum: STORE_RATING_MAX })),
  /** Required on create. Minutes. */
  delivery_time: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_DELIVERY_TIME_MAX_MINUTES })),
  /** Required on create. Price for two, minor units. */
  price_range: Type.Optional(Money),
  /** Required on create. 1 delivery, 2 self pickup, 3 both. */
  delivery_type: Type.Optional(DeliveryTypeSchema),
  /** Required on create, with longitude; (0, 0) is INVALID_COORDINATES (a map pin never placed). */
  latitude: Type.Optional(LatitudeSchema),
  longitude: Type.Optional(LongitudeSchema),
  /** Required on create: above 0, at most STORE_RADIUS_MAX_KM. */
  delivery_radius_km: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: STORE_RADIUS_MAX_KM })),
  /** The street address a driver collects the food at; trimmed, and empty or null clears it. */
  address: Type.Optional(Nullable(Type.String({ maxLength: STORE_ADDRESS_MAX }))),
  /** The number drivers call, with its country code; kept as typed (trimmed), INVALID_PHONE unless it reads as a phone; empty or null clears it. */
  phone: Type.Optional(Nullable(Type.String({ maxLength: STORE_PHONE_MAX }))),
  store_color: Type.Optional(Nullable(Type.String({ pattern: STORE_COLOR_PATTERN }))),
  /** IANA name (Europe/Rome); INVALID_TIME_ZONE otherwise. Default UTC. */
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Administrators only; a user with the store_owner role (NOT_A_STORE_OWNER otherwise), or null for none. */
  owner_user_id: Type.Optional(Nullable(Id)),
  min_order_subtotal: Type.Optional(Money),
  store_charge: Type.Optional(Money),
  tax_basis_points: Type.Optional(Type.Integer({ minimum: 0, maximum: TAX_BASIS_POINTS_MAX })),
  delivery_fee_base: Type.Optional(Money),
  delivery_fee_base_km: Type.Optional(Type.Number({ minimum: 0, maximum: STORE_RADIUS_MAX_KM })),
  delivery_fee_per_km: Type.Optional(Money),
  free_delivery_subtotal: Type.Optional(Nullable(Money)),
  auto_accept_orders: Type.Optional(Type.Boolean()),
  /**
   * The whole week (replaces every window): several windows a day allowed, at most
   * OPENING_WINDOWS_PER_DAY_MAX; windows of a day must not overlap (INVALID_OPENING_HOURS). Empty: always open.
   */
  opening_hours: Type.Optional(Type.Array(OpeningWindowSchema, { maxItems: 7 * OPENING_WINDOWS_PER_DAY_MAX })),
  /** The store categories it is listed under (NOT_FOUND for an unknown one). */
  category_ids: Type.Optional(LinkedIds),
};

const itemFields = {
  /** Required on create; fixed afterwards. */
  restaurant_id: Type.Optional(Id),
  /** A section of the same store (WRONG_STORE otherwise), or null. */
  item_category_id: Type.Optional(Nullable(Id)),
  /** Required on create. */
  name: Type.Optional(Name),
  description: Type.Optional(Description),
  /** Required on create. Minor units. */
  price: Type.Optional(Money),
  image: Type.Optional(Nullable(ImageUrl)),
  is_veg: Type.Optional(Type.Boolean()),
  is_recommended: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
  /** Add-on groups of the same store (WRONG_STORE otherwise), in the order the menu shows them. */
  addon_category_ids: Type.Optional(Type.Array(Id, { maxItems: ADDON_CATEGORIES_PER_ITEM_MAX, uniqueItems: true })),
};

/** One add-on of a group's full list: with an id it keeps that add-on (NOT_FOUND if it is not the group's), without one it is new. */
export const AddonInputSchema = Type.Object(
  {
    id: Type.Optional(Id),
    name: Name,
    price: Money,
    is_active: Type.Optional(Type.Boolean()),
  },
  strict,
);

const couponFields = {
  /** Required on create; any case, kept upper case; CODE_TAKEN when another coupon has it. */
  code: Type.Optional(Type.String({ minLength: COUPON_CODE_MIN, maxLength: COUPON_CODE_MAX, pattern: COUPON_CODE_PATTERN })),
  description: Type.Optional(Type.String({ maxLength: CATALOG_DESCRIPTION_MAX })),
  /** Required on create. */
  discount_type: Type.Optional(Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')])),
  /** Required on create: PERCENT 1–100 (INVALID_DISCOUNT above), FIXED minor units above 0. */
  discount_value: Type.Optional(Type.Integer({ minimum: 1, maximum: MONEY_MAX })),
  max_discount: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MONEY_MAX }))),
  min_subtotal: Type.Optional(Money),
  /** Null: any store. */
  restaurant_id: Type.Optional(Nullable(Id)),
  /** ISO-8601 (a date alone is midnight UTC); starts_at after expires_at is INVALID_DATE_RANGE. */
  starts_at: Type.Optional(Nullable(Iso)),
  expires_at: Type.Optional(Nullable(Iso)),
  max_uses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MONEY_MAX }))),
  max_uses_per_user: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MONEY_MAX }))),
  is_active: Type.Optional(Type.Boolean()),
};

export const catalogAdminCalls = {
  // -- Stores ---------------------------------------------------------------
  'admin/list-stores': {
    access: 'staff',
    summary:
      `Stores by id, paged with after (the previous answer's next_after); q matches name, slug or city. Store owners see their own. ${ownStores}`,
    body: Type.Object(
      {
        token: Token,
        q: Type.Optional(Type.String({ maxLength: 100 })),
        after: Type.Optional(Type.Integer({ minimum: 0 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_STORES_PAGE_MAX })),
      },
      strict,
    ),
    response: AdminStoreListSchema,
  },
  'admin/get-store': {
    access: 'staff',
    summary: `One store with every field, its opening hours and categories. NOT_FOUND for an unknown id. ${ownStores}`,
    body: Type.Object({ token: Token, id: Id }, strict),
    response: AdminStoreSchema,
  },
  'admin/save-store': {
    access: 'staff',
    summary:
      'Creates a store (administrators) or changes one. Store owners may change only ' +
      `${STORE_OWNER_STORE_FIELDS.join(', ')} of their own stores (FORBIDDEN naming the other fields). SLUG_TAKEN, ` +
      'INVALID_COORDINATES, INVALID_OPENING_HOURS, INVALID_TIME_ZONE, INVALID_IMAGE_URL, INVALID_PHONE, NOT_A_STORE_OWNER, NOT_FOUND (store or category). ' +
      'The change shows in the store lists and store pages at once.',
    body: Type.Object({ token: Token, id: Type.Optional(Id), ...storeFields }, strict),
    response: AdminStoreSchema,
  },
  'admin/delete-store': {
    access: 'admin',
    summary: `Deletes a store with its menu, hours and coupons. ${inUse} ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },
  'admin/get-my-stores': {
    access: 'staff',
    summary:
      "The caller's stores (administrators: every store) with their open state and every item's availability, for the daily switches. " +
      ownStores,
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(MyStoreSchema),
  },
  'admin/set-store-open': {
    access: 'staff',
    summary:
      'Starts (is_active true) or stops taking orders: a stopped store shows "not accepting orders" and checkout answers STORE_CLOSED. ' +
      `Opening hours still decide is_open. ${ownStores}`,
    body: Type.Object({ token: Token, restaurant_id: Id, is_active: Type.Boolean() }, strict),
    response: StoreOpenStateSchema,
  },
  'admin/set-item-availability': {
    access: 'staff',
    summary: `Makes an item available (is_active true) or sold out: it leaves the menu and carts holding it get ITEMS_UNAVAILABLE. ${ownStores}`,
    body: Type.Object({ token: Token, item_id: Id, is_active: Type.Boolean() }, strict),
    response: ItemAvailabilitySchema,
  },

  // -- Store categories and category slides ---------------------------------
  'admin/list-store-categories': {
    access: 'admin',
    summary: `Every store category with the stores listed under it. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(AdminStoreCategorySchema),
  },
  'admin/save-store-category': {
    access: 'admin',
    summary: `Creates (name required) or changes a store category; restaurant_ids replaces its stores (NOT_FOUND for an unknown one). INVALID_IMAGE_URL. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        name: Type.Optional(Name),
        image: Type.Optional(Nullable(ImageUrl)),
        sort_order: Type.Optional(SortOrder),
        restaurant_ids: Type.Optional(LinkedIds),
      },
      strict,
    ),
    response: AdminStoreCategorySchema,
  },
  'admin/delete-store-category': {
    access: 'admin',
    summary: `Deletes a store category; its stores and slides stay, without it. ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },
  'admin/list-category-slides': {
    access: 'admin',
    summary: `Every category slide, active or not, with the categories it opens. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(AdminCategorySlideSchema),
  },
  'admin/save-category-slide': {
    access: 'admin',
    summary: `Creates (name and image required) or changes a category slide; category_ids replaces what it opens (NOT_FOUND for an unknown one). INVALID_IMAGE_URL. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        name: Type.Optional(Name),
        image: Type.Optional(ImageUrl),
        sort_order: Type.Optional(SortOrder),
        is_active: Type.Optional(Type.Boolean()),
        category_ids: Type.Optional(LinkedIds),
      },
      strict,
    ),
    response: AdminCategorySlideSchema,
  },
  'admin/delete-category-slide': {
    access: 'admin',
    summary: `Deletes a category slide. ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },

  // -- Menus: sections, items, add-on groups ---------------------------------
  'admin/list-item-categories': {
    access: 'staff',
    summary: `A store's menu sections in their order, with how many items each holds. ${ownStores}`,
    body: Type.Object({ token: Token, restaurant_id: Id }, strict),
    response: Type.Array(AdminItemCategorySchema),
  },
  'admin/save-item-category': {
    access: 'staff',
    summary: `Creates (restaurant_id and name required) or changes a menu section. ${ownStores}`,
    body: Type.Object(
      { token: Token, id: Type.Optional(Id), restaurant_id: Type.Optional(Id), name: Type.Optional(Name), sort_order: Type.Optional(SortOrder) },
      strict,
    ),
    response: AdminItemCategorySchema,
  },
  'admin/delete-item-category': {
    access: 'staff',
    summary: `Deletes a menu section; its items stay on the menu under "Other". ${ownStores}`,
    body: Delete,
    response: DeletedSchema,
  },
  'admin/list-items': {
    access: 'staff',
    summary: `Every item of a store, available or not, with its add-on groups. ${ownStores}`,
    body: Type.Object({ token: Token, restaurant_id: Id }, strict),
    response: Type.Array(AdminItemSchema),
  },
  'admin/save-item': {
    access: 'staff',
    summary:
      `Creates (restaurant_id, name and price required) or changes an item. WRONG_STORE for a section or add-on group of another store; INVALID_IMAGE_URL. ${ownStores}`,
    body: Type.Object({ token: Token, id: Type.Optional(Id), ...itemFields }, strict),
    response: AdminItemSchema,
  },
  'admin/delete-item': {
    access: 'staff',
    summary: `Deletes an item; orders keep its name and price. ${ownStores}`,
    body: Delete,
    response: DeletedSchema,
  },
  'admin/list-addon-categories': {
    access: 'staff',
    summary: `A store's add-on groups with all their add-ons and the items that offer them. ${ownStores}`,
    body: Type.Object({ token: Token, restaurant_id: Id }, strict),
    response: Type.Array(AdminAddonCategorySchema),
  },
  'admin/save-addon-category': {
    access: 'staff',
    summary:
      'Creates (restaurant_id, name and type required) or changes an add-on group; addons, when given, is the whole list in order. ' +
      'SINGLE takes min_select 0 or 1 and max_select 1 (the default); MULTI needs min_select ≤ max_select (null, the default: no maximum); ' +
      'min_select may not exceed the active add-ons (INVALID_ADDON_LIMITS). An add-on id that is not the group\'s is NOT_FOUND. ' +
      `Orders keep the add-ons they were placed with. ${ownStores}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        restaurant_id: Type.Optional(Id),
        name: Type.Optional(Name),
        type: Type.Optional(Type.Union([Type.Literal('SINGLE'), Type.Literal('MULTI')])),
        min_select: Type.Optional(Type.Integer({ minimum: 0, maximum: ADDONS_PER_CATEGORY_MAX })),
        max_select: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: ADDONS_PER_CATEGORY_MAX }))),
        addons: Type.Optional(Type.Array(AddonInputSchema, { maxItems: ADDONS_PER_CATEGORY_MAX })),
      },
      strict,
    ),
    response: AdminAddonCategorySchema,
  },
  'admin/delete-addon-category': {
    access: 'staff',
    summary: `Deletes an add-on group with its add-ons; items no longer offer it. ${ownStores}`,
    body: Delete,
    response: DeletedSchema,
  },

  // -- Promo sliders -----------------------------------------------------------
  'admin/list-promo-sliders': {
    access: 'admin',
    summary: `Every promo slider, active or not, by position, with its slides. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(AdminPromoSliderSchema),
  },
  'admin/save-promo-slider': {
    access: 'admin',
    summary: `Creates (name required) or changes a promo slider: main or between stores at position_id, its image size, active. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        name: Type.Optional(Name),
        is_main: Type.Optional(Type.Boolean()),
        position_id: Type.Optional(Type.Integer({ minimum: 0, maximum: PROMO_SLIDER_POSITION_MAX })),
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: PROMO_SLIDER_SIZE_MAX })),
        is_active: Type.Optional(Type.Boolean()),
      },
      strict,
    ),
    response: AdminPromoSliderSchema,
  },
  'admin/delete-promo-slider': {
    access: 'admin',
    summary: `Deletes a promo slider with its slides. ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },
  'admin/save-promo-slide': {
    access: 'admin',
    summary:
      'Creates (promo_slider_id, name and image required) or changes a slide. It opens a store or an item (model and model_id, NOT_FOUND ' +
      'for an unknown one) or a url: an app path (/stores/…) or an https address (INVALID_LINK otherwise); model null with no url is a ' +
      `picture only. INVALID_IMAGE_URL. Answers the slider with all its slides. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        promo_slider_id: Type.Optional(Id),
        name: Type.Optional(Name),
        image: Type.Optional(ImageUrl),
        url: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: CATALOG_URL_MAX }))),
        model: Type.Optional(Nullable(Type.Union([Type.Literal('restaurant'), Type.Literal('item')]))),
        model_id: Type.Optional(Nullable(Id)),
        sort_order: Type.Optional(SortOrder),
      },
      strict,
    ),
    response: AdminPromoSliderSchema,
  },
  'admin/delete-promo-slide': {
    access: 'admin',
    summary: `Deletes a slide. ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },

  // -- Content pages -------------------------------------------------------------
  'admin/list-pages': {
    access: 'admin',
    summary: `Every content page with its body. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: Type.Array(AdminPageSchema),
  },
  'admin/save-page': {
    access: 'admin',
    summary:
      'Creates (name, slug and body required) or changes a content page. The body is HTML, sanitised on the server with the rules the app ' +
      `uses (scripts, styles, event handlers and javascript: links are dropped); the answer holds what was kept. SLUG_TAKEN. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        id: Type.Optional(Id),
        name: Type.Optional(Name),
        slug: Type.Optional(Slug),
        body: Type.Optional(Type.String({ maxLength: PAGE_BODY_MAX })),
        sort_order: Type.Optional(SortOrder),
      },
      strict,
    ),
    response: AdminPageSchema,
  },
  'admin/delete-page': {
    access: 'admin',
    summary: `Deletes a content page. ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },

  // -- Coupons ---------------------------------------------------------------------
  'admin/list-coupons': {
    access: 'admin',
    summary: `Every coupon, newest first; with restaurant_id, those of that store and those for any store. ${adminsOnly}`,
    body: Type.Object({ token: Token, restaurant_id: Type.Optional(Id) }, strict),
    response: Type.Array(AdminCouponSchema),
  },
  'admin/save-coupon': {
    access: 'admin',
    summary:
      'Creates (code, discount_type and discount_value required) or changes a coupon. CODE_TAKEN, INVALID_DISCOUNT (a PERCENT above 100, ' +
      `or max_discount on a FIXED coupon), INVALID_DATE_RANGE, NOT_FOUND (store). ${adminsOnly}`,
    body: Type.Object({ token: Token, id: Type.Optional(Id), ...couponFields }, strict),
    response: AdminCouponSchema,
  },
  'admin/delete-coupon': {
    access: 'admin',
    summary: `Deletes a coupon nobody has used; ${inUse} ${adminsOnly}`,
    body: Delete,
    response: DeletedSchema,
  },

  // -- Catalogue texts in other languages (issue 15.7) ------------------------------
  'admin/get-catalogue-translations': {
    access: 'staff',
    summary:
      "A catalogue record's names and descriptions in the languages other than the default one. Stores, items and menu sections: " +
      `${ownStores} Store categories and slides: ${adminsOnly} NOT_FOUND for an unknown record.`,
    body: Type.Object({ token: Token, kind: CatalogueTranslationKindSchema, id: Id }, strict),
    response: CatalogueTranslationsSchema,
  },
  'admin/save-catalogue-translations': {
    access: 'staff',
    summary:
      "Writes a record's texts in other languages; customers who chose that language see them, and the record's own text where one is " +
      'empty. Per language given, a field sent replaces its text and an empty (or blank) one removes it; fields and languages not sent stay. ' +
      'description only for stores and items (VALIDATION_FAILED otherwise); the default language is written in the record itself ' +
      '(VALIDATION_FAILED); an unknown language is NOT_FOUND. Same bounds as the record\'s own fields. Who may: as the record\'s own save ' +
      `call (a store owner translates their store's description, items and sections, not its name: FORBIDDEN). Answers every text. ${ownStores}`,
    body: Type.Object(
      {
        token: Token,
        kind: CatalogueTranslationKindSchema,
        id: Id,
        texts: Type.Array(
          Type.Object(
            {
              language_id: Id,
              name: Type.Optional(Type.String({ maxLength: CATALOG_NAME_MAX })),
              description: Type.Optional(Type.String({ maxLength: CATALOG_DESCRIPTION_MAX })),
            },
            strict,
          ),
          { maxItems: CATALOGUE_TRANSLATION_LANGUAGES_MAX },
        ),
      },
      strict,
    ),
    response: CatalogueTranslationsSchema,
  },

  // -- Images ------------------------------------------------------------------------
  'admin/upload-image': {
    access: 'staff',
    summary:
      `Stores a catalogue picture (a data URL or base64; PNG, JPEG or WebP, at most ${CATALOG_IMAGE_MAX_BYTES / 1024 / 1024} MB) and answers ` +
      `its address for an image field. It is decoded and re-encoded (pixels only, at most 2048 px a side); unreadable bytes are ` +
      `INVALID_IMAGE, an uploader past their storage quota UPLOAD_QUOTA_EXCEEDED; one nothing refers to is removed a day later. ` +
      `IMAGE_TYPE, IMAGE_TOO_LARGE. ${ownStores}`,
    body: Type.Object(
      { token: Token, image: Type.String({ minLength: 1, maxLength: Math.ceil((CATALOG_IMAGE_MAX_BYTES * 4) / 3) + 1024 * 1024 }) },
      strict,
    ),
    response: UploadedImageSchema,
  },
} as const satisfies Record<string, CallDefinition>;
