/**
 * The authorization matrix (issue 13): every call of the OpenAPI document ×
 * eight callers — anonymous, two customers, two drivers, the owner of
 * another store, a call-centre agent and an admin. The expectations are a
 * table keyed by call name that must name exactly the document's calls, so
 * a call cannot ship without its row. Bodies name customer A's objects (an
 * order, an address, a favourite) created in beforeAll, so each refusal is
 * also "B cannot reach A's things". A refused caller gets 401 (anonymous) or
 * 403/404 with `{ message, code }`; a caller the row allows is not refused
 * on reads.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, type CallName } from '../../src/api/calls.ts';
import type { Order } from '../../src/api/orders/entities.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { calls } from '../../src/api/all-calls.ts';
import { testDatabases } from '../support/databases.ts';
import { loginAs } from '../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { addressKmNorth } from './checkout/checkout-fixtures.ts';
import { createCast, driveDeliveryTo, placeOrderFor, type Cast } from './orders/lifecycle-support.ts';

const CALLERS = ['anonymous', 'customerA', 'customerB', 'driverA', 'driverB', 'otherOwner', 'agent', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
const SIGNED_IN: readonly Caller[] = CALLERS.filter((caller) => caller !== 'anonymous');

/** Who gets past a call's access checks, on customer A's objects. */
type Access = 'everyone' | readonly Caller[];
const ANY_USER: readonly Caller[] = SIGNED_IN;
const A_ONLY: readonly Caller[] = ['customerA'];
const DRIVERS: readonly Caller[] = ['driverA', 'driverB'];
const AGENT: readonly Caller[] = ['agent'];
const ADMIN: readonly Caller[] = ['admin'];
const STAFF: readonly Caller[] = ['otherOwner', 'admin'];
const CUSTOMERS: readonly Caller[] = ['customerA', 'customerB'];

/** Calls that only read: the matrix also checks that the callers their row allows are not refused. */
const READS = /^(?:admin\/)?(?:get-|list-|check-|search-)|^(?:popular-geo-locations|promo-slider|coordinate-to-address|delivery\/update-user-info)$/;

/**
 * One row per call: who gets past its access checks when the body names
 * customer A's objects (A's order at a store of an owner who is not among
 * the callers, A's address, A's user id). Everyone else is refused.
 */
