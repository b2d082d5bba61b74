/**
 * The saved-addresses part of the sync worker's API (SyncWorkerApi extends
 * it): /my-addresses and the address picker of the checkout. The list lives
 * in the replica's `addresses` table (SavedAddressRow) with its fetchedAt in
 * syncState 'addresses'; every change is made online and the server's answer
 * (the whole list) replaces the mirror, so the UI reads the result from
 * there. Like every worker method these never throw: a refusal comes back as
 * a SyncFailure whose `code` the UI turns into words (offline: reason
 * 'offline', nothing changed).
 */
import type { SyncResult } from '../sync-result.ts';

/** An address as the form sends it: a new one without id, or the saved one with that id. */
export interface SavedAddressInput {
  id?: number;
  latitude: number;
  longitude: number;
  /** The address line (trimmed; 1 to ADDRESS_TEXT_MAX_LENGTH characters). */
  address: string;
  /** Flat, floor, door; null or blank for none. */
  house: string | null;
  /** Home, Work, Other or the user's own word; null or blank for the default tag text. */
  tag: string | null;
}

export interface SavedAddressOutcome {
  /** The id the server gave the address (a new one) or kept (an edit). */
  addressId: number;
}

export interface AddressWorkerApi {
  /** get-addresses: the signed-in customer's list replaces the `addresses` table. */
  refreshAddresses(): Promise<SyncResult>;
  /**
   * save-address (a new address without id, else an edit). Field refusals
   * come back with their codes (ADDRESS_EMPTY, ADDRESS_TOO_LONG,
   * HOUSE_TOO_LONG, TAG_TOO_LONG, INVALID_COORDINATES, TOO_MANY_ADDRESSES).
   */
  saveAddress(input: SavedAddressInput): Promise<SyncResult<SavedAddressOutcome>>;
  /** delete-address; when it was the default, the server makes the newest remaining one the default. */
  deleteAddress(addressId: number): Promise<SyncResult>;
  /** set-default-address: this one becomes the only default. */
  setDefaultAddress(addressId: number): Promise<SyncResult>;
}
