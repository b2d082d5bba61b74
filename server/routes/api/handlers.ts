/**
 * What each call of the contract does. The mapped type makes a call without a
 * handler a compile error, so the server always answers every call in
 * src/api/calls.ts. Each domain folder answers its own calls (its
 * `*-handlers.ts`); this file only puts them together.
 */
import type { FastifyInstance } from 'fastify';
import { callAreas, calls, type CallArea } from '../../../src/api/all-calls.ts';
import { accessOf, admitCaller } from './call-access.ts';
import type { CallHandlers } from '../../http/call-handler.ts';
import { createFavouriteHandlers } from '../../catalog/favourite-handlers.ts';
import { createAuthHandlers } from '../../account/auth-handlers.ts';
import { createCallCentreHandlers } from '../../account/call-centre-handlers.ts';
import { createProfileHandlers } from '../../account/profile-handlers.ts';
import { createAddressHandlers } from '../../account/address-handlers.ts';
import { createCatalogAdminHandlers } from '../../admin/catalog/catalog-handlers.ts';
import { createAdminHandlers } from '../../admin/admin-handlers.ts';
import { createDriverHandlers } from '../../driver/driver-handlers.ts';
import { createLifecycleHandlers } from '../../orders/lifecycle-handlers.ts';
import { createLocationHandlers } from '../../catalog/location-handlers.ts';
import { createCheckoutHandlers } from '../../checkout/checkout-handlers.ts';
import { createCartHandlers } from '../../cart/cart-handlers.ts';
import { createOrderHandlers } from '../../orders/order-handlers.ts';
import { createPaymentHandlers } from '../../payments/payment-handlers.ts';
import { createRatingHandlers } from '../../orders/rating-handlers.ts';
import { createStoreHandlers } from '../../catalog/store-handlers.ts';
import { createSettingsHandlers } from '../../settings/settings-handlers.ts';

type IntersectionOf<Union> = (Union extends unknown ? (part: Union) => void : never) extends (part: infer All) => void ? All : never;

/**
 * Every domain's handlers, merged once, by area of the contract: a call two
 * handlers answer, or one answered by another area's domain, stops the server
 * at start (a plain spread let the later one silently win), and a call no
 * domain answers is a compile error (and, should a cast hide it, a start-up error).
 */
export function createCallHandlers(app: FastifyInstance): CallHandlers {
  const lifecycle = createLifecycleHandlers(app);
  const built: { table?: CallHandlers } = {};
  // The driver batch runs the very handlers of its steps, admitted as the single calls are.
  const driver = createDriverHandlers(app, {
    steps: () => {
      if (!built.table) throw new Error('The call table is not built yet.');
      return built.table;
    },
    admit: (request, body, call) => admitCaller(app, request, body, accessOf(call, calls[call].access)),
  });
  // Each area of the contract answered by its domain (callAreas in src/api/all-calls.ts).
  const areas = {
    settings: [createSettingsHandlers(app)],
    catalog: [createStoreHandlers(app), createLocationHandlers(app), createFavouriteHandlers(app)],
    account: [createAuthHandlers(app), createProfileHandlers(app), createCallCentreHandlers(app), createAddressHandlers(app)],
    cart: [createCartHandlers(app)],
    checkout: [createCheckoutHandlers(app), createPaymentHandlers(app)],
    orders: [lifecycle, createOrderHandlers(app), createRatingHandlers(app)],
    driver: [driver],
    admin: [createAdminHandlers(app)],
    'admin/catalog': [createCatalogAdminHandlers(app)],
  } as const satisfies Record<CallArea, readonly object[]>;
  const answered: IntersectionOf<(typeof areas)[CallArea][number]> extends CallHandlers ? true : never = true;
  if (!answered) throw new Error('unreachable: the type above fails to compile first');
  built.table = mergeHandlers(areas);
  return built.table;
}

/**
 * The areas' handlers as one table: refuses a call two handlers answer, a
 * call answered outside its area, and a call of the contract none answers.
 */
export function mergeHandlers(areas: Partial<Record<CallArea, readonly object[]>>): CallHandlers {
  const handlers: Record<string, unknown> = {};
  for (const [area, parts] of Object.entries(areas) as [CallArea, readonly object[]][]) {
    for (const part of parts) {
      for (const [name, handler] of Object.entries(part)) {
        if (Object.hasOwn(handlers, name)) throw new Error(`Two handlers answer the call ${name}: each call belongs to one domain.`);
        if (!Object.hasOwn(callAreas[area], name)) {
          throw new Error(`The ${area} domain answers ${name}, a call of another area of the contract: move its handler to that area's domain.`);
        }
        handlers[name] = handler;
      }
    }
  }
  const unanswered = Object.keys(calls).filter((name) => !Object.hasOwn(handlers, name));
  if (unanswered.length > 0) throw new Error(`No domain answers ${unanswered.join(', ')}.`);
  return handlers as CallHandlers;
}
