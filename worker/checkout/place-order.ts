/**
 * place-order, made safe to repeat (issue 5: "a double tap or a replay
 * creates one order"). An attempt (PlaceOrderAttempt) is written with a new
 * Idempotency-Key BEFORE anything is sent, in the same transaction that
 * reads the cart, and every send of the attempt uses that key:
 * - a second tap, a second tab, or a retry after a lost answer sends the
 *   same key with the same body: the server answers its one order again;
 * - a tap after the customer changed something (the cart, a choice) sends
 *   the new body under the same key. If an earlier body got to the server
 *   first, it answers IDEMPOTENCY_KEY_REUSED, and the earlier body sent
 *   again replays what became of it: its order (then that is the order, and
 *   nothing else is placed) or its refusal (then the new body goes out under
 *   a new key). If none got there, the new body is the one order;
 * - offline nothing is queued: placing needs the server's prices and
 *   availability now. The attempt stays, and the next tap sends it again.
 *
 * Success writes the order, drops the attempt and the quote, and empties
 * the cart (a card order keeps the cart until it is paid: a failed payment
 * must not cost the customer their cart). A refusal drops the attempt (the
 * server changed nothing; the next tap is a new attempt) and keeps the cart.
 */
import { appCalls } from '../../src/api/calls.ts';
import type {
  CheckoutFailure,
  CheckoutQuoteRow,
  CheckoutResult,
  LastDeliveryAddressRow,
  PendingPaymentRow,
  PlaceOrderAttempt,
  PlaceOrderBody,
  PlaceOrderInput,
  PlacedOrder,
} from '../../src/api/checkout/worker-api.ts';
import type { Order, OrderQuote } from '../../src/api/orders/entities.ts';
import { PAYMENT_MODES } from '../../src/api/orders/limits.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { isPaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';
import { PrefKey, type ReplicaDatabase } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import { endSessionIfRefused, readSession } from '../replica/session.ts';
import { backoffDelay, sleep } from '../net/backoff.ts';
import { findProblem } from '../net/check-shape.ts';
import { isSimulatedOffline } from '../net/simulated-offline.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import { emptyCart, readCartMeta, writeCartMeta } from '../cart/api.ts';
import type { CheckoutDeps } from './quote.ts';
import { invalidInput } from '../net/failures.ts';
import { EMPTY_CART, checkoutBody, choicesProblem, readCheckoutCart, redeemedPointsOf } from './request-body.ts';
import { checkoutCall, type CheckoutValue } from '../net/checkout-client.ts';
import type { SyncContext } from '../replica/context.ts';
import { putOrder } from '../orders/api.ts';
import { readPref } from '../replica/prefs.ts';

const { AWAITING_PAYMENT } = OrderStatus;
/**
 * Sends of one attempt within one tap when the answer got lost (time-out,
 * 5xx): one more, so a hiccup is absorbed while a customer facing a dead
 * server waits at most two time-outs; the next tap sends it again anyway.
 */
const SENDS_PER_TAP = 2;
/** While the same key is still running on the server (another tab, the first tap), how often to ask again. */
const IN_PROGRESS_POLLS = 20;
const RETRY_MAX_MS = 4_000;

const PAYMENT_PENDING = {
  ok: false,
  reason: 'conflict',
  code: 'CONFLICT',
  message: 'An order is waiting for its card payment: pay it or cancel it first.',
} as const;

/** Bodies compared by content: key order does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sameCart(a: PlaceOrderBody, b: Pick<PlaceOrderBody, 'restaurant_id' | 'items'>): boolean {
  return a.restaurant_id === b.restaurant_id && canonical(a.items) === canonical(b.items);
}

async function readAttempt(db: ReplicaDatabase, userId: number): Promise<PlaceOrderAttempt | undefined> {
  const attempt = await readPref<PlaceOrderAttempt>(db, PrefKey.placeOrderAttempt);
  return attempt?.userId === userId && Array.isArray(attempt.bodies) ? attempt : undefined;
}

async function dropAttempt(db: ReplicaDatabase, key: string): Promise<void> {
  await db.transaction('rw', db.prefs, async () => {
    if ((await readPref<PlaceOrderAttempt>(db, PrefKey.placeOrderAttempt))?.key === key) await db.prefs.delete(PrefKey.placeOrderAttempt);
  });
}

/**
 * A body that never left the device is no part of the attempt: the server
 * cannot hold an order for it, so nothing may say that an order "may not have
 * reached the store" (issue 32.7). The attempt goes with its last body.
 */