const EXPECTED: Record<string, Access> = {
  // Signing in and up, codes, the public catalogue: no token needed.
  login: 'everyone',
  register: 'everyone',
  'generate-otp-for-login': 'everyone',
  'login-with-otp': 'everyone',
  'send-otp': 'everyone',
  'verify-otp': 'everyone',
  'send-password-reset-mail': 'everyone',
  'verify-password-reset-otp': 'everyone',
  'change-user-password': 'everyone',
  'delivery/login': 'everyone',
  'get-payment-gateways': 'everyone',
  'check-cart-items-availability': 'everyone',
  'get-settings': 'everyone',
  'get-all-languages': 'everyone',
  'get-single-language': 'everyone',
  'popular-geo-locations': 'everyone',
  'get-pages': 'everyone',
  'get-single-page': 'everyone',
  'promo-slider': 'everyone',
  'get-delivery-restaurants': 'everyone',
  'get-selfpickup-restaurants': 'everyone',
  'get-restaurant-category-slides': 'everyone',
  'get-all-restaurants-categories': 'everyone',
  'get-filtered-restaurants': 'everyone',
  'get-restaurant-info-and-operational-status': 'everyone',
  'get-restaurant-info': 'everyone',
  'get-restaurant-info-by-id': 'everyone',
  'get-restaurant-items': 'everyone',
  'get-single-item': 'everyone',
  'coordinate-to-address': 'everyone',
  'search-places': 'everyone',
  'search-restaurants': 'everyone',
  'get-store-reviews': 'everyone',
  // Any signed-in account, on its own things.
  'check-ban': ANY_USER,
  logout: ANY_USER,
  'change-avatar': ANY_USER,
  'update-tax-number': ANY_USER,
  'get-restaurant-info-with-favourite': ANY_USER,
  'toggle-favorite': ANY_USER,
  'get-favorite-stores': ANY_USER,
  'get-ratable-order': ANY_USER,
  // A visitor prices a cart and tries a coupon before signing up; staff tokens are refused.
  'get-order-quote': ['anonymous', ...CUSTOMERS],
  'apply-coupon': ['anonymous', ...CUSTOMERS],
  'place-order': CUSTOMERS,
  // Calls naming user_id A: A only.
  'update-user-info': A_ONLY,
  'check-running-order': A_ONLY,
  'delete-user': A_ONLY,
  'get-wallet-transactions': A_ONLY,
  'get-user-notifications': A_ONLY,
  'mark-all-notifications-read': A_ONLY,
  'mark-one-notification-read': A_ONLY,
  'save-notification-token': A_ONLY,
  'get-addresses': A_ONLY,
  'save-address': A_ONLY,
  'delete-address': A_ONLY,
  'set-default-address': A_ONLY,
  // An admin signed in as themselves reads any customer's orders (order-handlers.ts).
  'get-orders': ['customerA', 'admin'],
  // A's order: paying for it, cancelling it, rating it, following it.
  'start-payment': A_ONLY,
  'stripe-accept': A_ONLY,
  'stripe-redirect-capture': A_ONLY,
  'razorpay-create-order': A_ONLY,
  'razorpay-process': A_ONLY,
  'paytm-verify': A_ONLY,
  'paymongo-verify': A_ONLY,
  'mercado-pago-verify': A_ONLY,
  'khalti-verify': A_ONLY,
  'cancel-order': A_ONLY,
  'rate-order': A_ONLY,
  'get-order-status': ['customerA', 'admin'],
  'get-delivery-guy-gps-location': ['customerA', 'admin'],
  // The store's moves: its owner (not a caller here) and the admin.
  'accept-order': ADMIN,
  'mark-order-ready': ADMIN,
  'complete-pickup-order': ADMIN,
  'store-cancel-order': ADMIN,
  'get-store-orders': ADMIN,
  // The driver area.
  'accept-to-deliver': DRIVERS,
  'pickedup-order': DRIVERS,
  'deliver-order': DRIVERS,
  'set-delivery-guy-gps-location': DRIVERS,
  'delivery/update-user-info': DRIVERS,
  'toggle-delivery-guy-status': DRIVERS,
  'get-delivery-orders': DRIVERS,
  // A's order is not offered to drivers yet (the store has not accepted it): no driver may read it; the test below assigns one.
  'get-single-delivery-order': [],
  'get-completed-orders': DRIVERS,
  'set-delivery-guy-gps-locations': DRIVERS,
  'driver-actions': DRIVERS,
  // The call centre.
  'login-as-customer': AGENT,
  'search-customers': AGENT,
  'register-guest-user': AGENT,
  // The console: the admin, and store owners on their own stores (the bodies name A's store, not the other owner's).
  'admin/list-stores': STAFF,
  'admin/get-store': ADMIN,
  'admin/save-store': ADMIN,
  'admin/delete-store': ADMIN,
  'admin/get-my-stores': STAFF,
  'admin/set-store-open': ADMIN,
  'admin/set-item-availability': ADMIN,
  'admin/list-store-categories': ADMIN,
  'admin/save-store-category': ADMIN,
  'admin/delete-store-category': ADMIN,
  'admin/list-category-slides': ADMIN,
  'admin/save-category-slide': ADMIN,
  'admin/delete-category-slide': ADMIN,
  'admin/list-item-categories': ADMIN,
  'admin/save-item-category': ADMIN,
  'admin/delete-item-category': ADMIN,
  'admin/list-items': ADMIN,
  'admin/save-item': ADMIN,
  'admin/delete-item': ADMIN,
  'admin/list-addon-categories': ADMIN,
  'admin/save-addon-category': ADMIN,
  'admin/delete-addon-category': ADMIN,
  'admin/list-promo-sliders': ADMIN,
  'admin/save-promo-slider': ADMIN,
  'admin/delete-promo-slider': ADMIN,
  'admin/save-promo-slide': ADMIN,
  'admin/delete-promo-slide': ADMIN,
  'admin/list-pages': ADMIN,
  'admin/save-page': ADMIN,
  'admin/delete-page': ADMIN,
  'admin/list-coupons': ADMIN,
  'admin/save-coupon': ADMIN,
  'admin/delete-coupon': ADMIN,
  'admin/upload-image': STAFF,
  'admin/get-catalogue-translations': ADMIN,
  'admin/save-catalogue-translations': ADMIN,
  'admin/get-settings': ADMIN,
  'admin/save-settings': ADMIN,
  'admin/get-versions': ADMIN,
  'admin/bump-version': ADMIN,
  'admin/get-languages': ADMIN,
  'admin/create-language': ADMIN,
  'admin/update-language': ADMIN,
  'admin/set-default-language': ADMIN,
  'admin/delete-language': ADMIN,
  'admin/get-translations': ADMIN,
  'admin/save-translations': ADMIN,
  'admin/create-location': ADMIN,
  'admin/update-location': ADMIN,
  'admin/set-primary-location': ADMIN,
  'admin/delete-location': ADMIN,
  'admin/get-users': ADMIN,
  'admin/get-user': ADMIN,
  'admin/create-user': ADMIN,
  'admin/update-user': ADMIN,
  'admin/set-user-stores': ADMIN,
  'admin/set-user-ban': ADMIN,
  'admin/adjust-wallet': ADMIN,
  'admin/get-orders': ADMIN,
  'admin/assign-driver': ADMIN,
  'admin/get-audit-log': ADMIN,
};

