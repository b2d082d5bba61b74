/**
 * Checkout before the order (spec §3 coupon and loyalty, §7 get-order-quote,
 * apply-coupon, get-payment-gateways): the server's price of the cart with
 * the customer's choices kept in the replica (PrefKey.checkoutQuote), the
 * coupon and its error in cartMeta, the points to redeem in cartMeta.loyalty,
 * and the ways to pay (PrefKey.paymentGateways) so the screen shows them
 * offline. Placing the order is place-order.ts.
 */
import { VISITOR_QUOTE_USER_ID, type CheckoutChoices, type CheckoutQuoteRow, type CheckoutResult, type PaymentGatewaysRow } from '../../src/api/checkout/worker-api.ts';
import type { ErrorCode } from '../../src/api/errors.ts';
import type { AppliedCoupon, OrderQuote } from '../../src/api/orders/entities.ts';
import { failureDetails } from '../../src/api/sync-result.ts';
import type { SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey, type CartMetaRow, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import { endSessionIfRefused, readSession } from '../replica/session.ts';
import { readCartMeta, writeCartMeta } from '../cart/api.ts';
import {
  EMPTY_CART,
  cartCouponOf,
  checkoutBody,
  choicesProblem,
  normalisedCouponCode,
  readCheckoutCart,
  type BodyOptions,
  type CheckoutCart,
} from './request-body.ts';
import { checkoutCall, type CheckoutValue } from '../net/checkout-client.ts';
import { invalidInput } from '../net/failures.ts';
import type { SyncContext } from '../replica/context.ts';
import type { HttpSend } from '../net/http.ts';

/** Numbers requests so that only the newest one's answer is kept: a slow old quote never overwrites a newer one. */
export class LatestRequest {
  #last = 0;

  start(): number {
    this.#last += 1;
    return this.#last;
  }

  isLatest(request: number): boolean {
    return request === this.#last;
  }
}

export interface CheckoutDeps {
  send: HttpSend;
  quotes: LatestRequest;
  /** First delay before place-order sends its attempt again. */
  retryBaseMs: number;
}

const COUPON_REFUSALS: readonly ErrorCode[] = [
  'COUPON_NOT_FOUND',
  'COUPON_INACTIVE',
  'COUPON_EXPIRED',
  'COUPON_WRONG_STORE',
  'COUPON_USED_UP',
  'COUPON_MIN_SUBTOTAL',
];
const LOYALTY_REFUSALS: readonly ErrorCode[] = ['LOYALTY_UNAVAILABLE', 'LOYALTY_POINTS_INVALID'];

export function isCouponRefusal(code: ErrorCode): boolean {
  return COUPON_REFUSALS.includes(code);
}

/** COUPON_MIN_SUBTOTAL and MIN_ORDER_NOT_MET name the minimum at /subtotal. */
export function minimumOf(result: CheckoutValue<unknown>): number | null {
  if (result.ok) return null;
  const detail = failureDetails(result).find((candidate) => candidate.path === '/subtotal');
  const minimum = Number(detail?.message);
  return detail && Number.isInteger(minimum) ? minimum : null;
}

interface Dropped {
  coupon: ErrorCode | null;
  loyalty: ErrorCode | null;
  couponMinimum: number | null;
}

/**
 * Asks the server, leaving out what it refuses of the extras (the coupon,
 * the points) and asking again without them: a coupon that no longer fits
 * the cart must not hide the price of the rest.
 */
async function priceDroppingExtras<T>(
  ask: (options: BodyOptions) => Promise<CheckoutValue<T>>,
  dropCoupon: boolean,
): Promise<{ result: CheckoutValue<T>; dropped: Dropped }> {
  const dropped: Dropped = { coupon: null, loyalty: null, couponMinimum: null };
  const options: BodyOptions = { coupon: true, loyalty: true };
  for (;;) {
    const result = await ask(options);
    if (result.ok || !('code' in result)) return { result, dropped };
    if (dropCoupon && options.coupon && isCouponRefusal(result.code)) {
      options.coupon = false;
      dropped.coupon = result.code;
      dropped.couponMinimum = minimumOf(result);
    } else if (options.loyalty && LOYALTY_REFUSALS.includes(result.code)) {
      options.loyalty = false;
      dropped.loyalty = result.code;
    } else {
      return { result, dropped };
    }
  }
}

/** cartMeta after a price: the coupon as the server took it (or why not), the points held and chosen. */
function metaPatch(meta: CartMetaRow, quote: OrderQuote | null, dropped: Dropped, applied: AppliedCoupon | null): Partial<CartMetaRow> {
  const patch: Partial<CartMetaRow> = {};
  const coupon = cartCouponOf(meta);
  if (dropped.coupon && coupon) {
    patch.coupon = { code: coupon.code, applied: null, minSubtotal: dropped.couponMinimum };
    patch.couponError = dropped.coupon;
  } else if (applied) {
    patch.coupon = { code: applied.code, applied, minSubtotal: null };
    patch.couponError = null;
  }
  const loyalty = meta.loyalty ?? { points: 0, redeemed: false, redeemedPoints: 0 };
  if (dropped.loyalty) patch.loyalty = { ...loyalty, redeemed: false, redeemedPoints: 0 };
  if (quote) patch.loyalty = { ...(patch.loyalty ?? loyalty), points: quote.loyalty.points };
  return patch;
}

/** The quote row (when given) and cartMeta in one transaction, unless the cart changed store or emptied meanwhile. */
async function writePriced(db: ReplicaDatabase, cart: CheckoutCart, row: CheckoutQuoteRow | null, patch: (meta: CartMetaRow) => Partial<CartMetaRow>) {
  await db.transaction('rw', [db.prefs, db.cartMeta, db.cartLines, db.outbox], async () => {
    const current = await readCheckoutCart(db);
    if (current?.storeId !== cart.storeId) return;
    if (row) await db.prefs.put({ key: PrefKey.checkoutQuote, value: row });
    await writeCartMeta(db, patch(current.meta));
  });
}

interface Prepared {
  /** Null for a visitor: the server prices their cart without a token (no wallet, no points). */
  session: CustomerSession | null;
  cart: CheckoutCart;
}

async function prepare(ctx: SyncContext, choices: CheckoutChoices): Promise<Prepared | CheckoutResult> {
  const problem = choicesProblem(choices);
  if (problem) return invalidInput(problem);
  const session = (await readSession(ctx.db)) ?? null;
  const cart = await ctx.db.transaction('r', ctx.db.cartLines, ctx.db.cartMeta, () => readCheckoutCart(ctx.db));
  if (!cart) return EMPTY_CART;
  return { session, cart };
}

/** The session's token for the body; none for a visitor. */
function tokenField(session: CustomerSession | null): { token?: string } {
  return session ? { token: session.token } : {};
}

async function endSessionIfRefusedFor(ctx: SyncContext, session: CustomerSession | null, result: CheckoutValue<unknown>): Promise<void> {
  if (session && !result.ok) await endSessionIfRefused(ctx, session, result);
}

function quoteRow(session: CustomerSession | null, cart: CheckoutCart, quote: OrderQuote | null, result: CheckoutValue<unknown>, dropped: Dropped, at: number): CheckoutQuoteRow {
  const refusal = !result.ok && 'code' in result ? { code: result.code, details: result.details ?? [] } : null;
  const userId = session?.userId ?? VISITOR_QUOTE_USER_ID;
  return { userId, storeId: cart.storeId, quote, refusal, dropped: { coupon: dropped.coupon, loyalty: dropped.loyalty }, fetchedAt: at };
}

/** A refusal is kept with the quote row (the screen says why); a failure to reach the server keeps the last quote. */
function isRefusal(result: CheckoutValue<unknown>): boolean {
  return !result.ok && (result.reason === 'invalid' || result.reason === 'conflict');
}

export async function quoteCheckout(ctx: SyncContext, deps: CheckoutDeps, choices: CheckoutChoices): Promise<CheckoutResult> {
  const prepared = await prepare(ctx, choices);
  if (!('session' in prepared)) return prepared;
  const { session, cart } = prepared;
  const request = deps.quotes.start();
  const { result, dropped } = await priceDroppingExtras(
    (options) => checkoutCall(deps.send, 'get-order-quote', { ...checkoutBody(cart, choices, options), ...tokenField(session) }),
    true,
  );
  await endSessionIfRefusedFor(ctx, session, result);
  // A newer request is on its way: this answer is old news.
  if (!deps.quotes.isLatest(request)) return result.ok ? { ok: true } : result;
  if (!result.ok && !isRefusal(result)) return result;
  const quote = result.ok ? result.value : null;
  await writePriced(ctx.db, cart, quoteRow(session, cart, quote, result, dropped, ctx.now()), (meta) => metaPatch(meta, quote, dropped, quote?.coupon ?? null));
  return result.ok ? { ok: true } : result;
}

export async function applyCoupon(ctx: SyncContext, deps: CheckoutDeps, code: string, choices: CheckoutChoices): Promise<CheckoutResult> {
  const couponCode = normalisedCouponCode(code);
  if (!couponCode) return { ok: false, reason: 'invalid', code: 'COUPON_NOT_FOUND', message: 'Enter a coupon code.' };
  const prepared = await prepare(ctx, choices);
  if (!('session' in prepared)) return prepared;
  const { session, cart } = prepared;
  const request = deps.quotes.start();
  const { result, dropped } = await priceDroppingExtras(
    (options) =>
      checkoutCall(deps.send, 'apply-coupon', {
        ...checkoutBody(cart, choices, { ...options, coupon: false }),
        coupon_code: couponCode,
        ...tokenField(session),
      }),
    false,
  );
  if (!result.ok) {
    await endSessionIfRefusedFor(ctx, session, result);
    if (!('code' in result) || !isCouponRefusal(result.code)) return result;
    // The coupon is refused for this cart: say why, and keep pricing the cart without it.
    const refusedCoupon = { code: couponCode, applied: null, minSubtotal: minimumOf(result) };
    const couponError = result.code;
    await writePriced(ctx.db, cart, null, () => ({ coupon: refusedCoupon, couponError }));
    return result;
  }
  const { coupon, quote } = result.value;
  // The coupon is the customer's either way; its price only when no newer quote was asked for meanwhile.
  const latest = deps.quotes.isLatest(request);
  const row = latest ? quoteRow(session, cart, quote, result, dropped, ctx.now()) : null;
  await writePriced(ctx.db, cart, row, (meta) => metaPatch(meta, latest ? quote : null, dropped, coupon));
  return { ok: true };
}

export async function removeCoupon(ctx: SyncContext): Promise<SyncResult> {
  const { db } = ctx;
  await db.transaction('rw', [db.cartMeta, db.cartLines, db.outbox], () => writeCartMeta(db, { coupon: null, couponError: null }));
  return { ok: true };
}

export async function setLoyaltyRedemption(ctx: SyncContext, points: number): Promise<SyncResult> {
  if (!Number.isInteger(points) || points < 0) return invalidInput('Points to redeem must be a whole number, 0 or more.');
  const { db } = ctx;
  await db.transaction('rw', [db.cartMeta, db.cartLines, db.outbox], async () => {
    const meta = await readCartMeta(db);
    await writeCartMeta(db, { loyalty: { points: meta.loyalty?.points ?? 0, redeemed: points > 0, redeemedPoints: points } });
  });
  return { ok: true };
}

export async function refreshPaymentGateways(ctx: SyncContext): Promise<SyncResult> {
  const session = await readSession(ctx.db);
  const result = await ctx.api.call('get-payment-gateways', session ? { token: session.token } : {});
  if (!result.ok) return result;
  const row: PaymentGatewaysRow = { gateways: result.value, fetchedAt: ctx.now() };
  await ctx.db.prefs.put({ key: PrefKey.paymentGateways, value: row });
  return { ok: true };
}
