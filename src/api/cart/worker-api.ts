/**
 * The cart part of the sync worker's API (SyncWorkerApi extends it). The cart
 * lives in the replica (`cartLines`, `cartMeta` with the spec's totals), one
 * store at a time; the UI reads it from there and asks the worker to change
 * it, so totals and the tab badge move in the same transaction as the lines.
 * Availability checks go through the outbox (kind cart-check) and the service
 * worker's queue when offline (DESIGN §4).
 */
import type { CartStoreRef, StoredCartLine } from './rules.ts';
import type { SyncResult } from '../sync-result.ts';

export interface AddToCartInput {
  storeId: number;
  itemId: number;
  /** The add-ons chosen, each once; checked against the item's groups as the replica has them. */
  addonIds: number[];
  quantity: number;
  /** The customer agreed to empty a cart of another store first. */
  replaceCart?: boolean;
}

/** Why the worker would not add a line the sheet let through (the replica changed meanwhile, or the input was forged). */
export type AddToCartRefusal =
  /** The item is switched off in the replica. */
  | 'ITEM_INACTIVE'
  /** The store is not taking orders (is_active false). */
  | 'STORE_INACTIVE'
  /** The choice breaks a group's min/max, or names an add-on the item does not offer. */
  | 'ADDONS_INVALID'
  /** MAX_CART_LINES different lines already. */
  | 'CART_FULL';

export type AddToCartOutcome =
  /** `capped`: the line already held some and MAX_LINE_QUANTITY stopped the sum. */
  | { status: 'added'; lineId: string; quantity: number; capped: boolean }
  /** The cart holds another store's lines: nothing changed; ask, then add again with replaceCart. */
  | { status: 'other-store'; cartStore: CartStoreRef; newStore: CartStoreRef }
  | { status: 'refused'; reason: AddToCartRefusal };

/** A line as it was removed, with its store, so an undo can put it back. */
export interface RemovedCartLine {
  line: StoredCartLine;
  store: CartStoreRef;
}

export type CartCheckOutcome =
  /** The server answered; the lines carry its verdicts. */
  | { status: 'checked' }
  /** No network: the check waits in the outbox (or the service worker's queue) and is applied when it returns. */
  | { status: 'waiting' }
  /** A newer check took its place before it got an answer. */
  | { status: 'superseded' }
  /** Nothing to check. */
  | { status: 'empty' };

export interface CartWorkerApi {
  /**
   * Adds `quantity` of the item with this add-on choice: the same choice adds
   * to its line (up to MAX_LINE_QUANTITY), another choice is a line of its own.
   * A cart of another store is replaced only with `replaceCart`.
   */
  addToCart(input: AddToCartInput): Promise<SyncResult<AddToCartOutcome>>;
  /** Sets a line's quantity, 1 to MAX_LINE_QUANTITY (removeCartLine takes it to 0). */
  setCartLineQuantity(lineId: string, quantity: number): Promise<SyncResult>;
  /** Removes a line; the answer is what restoreCartLine needs to undo it. */
  removeCartLine(lineId: string): Promise<SyncResult<RemovedCartLine>>;
  /** Undo of a removal: back in the cart unless another store's cart took its place meanwhile (then ok with restored false). */
  restoreCartLine(removed: RemovedCartLine): Promise<SyncResult<{ restored: boolean }>>;
  /** Empties the cart: lines, its store, coupon and the checks waiting in the outbox. */
  clearCart(): Promise<SyncResult>;
  /**
   * Checks the cart with check-cart-items-availability through the outbox
   * (kind cart-check), superseding older checks; resolves after one attempt
   * to send it. The answer marks the lines and the store's open state in the
   * replica whenever it comes, now or when the network returns.
   */
  checkCart(): Promise<SyncResult<CartCheckOutcome>>;
}