interface Fixture {
  app: FastifyInstance;
  cast: Cast;
  agentToken: string;
  order: Order;
  addressId: number;
  favouriteStoreId: number;
  tokens: Record<Exclude<Caller, 'anonymous'>, string>;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
}

/** Values by field name that the schemas' patterns and formats take, and that name A's objects. */
function fieldValue(name: string, key: string, f: Fixture): unknown {
  const a = f.cast.customer;
  const values: Record<string, unknown> = {
    user_id: a.id,
    unique_order_id: f.order.unique_order_id,
    restaurant_id: f.cast.store.id,
    email: 'nobody@example.test',
    phone: '+14125550199',
    password: 'long-enough-password',
    new_password: 'long-enough-password',
    otp: '123456',
    code: '123456',
    slug: 'a',
    key: 'matrix-key-0001',
    latitude: 40.4406,
    longitude: -79.9959,
    lat: 40.4406,
    lng: -79.9959,
  };
  if (key === 'id') {
    if (/address/.test(name)) return f.addressId;
    if (name === 'toggle-favorite' || name === 'get-restaurant-info-and-operational-status') return f.favouriteStoreId;
    if (name === 'get-single-item') return f.cast.store.menu.burger;
    return 1;
  }
  return values[key];
}

function sample(name: string, schema: JsonSchema, f: Fixture, key = '', depth = 0): unknown {
  const named = key ? fieldValue(name, key, f) : undefined;
  if (named !== undefined) return named;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sample(name, schema.anyOf.find((variant) => variant.type !== 'null') ?? schema.anyOf[0]!, f, key, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [child, childSchema] of Object.entries(schema.properties ?? {})) {
        // Optional fields too when they name A's objects (user_id, unique_order_id, restaurant_id, id): the refusal must be about them.
        const optional = !(schema.required ?? []).includes(child);
        if (child === 'token' || depth > 5 || (optional && fieldValue(name, child, f) === undefined)) continue;
        out[child] = sample(name, childSchema, f, child, depth + 1);
      }
      return out;
    }
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? Array.from({ length: schema.minItems! }, () => sample(name, schema.items!, f, '', depth + 1)) : [];
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'nobody@example.test';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** Bodies the schemas take where a sample of the schema would not; the rest come from sample(). */
function bodyFor(name: string, f: Fixture): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'set-delivery-guy-gps-locations': { points: [{ latitude: 40.44, longitude: -79.99, recorded_at: new Date().toISOString() }] },
    'admin/update-language': { id: 1, language_name: 'Renamed' },
    'admin/save-settings': { settings: { storeName: 'Refused Foods' } },
    'admin/create-language': { language_name: 'Français', code: 'fr', dir: 'ltr' },
    'admin/save-translations': { id: 1, texts: { tabCart: 'Basket' } },
    'admin/set-default-language': { id: 2 },
    'admin/delete-language': { id: 2 },
    'admin/set-primary-location': { id: 2 },
    'admin/delete-location': { id: 2 },
    'admin/create-user': { role: 'driver', name: 'Nobody', email: 'nobody@example.test', password: 'long-enough-password' },
    'admin/assign-driver': { unique_order_id: f.order.unique_order_id, driver_user_id: f.cast.driver.id },
  };
  return bodies[name] ?? (sample(name, (calls as Record<string, { body: JsonSchema }>)[name]!.body, f) as Record<string, unknown>);
}

