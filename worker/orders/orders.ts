/**
 * The customer's orders (/my-orders): get-orders' pages into `orders` with
 * the server's cursor (PrefKey.ordersList), one order's standing now
 * (get-order-status) patched into its row, and cancel-order. Everything is
 * read back from the replica, so the list and an order's detail show
 * offline with their age; cancelling needs the server and is never queued.
 */
import type { CheckoutResult, PendingPaymentRow } from '../../src/api/checkout/worker-api.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey } from '../../src/db/schema.ts';
import type { CustomerSession } from '../../src/db/session.ts';
import { endSessionIfRefused, readSession } from '../replica/session.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import { invalidInput } from '../net/failures.ts';
import type { SyncContext } from '../replica/context.ts';
import { appendOrdersPage, patchOrderTracking, putOrder, readOrdersList, replaceOrdersList } from './rows.ts';
import { readPref } from '../replica/prefs.ts';

const MAX_ORDER_ID_LENGTH = 64;
/** cancel-order takes a reason of at most this many characters. */
const MAX_REASON_LENGTH = 200;

async function withSession<R extends { ok: boolean }>(
  ctx: SyncContext,
  run: (session: CustomerSession) => Promise<R | SyncFailure>,
): Promise<R | SyncFailure> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await run(session);
  if (!result.ok) await endSessionIfRefused(ctx, session, result as SyncFailure);
  return result;
}

function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ORDER_ID_LENGTH;
}

export function refreshOrders(ctx: SyncContext): Promise<SyncResult> {
  return withSession(ctx, async (session) => {
    const result = await ctx.api.call('get-orders', { token: session.token });
    if (!result.ok) return result;
    const { db } = ctx;
    await db.transaction('rw', db.orders, db.prefs, () => replaceOrdersList(db, session.userId, result.value, ctx.now()));
    return { ok: true as const };
  });
}

export function loadMoreOrders(ctx: SyncContext): Promise<SyncResult<{ more: boolean }>> {
  return withSession(ctx, async (session) => {
    const list = await readOrdersList(ctx.db, session.userId);
    // Nothing listed yet: the first page is the place to start.
    if (!list) {
      const first = await refreshOrders(ctx);
      if (!first.ok) return first;
      return { ok: true as const, value: { more: (await readOrdersList(ctx.db, session.userId))?.nextBefore != null } };
    }
    if (list.nextBefore === null) return { ok: true as const, value: { more: false } };
    const result = await ctx.api.call('get-orders', { token: session.token, before: list.nextBefore });
    if (!result.ok) return result;
    const { db } = ctx;
    await db.transaction('rw', db.orders, db.prefs, async () => {
      // The list was refreshed or its owner changed meanwhile: this page belongs to another cursor.
      const current = await readOrdersList(db, session.userId);
      if (current?.nextBefore === list.nextBefore) await appendOrdersPage(db, current, result.value, ctx.now());
    });
    return { ok: true as const, value: { more: result.value.next_before !== null } };
  });
}

export function refreshOrder(ctx: SyncContext, uniqueOrderId: string): Promise<SyncResult> {
  if (!isOrderId(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  return withSession(ctx, async (session) => {
    const result = await ctx.api.call('get-order-status', { token: session.token, unique_order_id: uniqueOrderId });
    if (!result.ok) return result;
    await ctx.db.transaction('rw', ctx.db.orders, () => patchOrderTracking(ctx.db, result.value, ctx.now()));
    return { ok: true as const };
  });
}

export function cancelOrder(ctx: SyncContext, uniqueOrderId: string, reason?: string): Promise<CheckoutResult> {
  if (!isOrderId(uniqueOrderId)) return Promise.resolve(invalidInput('An order id is needed.'));
  if (reason !== undefined && (typeof reason !== 'string' || reason.length > MAX_REASON_LENGTH)) {
    return Promise.resolve(invalidInput(`A reason is text of at most ${MAX_REASON_LENGTH} characters.`));
  }
  return withSession(ctx, async (session) => {
    const trimmed = reason?.trim();
    const result = await ctx.api.call('cancel-order', { token: session.token, unique_order_id: uniqueOrderId, ...(trimmed ? { reason: trimmed } : {}) });
    if (!result.ok) return result;
    const { db } = ctx;
    await db.transaction('rw', db.orders, db.prefs, async () => {
      await putOrder(db, result.value, session.userId, ctx.now());
      // A card order given up on: nothing is waiting for a payment any more (the cart was kept for another try).
      const pending = await readPref<PendingPaymentRow>(db, PrefKey.pendingPayment);
      if (pending?.uniqueOrderId === uniqueOrderId) await db.prefs.delete(PrefKey.pendingPayment);
    });
    return { ok: true as const };
  });
}
