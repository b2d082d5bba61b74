/**
 * The driver area's methods: the driver's own session, their profile and
 * orders in the replica, and every step, duty switch and GPS fix through the
 * outbox (whose effects this area registers). Also what the composition
 * uses after the outbox's answers: driverRefresher.
 */
import { DRIVER_MOVE_CALLS, TOGGLE_DUTY_CALL } from '../../src/api/driver/worker-api.ts';
import type { SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { OutboxAccess } from '../outbox/api.ts';
import type { SyncContext } from '../replica/context.ts';
import { neverThrow } from '../replica/never-throw.ts';
import {
  dismissDriverRejection,
  driverLogin,
  driverLogout,
  driverMove,
  driverSession,
  recordDriverFix,
  refreshAfterAnswers,
  refreshCompletedOrders,
  refreshDriver,
  refreshDriverOrder,
  setDriverOnline,
} from './driver.ts';
import { driverMoveEffect, dutyToggleEffect } from './rows.ts';

export interface DriverApiDeps {
  ctx: SyncContext;
  outbox: OutboxAccess;
}

export type DriverHandlers = SyncWorkerAreas['driver'];

export function driverApi({ ctx, outbox }: DriverApiDeps): DriverHandlers {
  const { effects } = outbox;
  for (const call of Object.values(DRIVER_MOVE_CALLS)) {
    if (!effects.get(call)) effects.register(call, driverMoveEffect(ctx.db, ctx.now));
  }
  if (!effects.get(TOGGLE_DUTY_CALL)) effects.register(TOGGLE_DUTY_CALL, dutyToggleEffect(ctx.db, ctx.now));
  return {
    driverLogin: (input) => driverLogin(ctx, input),
    driverLogout: () => driverLogout(ctx),
    refreshDriver: () => refreshDriver(ctx),
    refreshDriverOrder: (uniqueOrderId) => refreshDriverOrder(ctx, uniqueOrderId),
    refreshCompletedOrders: (before) => refreshCompletedOrders(ctx, before),
    setDriverOnline: (online) => setDriverOnline(ctx, outbox, online),
    driverMove: (uniqueOrderId, move, deliveryPin) => driverMove(ctx, outbox, uniqueOrderId, move, deliveryPin),
    recordDriverFix: (fix) => recordDriverFix(ctx, outbox, fix),
    dismissDriverRejection: (uniqueOrderId) => dismissDriverRejection(ctx, uniqueOrderId),
  };
}

/**
 * A refresh of the signed-in driver's lists after the outbox's answers (their
 * counts, wallet and lists moved on the server); nothing when no driver is
 * signed in. Answers come in bursts (a replay settles many steps): one
 * refresh runs at a time, and one more after it covers the rest.
 */
export function driverRefresher(ctx: SyncContext): () => Promise<void> {
  let driverRefresh: Promise<void> | null = null;
  let driverRefreshAgain = false;
  return function refreshDriverIfSignedIn(): Promise<void> {
    if (driverRefresh) {
      driverRefreshAgain = true;
      return driverRefresh;
    }
    driverRefresh = (async () => {
      do {
        driverRefreshAgain = false;
        if (await driverSession(ctx.db)) await neverThrow(() => refreshAfterAnswers(ctx));
      } while (driverRefreshAgain);
    })().finally(() => {
      driverRefresh = null;
    });
    return driverRefresh;
  };
}