function call(f: Fixture, name: string, caller: Caller, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const token = caller === 'anonymous' ? undefined : f.tokens[caller];
  return f.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${callPath(name as CallName, pathParamsFor(name, f) as never)}`,
    payload: body,
    remoteAddress: `10.13.${CALLERS.indexOf(caller)}.${1 + (name.length % 250)}`,
    headers: { [IDEMPOTENCY_HEADER]: randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

function pathParamsFor(name: string, f: Fixture): Record<string, string> | undefined {
  if (name.includes('-by-id') || name === 'get-restaurant-items') return { id: String(f.cast.store.id) };
  if (name.startsWith('get-restaurant-info')) return { slug: 'a' };
  return undefined;
}

function operationNames(app: FastifyInstance): string[] {
  const document = app.swagger() as { paths: Record<string, Record<string, { operationId?: string }>> };
  return Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])));
}

function errorBodyProblem(response: LightMyRequestResponse): string | undefined {
  try {
    const { message, code } = response.json<{ message?: unknown; code?: unknown }>();
    return typeof message === 'string' && typeof code === 'string' ? undefined : `not {message, code}: ${response.body.slice(0, 120)}`;
  } catch {
    return `not JSON: ${response.body.slice(0, 120)}`;
  }
}

function refusalProblem(response: LightMyRequestResponse, caller: Caller): string | undefined {
  const expected = caller === 'anonymous' ? [401] : [403, 404];
  if (!expected.includes(response.statusCode)) return `expected ${expected.join(' or ')}, got ${response.statusCode} ${response.body.slice(0, 120)}`;
  return errorBodyProblem(response);
}

function allowedProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode === 401 || response.statusCode === 403) return `refused ${response.statusCode} ${response.body.slice(0, 120)}`;
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 120)}`;
  return undefined;
}

