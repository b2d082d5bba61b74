/**
 * Plain constants of the console's part A (settings, languages, popular
 * locations, people, orders, versions, audit): limits, role lists and the
 * one table that says what kind of value each setting holds. No schema
 * builders, so the /admin UI imports them without TypeBox; admin/entities.ts
 * re-exports them for the server and the contract.
 */
import { DRIVER_COMMISSION_TYPES } from '../driver/limits.ts';
import type { SettingKey } from '../settings/defaults.ts';

/** The roles an administrator creates from the console; customers register themselves, admins are made by hand. */
export const STAFF_ROLES = ['driver', 'store_owner', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Roles that have stores: a driver delivers for linked stores, a store owner owns theirs. */
export const ROLES_WITH_STORES = ['driver', 'store_owner'] as const;
export type RoleWithStores = (typeof ROLES_WITH_STORES)[number];

/** Lists (users, orders, audit) answer this many per page unless asked for fewer, at most ADMIN_PAGE_MAX. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_MAX = 200;
/** admin/get-users: q matches name, e-mail or phone, at most this long. */
export const USER_SEARCH_MAX_LENGTH = 100;
/** admin/set-user-stores: stores linked to one person at most. */
export const USER_STORES_MAX = 200;

/** admin/adjust-wallet: one adjustment moves at most this many minor units either way ($100,000.00). */
export const WALLET_ADJUSTMENT_MAX = 10_000_000;
/** The reason the customer reads in their wallet ledger. */
export const WALLET_REASON_MAX_LENGTH = 200;

export const LANGUAGE_NAME_MAX_LENGTH = 60;
/** A BCP 47 tag as `<html lang>` takes it: en, ar, pt-BR, zh-Hant. */
export const LANGUAGE_CODE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$';
export const LANGUAGE_DIRS = ['ltr', 'rtl'] as const;
export type LanguageDir = (typeof LANGUAGE_DIRS)[number];
/** One translated text; the longest built-in English text is well under this. */
export const TRANSLATION_MAX_LENGTH = 2_000;
/** admin/save-translations: keys changed in one save (the built-in list is a few hundred). */
export const TRANSLATIONS_PER_SAVE_MAX = 2_000;

export const LOCATION_NAME_MAX_LENGTH = 100;

/** admin/save-settings: keys changed in one save. */
export const SETTINGS_PER_SAVE_MAX = 200;
/** What the schema lets through at all; each setting's own limit (SETTING_HINTS) is stricter and says so in words. */
export const SETTING_VALUE_MAX_LENGTH = 50_000;
export const SETTING_TEXT_MAX_LENGTH = 500;
export const CUSTOM_CSS_MAX_LENGTH = 20_000;
export const CUSTOM_HOME_MESSAGE_MAX_LENGTH = 5_000;
export const SETTING_URL_MAX_LENGTH = 2_048;

/** Where the console groups a setting (the comments of settings/defaults.ts, as sections). */
export const SETTING_GROUPS = ['look', 'landing', 'switches', 'push', 'categorySlider', 'messages', 'payments', 'checkout', 'drivers'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * What a setting holds, so the console shows the right field and the server
 * refuses what the app could not use:
 * - switch: 'true' or 'false';
 * - colour: #rrggbb;
 * - number: a decimal number within min–max (whole when integer);
 * - text: one line of at most maxLength; html: markup the app sanitises; css: a style sheet;
 * - url: an http(s) address or a path on this server starting with '/'; image: the same, shown as a picture;
 * - choice: one of choices, exactly as written.
 */
export const SETTING_KINDS = ['switch', 'colour', 'number', 'text', 'html', 'css', 'url', 'image', 'choice'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

export interface SettingHint {
  kind: SettingKind;
  group: SettingGroup;
  /** number: the bounds, and whether only whole numbers are taken. */
  min?: number;
  max?: number;
  integer?: boolean;
  /** text, html, css: the longest value. */
  maxLength?: number;
  /** text: it may not be empty (the app has nothing to show in its place). */
  required?: boolean;
  /** text: a regular expression the whole value must match, and how to say it to a person. */
  pattern?: string;
  patternHint?: string;
  /** choice: the values the app understands. */
  choices?: readonly string[];
}

const look = 'look';
const text = (group: SettingGroup, maxLength = SETTING_TEXT_MAX_LENGTH): SettingHint => ({ kind: 'text', group, maxLength });
const name = (maxLength: number): SettingHint => ({ kind: 'text', group: 'look', maxLength, required: true });
const colour = (group: SettingGroup): SettingHint => ({ kind: 'colour', group });
const image = (group: SettingGroup): SettingHint => ({ kind: 'image', group });
const url = (group: SettingGroup): SettingHint => ({ kind: 'url', group });
const onOff = (group: SettingGroup): SettingHint => ({ kind: 'switch', group });
const choice = (group: SettingGroup, choices: readonly string[]): SettingHint => ({ kind: 'choice', group, choices });
const whole = (group: SettingGroup, min: number, max: number): SettingHint => ({ kind: 'number', group, min, max, integer: true });

/**
 * Every setting's kind. A Record over SettingKey: a setting added to
 * settings/defaults.ts without its hint here is a compile error, so the console can
 * edit every setting the app reads.
 */
export const SETTING_HINTS: Record<SettingKey, SettingHint> = {
  storeName: name(60),
  storeShortName: name(30),
  storeDescription: text(look),
  storeColor: colour(look),
  storeLogo: image(look),
  storeIcon192: image(look),
  storeIcon512: image(look),
  storeMaskableIcon: image(look),
  pwaBackgroundColor: colour(look),
  cartColorBg: colour(look),
  cartColorText: colour(look),
  updatingMessage: text(look),

  desktopHeading: text('landing'),
  desktopSubHeading: text('landing'),
  desktopUseAppButton: text('landing', 60),
  desktopAchievementOneTitle: text('landing', 60),
  desktopAchievementOneSub: text('landing', 60),
  desktopAchievementTwoTitle: text('landing', 60),
  desktopAchievementTwoSub: text('landing', 60),
  desktopAchievementThreeTitle: text('landing', 60),
  desktopAchievementThreeSub: text('landing', 60),
  desktopAchievementFourTitle: text('landing', 60),
  desktopAchievementFourSub: text('landing', 60),
  desktopFooterAddress: text('landing'),
  desktopFooterSocialHeader: text('landing', 60),
  desktopSocialFacebookLink: url('landing'),
  desktopSocialInstagramLink: url('landing'),
  desktopSocialTwitterLink: url('landing'),

  enSPU: onOff('switches'),
  showPromoSlider: onOff('switches'),
  mockSearchOnHomepage: onOff('switches'),
  enRestaurantCategorySlider: onOff('switches'),
  showGdpr: onOff('switches'),
  enablePushNotification: onOff('switches'),
  enIOSPWAPopup: onOff('switches'),
  showPwaInstallPromptFooter: onOff('switches'),
  testerToolsEnabled: onOff('switches'),
  // The tab bar floats for FLOAT (any case) and is fixed otherwise (TabBar.tsx tabBarStyleFrom).
  footerStyleType: choice('switches', ['FLOAT', 'fixed']),
  currencySymbolAlign: choice('switches', ['left', 'right']),
  currencySymbol: { kind: 'text', group: 'switches', maxLength: 8, required: true },
  // ISO 4217: the payment gateways charge in it.
  currencyCode: { kind: 'text', group: 'switches', maxLength: 3, required: true, pattern: '^[A-Z]{3}$', patternHint: 'three capital letters, e.g. USD' },
  useSimpleSpinner: onOff('switches'),
  customCSS: { kind: 'css', group: 'switches', maxLength: CUSTOM_CSS_MAX_LENGTH },
  deliveryAppLightMode: onOff('switches'),

  firebaseApiKey: text('push', 200),
  firebaseProjectId: text('push', 200),
  firebaseMessagingSenderId: text('push', 200),
  firebaseAppId: text('push', 200),
  firebaseVapidKey: text('push', 200),

  restaurantCategorySliderSize: whole('categorySlider', 1, 10),
  // slider-slots.tsx CORNERS: square and circle; anything else is rounded.
  restaurantCategorySliderStyle: choice('categorySlider', ['rounded', 'square', 'circle']),
  restaurantCategorySliderPosition: whole('categorySlider', 1, 100),
  showRestaurantCategorySliderLabel: onOff('categorySlider'),

  gpsAccessNotGrantedMsg: text('messages'),
  offlineTitleMessage: text('messages'),
  offlineSubTitleMessage: text('messages'),
  customHomeMessage: { kind: 'html', group: 'messages', maxLength: CUSTOM_HOME_MESSAGE_MAX_LENGTH },
  gdprMessage: text('messages'),

  codEnabled: onOff('payments'),
  walletPaymentEnabled: onOff('payments'),
  stripeEnabled: onOff('payments'),
  razorpayEnabled: onOff('payments'),
  paytmEnabled: onOff('payments'),
  paymongoEnabled: onOff('payments'),
  mercadoPagoEnabled: onOff('payments'),
  khaltiEnabled: onOff('payments'),

  tipsEnabled: onOff('checkout'),
  loyaltyEnabled: onOff('checkout'),
  // The ranges checkout-settings.ts clamps to, so what is saved is what applies.
  loyaltyPointsPerCurrencyUnit: { kind: 'number', group: 'checkout', min: 0, max: 1_000, integer: false },
  loyaltyPointValue: whole('checkout', 1, 1_000_000),
  loyaltyMinRedeemPoints: whole('checkout', 1, 10_000_000),
  loyaltyMaxRedeemPercent: whole('checkout', 0, 100),

  driverMaxActiveOrders: whole('drivers', 1, 20),
  driverCommissionType: choice('drivers', DRIVER_COMMISSION_TYPES),
  driverCommissionRate: { kind: 'number', group: 'drivers', min: 0, max: 100, integer: false },
  driverGpsIntervalSeconds: whole('drivers', 5, 600),
  deliveryPinRequired: onOff('drivers'),
};

/** The two numbers of /version.json an administrator raises (spec §4). */
export const VERSION_KINDS = ['settings', 'cache'] as const;
export type VersionKindName = (typeof VERSION_KINDS)[number];

/**
 * `GET STORE_ORDER_EVENTS_PATH` (token as `Authorization: Bearer`, or
 * `?token=` for EventSource): server-sent events of the caller's stores'
 * orders (every store for an admin). STORE_ORDER_EVENT_TYPES: `placed` when a
 * new order waits for the store (play the sound), `updated` on any other
 * change; each carries `{ order }` (the Order, without the delivery PIN).
 */
export const STORE_ORDER_EVENTS_PATH = '/public/api/store-order-events';
export const STORE_ORDER_EVENT_TYPES = ['placed', 'updated'] as const;
export type StoreOrderEventType = (typeof STORE_ORDER_EVENT_TYPES)[number];

/** accept-order's prep_minutes: how long the store says the food takes. */
export const PREP_MINUTES_MIN = 5;
export const PREP_MINUTES_MAX = 120;

/** What the audit names as changed (admin_audit.entity) for this part of the console. */
export const AUDIT_ENTITIES = ['settings', 'versions', 'languages', 'translations', 'popular_locations', 'users', 'wallet', 'orders'] as const;
