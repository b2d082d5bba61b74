/**
 * Every call of the API: its name (the path after /public/api/), request body
 * schema and response schema, one table per area (<area>/calls.ts; the calls'
 * shared pieces in call-parts.ts). The server registers routes from this
 * table, the worker validates answers with it, and the tests use its types.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { VersionInfoSchema } from './entities.ts';
import { accountCalls } from './account/calls.ts';
import { settingsCalls } from './settings/calls.ts';
import { catalogCalls } from './catalog/calls.ts';
import { cartCalls } from './cart/calls.ts';
import { checkoutCalls } from './checkout/calls.ts';
import { addressCalls } from './account/address-calls.ts';
import { paymentCalls } from './checkout/payment-calls.ts';
import { orderCalls, orderLifecycleCalls } from './orders/calls.ts';
import { driverCalls } from './driver/calls.ts';
// The console's tables as types only: their schemas live in all-calls.ts, so the worker's bundle carries none of them.
import type { catalogAdminCalls } from './admin/catalog-calls.ts';
import type { adminCalls } from './admin/calls.ts';
import type { CallDefinition } from './call-definition.ts';

export { API_PREFIX, VERSION_PATH } from './paths.ts';

/**
 * The calls of the app (customers, agents, drivers): the ones the sync worker
 * makes and checks answers of. The console's calls are apart (below), so the
 * worker's bundle carries none of their schemas.
 */
export const appCalls = {
  ...settingsCalls,
  ...catalogCalls,
  ...accountCalls,
  ...addressCalls,
  ...cartCalls,
  ...checkoutCalls,
  ...paymentCalls,
  ...orderCalls,
  ...orderLifecycleCalls,
  ...driverCalls,
} as const satisfies Record<string, CallDefinition>;

export type { CallDefinition } from './call-definition.ts';

/** Every call the server answers: the app's and the console's (admin/calls.ts, admin/catalog-calls.ts); the table itself is in all-calls.ts. */
export type AllCalls = typeof appCalls & typeof catalogAdminCalls & typeof adminCalls;

export type CallName = keyof AllCalls;
/** A call of the app (not the console's): what the sync worker may make. */
export type AppCallName = keyof typeof appCalls;
export type CallBody<N extends CallName> = Static<AllCalls[N]['body']>;
export type CallResponse<N extends CallName> = Static<AllCalls[N]['response']>;
/** The path parameters of a call (an empty object for calls without any). */
export type CallParams<N extends CallName> = AllCalls[N] extends { params: infer P extends TSchema }
  ? Static<P>
  : Record<string, never>;
/** Calls whose path carries parameters (e.g. get-restaurant-info/:slug). */
export type PathCallName = { [N in CallName]: AllCalls[N] extends { params: TSchema } ? N : never }[CallName];

/** The route pattern of a call after /public/api/, e.g. `get-restaurant-info/:slug`. */
export function callRoute(name: CallName): string {
  // Only the app's calls have path parameters; reading its table alone keeps the console's out of the worker's bundle.
  const call = (appCalls as Record<string, CallDefinition | undefined>)[name];
  return call?.path ?? name;
}

/** The concrete path of a call after /public/api/, with its parameters filled in and encoded. */
export function callPath<N extends CallName>(name: N, params?: CallParams<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return callRoute(name).replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
}

export const VersionResponse = VersionInfoSchema;
