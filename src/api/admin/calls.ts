/**
 * The console's calls, part A (issue 7): settings and /version.json,
 * languages and translations, popular locations, people (staff creation,
 * store links, bans, wallet adjustments), the orders list and the audit
 * trail. The catalogue's calls are part B (admin/catalog-calls.ts). Spread
 * into the one call table in calls.ts.
 *
 * Every call takes the token (`token`, or `Authorization: Bearer`): without
 * one it is 401 UNAUTHORIZED. Administrators signed in as themselves may call
 * all of them; store owners only admin/get-orders (their stores). Any other
 * caller gets 403 FORBIDDEN. Every change is written to the audit trail
 * (admin/get-audit-log) in the transaction that makes it. Values are checked
 * by the server with specific codes and per-field details (path + message),
 * so the console can say exactly what is wrong.
 *
 * Acting on orders uses the lifecycle's calls (orders/calls.ts: accept-order
 * with prep_minutes, mark-order-ready, complete-pickup-order,
 * store-cancel-order), and the store's live feed is the
 * STORE_ORDER_EVENTS_PATH stream (admin/limits.ts).
 */
import * as Type from '@sinclair/typebox';
import { PERSON_NAME_MAX_LENGTH, SuccessSchema, UserRoleSchema } from '../account/entities.ts';
import {
  ADMIN_PAGE_MAX,
  AdminLanguageSchema,
  AdminLanguagesSchema,
  AdminOrdersPageSchema,
  AdminSettingsSchema,
  AdminTranslationsSchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AuditPageSchema,
  LANGUAGE_CODE_PATTERN,
  LANGUAGE_NAME_MAX_LENGTH,
  LanguageDirSchema,
  LOCATION_NAME_MAX_LENGTH,
  SavedSettingsSchema,
  SavedTranslationsSchema,
  SETTING_VALUE_MAX_LENGTH,
  SETTINGS_PER_SAVE_MAX,
  STAFF_ROLES,
  TRANSLATION_MAX_LENGTH,
  TRANSLATIONS_PER_SAVE_MAX,
  USER_SEARCH_MAX_LENGTH,
  USER_STORES_MAX,
  VERSION_KINDS,
  WALLET_ADJUSTMENT_MAX,
  WALLET_REASON_MAX_LENGTH,
  WalletAdjustedSchema,
} from './entities.ts';
import { LatitudeSchema, LongitudeSchema, PopularLocationSchema, VersionInfoSchema } from '../entities.ts';
import { OrderMoveResultSchema } from '../orders/entities.ts';
import type { CallDefinition } from '../call-definition.ts';

const strict = { additionalProperties: false } as const;
/** As in calls.ts: the spec's `token` field, optional because `Authorization: Bearer` works instead. */
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const Id = Type.Integer({ minimum: 1 });
const Before = Type.Optional(Type.Integer({ minimum: 1 }));
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_PAGE_MAX }));
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
/** An ISO-8601 time (a date alone is midnight UTC); the server also refuses one the calendar does not know. */
const IsoTime = Type.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2}))?$' });
const LanguageName = Type.String({ minLength: 1, maxLength: LANGUAGE_NAME_MAX_LENGTH });
const LanguageCode = Type.String({ minLength: 2, maxLength: 20, pattern: LANGUAGE_CODE_PATTERN });
const LocationName = Type.String({ minLength: 1, maxLength: LOCATION_NAME_MAX_LENGTH });
const Email = Type.String({ minLength: 1, maxLength: 254 });
const Phone = Type.String({ maxLength: 32 });
const Name = Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH });
const Password = Type.String({ minLength: 1, maxLength: 200 });
const StoreIds = Type.Array(Id, { maxItems: USER_STORES_MAX, uniqueItems: true });

const adminsOnly = 'Administrators only (FORBIDDEN otherwise).';
const audited = 'Audited.';

