/**
 * What the app reads first (spec §4): settings, languages with their texts,
 * popular locations and content pages. Answered by server/settings/.
 */
import * as Type from '@sinclair/typebox';
import { LanguageSchema, LanguageWithDataSchema, PageSchema, PageSummarySchema, PopularLocationSchema, SettingSchema } from '../entities.ts';
import type { CallDefinition } from '../call-definition.ts';
import { NoBody, Slug } from '../call-parts.ts';

export const settingsCalls = {
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
} as const satisfies Record<string, CallDefinition>;
