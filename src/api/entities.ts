/** Entity shapes exchanged by the API (spec §3). Field names follow the spec. */
import { Type, type Static } from '@sinclair/typebox';

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

/** Store delivery types (spec §3). */
export const DeliveryType = { DELIVERY: 1, SELFPICKUP: 2, BOTH: 3 } as const;
export type DeliveryTypeCode = (typeof DeliveryType)[keyof typeof DeliveryType];

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