export const adminCalls = {
  // -------------------------------------------------------------------------
  // Settings and /version.json
  // -------------------------------------------------------------------------
  'admin/get-settings': {
    access: 'admin',
    summary:
      'Every setting the app reads (settings/defaults.ts SETTING_DEFAULTS), with its value now, its default, whether it was ever saved, and the kind ' +
      `of field it needs (switch, colour, number with bounds, text/html/css with a length, url, image, choice with its choices), by group. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: AdminSettingsSchema,
  },
  'admin/save-settings': {
    access: 'admin',
    summary:
      'Saves the settings sent (only the changed keys are needed; a value equal to the stored one changes nothing). All or nothing: ' +
      'UNKNOWN_SETTING (400, a detail per unknown key) or VALIDATION_FAILED (400, a detail per bad value: switches true/false, colours #rrggbb, ' +
      'numbers within bounds, choices as listed, urls http(s):// or /path, texts within their length). Clients see the new values once the settings ' +
      `version is raised (admin/bump-version settings); saving does not raise it. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        settings: Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: SETTING_VALUE_MAX_LENGTH }), {
          minProperties: 1,
          maxProperties: SETTINGS_PER_SAVE_MAX,
        }),
      },
      strict,
    ),
    response: SavedSettingsSchema,
  },
  'admin/get-versions': {
    access: 'admin',
    summary: `The two numbers /version.json answers now. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: VersionInfoSchema,
  },
  'admin/bump-version': {
    access: 'admin',
    summary:
      'Raises one number of /version.json by one (spec §4): settings makes every installed app refetch its settings on its next load ' +
      '(languages, translations and popular locations are refetched on every online load anyway); cache makes every app clear its storage ' +
      `and caches (keeping the location, address, colour, logo, updating message and language) and reload. Answers both numbers. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, kind: literals(VERSION_KINDS) }, strict),
    response: VersionInfoSchema,
  },

  // -------------------------------------------------------------------------
  // Languages and translations
  // -------------------------------------------------------------------------
  'admin/get-languages': {
    access: 'admin',
    summary: `Every language with how many of the app's built-in keys it translates and how many it misses. ${adminsOnly}`,
    body: Type.Object({ token: Token }, strict),
    response: AdminLanguagesSchema,
  },
  'admin/create-language': {
    access: 'admin',
    summary:
      'Adds a language (name, BCP 47 code, direction), not the default. It starts empty (the app shows English until it is translated) or, ' +
      `with copy_default, with the default language's texts. LANGUAGE_CODE_TAKEN (409) when the code is in use. ${adminsOnly} ${audited}`,
    body: Type.Object(
      { token: Token, language_name: LanguageName, code: LanguageCode, dir: LanguageDirSchema, copy_default: Type.Optional(Type.Boolean()) },
      strict,
    ),
    response: AdminLanguageSchema,
  },
  'admin/update-language': {
    access: 'admin',
    summary: `Renames a language, or changes its code or direction (what is not sent stays). NOT_FOUND, LANGUAGE_CODE_TAKEN. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        id: Id,
        language_name: Type.Optional(LanguageName),
        code: Type.Optional(LanguageCode),
        dir: Type.Optional(LanguageDirSchema),
      },
      strict,
    ),
    response: AdminLanguageSchema,
  },
  'admin/set-default-language': {
    access: 'admin',
    summary:
      'Makes the language the default (exactly one is): the language new visitors get and the server writes alerts in. Answers every ' +
      `language. NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, id: Id }, strict),
    response: AdminLanguagesSchema,
  },
  'admin/delete-language': {
    access: 'admin',
    summary:
      'Deletes a language and its texts; apps that showed it fall back to the default on their next load. LANGUAGE_IS_DEFAULT (409) for the ' +
      `default language (make another the default first). NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, id: Id }, strict),
    response: SuccessSchema,
  },
  'admin/get-translations': {
    access: 'admin',
    summary:
      "A language's text for every built-in key beside the English one, with missing set where it has none (missing_only: only those). " +
      `NOT_FOUND. ${adminsOnly}`,
    body: Type.Object({ token: Token, id: Id, missing_only: Type.Optional(Type.Boolean()) }, strict),
    response: AdminTranslationsSchema,
  },
  'admin/save-translations': {
    access: 'admin',
    summary:
      "Saves a language's texts for the keys sent (only changed keys are needed); an empty text removes the key's text, so the app shows " +
      'English for it. UNKNOWN_TEXT_KEY (400, a detail per key the app does not have); all or nothing. Apps get the texts on their next ' +
      `online load. NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        id: Id,
        texts: Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: TRANSLATION_MAX_LENGTH }), {
          minProperties: 1,
          maxProperties: TRANSLATIONS_PER_SAVE_MAX,
        }),
      },
      strict,
    ),
    response: SavedTranslationsSchema,
  },

  // -------------------------------------------------------------------------
  // Popular locations (listed by popular-geo-locations; each change answers the list)
  // -------------------------------------------------------------------------
  'admin/create-location': {
    access: 'admin',
    summary:
      'Adds a popular location (name, latitude −90…90, longitude −180…180); is_default makes it the primary one (exactly one is). ' +
      `Answers every location, the primary first. VALIDATION_FAILED for a blank name. ${adminsOnly} ${audited}`,
    body: Type.Object(
      { token: Token, name: LocationName, latitude: LatitudeSchema, longitude: LongitudeSchema, is_default: Type.Optional(Type.Boolean()) },
      strict,
    ),
    response: Type.Array(PopularLocationSchema),
  },
  'admin/update-location': {
    access: 'admin',
    summary: `Renames or moves a popular location (what is not sent stays). Answers every location. NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        id: Id,
        name: Type.Optional(LocationName),
        latitude: Type.Optional(LatitudeSchema),
        longitude: Type.Optional(LongitudeSchema),
      },
      strict,
    ),
    response: Type.Array(PopularLocationSchema),
  },
  'admin/set-primary-location': {
    access: 'admin',
    summary: `Makes the location the primary one, where visitors without an address start (exactly one is). Answers every location. NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, id: Id }, strict),
    response: Type.Array(PopularLocationSchema),
  },
  'admin/delete-location': {
    access: 'admin',
    summary:
      'Deletes a popular location. LOCATION_IS_PRIMARY (409) for the primary one (without it new visitors would see the Critical Error page: ' +
      `make another primary first). Answers every location left. NOT_FOUND. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, id: Id }, strict),
    response: Type.Array(PopularLocationSchema),
  },

  // -------------------------------------------------------------------------
  // People
  // -------------------------------------------------------------------------
  'admin/get-users': {
    access: 'admin',
    summary:
      'Users newest first, paged with before (the previous answer\'s next_before); role filters by role, q matches name, e-mail or phone ' +
      `(any case, any part), banned filters by ban. Store owners and drivers carry their stores. ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        role: Type.Optional(UserRoleSchema),
        q: Type.Optional(Type.String({ maxLength: USER_SEARCH_MAX_LENGTH })),
        banned: Type.Optional(Type.Boolean()),
        before: Before,
        limit: Limit,
      },
      strict,
    ),
    response: AdminUsersPageSchema,
  },
  'admin/get-user': {
    access: 'admin',
    summary: `One user with their stores and their newest wallet entries. UNKNOWN_USER (404). ${adminsOnly}`,
    body: Type.Object({ token: Token, user_id: Id }, strict),
    response: AdminUserDetailSchema,
  },
  'admin/create-user': {
    access: 'admin',
    summary:
      'Creates a driver, store owner or call-centre agent who signs in with the e-mail (or phone) and password; store_ids links a driver to ' +
      'the stores they deliver for, or gives a store owner those stores. EMAIL_TAKEN, PHONE_TAKEN (409), INVALID_EMAIL, INVALID_PHONE, ' +
      `PASSWORD_TOO_SHORT (400), NOT_FOUND for a store that does not exist. ${adminsOnly} ${audited} (without the password)`,
    body: Type.Object(
      {
        token: Token,
        role: literals(STAFF_ROLES),
        name: Name,
        email: Email,
        phone: Type.Optional(Phone),
        password: Password,
        store_ids: Type.Optional(StoreIds),
      },
      strict,
    ),
    response: AdminUserSchema,
  },
  'admin/update-user': {
    access: 'admin',
    summary:
      "Changes a user's name, e-mail or phone (an empty phone removes it), or sets a new password (every session of theirs then ends). " +
      `What is not sent stays. UNKNOWN_USER (404), EMAIL_TAKEN, PHONE_TAKEN, INVALID_EMAIL, INVALID_PHONE, PASSWORD_TOO_SHORT. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        user_id: Id,
        name: Type.Optional(Name),
        email: Type.Optional(Email),
        phone: Type.Optional(Phone),
        password: Type.Optional(Password),
      },
      strict,
    ),
    response: AdminUserSchema,
  },
  'admin/set-user-stores': {
    access: 'admin',
    summary:
      "Replaces a person's stores with store_ids: for a driver, the stores whose orders they are offered; for a store owner, the stores " +
      'they own (a store taken from another owner leaves that owner; a store of theirs not listed is left without an owner). ' +
      `WRONG_USER_ROLE (409) for other roles, NOT_FOUND for a store that does not exist, UNKNOWN_USER. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, user_id: Id, store_ids: StoreIds }, strict),
    response: AdminUserSchema,
  },
  'admin/set-user-ban': {
    access: 'admin',
    summary:
      'Bans or unbans a user. A banned user\'s calls answer ACCOUNT_BANNED (check-ban tells the app); their data stays. Administrators ' +
      `cannot ban themselves (FORBIDDEN). UNKNOWN_USER. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, user_id: Id, is_banned: Type.Boolean() }, strict),
    response: AdminUserSchema,
  },
  'admin/adjust-wallet': {
    access: 'admin',
    summary:
      `Credits (amount > 0) or debits (amount < 0) a user's wallet, in minor units up to ${WALLET_ADJUSTMENT_MAX} either way, with the ` +
      "reason the user reads in their ledger (an 'adjustment' entry made by the administrator). INSUFFICIENT_BALANCE (409) when a debit " +
      `would take the balance below zero; VALIDATION_FAILED for amount 0 or a blank reason. UNKNOWN_USER. ${adminsOnly} ${audited}`,
    body: Type.Object(
      {
        token: Token,
        user_id: Id,
        amount: Type.Integer({ minimum: -WALLET_ADJUSTMENT_MAX, maximum: WALLET_ADJUSTMENT_MAX }),
        reason: Type.String({ minLength: 1, maxLength: WALLET_REASON_MAX_LENGTH }),
      },
      strict,
    ),
    response: WalletAdjustedSchema,
  },

  // -------------------------------------------------------------------------
  // Orders and the audit trail
  // -------------------------------------------------------------------------
  'admin/get-orders': {
    access: 'staff',
    summary:
      'Orders newest first, paged with before: every store\'s for an administrator, their own stores\' for a store owner (restaurant_id of ' +
      'another store: FORBIDDEN). Filters: restaurant_id, status codes, placed from (inclusive) / to (exclusive) as ISO times, q a part of ' +
      'the order id. Never carries the delivery PIN. Act on an order with accept-order, mark-order-ready, complete-pickup-order, ' +
      'store-cancel-order. Administrators and store owners only.',
    body: Type.Object(
      {
        token: Token,
        restaurant_id: Type.Optional(Id),
        status: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { minItems: 1, maxItems: 9, uniqueItems: true })),
        from: Type.Optional(IsoTime),
        to: Type.Optional(IsoTime),
        q: Type.Optional(Type.String({ maxLength: 64 })),
        before: Before,
        limit: Limit,
      },
      strict,
    ),
    response: AdminOrdersPageSchema,
  },
  'admin/assign-driver': {
    access: 'admin',
    summary:
      'Gives a delivery order to a driver: one the store is preparing (preparing → driver assigned), or, before pickup, one another driver ' +
      'has (the order stays driver assigned; the first driver loses it, and a step they queued on it answers FORBIDDEN). The driver must be ' +
      "on duty, deliver for the order's store and hold fewer orders than driverMaxActiveOrders (DRIVER_OFF_DUTY, DRIVER_ORDER_LIMIT 409, " +
      'STORE_NOT_LINKED 403); NOT_A_DRIVER (409) for anyone else, UNKNOWN_USER (404) for no one. WRONG_ORDER_TYPE (409) for a self-pickup ' +
      'order, ILLEGAL_TRANSITION (409) before the store accepted and once picked up, delivered or cancelled. The same driver again changes ' +
      `nothing (changed: false). The customer's tracking shows the new driver. ${adminsOnly} ${audited}`,
    body: Type.Object({ token: Token, unique_order_id: Type.String({ minLength: 1, maxLength: 64 }), driver_user_id: Id }, strict),
    response: OrderMoveResultSchema,
  },
  'admin/get-audit-log': {
    access: 'admin',
    summary:
      'The audit trail newest first, paged with before: who changed what, when, with the values that changed. Filters: entity (settings, ' +
      `languages, translations, popular_locations, users, wallet, orders, versions, and the catalogue's), entity_id, user_id (who made it). ${adminsOnly}`,
    body: Type.Object(
      {
        token: Token,
        entity: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
        entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        user_id: Type.Optional(Id),
        before: Before,
        limit: Limit,
      },
      strict,
    ),
    response: AuditPageSchema,
  },
} as const satisfies Record<string, CallDefinition>;