async function forgetUnsentBody(db: ReplicaDatabase, key: string, body: PlaceOrderBody): Promise<void> {
  await db.transaction('rw', db.prefs, async () => {
    const attempt = await readPref<PlaceOrderAttempt>(db, PrefKey.placeOrderAttempt);
    if (attempt?.key !== key) return;
    const bodies = attempt.bodies.filter((sent) => canonical(sent) !== canonical(body));
    if (bodies.length === 0) await db.prefs.delete(PrefKey.placeOrderAttempt);
    else await db.prefs.put({ key: PrefKey.placeOrderAttempt, value: { ...attempt, bodies } });
  });
}

/** The request cannot have left: the testers' switch holds every request, and a browser that knows it is offline sends none. */
async function certainlyUnsent(db: ReplicaDatabase): Promise<boolean> {
  return (await isSimulatedOffline(db)) || globalThis.navigator?.onLine === false;
}

/** `added`: this tap's body joined the attempt now (an earlier tap had not sent the same one). */
type Plan = { kind: 'send'; attempt: PlaceOrderAttempt; body: PlaceOrderBody; added: boolean } | { kind: 'refused'; failure: CheckoutFailure };

/**
 * Reads the cart and the attempt and writes the attempt with this tap's body
 * in one transaction: two taps racing each other get the same key, and a tap
 * that comes after an order emptied the cart finds nothing to order.
 */
async function planAttempt(ctx: SyncContext, session: CustomerSession, input: PlaceOrderInput): Promise<Plan> {
  const { db } = ctx;
  return db.transaction('rw', [db.prefs, db.cartLines, db.cartMeta], async (): Promise<Plan> => {
    const pending = await readPref<PendingPaymentRow>(db, PrefKey.pendingPayment);
    if (pending?.userId === session.userId) return { kind: 'refused', failure: PAYMENT_PENDING };
    const cart = await readCheckoutCart(db);
    if (!cart) return { kind: 'refused', failure: EMPTY_CART };
    const body: PlaceOrderBody = {
      ...checkoutBody(cart, input, { coupon: true, loyalty: true }),
      payment_mode: input.paymentMode,
      ...(input.expectedTotal === undefined ? {} : { expected_total: input.expectedTotal }),
    };
    const existing = await readAttempt(db, session.userId);
    const attempt: PlaceOrderAttempt = existing ?? { userId: session.userId, key: crypto.randomUUID(), bodies: [], createdAt: ctx.now() };
    const added = !attempt.bodies.some((sent) => canonical(sent) === canonical(body));
    if (added) {
      attempt.bodies = [...attempt.bodies, body];
      await db.prefs.put({ key: PrefKey.placeOrderAttempt, value: attempt });
    }
    return { kind: 'send', attempt, body, added };
  });
}

function isInProgress(result: CheckoutValue<unknown>): boolean {
  return !result.ok && result.reason === 'conflict' && result.code === 'IDEMPOTENCY_IN_PROGRESS';
}

function isKeyReused(result: CheckoutValue<unknown>): boolean {
  return !result.ok && 'code' in result && result.code === 'IDEMPOTENCY_KEY_REUSED';
}

/** The answer may have been lost on the way (or the server faltered): the same key makes a resend harmless. */
function isWorthResending(result: CheckoutValue<unknown>): boolean {
  if (result.ok) return false;
  if (result.reason === 'timeout' || result.reason === 'server') return true;
  return result.reason === 'invalid' && result.code === 'RATE_LIMITED';
}

/** A final answer: the server refused this body and changed nothing. */
function isRefusal(result: CheckoutValue<unknown>): boolean {
  if (result.ok || isInProgress(result) || isKeyReused(result)) return false;
  return result.reason === 'invalid' || result.reason === 'conflict' || result.reason === 'unauthorized';
}

