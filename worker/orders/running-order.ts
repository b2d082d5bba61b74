/**
 * The signed-in customer's running order in the replica: check-running-order
 * (the home banner's source), one get-order-status into an order's row, and
 * the order itself for a page whose `orders` table lacks it.
 */
import { runningOrderRowOf, type RunningOrderRef } from '../../src/api/orders/worker-api.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { CUSTOMER_SESSION_ID } from '../../src/db/session.ts';
import { SyncResource } from '../../src/db/schema.ts';
import { markFetched } from '../replica/sync-state.ts';
import { NOT_SIGNED_IN, customerSession } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { refreshOrders } from './orders.ts';
import { newRunningOrderRow, readRunningOrderRow, updateRunningOrder, writeTracking, type Viewer } from './running-order-rows.ts';

export async function currentViewer(ctx: SyncContext): Promise<Viewer | null> {
  const session = await customerSession(ctx.db);
  return session ? { userId: session.userId, token: session.token } : null;
}

/** What one get-order-status did: written (with the status), refused (retrying will not help), not reached, or the customer signed out meanwhile. */
export type StatusFetch =
  | { kind: 'written'; status: number }
  | { kind: 'refused'; failure: SyncFailure }
  | { kind: 'unreachable'; failure: SyncFailure }
  | { kind: 'signed-out' };

/** 4xx answers: the order is not the customer's, the session is over. A dead network or a 5xx may pass. */
export function isRefusal(failure: SyncFailure): boolean {
  return failure.reason === 'unauthorized' || failure.reason === 'invalid' || failure.reason === 'conflict';
}

/** get-order-status into the order's row, marked with how live the watch is. */
export async function fetchOrderStatus(ctx: SyncContext, viewer: Viewer, uniqueOrderId: string, link: 'connecting' | 'reconnecting' | 'idle'): Promise<StatusFetch> {
  const result = await ctx.api.call('get-order-status', { token: viewer.token, unique_order_id: uniqueOrderId });
  if (!result.ok) return isRefusal(result) ? { kind: 'refused', failure: result } : { kind: 'unreachable', failure: result };
  const written = await writeTracking(ctx.db, viewer, result.value, link, ctx.now());
  return written ? { kind: 'written', status: result.value.status } : { kind: 'signed-out' };
}

/**
 * check-running-order: the running order's row is written, or kept with its
 * tracking when it is the same order (and its tracking refreshed when the
 * status moved on meanwhile); rows of other orders go unless the UI watches
 * them. A failure changes nothing.
 */
export async function checkRunningOrder(ctx: SyncContext, watched: () => ReadonlySet<string>): Promise<SyncResult<RunningOrderRef | null>> {
  const viewer = await currentViewer(ctx);
  if (!viewer) return NOT_SIGNED_IN;
  const result = await ctx.api.call('check-running-order', { token: viewer.token, user_id: viewer.userId });
  if (!result.ok) return result;
  const { db } = ctx;
  const answer = result.value.running ? result.value.order : null;
  const running: RunningOrderRef | null = answer ? { uniqueOrderId: answer.unique_order_id, status: answer.orderstatus_id } : null;
  const at = ctx.now();
  const staleTracking = await db.transaction('rw', db.runningOrder, db.session, db.syncState, async () => {
    if ((await db.session.get(CUSTOMER_SESSION_ID))?.userId !== viewer.userId) return false;
    // Checked for this customer: home asks once after a sign-in, not on every visit (RunningOrderBanner).
    await markFetched(db, SyncResource.runningOrder, at);
    const keep = watched();
    const others = (await db.runningOrder.toCollection().primaryKeys()).filter((id) => id !== running?.uniqueOrderId && !keep.has(id));
    await db.runningOrder.bulkDelete(others);
    if (!running) return false;
    const stored = runningOrderRowOf(await db.runningOrder.get(running.uniqueOrderId));
    const existing = stored?.userId === viewer.userId ? stored : null;
    const row = existing ?? newRunningOrderRow(viewer, running.uniqueOrderId, running.status, at);
    await db.runningOrder.put({ ...row, status: running.status, fetchedAt: at });
    return existing?.tracking != null && existing.tracking.status !== running.status;
  });
  // A watched order's tracker refreshes its own row.
  if (running && staleTracking && !watched().has(running.uniqueOrderId)) {
    await fetchOrderStatus(ctx, viewer, running.uniqueOrderId, 'idle');
  }
  return { ok: true, value: running };
}

/**
 * What the page needs beside the tracking: the order in `orders` (the
 * customer's newest orders, where a running order is, when the table lacks
 * it) and, while a driver has the order, the heading their device reported.
 * Best effort: a failure leaves the page without them until the next watch.
 */
export async function completeOrderDetails(ctx: SyncContext, viewer: Viewer, uniqueOrderId: string): Promise<void> {
  const { db } = ctx;
  const row = await readRunningOrderRow(db, uniqueOrderId);
  if (!row) return;
  if (!(await db.orders.get(uniqueOrderId))) await refreshOrders(ctx);
  const driver = row.tracking?.driver;
  if (row.heading === null && driver && driver.latitude !== null) {
    const position = await ctx.api.call('get-delivery-guy-gps-location', { token: viewer.token, unique_order_id: uniqueOrderId });
    const heading = position.ok ? (position.value.position?.heading ?? null) : null;
    // A heading worked out from a move meanwhile is newer than this fix's.
    if (heading !== null) await updateRunningOrder(db, viewer, uniqueOrderId, (stored) => ({ heading: stored.heading ?? heading }));
  }
}
