/**
 * The saved addresses' plain limits, apart from their TypeBox schemas
 * (account/address-calls.ts re-exports them): the address form and the worker import
 * these without pulling the schema builders into their bundles.
 */

/** The address line: 1 to this many characters after trimming. */
export const ADDRESS_TEXT_MAX_LENGTH = 255;
/** Flat, floor, door: at most this many characters. */
export const ADDRESS_HOUSE_MAX_LENGTH = 100;
/** "Home", "Work"…: at most this many characters; empty means the app's default tag text. */
export const ADDRESS_TAG_MAX_LENGTH = 40;
/** Saved addresses a user may keep. */
export const MAX_SAVED_ADDRESSES = 20;