/** Sends one body under the attempt's key, again while the answer is lost or the key's first request is still running. */
async function send(deps: CheckoutDeps, key: string, body: PlaceOrderBody, token: string): Promise<CheckoutValue<Order>> {
  return (await sendCounting(deps, key, body, token)).result;
}

/** send, and whether any of its requests may have reached the server (all but one that failed for want of a network). */
async function sendCounting(deps: CheckoutDeps, key: string, body: PlaceOrderBody, token: string): Promise<{ result: CheckoutValue<Order>; mayHaveReached: boolean }> {
  const headers = { [IDEMPOTENCY_HEADER]: key };
  let resends = 0;
  let polls = 0;
  for (;;) {
    const result = await checkoutCall(deps.send, 'place-order', { ...body, token }, headers);
    if (isInProgress(result) && polls < IN_PROGRESS_POLLS) {
      polls += 1;
      await sleep(backoffDelay(Math.min(polls, 3), deps.retryBaseMs, RETRY_MAX_MS));
    } else if (isWorthResending(result) && resends < SENDS_PER_TAP - 1) {
      resends += 1;
      await sleep(backoffDelay(resends, deps.retryBaseMs, RETRY_MAX_MS));
    } else {
      const unanswered = !result.ok && result.reason === 'offline';
      return { result, mayHaveReached: polls + resends > 0 || !unanswered };
    }
  }
}

/** The key is taken by an earlier body: which one, and what became of it (its order, or its refusal). */
async function earlierOutcome(
  deps: CheckoutDeps,
  attempt: PlaceOrderAttempt,
  body: PlaceOrderBody,
  token: string,
): Promise<{ body: PlaceOrderBody; result: CheckoutValue<Order> } | null> {
  const earlier = attempt.bodies.filter((sent) => canonical(sent) !== canonical(body)).reverse();
  for (const sent of earlier) {
    const result = await send(deps, attempt.key, sent, token);
    if (!isKeyReused(result)) return { body: sent, result };
  }
  return null;
}

/**
 * The order into `orders`, the attempt and the quote gone, the cart emptied
 * when it is what was ordered and nothing is left to pay online; a card
 * order becomes the pending payment.
 */
async function recordPlaced(ctx: SyncContext, session: CustomerSession, key: string, placed: PlaceOrderBody, order: Order, fromEarlierAttempt: boolean): Promise<PlacedOrder> {
  const { db } = ctx;
  const awaitingPayment = order.status === AWAITING_PAYMENT;
  await db.transaction('rw', [db.orders, db.prefs, db.cartLines, db.cartMeta, db.outbox], async () => {
    await putOrder(db, order, session.userId, ctx.now());
    if ((await readPref<PlaceOrderAttempt>(db, PrefKey.placeOrderAttempt))?.key === key) await db.prefs.delete(PrefKey.placeOrderAttempt);
    await db.prefs.delete(PrefKey.checkoutQuote);
    if (placed.order_type === 'DELIVERY' && placed.address) {
      const last: LastDeliveryAddressRow = { userId: session.userId, address: placed.address };
      await db.prefs.put({ key: PrefKey.lastDeliveryAddress, value: last });
    }
    if (awaitingPayment && isPaymentGatewayId(order.payment_mode)) {
      const pending: PendingPaymentRow = {
        userId: session.userId,
        uniqueOrderId: order.unique_order_id,
        gateway: order.payment_mode,
        amount: order.payable_amount,
        state: null,
        updatedAt: ctx.now(),
      };
      await db.prefs.put({ key: PrefKey.pendingPayment, value: pending });
      return;
    }
    const cart = await readCheckoutCart(db);
    if (cart && sameCart(placed, { restaurant_id: cart.storeId, items: cart.items })) await emptyCartAfterOrder(db);
  });
  return { uniqueOrderId: order.unique_order_id, status: order.status, awaitingPayment, fromEarlierAttempt };
}

/** The cart is done with; the points it redeemed were spent, so the next cart starts without a redemption. */
export async function emptyCartAfterOrder(db: ReplicaDatabase): Promise<void> {
  const meta = await readCartMeta(db);
  const spent = redeemedPointsOf(meta);
  await emptyCart(db);
  if (meta.loyalty) {
    await writeCartMeta(db, { loyalty: { points: Math.max(0, meta.loyalty.points - spent), redeemed: false, redeemedPoints: 0 } });
  }
}

