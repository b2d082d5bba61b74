/**
 * The schema of the one error shape (errors.ts): the server declares it on
 * every route's 4xx answers and the tests check answers against it. Apart
 * from errors.ts so the screens that only turn a code into words do not
 * download the schema library with it.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ERROR_CODES } from './error-codes.ts';
import { OrderQuoteSchema } from './orders/entities.ts';

export const ApiErrorSchema = Type.Object(
  {
    message: Type.String(),
    code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
    details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    /** PRICE_CHANGED: the order's price now, as get-order-quote answers it. */
    quote: Type.Optional(OrderQuoteSchema),
  },
  { $id: 'ApiError' },
);
export type ApiError = Static<typeof ApiErrorSchema>;
