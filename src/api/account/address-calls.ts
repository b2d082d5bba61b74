/**
 * Saved addresses (spec §7 get-addresses, save-address, delete-address,
 * set-default-address; /my-addresses). Every call takes the token and acts
 * only on the token's own addresses: another user's address id is a 404, a
 * user_id other than the token's a 403. Each answers the user's whole list,
 * default first, so the app replaces its mirror with it.
 *
 * Field rules are checked by the server with specific codes rather than by
 * the schema, so the app can say which field is wrong: INVALID_COORDINATES,
 * ADDRESS_EMPTY, ADDRESS_TOO_LONG, HOUSE_TOO_LONG, TAG_TOO_LONG, and
 * TOO_MANY_ADDRESSES past MAX_SAVED_ADDRESSES.
 */
import * as Type from '@sinclair/typebox';
import { AddressSchema } from './entities.ts';
import { ADDRESS_HOUSE_MAX_LENGTH, ADDRESS_TAG_MAX_LENGTH, ADDRESS_TEXT_MAX_LENGTH, MAX_SAVED_ADDRESSES } from './address-limits.ts';

// The limits live in account/address-limits.ts so the UI and the worker read them without TypeBox.
export { ADDRESS_HOUSE_MAX_LENGTH, ADDRESS_TAG_MAX_LENGTH, ADDRESS_TEXT_MAX_LENGTH, MAX_SAVED_ADDRESSES };

const strict = { additionalProperties: false } as const;
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
/** Optional as the spec's account calls send it; when sent it must be the token's user. */
const UserId = Type.Optional(Type.Integer({ minimum: 1 }));
const AddressId = Type.Integer({ minimum: 1 });
// Generous bounds only against abuse; the real limits answer their own codes.
const LooseText = Type.String({ maxLength: 2000 });
const AddressList = Type.Array(AddressSchema, { maxItems: MAX_SAVED_ADDRESSES });

export const addressCalls = {
  'get-addresses': {
    access: 'self',
    summary: "The signed-in user's saved addresses: the default first, then in the order they were saved.",
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: AddressList,
  },
  'save-address': {
    access: 'self',
    summary:
      `Saves an address: a new one without id (the first becomes the default; at most ${MAX_SAVED_ADDRESSES}, TOO_MANY_ADDRESSES), ` +
      `or updates the user's address with that id. address 1–${ADDRESS_TEXT_MAX_LENGTH} characters (ADDRESS_EMPTY, ADDRESS_TOO_LONG), ` +
      `house ≤ ${ADDRESS_HOUSE_MAX_LENGTH} (HOUSE_TOO_LONG), tag ≤ ${ADDRESS_TAG_MAX_LENGTH} (TAG_TOO_LONG), coordinates on Earth (INVALID_COORDINATES). ` +
      'An agent acting for the customer may do it (recorded in the agent audit). Answers the whole list.',
    body: Type.Object(
      {
        token: Token,
        user_id: UserId,
        id: Type.Optional(AddressId),
        latitude: Type.Number(),
        longitude: Type.Number(),
        address: LooseText,
        house: Type.Optional(Type.Union([LooseText, Type.Null()])),
        tag: Type.Optional(Type.Union([LooseText, Type.Null()])),
      },
      strict,
    ),
    response: AddressList,
  },
  'delete-address': {
    access: 'self',
    summary:
      "Deletes one of the user's addresses; when it was the default, the newest remaining address becomes the default. Answers the whole list.",
    body: Type.Object({ token: Token, user_id: UserId, id: AddressId }, strict),
    response: AddressList,
  },
  'set-default-address': {
    access: 'self',
    summary: "Makes one of the user's addresses the default and every other one not. Answers the whole list.",
    body: Type.Object({ token: Token, user_id: UserId, id: AddressId }, strict),
    response: AddressList,
  },
} as const;