/**
 * PRICE_CHANGED: the quote the server sent with it becomes the checkout's
 * price (checked against get-order-quote's schema first), so the screen
 * shows the new total and the next tap confirms that one.
 */
async function writeChangedPrice(ctx: SyncContext, session: CustomerSession, failure: CheckoutFailure & { quote?: unknown }): Promise<void> {
  const quote = failure.quote;
  if (quote === undefined || findProblem(appCalls['get-order-quote'].response, quote)) return;
  const { db } = ctx;
  await db.transaction('rw', [db.prefs, db.cartLines, db.cartMeta], async () => {
    const cart = await readCheckoutCart(db);
    const priced = quote as OrderQuote;
    if (!cart || cart.storeId !== priced.restaurant_id) return;
    const previous = await readPref<CheckoutQuoteRow>(db, PrefKey.checkoutQuote);
    const row: CheckoutQuoteRow = {
      userId: session.userId,
      storeId: cart.storeId,
      quote: priced,
      refusal: null,
      dropped: previous?.userId === session.userId ? previous.dropped : { coupon: null, loyalty: null },
      fetchedAt: ctx.now(),
    };
    await db.prefs.put({ key: PrefKey.checkoutQuote, value: row });
  });
}

type Outcome = { done: CheckoutValue<PlacedOrder> } | { newKey: true };

/** One send of this tap's body under the attempt's key, and what follows from the answer. */
async function sendTap(ctx: SyncContext, deps: CheckoutDeps, session: CustomerSession, plan: Extract<Plan, { kind: 'send' }>): Promise<Outcome> {
  const { attempt, body } = plan;
  const { result: answer, mayHaveReached } = await sendCounting(deps, attempt.key, body, session.token);
  // Tapped with no network: nothing was sent, so nothing waits at the store either.
  if (!mayHaveReached && plan.added && (await certainlyUnsent(ctx.db))) await forgetUnsentBody(ctx.db, attempt.key, body);
  if (answer.ok) return { done: { ok: true, value: await recordPlaced(ctx, session, attempt.key, body, answer.value, false) } };
  if (isKeyReused(answer)) {
    const earlier = await earlierOutcome(deps, attempt, body, session.token);
    if (earlier?.result.ok) {
      return { done: { ok: true, value: await recordPlaced(ctx, session, attempt.key, earlier.body, earlier.result.value, true) } };
    }
    // Still unknown: keep the attempt for the next tap.
    if (earlier && !earlier.result.ok && !isRefusal(earlier.result)) return { done: earlier.result };
    // The earlier body was refused (or is not on record): the key is spent, this body needs a new one.
    await dropAttempt(ctx.db, attempt.key);
    return { newKey: true };
  }
  if (isRefusal(answer)) {
    await dropAttempt(ctx.db, attempt.key);
    await endSessionIfRefused(ctx, session, answer);
    if ('code' in answer && answer.code === 'PRICE_CHANGED') await writeChangedPrice(ctx, session, answer);
  }
  return { done: answer };
}

export async function placeOrder(ctx: SyncContext, deps: CheckoutDeps, input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>> {
  const problem = choicesProblem(input);
  if (problem) return invalidInput(problem);
  if (!(PAYMENT_MODES as readonly string[]).includes(input.paymentMode)) return invalidInput('Unknown payment mode.');
  // Never an order at a price the customer was not shown.
  if (input.expectedTotal !== undefined && (!Number.isInteger(input.expectedTotal) || input.expectedTotal < 0)) {
    return invalidInput('The expected total must be a whole number of minor units, 0 or more.');
  }
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  // A second round only after an earlier attempt turned out refused: this tap then goes out under a new key.
  for (let round = 0; round < 2; round += 1) {
    const plan = await planAttempt(ctx, session, input);
    if (plan.kind === 'refused') return plan.failure;
    const outcome = await sendTap(ctx, deps, session, plan);
    if ('done' in outcome) return outcome.done;
  }
  return { ok: false, reason: 'conflict', code: 'IDEMPOTENCY_IN_PROGRESS', message: 'Another order is being placed from this device.' };
}
