/**
 * The driver area's calls (src/api/driver/calls.ts): signing in, the
 * driver's profile and duty, the orders offered to them, held and delivered,
 * and batches of GPS fixes. The moves themselves (accept-to-deliver,
 * pickedup-order, deliver-order) are lifecycle calls (lifecycle-handlers.ts).
 * Everything but delivery/login is for drivers only (403 FORBIDDEN).
 */
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER, replayVerdict } from '../../src/api/outbox.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import type { DriverActionResult } from '../../src/api/driver/entities.ts';
import { accountBanned } from '../account/authenticate.ts';
import { userByPassword } from '../account/password-sign-in.ts';
import { loginResult } from '../account/sessions.ts';
import { readDriverSettings } from './driver-settings.ts';
import { deliveredOrdersPage, driverOrderNamed, heldOrderRows, offeredOrderRows, toDriverOrders } from './driver-orders.ts';
import { readDuty, toggleDuty } from './duty.ts';
import { saveDriverFixes } from './fixes.ts';
import { driverProfile } from './profile.ts';
import { checkedTime } from './checked-time.ts';
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

export function createDriverHandlers(app: FastifyInstance): Pick<CallHandlers, DriverCalls> {
  return {
    // Each step goes through the whole request pipeline of its own call (schema, token, Idempotency-Key,
    // rate limits), in process: the batch saves the round trips, never a rule.
    'driver-actions': async (body, request) => {
      const authorization = request.headers.authorization ?? (body.token ? `Bearer ${body.token}` : undefined);
      const results: DriverActionResult[] = [];
      for (const action of body.actions) {
        const answer = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/${action.call}`,
          headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: action.key, ...(authorization ? { authorization } : {}) },
          payload: JSON.stringify(action.body),
        });
        const answerBody = answer.body === '' ? {} : answer.json<Record<string, unknown>>();
        results.push({ key: action.key, status: answer.statusCode, body: answerBody });
        // What must be tried again later stops the line: the steps after it may depend on it.
        if (replayVerdict(answer.statusCode, answerBody) === 'retry') break;
      }
      return { results };
    },

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
