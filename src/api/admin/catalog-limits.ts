/**
 * Plain constants of the console's catalogue calls (no schema builders), so
 * the admin UI can show limits and choices without pulling TypeBox into its
 * bundle. admin/catalog-entities.ts re-exports them for the server.
 */
import { AVATAR_MAX_BYTES } from '../account/limits.ts';
import { MAX_COUPON_CODE_LENGTH } from '../orders/limits.ts';
import { DELIVERY_TYPES } from '../delivery-types.ts';

/** A store's delivery radius is above 0 km and at most this (a bigger one is a typo, not a store). */
export const STORE_RADIUS_MAX_KM = 100;
/** The delivery time a store card shows, minutes. */
export const STORE_DELIVERY_TIME_MAX_MINUTES = 600;
/** Opening windows one weekday may hold (lunch and dinner, a late shift…). */
export const OPENING_WINDOWS_PER_DAY_MAX = 6;
/** The listed rating an administrator may give a store that has no reviews yet. */
export const STORE_RATING_MAX = 5;
/** Tax on the subtotal, basis points: 10 000 = 100 %. */
export const TAX_BASIS_POINTS_MAX = 10_000;

/** Any amount of money the console takes, minor units (a sanity bound, not a business rule). */
export const MONEY_MAX = 100_000_000;

export const CATALOG_NAME_MAX = 120;
export const CATALOG_SLUG_MAX = 120;
export const CATALOG_DESCRIPTION_MAX = 2000;
/** custom_featured_name and custom_message_on_list: short words on a store card. */
export const STORE_CARD_MESSAGE_MAX = 160;
/** An image or link address. */
export const CATALOG_URL_MAX = 500;
/** A store's street address: one line a driver reads on the way. */
export const STORE_ADDRESS_MAX = 200;
/** A store's phone as typed, separators included (checked like an account's phone: INVALID_PHONE). */
export const STORE_PHONE_MAX = 32;
/** A content page's HTML body, characters. */
export const PAGE_BODY_MAX = 200_000;

/** Lowercase words joined by single hyphens: how stores and pages appear in addresses. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** `HH:MM`, 00:00 to 24:00 (24:00 only as a closing time: midnight at the end of the day). */
export const CLOCK_TIME_PATTERN = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';
/** A store's tag colour: #rgb or #rrggbb. */
export const STORE_COLOR_PATTERN = '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';

/** Coupon codes: letters, digits, '-' and '_'; customers may type them in any case, they are kept upper case. */
export const COUPON_CODE_MIN = 3;
/** The longest code a customer can type at checkout. */
export const COUPON_CODE_MAX = MAX_COUPON_CODE_LENGTH;
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]+$';
/** A PERCENT coupon takes 1 to 100 percent off. */
export const COUPON_PERCENT_MAX = 100;

/** The fields of admin/save-store a store owner may change on their own store; the rest are for administrators. */
export const STORE_OWNER_STORE_FIELDS = [
  'description',
  'image',
  'is_active',
  'delivery_time',
  'price_range',
  'opening_hours',
  'auto_accept_orders',
  'address',
  'phone',
] as const;

/** How a store takes orders (spec §3): 1 delivery, 2 self pickup, 3 both. */
export const STORE_DELIVERY_TYPES = DELIVERY_TYPES;
/** SINGLE: exactly one add-on of the group (min 0 or 1, max 1); MULTI: min_select to max_select (null: any number). */
export const ADDON_CATEGORY_TYPES = ['SINGLE', 'MULTI'] as const;
export const COUPON_DISCOUNT_TYPES = ['PERCENT', 'FIXED'] as const;
/** What a promo slide opens: a store (model_id is its id), an item, or nothing but its url. */
export const PROMO_SLIDE_MODELS = ['restaurant', 'item'] as const;
/** Image size multiplier of a promo slider (2.4 rem times size). */
export const PROMO_SLIDER_SIZE_MAX = 4;
/** Where between the stores a non-main slider sits (after that many stores). */
export const PROMO_SLIDER_POSITION_MAX = 1000;
export const SORT_ORDER_MAX = 100_000;

/** Add-ons in one group, add-on groups on one item, stores in one category, categories on one slide. */
export const ADDONS_PER_CATEGORY_MAX = 50;
export const ADDON_CATEGORIES_PER_ITEM_MAX = 20;
export const LINKED_IDS_MAX = 500;

/** admin/list-stores answers this many per page unless asked for fewer (at most ADMIN_STORES_PAGE_MAX). */
export const ADMIN_STORES_PAGE_SIZE = 50;
export const ADMIN_STORES_PAGE_MAX = 200;
/** A catalogue image from admin/upload-image, decoded bytes: checked like a profile picture, with its limit. */
export const CATALOG_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
