/**
 * Every call of the API: its name (the path after /public/api/), request body
 * schema and response schema. The server registers routes from this table, the
 * worker validates answers with it, and the tests use its types.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  LanguageSchema,
  LanguageWithDataSchema,
  PageSchema,
  PageSummarySchema,
  PopularLocationSchema,
  SettingSchema,
  VersionInfoSchema,
} from './entities.ts';

export { API_PREFIX, VERSION_PATH } from './paths.ts';

const NoBody = Type.Object({}, { additionalProperties: false });

export const calls = {
  'get-settings': {
    summary: 'All settings as key/value pairs; the app stores each under its key.',
    body: NoBody,
    response: Type.Array(SettingSchema),
  },
  'get-all-languages': {
    summary: 'The languages the app can be shown in.',
    body: NoBody,
    response: Type.Array(LanguageSchema),
  },
  'get-single-language': {
    summary: 'One language with its translations (key → text).',
    body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    response: LanguageWithDataSchema,
  },
  'popular-geo-locations': {
    summary: 'Popular locations; the one with is_default is the primary location.',
    body: NoBody,
    response: Type.Array(PopularLocationSchema),
  },
  'get-pages': {
    summary: 'The content pages (about, terms, privacy…), without their bodies.',
    body: NoBody,
    response: Type.Array(PageSummarySchema),
  },
  'get-single-page': {
    summary: 'One content page by its slug, with its HTML body.',
    body: Type.Object(
      { slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }) },
      { additionalProperties: false },
    ),
    response: PageSchema,
  },
} as const satisfies Record<string, { summary: string; body: TSchema; response: TSchema }>;

export type CallName = keyof typeof calls;
export type CallBody<N extends CallName> = Static<(typeof calls)[N]['body']>;
export type CallResponse<N extends CallName> = Static<(typeof calls)[N]['response']>;

export const VersionResponse = VersionInfoSchema;
