/**
 * The cart's call: whether its lines can be ordered from the store now.
 * Answered by server/cart/.
 */
import * as Type from '@sinclair/typebox';
import { CartAvailabilitySchema, CartLinesSchema } from '../orders/entities.ts';
import type { CallDefinition } from '../call-definition.ts';

const strict = { additionalProperties: false } as const;

export const cartCalls = {
  'check-cart-items-availability': {
    access: 'anyone',
    summary:
      'Checks each cart line against the store now: the item is still sold, active, of this store, and its add-on choice still valid; ' +
      'answers each line with its current name and unit price, and whether the store takes orders now. Works without a token. ' +
      'Queued by the app while offline (DESIGN §4), so the answer carries when it was checked.',
    body: Type.Object({ restaurant_id: Type.Integer({ minimum: 1 }), items: CartLinesSchema }, strict),
    response: CartAvailabilitySchema,
  },
} as const satisfies Record<string, CallDefinition>;