describe.each(testDatabases())('authorization matrix on $kind', ({ kind }) => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const cast = await createCast(t.app, t.db);
    const agentToken = await loginAs(t.app, 'agent');
    const order = await placeOrderFor(t.app, cast, cast.customer);
    const auth = { authorization: `Bearer ${cast.customer.token}` };
    const saved = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/save-address`,
      headers: auth,
      payload: { user_id: cast.customer.id, latitude: addressKmNorth(1).lat, longitude: addressKmNorth(1).lng, address: '1 Private Lane', house: null, tag: 'Home' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const addressId = saved.json<{ id: number }[]>()[0]!.id;
    const favourite = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/toggle-favorite`, headers: auth, payload: { id: cast.store.id } });
    expect(favourite.statusCode, favourite.body).toBe(200);
    f = {
      app: t.app,
      cast,
      agentToken,
      order,
      addressId,
      favouriteStoreId: cast.store.id,
      tokens: {
        customerA: cast.customer.token,
        customerB: cast.otherCustomer.token,
        driverA: cast.driver.token,
        driverB: cast.otherDriver.token,
        otherOwner: cast.otherOwner.token,
        agent: agentToken,
        admin: cast.admin.token,
      },
    };
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every call of the OpenAPI document, and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(operationNames(t.app).sort());
  });

  it('refuses every caller a row does not name (401 anonymous, 403/404 signed in) and lets the named ones read', async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const name of operationNames(t.app)) {
      const access = EXPECTED[name];
      if (access === undefined) continue;
      const body = bodyFor(name, f);
      for (const caller of CALLERS) {
        const allowed = access === 'everyone' || access.includes(caller);
        // Writes by a caller the row allows would change A's objects under the rest of the matrix: only refusals are sent for them.
        if (allowed && (!READS.test(name) || access === 'everyone')) continue;
        const response = await call(f, name, caller, body);
        cells += 1;
        const problem = allowed ? allowedProblem(response) : refusalProblem(response, caller);
        if (problem) problems.push(`${name} as ${caller}: ${problem}`);
      }
    }
    console.info(`authorization matrix on ${kind}: ${operationNames(t.app).length} calls × ${CALLERS.length} callers, ${cells} cells sent`);
    expect(problems).toEqual([]);
  }, 240_000);

  it("keeps driver A's order from driver B and A's delivery position from customer B", async () => {
    const order = await placeOrderFor(t.app, f.cast, f.cast.customer);
    await driveDeliveryTo(t.app, f.cast, order, 'assigned');
    const asCaller = (name: string, caller: Caller, extra: Record<string, unknown> = {}) =>
      call(f, name, caller, { unique_order_id: order.unique_order_id, ...extra });
    expect((await asCaller('get-single-delivery-order', 'driverA')).statusCode).toBe(200);
    const problems: string[] = [];
    for (const [name, extra] of [
      ['get-single-delivery-order', {}],
      ['pickedup-order', {}],
      ['deliver-order', { delivery_pin: order.delivery_pin }],
    ] as const) {
      const response = await asCaller(name, 'driverB', extra);
      const problem = refusalProblem(response, 'driverB');
      if (problem) problems.push(`${name} as driverB: ${problem}`);
    }
    for (const name of ['get-delivery-guy-gps-location', 'get-order-status', 'cancel-order']) {
      const response = await asCaller(name, 'customerB');
      const problem = refusalProblem(response, 'customerB');
      if (problem) problems.push(`${name} as customerB: ${problem}`);
    }
    expect(problems).toEqual([]);
    const status = await call(f, 'get-order-status', 'customerA', { unique_order_id: order.unique_order_id });
    expect(status.json<{ status: number; delivery_guy?: unknown }>().status).toBe(OrderStatus.DRIVER_ASSIGNED);
  });

  it("leaves customer A's order, address and favourite as A left them", async () => {
    const auth = { authorization: `Bearer ${f.tokens.customerA}` };
    const addresses = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-addresses`, headers: auth, payload: { user_id: f.cast.customer.id } });
    expect(addresses.statusCode, addresses.body).toBe(200);
    expect(addresses.json<{ id: number; address: string }[]>()).toContainEqual(expect.objectContaining({ id: f.addressId, address: '1 Private Lane' }));
    const status = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-order-status`, headers: auth, payload: { unique_order_id: f.order.unique_order_id } });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<{ status: number }>().status).toBe(f.order.status);
    const favourites = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/get-favorite-stores`, headers: auth, payload: { latitude: 40.4406, longitude: -79.9959 } });
    expect(favourites.json<{ id: number }[]>().map((store) => store.id)).toContain(f.favouriteStoreId);
    // B's own favourites never show A's.
    const others = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/get-favorite-stores`,
      headers: { authorization: `Bearer ${f.tokens.customerB}` },
      payload: { latitude: 40.4406, longitude: -79.9959 },
    });
    expect(others.json<{ id: number }[]>().map((store) => store.id)).not.toContain(f.favouriteStoreId);
  });
});
