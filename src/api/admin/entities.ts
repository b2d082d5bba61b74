/**
 * What the console's part A answers (admin/calls.ts): settings with their
 * kinds, languages with their missing keys, translations side by side with
 * English, staff and customers with their stores and wallet, order pages,
 * /version.json and the audit trail. Money is integer minor units; times are
 * ISO-8601 UTC.
 */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { UserRoleSchema, WalletTransactionSchema } from '../account/entities.ts';
import { LANGUAGE_DIRS, SETTING_GROUPS, SETTING_KINDS } from './limits.ts';
import { StoreRefSchema } from '../entities.ts';
import { OrderSchema } from '../orders/entities.ts';

export * from './limits.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** One setting as the console edits it: what it is now, what it would be unset, and what kind of field it needs. */
export const AdminSettingSchema = Type.Object({
  key: Type.String(),
  /** The stored value, or the default when none is stored. */
  value: Type.String(),
  default_value: Type.String(),
  /** False while the setting was never saved (the app uses the default). */
  is_stored: Type.Boolean(),
  kind: literals(SETTING_KINDS),
  group: literals(SETTING_GROUPS),
  /** number: bounds and whether only whole numbers are taken. */
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  integer: Type.Optional(Type.Boolean()),
  /** text, html, css: the longest value. */
  max_length: Type.Optional(Type.Integer()),
  /** text: may not be empty. */
  required: Type.Optional(Type.Boolean()),
  /** text: a regular expression the value must match, and how to say it. */
  pattern: Type.Optional(Type.String()),
  pattern_hint: Type.Optional(Type.String()),
  /** choice: the values the app understands, exactly as written. */
  choices: Type.Optional(Type.Array(Type.String())),
});
export type AdminSetting = Static<typeof AdminSettingSchema>;

export const AdminSettingsSchema = Type.Object({ settings: Type.Array(AdminSettingSchema) });
export type AdminSettings = Static<typeof AdminSettingsSchema>;

/** admin/save-settings: the keys whose value changed (a value equal to the stored one is not counted). */
export const SavedSettingsSchema = Type.Object({
  changed: Type.Array(Type.String()),
  settings: Type.Array(AdminSettingSchema),
});
export type SavedSettings = Static<typeof SavedSettingsSchema>;

export const LanguageDirSchema = literals(LANGUAGE_DIRS);

/** A language with how far its translation has come against the built-in keys (language/texts.ts TEXT_KEYS). */
export const AdminLanguageSchema = Type.Object({
  id: Type.Integer(),
  language_name: Type.String(),
  code: Type.String(),
  dir: LanguageDirSchema,
  is_default: Type.Boolean(),
  /** Built-in keys with a non-empty text in this language. */
  translated_count: Type.Integer(),
  /** Built-in keys without one: the app shows English for them. */
  missing_count: Type.Integer(),
});
export type AdminLanguage = Static<typeof AdminLanguageSchema>;

export const AdminLanguagesSchema = Type.Object({
  languages: Type.Array(AdminLanguageSchema),
  /** How many keys the app has (translated_count + missing_count of each language). */
  total_keys: Type.Integer(),
});
export type AdminLanguages = Static<typeof AdminLanguagesSchema>;

/** One built-in key of one language, beside its English. */
export const TranslationEntrySchema = Type.Object({
  key: Type.String(),
  /** This language's text; '' when it has none. */
  text: Type.String(),
  /** The built-in English text (what the app falls back to). */
  english: Type.String(),
  missing: Type.Boolean(),
});
export type TranslationEntry = Static<typeof TranslationEntrySchema>;

export const AdminTranslationsSchema = Type.Object({
  language: AdminLanguageSchema,
  /** Every built-in key in the order of language/texts.ts (only the missing ones with missing_only). */
  entries: Type.Array(TranslationEntrySchema),
});
export type AdminTranslations = Static<typeof AdminTranslationsSchema>;

export const SavedTranslationsSchema = Type.Object({
  language: AdminLanguageSchema,
  /** Keys whose text was set or changed. */
  saved: Type.Array(Type.String()),
  /** Keys sent empty: their text was removed, so the app falls back to English. */
  removed: Type.Array(Type.String()),
});
export type SavedTranslations = Static<typeof SavedTranslationsSchema>;

/** A user as the console lists them. */
export const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  role: UserRoleSchema,
  is_banned: Type.Boolean(),
  wallet_balance: Type.Integer(),
  created_at: Type.String(),
  /** A store owner's stores, or the stores a driver delivers for; [] for every other role. */
  stores: Type.Array(StoreRefSchema),
});
export type AdminUser = Static<typeof AdminUserSchema>;

/** admin/get-users: newest first; next_before is the cursor of the next (older) page, null on the last. */
export const AdminUsersPageSchema = Type.Object({ users: Type.Array(AdminUserSchema), next_before: Nullable(Type.Integer()) });
export type AdminUsersPage = Static<typeof AdminUsersPageSchema>;

/** admin/get-user: the user and their newest wallet entries. */
export const AdminUserDetailSchema = Type.Object({ user: AdminUserSchema, wallet_transactions: Type.Array(WalletTransactionSchema) });
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

/** admin/adjust-wallet: the user with their new balance and the ledger entry written. */
export const WalletAdjustedSchema = Type.Object({ user: AdminUserSchema, transaction: WalletTransactionSchema });
export type WalletAdjusted = Static<typeof WalletAdjustedSchema>;

/** admin/get-orders: newest first; next_before as in the other pages. */
export const AdminOrdersPageSchema = Type.Object({ orders: Type.Array(OrderSchema), next_before: Nullable(Type.Integer()) });
export type AdminOrdersPage = Static<typeof AdminOrdersPageSchema>;

/** One change in the audit trail. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  /** Who made it, as they are named now ('' when the account is gone). */
  user_name: Type.String(),
  role: Type.String(),
  /** The call that made it, e.g. admin/save-settings. */
  action: Type.String(),
  /** What it touched (settings, languages, users, restaurants…) and which one; null for keyed or many rows. */
  entity: Type.String(),
  entity_id: Nullable(Type.String()),
  /** The values that changed (never passwords). */
  details: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = Type.Object({ entries: Type.Array(AuditEntrySchema), next_before: Nullable(Type.Integer()) });
export type AuditPage = Static<typeof AuditPageSchema>;
