/**
 * The cart's rows in the replica: `cartLines` (one per item and add-on
 * choice) and the one `cartMeta` row with the spec's totals, the cart's store
 * and its availability checks. Everything here runs inside the caller's
 * transaction over cartLines, cartMeta and outbox, so the totals (and the
 * tab-bar badge that reads them) never disagree with the lines.
 */
import { cartTotals } from '../../src/api/cart/rules.ts';
import type { CartLineRow, CartMetaRow, ReplicaDatabase } from '../../src/db/schema.ts';

export const CART_META_ID = 'cart';
/** The call of a cart check, queued in the outbox with kind cart-check. */
export const CHECK_CART_CALL = 'check-cart-items-availability';

function emptyMeta(): CartMetaRow {
  return { id: CART_META_ID, productQuantity: 0, totalPrice: 0, coupon: null, couponError: null, loyalty: null, store: null, check: null };
}

export async function readCartMeta(db: ReplicaDatabase): Promise<CartMetaRow> {
  return (await db.cartMeta.get(CART_META_ID)) ?? emptyMeta();
}

/** The lines in the order they were first added. */
export async function readCartLines(db: ReplicaDatabase): Promise<CartLineRow[]> {
  const lines = await db.cartLines.toArray();
  return lines.sort((a, b) => (a.addedAt ?? 0) - (b.addedAt ?? 0) || a.id.localeCompare(b.id));
}

/**
 * Recomputes the totals from the lines and writes the meta row with `patch`
 * on top. An empty cart belongs to no store, has no coupon, and its waiting
 * checks leave the outbox: there is nothing left for them to check.
 */
export async function writeCartMeta(db: ReplicaDatabase, patch: Partial<Omit<CartMetaRow, 'id'>> = {}): Promise<CartMetaRow> {
  const [meta, lines] = await Promise.all([readCartMeta(db), readCartLines(db)]);
  const next: CartMetaRow = { ...meta, ...patch, ...cartTotals(lines) };
  if (lines.length === 0) {
    Object.assign(next, { store: null, check: null, coupon: null, couponError: null });
    await dropCartChecks(db);
  }
  await db.cartMeta.put(next);
  return next;
}

/** Empties the cart (lines, store, coupon, waiting checks); loyalty is the customer's, not the cart's, and stays. */
export async function emptyCart(db: ReplicaDatabase): Promise<void> {
  await db.cartLines.clear();
  await writeCartMeta(db);
}

/** Deletes the cart's checks from the outbox (all of them, or all but one): only the newest check of the cart matters. */
export async function dropCartChecks(db: ReplicaDatabase, keepId?: string): Promise<number> {
  return db.outbox
    .where('kind')
    .equals('cart-check')
    .filter((row) => row.call === CHECK_CART_CALL && row.id !== keepId)
    .delete();
}
