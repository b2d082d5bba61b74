/**
 * The driver area's calls (src/api/driver/calls.ts): signing in, the
 * driver's profile and duty, the orders offered to them, held and delivered,
 * and batches of GPS fixes. The moves themselves (accept-to-deliver,
 * pickedup-order, deliver-order) are lifecycle calls (lifecycle-handlers.ts).
 * Everything but delivery/login is for drivers only (403 FORBIDDEN).
 */
import type { FastifyInstance } from 'fastify';
import { accountBanned } from '../account/authenticate.ts';
import { userByPassword } from '../account/password-sign-in.ts';
import { loginResult } from '../account/sessions.ts';
import { readDriverSettings } from './driver-settings.ts';
import { deliveredOrdersPage, driverOrderNamed, heldOrderRows, offeredOrderRows, toDriverOrders } from './driver-orders.ts';
import { readDuty, toggleDuty } from './duty.ts';
import { saveDriverFixes } from './fixes.ts';
import { driverProfile } from './profile.ts';
import { checkedTime } from './checked-time.ts';
import { runDriverActions, type AdmitStep, type DriverSteps } from './driver-batch.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

export type DriverCalls =
  | 'delivery/login'
  | 'delivery/update-user-info'
  | 'toggle-delivery-guy-status'
  | 'get-delivery-orders'
  | 'get-single-delivery-order'
  | 'get-completed-orders'
  | 'set-delivery-guy-gps-locations'
  | 'driver-actions';

/** What the batch needs from the composition: the handlers of the steps it may hold, and the admission by a call's access. */
export interface DriverBatchDeps {
  /** Asked when a batch runs, once every handler exists (toggle-delivery-guy-status is this file's own). */
  steps: () => DriverSteps;
  admit: AdmitStep;
}

export function createDriverHandlers(app: FastifyInstance, batch: DriverBatchDeps): Pick<CallHandlers, DriverCalls> {
  return {
    // Each step runs as its own call would (schema, Idempotency-Key, access, the same handler), in
    // process (driver-batch.ts): the batch saves the round trips, never a rule.
    'driver-actions': async (body, request, _params, reply) => ({ results: await runDriverActions(app, request, reply, body.actions, batch.steps(), batch.admit) }),

    'delivery/login': async (body, request) => {
      // Another role's account is refused as a wrong password is, and counts as one: answering otherwise,
      // even only for the right password, would tell a guesser that the password was right.
      const user = await userByPassword(app, body, { door: 'delivery/login', ip: request.ip, admits: (account) => account.role === 'driver' });
      if (Number(user.is_banned) === 1) throw accountBanned();
      return loginResult(app, user);
    },

    'delivery/update-user-info': async (body, request) => {
      const driver = userOf(request);
      return driverProfile(app, driver.id);
    },

    'toggle-delivery-guy-status': async (body, request) => {
      const driver = userOf(request);
      const actedAt = checkedTime(body.acted_at, 'acted_at');
      await toggleDuty(app, driver.id, { isOnline: body.is_online, actedAt });
      return driverProfile(app, driver.id);
    },

    'get-delivery-orders': async (body, request) => {
      const driver = userOf(request);
      const [duty, settings] = await Promise.all([readDuty(app, driver.id), readDriverSettings(app)]);
      const [offered, held] = await Promise.all([
        duty.isOnline ? offeredOrderRows(app, driver.id) : Promise.resolve([]),
        heldOrderRows(app, driver.id),
      ]);
      const [newOrders, acceptedOrders] = await Promise.all([
        toDriverOrders(app, offered, driver.id, settings),
        toDriverOrders(app, held, driver.id, settings),
      ]);
      return { new_orders: newOrders, accepted_orders: acceptedOrders, is_online: duty.isOnline, max_active_orders: settings.maxActiveOrders };
    },

    'get-single-delivery-order': async (body, request) => {
      const driver = userOf(request);
      return driverOrderNamed(app, driver.id, body.unique_order_id, await readDriverSettings(app));
    },

    'get-completed-orders': async (body, request) => {
      const driver = userOf(request);
      return deliveredOrdersPage(app, driver.id, { before: body.before, limit: body.limit }, await readDriverSettings(app));
    },

    'set-delivery-guy-gps-locations': async (body, request) => {
      const driver = userOf(request);
      const fixes = body.points.map((point, index) => ({
        latitude: point.latitude,
        longitude: point.longitude,
        heading: point.heading ?? null,
        recordedAt: checkedTime(point.recorded_at, `/points/${index}/recorded_at`),
      }));
      const { recorded, position } = await saveDriverFixes(app, driver.id, fixes);
      return { recorded, position };
    },
  };
}
