/**
 * The cart's methods: its lines and totals in the replica, and the
 * availability check queued through the outbox (whose effect this area
 * registers). Also what the checkout uses: the cart's rows (readCartLines,
 * readCartMeta, writeCartMeta, emptyCart).
 */
import type { SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { OutboxAccess } from '../outbox/api.ts';
import type { SyncContext } from '../replica/context.ts';
import { cartCheckEffect } from './availability-check.ts';
import { addToCart, checkCart, clearCart, removeCartLine, restoreCartLine, setCartLineQuantity } from './cart.ts';
import { CHECK_CART_CALL } from './rows.ts';

export { emptyCart, readCartLines, readCartMeta, writeCartMeta } from './rows.ts';

export interface CartApiDeps {
  ctx: SyncContext;
  outbox: OutboxAccess;
}

export type CartHandlers = SyncWorkerAreas['cart'];

export function cartApi({ ctx, outbox }: CartApiDeps): CartHandlers {
  const { effects } = outbox;
  if (!effects.get(CHECK_CART_CALL)) effects.register(CHECK_CART_CALL, cartCheckEffect(ctx.db, ctx.now));
  return {
    addToCart: (input) => addToCart(ctx, input),
    setCartLineQuantity: (lineId, quantity) => setCartLineQuantity(ctx, lineId, quantity),
    removeCartLine: (lineId) => removeCartLine(ctx, lineId),
    restoreCartLine: (removed) => restoreCartLine(ctx, removed),
    clearCart: () => clearCart(ctx),
    checkCart: () => checkCart(ctx, outbox),
  };
}
