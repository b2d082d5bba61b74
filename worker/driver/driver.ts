/**
 * The driver area in the worker: the driver's own session (the `driver`
 * session row, apart from a customer's on the same device), their profile
 * and orders in the replica, and every action through the outbox (DESIGN
 * §4): the step shows at once, waits for the network when there is none,
 * and reaches the server once, in order, with the time the driver acted.
 */
import type { DriverOrder } from '../../src/api/driver/entities.ts';
import {
  DRIVER_MOVE_CALLS,
  TOGGLE_DUTY_CALL,
  driverUserKey,
  type DriverActionOutcome,
  type DriverFix,
  type DriverMove,
  type DriverOrderRow,
  type DriverSignIn,
} from '../../src/api/driver/worker-api.ts';
import { STOPPED_STATUSES, isStatusIn } from '../../src/api/orders/status.ts';
import type { DrainReport, LoginSummary, SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { SyncResource, type ReplicaDatabase, type SessionRow } from '../../src/db/schema.ts';
import { summaryOf } from '../replica/session.ts';
import type { SyncContext } from '../replica/context.ts';
import { DRIVER_SESSION_ID } from '../../src/db/session.ts';
import { dropUnlisted, putServerOrders, putServerProfile, type DriverMoveBody, type ToggleDutyBody } from './rows.ts';
import { queueFix } from './gps.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';
import { type OutboxEffects, queueAction } from '../outbox/api.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

export interface DriverDeps {
  effects: OutboxEffects;
  /** One drain of the outbox (the service's drainer, so passes never overlap). */
  drain(): Promise<DrainReport>;
}

const NOT_SIGNED_IN_AS_DRIVER: SyncFailure = { ok: false, reason: 'unauthorized', code: 'UNAUTHORIZED', message: 'Sign in as a driver to do this.' };

export function driverSession(db: ReplicaDatabase): Promise<SessionRow | undefined> {
  return db.session.get(DRIVER_SESSION_ID);
}

const DRIVER_TABLES = (db: ReplicaDatabase) => [db.session, db.driverOrders, db.driverProfile, db.syncState];

async function forgetDriver(db: ReplicaDatabase): Promise<void> {
  await db.transaction('rw', DRIVER_TABLES(db), async () => {
    await db.session.delete(DRIVER_SESSION_ID);
    await db.driverOrders.clear();
    await db.driverProfile.clear();
    await db.syncState.bulkDelete([SyncResource.driverOrders, SyncResource.driverCompleted]);
  });
}

/** A token the server no longer knows ends the driver's session here too; the screens send them to sign in. */
async function endSessionIfUnknown(db: ReplicaDatabase, failure: SyncFailure): Promise<void> {
  if (failure.reason === 'unauthorized' && failure.code === 'UNAUTHORIZED') await forgetDriver(db);
}

export async function driverLogin(ctx: SyncContext, input: DriverSignIn): Promise<SyncResult<LoginSummary>> {
  const body = { password: input.password, ...(input.email ? { email: input.email } : {}), ...(input.phone ? { phone: input.phone } : {}) };
  const result = await ctx.api.call('delivery/login', body);
  if (!result.ok) return result;
  const user = result.value.data;
  const { db } = ctx;
  await db.transaction('rw', DRIVER_TABLES(db), async () => {
    const previous = await db.session.get(DRIVER_SESSION_ID);
    // Another driver's orders must not show under this one.
    if (previous && previous.userId !== user.id) {
      await db.driverOrders.clear();
      await db.driverProfile.clear();
    }
    const row: SessionRow = {
      id: DRIVER_SESSION_ID,
      userId: user.id,
      token: user.auth_token,
      role: user.role,
      data: { name: user.name, email: user.email, phone: user.phone },
      savedAt: ctx.now(),
    };
    await db.session.put(row);
  });
  return { ok: true, value: summaryOf(user) };
}

/** Actions still in the outbox stay: they carry their token and are sent when the network returns. */
export async function driverLogout(ctx: SyncContext): Promise<void> {
  await forgetDriver(ctx.db);
}

/**
 * After the server answered steps: the lists, then each order whose step was
 * refused and that the lists no longer name (cancelled, taken by another
 * driver), so the screen shows where it really is beside the refusal.
 */
export async function refreshAfterAnswers(ctx: SyncContext): Promise<void> {
  const result = await refreshDriver(ctx);
  if (!result.ok) return;
  const lastRefresh = (await ctx.db.syncState.get(SyncResource.driverOrders))?.fetchedAt ?? 0;
  const refused = ((await ctx.db.driverOrders.toArray()) as DriverOrderRow[]).filter(
    (row) => row.rejection !== null && row.fetchedAt < lastRefresh,
  );
  for (const row of refused) await refreshDriverOrder(ctx, row.unique_order_id);
}

/** The profile and the new and active orders, in one transaction once both answered. */
export async function refreshDriver(ctx: SyncContext): Promise<SyncResult> {
  const session = await driverSession(ctx.db);
  if (!session) return NOT_SIGNED_IN_AS_DRIVER;
  const [profile, orders] = await Promise.all([
    ctx.api.call('delivery/update-user-info', { token: session.token }),
    ctx.api.call('get-delivery-orders', { token: session.token }),
  ]);
  const at = ctx.now();
  const failed = !profile.ok ? profile : !orders.ok ? orders : null;
  if (failed) {
    await markFailed(ctx.db, SyncResource.driverOrders, failed, at);
    await endSessionIfUnknown(ctx.db, failed);
    return failed;
  }
  if (!profile.ok || !orders.ok) return NOT_SIGNED_IN_AS_DRIVER;
  const { db } = ctx;
  await db.transaction('rw', [db.session, db.driverOrders, db.driverProfile, db.outbox, db.syncState], async () => {
    // Signed out, or another driver signed in, while the answers were on their way.
    if ((await driverSession(db))?.userId !== session.userId) return;
    const listed = [...orders.value.new_orders, ...orders.value.accepted_orders];
    await putServerProfile(db, profile.value, at);
    await putServerOrders(db, listed, session.userId, at);
    await dropUnlisted(db, new Set(listed.map((order) => order.unique_order_id)));
    await markFetched(db, SyncResource.driverOrders, at);
  });
  return { ok: true };
}

export async function refreshDriverOrder(ctx: SyncContext, uniqueOrderId: string): Promise<SyncResult> {
  const session = await driverSession(ctx.db);
  if (!session) return NOT_SIGNED_IN_AS_DRIVER;
  const result = await ctx.api.call('get-single-delivery-order', { token: session.token, unique_order_id: uniqueOrderId });
  const { db } = ctx;
  if (!result.ok) {
    await endSessionIfUnknown(db, result);
    if (result.reason === 'invalid' && result.code === 'NOT_FOUND') {
      // No longer theirs to see (another driver took it, the store cancelled it): it leaves, unless it still has something to say.
      await db.transaction('rw', db.driverOrders, async () => {
        const row = (await db.driverOrders.get(uniqueOrderId)) as DriverOrderRow | undefined;
        if (row && row.pending.length === 0 && row.rejection === null) await db.driverOrders.delete(uniqueOrderId);
      });
    }
    return result;
  }
  await db.transaction('rw', [db.session, db.driverOrders, db.outbox], async () => {
    if ((await driverSession(db))?.userId !== session.userId) return;
    await putServerOrders(db, [result.value], session.userId, ctx.now());
  });
  return { ok: true };
}

export async function refreshCompletedOrders(ctx: SyncContext, before?: number): Promise<SyncResult<{ nextBefore: number | null }>> {
  const session = await driverSession(ctx.db);
  if (!session) return NOT_SIGNED_IN_AS_DRIVER;
  const result = await ctx.api.call('get-completed-orders', { token: session.token, ...(before ? { before } : {}) });
  const at = ctx.now();
  const { db } = ctx;
  if (!result.ok) {
    await markFailed(db, SyncResource.driverCompleted, result, at);
    await endSessionIfUnknown(db, result);
    return result;
  }
  await db.transaction('rw', [db.session, db.driverOrders, db.outbox, db.syncState], async () => {
    if ((await driverSession(db))?.userId !== session.userId) return;
    if (!before) {
      const listed = new Set(result.value.orders.map((order: DriverOrder) => order.unique_order_id));
      const stale = ((await db.driverOrders.where('unique_order_id').noneOf([...listed]).toArray()) as DriverOrderRow[]).filter(
        (row) => row.list === 'completed' && row.server_status === row.status && row.pending.length === 0,
      );
      await db.driverOrders.bulkDelete(stale.map((row) => row.unique_order_id));
    }
    await putServerOrders(db, result.value.orders, session.userId, at);
    await markFetched(db, SyncResource.driverCompleted, at);
  });
  return { ok: true, value: { nextBefore: result.value.next_before } };
}

/** After one drain: pending while the action waits; the refusal when the server said no at once. */
async function outcomeOf(ctx: SyncContext, outboxId: string, uniqueOrderId?: string): Promise<SyncResult<DriverActionOutcome>> {
  const row = await ctx.db.outbox.get(outboxId);
  if (row?.status === 'rejected' && !uniqueOrderId && row.response) return failureFromAnswer(row.response.status, row.response.body);
  const order = uniqueOrderId ? ((await ctx.db.driverOrders.get(uniqueOrderId)) as DriverOrderRow | undefined) : undefined;
  const rejection = row?.status === 'rejected' && order?.rejection?.outboxId === outboxId ? order.rejection : null;
  return { ok: true, value: { pending: row?.status !== 'applied' && row?.status !== 'rejected', rejection } };
}

export async function setDriverOnline(ctx: SyncContext, deps: DriverDeps, online: boolean): Promise<SyncResult<DriverActionOutcome>> {
  const session = await driverSession(ctx.db);
  if (!session) return NOT_SIGNED_IN_AS_DRIVER;
  const now = ctx.now();
  const body: ToggleDutyBody = { token: session.token, is_online: online, acted_at: new Date(now).toISOString() };
  const entry = await queueAction(
    ctx.db,
    deps.effects,
    { kind: 'driver-action', call: TOGGLE_DUTY_CALL, body, userKey: driverUserKey(session.userId), label: online ? 'Go on duty' : 'Go off duty' },
    now,
  );
  await deps.drain();
  return outcomeOf(ctx, entry.id);
}

const MOVE_LABELS: Record<DriverMove, string> = {
  accept: 'Accept to deliver',
  pickup: 'Picked up',
  deliver: 'Delivered',
};

export async function driverMove(
  ctx: SyncContext,
  deps: DriverDeps,
  uniqueOrderId: string,
  move: DriverMove,
  deliveryPin?: string,
): Promise<SyncResult<DriverActionOutcome>> {
  const session = await driverSession(ctx.db);
  if (!session) return NOT_SIGNED_IN_AS_DRIVER;
  if (!(move in DRIVER_MOVE_CALLS)) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: `Not a driver move: ${String(move)}` };
  }
  const now = ctx.now();
  const body: DriverMoveBody = {
    token: session.token,
    unique_order_id: uniqueOrderId,
    acted_at: new Date(now).toISOString(),
    ...(move === 'deliver' && deliveryPin !== undefined ? { delivery_pin: deliveryPin } : {}),
  };
  const entry = await queueAction(
    ctx.db,
    deps.effects,
    {
      kind: 'driver-action',
      call: DRIVER_MOVE_CALLS[move],
      body,
      userKey: driverUserKey(session.userId),
      label: `${MOVE_LABELS[move]}: order ${uniqueOrderId}`,
    },
    now,
  );
  await deps.drain();
  return outcomeOf(ctx, entry.id, uniqueOrderId);
}

export async function recordDriverFix(ctx: SyncContext, deps: DriverDeps, fix: DriverFix): Promise<void> {
  const session = await driverSession(ctx.db);
  if (!session) return;
  if (await queueFix(ctx.db, deps.effects, session, fix, ctx.now())) void deps.drain();
}

export async function dismissDriverRejection(ctx: SyncContext, uniqueOrderId: string): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.driverOrders, db.syncState, async () => {
    const row = (await db.driverOrders.get(uniqueOrderId)) as DriverOrderRow | undefined;
    if (!row) return;
    // An order the driver can no longer act on (another driver took it, it was cancelled) leaves once they read why.
    const lastRefresh = (await db.syncState.get(SyncResource.driverOrders))?.fetchedAt ?? 0;
    const unlisted = row.list !== 'completed' && row.fetchedAt < lastRefresh;
    const over = isStatusIn(STOPPED_STATUSES, row.server_status);
    if (row.pending.length === 0 && (unlisted || over)) await db.driverOrders.delete(uniqueOrderId);
    else await db.driverOrders.put({ ...row, rejection: null });
  });
}

