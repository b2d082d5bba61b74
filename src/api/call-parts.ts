/**
 * The pieces the call tables share: the spec's optional `token`, ids, slugs,
 * points, the customer's language, a body that takes nothing.
 */
import * as Type from '@sinclair/typebox';
import { PathIdSchema } from './column-bounds.ts';
import { LANGUAGE_CODE_PATTERN } from './admin/limits.ts';
import { LatitudeSchema, LongitudeSchema } from './entities.ts';

export const NoBody = Type.Object({}, { additionalProperties: false });
export const Id = Type.Integer({ minimum: 1 });
export const Slug = Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
/** An id in a path: text in the URL, digits only and within the column (column-bounds.ts), turned into a number by the handler. */
export const PathId = PathIdSchema;
/** `token` as the spec sends it; `Authorization: Bearer` works instead, so it is optional here. */
export const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
export const Point = { latitude: LatitudeSchema, longitude: LongitudeSchema };
export const strict = { additionalProperties: false } as const;
/**
 * The customer's language (its code) on the calls that answer catalogue texts
 * (issue 15.7): names and descriptions come in it where the console gave them
 * one, else in the default language. Absent, unknown or the default: as stored.
 */
export const Language = { language: Type.Optional(Type.String({ minLength: 2, maxLength: 20, pattern: LANGUAGE_CODE_PATTERN })) };
export const LanguageOnly = Type.Object(Language, strict);
