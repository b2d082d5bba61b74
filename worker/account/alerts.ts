/**
 * The signed-in customer's alerts (/alerts, the tab bar's badge) and this
 * device's push token. Marking read goes through the outbox (kind
 * alert-read): it shows at once, also offline, and reaches the server once
 * when the network returns (its Idempotency-Key).
 */
import type { AlertsMarked, DrainReport, SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey, SyncResource, type CustomerAlertRow, type SessionRow } from '../../src/db/schema.ts';
import { MARK_ALL_CALL, MARK_ONE_CALL, replaceAlerts, type MarkAllBody, type MarkOneBody } from './alert-rows.ts';
import { NOT_SIGNED_IN, customerSession } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';
import { type OutboxEffects, queueAction } from '../outbox/api.ts';
import { writePref } from '../replica/prefs.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

export async function refreshAlerts(ctx: SyncContext): Promise<SyncResult> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await ctx.api.call('get-user-notifications', { token: session.token, user_id: session.userId });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.alerts, result, at);
    return result;
  }
  const { db } = ctx;
  await db.transaction('rw', db.alerts, db.outbox, db.syncState, async () => {
    await replaceAlerts(db, result.value, session.userId, at);
    await markFetched(db, SyncResource.alerts, at);
  });
  return { ok: true };
}

export interface MarkDeps {
  effects: OutboxEffects;
  /** One drain of the outbox (the service's drainer, so passes never overlap). */
  drain(): Promise<DrainReport>;
}

const NOT_AN_ALERT = (alertId: unknown): SyncResult<AlertsMarked> => ({
  ok: false,
  reason: 'invalid',
  code: 'VALIDATION_FAILED',
  message: `Not an alert id: ${String(alertId)}`,
});

/** Queues one mark (its effect turns the replica read in the same transaction), then waits for one drain. */
async function queueMark(
  ctx: SyncContext,
  deps: MarkDeps,
  session: SessionRow,
  call: typeof MARK_ONE_CALL | typeof MARK_ALL_CALL,
  body: MarkOneBody | MarkAllBody,
  label: string,
): Promise<SyncResult<AlertsMarked>> {
  const entry = await queueAction(
    ctx.db,
    deps.effects,
    { kind: 'alert-read', call, body, userKey: `customer:${session.userId}`, label },
    ctx.now(),
  );
  await deps.drain();
  const row = await ctx.db.outbox.get(entry.id);
  if (row?.status === 'rejected' && row.response) return failureFromAnswer(row.response.status, row.response.body);
  return { ok: true, value: { pending: row?.status !== 'applied' } };
}

export async function markAlertRead(ctx: SyncContext, deps: MarkDeps, alertId: number): Promise<SyncResult<AlertsMarked>> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  if (!Number.isInteger(alertId) || alertId < 1) return NOT_AN_ALERT(alertId);
  const alert = (await ctx.db.alerts.get(alertId)) as CustomerAlertRow | undefined;
  // Already read, or read here and still on its way: nothing more to say.
  if (alert?.is_read === 1) return { ok: true, value: { pending: alert.markedBy !== undefined } };
  const title = typeof alert?.title === 'string' ? alert.title : `alert ${alertId}`;
  const body: MarkOneBody = { token: session.token, user_id: session.userId, notification_id: alertId };
  return queueMark(ctx, deps, session, MARK_ONE_CALL, body, `Mark “${title}” as read`);
}

export async function markAllAlertsRead(ctx: SyncContext, deps: MarkDeps): Promise<SyncResult<AlertsMarked>> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const body: MarkAllBody = { token: session.token, user_id: session.userId };
  return queueMark(ctx, deps, session, MARK_ALL_CALL, body, 'Mark all alerts as read');
}

/** Push tokens come from Firebase (the page): at most the contract's 1024 characters. */
const PUSH_TOKEN_MAX = 1024;

export async function savePushToken(ctx: SyncContext, pushToken: string): Promise<SyncResult> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  if (typeof pushToken !== 'string' || pushToken.trim() === '' || pushToken.length > PUSH_TOKEN_MAX) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: 'Not a push token.' };
  }
  const result = await ctx.api.call('save-notification-token', {
    token: session.token,
    user_id: session.userId,
    push_token: pushToken,
  });
  if (!result.ok) return result;
  await writePref(ctx.db, PrefKey.pushToken, { token: pushToken, userId: session.userId });
  return { ok: true };
}
