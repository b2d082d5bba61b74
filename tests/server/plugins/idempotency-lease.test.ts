/**
 * Idempotency-Keys after a crash and across sessions (issue 13), on each
 * database, through the real app and its real calls:
 *
 * - A reservation left by a process that died (its lease lapsed, as a
 *   `kill -9` leaves it) is taken over by the retry, which runs the call
 *   once; while the holder's lease is current the retry still waits (409).
 * - An order that committed is answered to its retry, never placed again,
 *   even when its answer never left the server (the answer commits with it).
 * - A call whose process lost its key (stalled past its lease while a retry
 *   took the key over) rolls its writes back instead of committing them a
 *   second time.
 * - Keys belong to the user: a replay after signing in again gets the stored
 *   answer, for an order and for a driver's step the order has since gone
 *   past; another user's same key is still their own.
 * - Migration 0013 moves keys of live sessions to their user's scope.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/account/entities.ts';
import type { Order, OrderMoveResult } from '../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { hashToken } from '../../../server/account/tokens.ts';
import { orderEvents } from '../../../server/orders/order-events.ts';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENT_REPLAYED_HEADER, requestHashOf, storeAnswerWithin } from '../../../server/http/idempotency.ts';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo-accounts.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';
import { addressKmNorth, callWithKey, line, ordersOf } from '../checkout/checkout-fixtures.ts';
import { act, createCast, moved, type Cast } from '../orders/lifecycle-support.ts';

const STALLED_WRITE = `${API_PREFIX}/test-stalled-write`;

/** A call that writes in a transaction and stores its answer there, after a retry took its key over. */
function registerStalledWrite(app: FastifyInstance): void {
  app.post<{ Body: { name: string } }>(STALLED_WRITE, async (request) => {
    const key = String(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    // While this call stalled past its lease, a retry in another process took the key over.
    await app.db
      .updateTable('idempotency_keys')
      .set({ lease_owner: 'the-process-that-took-over', lease_until: new Date(Date.now() + IDEMPOTENCY_LEASE_MS).toISOString() })
      .where('idempotency_key', '=', key)
      .execute();
    return app.db.transaction().execute(async (trx) => {
      await trx.insertInto('popular_locations').values({ name: request.body.name, latitude: 1, longitude: 2, is_default: 0 }).execute();
      const answer = { name: request.body.name };
      await storeAnswerWithin(request, trx, answer);
      return answer;
    });
  });
}

describe.each(testDatabases())('Idempotency-Key leases and owners on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind, { register: registerStalledWrite });
    cast = await createCast(t.app, t.db);
    // A cast of accounts (password hashing) on two cores shared with other test files.
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const orderBody = (who: { token: string }) => ({
    token: who.token,
    restaurant_id: cast.store.id,
    items: [line(cast.store.menu.burger, 2)],
    order_type: 'DELIVERY',
    address: addressKmNorth(1),
    payment_mode: 'COD',
  });
  const placeOrderScope = (userId: number) => `user:${userId} POST ${API_PREFIX}/place-order`;

  /** The row a server process leaves when it dies between reserving a key and storing its answer. */
  async function leftInProgress(scope: string, key: string, body: unknown, leaseUntil: string | null): Promise<void> {
    await t.db
      .insertInto('idempotency_keys')
      .values({
        scope,
        idempotency_key: key,
        request_hash: requestHashOf(body),
        state: 'in_progress',
        response_status: null,
        response_body: null,
        response_content_type: null,
        created_at: new Date(Date.now() - 60_000).toISOString(),
        lease_owner: leaseUntil === null ? null : 'crashed-host:4242:dead',
        lease_until: leaseUntil,
      })
      .execute();
  }

  async function signInAgain(who: { email: string; password: string }): Promise<string> {
    const response = await callAs(t.app, 'login', { email: who.email, password: who.password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LoginResult>().data.auth_token;
  }

  it('a key a dead process left in progress is taken over once its lease lapsed, and the order is placed once', async () => {
    const customer = await registerCustomer(t.app);
    const key = randomUUID();
    const body = orderBody(customer);
    await leftInProgress(placeOrderScope(customer.id), key, body, new Date(Date.now() - 1_000).toISOString());

    const retried = await callWithKey(t.app, 'place-order', body, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const placed = retried.json<Order>();

    const again = await callWithKey(t.app, 'place-order', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json<Order>().unique_order_id).toBe(placed.unique_order_id);
    const orders = await ordersOf(t.db, customer.id);
    expect(orders.map((order) => order.unique_order_id)).toEqual([placed.unique_order_id]);
    const row = await t.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'completed', response_status: 200, lease_owner: null, lease_until: null });
  });

  it('while the holder’s lease is current a retry waits (409); a reservation from before leases counts as lapsed', async () => {
    const customer = await registerCustomer(t.app);
    const held = randomUUID();
    const body = orderBody(customer);
    await leftInProgress(placeOrderScope(customer.id), held, body, new Date(Date.now() + IDEMPOTENCY_LEASE_MS).toISOString());
    const meanwhile = await callWithKey(t.app, 'place-order', body, held);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await ordersOf(t.db, customer.id)).toEqual([]);

    const legacy = randomUUID();
    await leftInProgress(placeOrderScope(customer.id), legacy, body, null);
    const taken = await callWithKey(t.app, 'place-order', body, legacy);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await ordersOf(t.db, customer.id)).toHaveLength(1);
  });

  it('a lapsed key is not taken over by a different request: 422, nothing runs', async () => {
    const customer = await registerCustomer(t.app);
    const key = randomUUID();
    await leftInProgress(placeOrderScope(customer.id), key, orderBody(customer), new Date(Date.now() - 1_000).toISOString());
    const other = await callWithKey(t.app, 'place-order', { ...orderBody(customer), notes: 'something else' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf(t.db, customer.id)).toEqual([]);
  });

  describe('when the order commits but its answer never leaves', () => {
    let failAfterCommit = false;
    const stop = orderEvents.onAnyChange(() => {
      // place-order announces its order right after the commit: this is the server failing there.
      if (!failAfterCommit) return;
      failAfterCommit = false;
      throw new Error('the process fell over right after the commit');
    });
    afterAll(() => stop());
    afterEach(() => {
      failAfterCommit = false;
    });

    it('the retry gets that order, never a second one', async () => {
      const customer = await registerCustomer(t.app);
      const key = randomUUID();
      const body = orderBody(customer);
      failAfterCommit = true;
      const lost = await callWithKey(t.app, 'place-order', body, key);
      expect(lost.statusCode).toBe(500);
      const [committed, ...more] = await ordersOf(t.db, customer.id);
      expect(committed).toBeDefined();
      expect(more).toEqual([]);

      const retried = await callWithKey(t.app, 'place-order', body, key);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(retried.json<Order>()).toMatchObject({ unique_order_id: committed?.unique_order_id, id: Number(committed?.id) });
      expect(retried.json<Order>().lines).toHaveLength(1);
      expect(await ordersOf(t.db, customer.id)).toHaveLength(1);
    });
  });

  it('a call that lost its key to a retry rolls its writes back (409) instead of committing them twice', async () => {
    const key = `stalled-${randomUUID()}`;
    const response = await t.app.inject({
      method: 'POST',
      url: STALLED_WRITE,
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
      payload: JSON.stringify({ name: key }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    const written = await t.db.selectFrom('popular_locations').select('name').where('name', '=', key).execute();
    expect(written).toEqual([]);
    // The key stays with the process that took it over; this one neither completed nor released it.
    const row = await t.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'in_progress', lease_owner: 'the-process-that-took-over' });
  });

  it('the stored answer is the JSON itself, however the first answer travelled (compressed or not)', async () => {
    const customer = await registerCustomer(t.app);
    const key = randomUUID();
    const first = await callAs(t.app, 'place-order', orderBody(customer), { headers: { [IDEMPOTENCY_HEADER]: key, 'accept-encoding': 'gzip' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const placed = JSON.parse(gunzipSync(first.rawPayload).toString('utf8')) as Order;
    const row = await t.db.selectFrom('idempotency_keys').select('response_body').where('idempotency_key', '=', key).executeTakeFirstOrThrow();
    expect(JSON.parse(row.response_body ?? '')).toEqual(placed);
    const replay = await callWithKey(t.app, 'place-order', orderBody(customer), key);
    expect(replay.headers['content-encoding']).toBeUndefined();
    expect(replay.json<Order>()).toEqual(placed);
  });

  it('a replay after signing in again gets the stored order; another customer’s same key is their own', async () => {
    const customer: NewCustomer = await registerCustomer(t.app);
    const key = randomUUID();
    const first = await callWithKey(t.app, 'place-order', orderBody(customer), key);
    expect(first.statusCode, first.body).toBe(200);

    const newToken = await signInAgain(customer);
    expect(newToken).not.toBe(customer.token);
    const replay = await callWithKey(t.app, 'place-order', orderBody({ token: newToken }), key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(replay.json<Order>().unique_order_id).toBe(first.json<Order>().unique_order_id);
    // The same session with the token in a header instead of the body is the same request too.
    const { token: _inBody, ...bodyWithoutToken } = orderBody(customer);
    const viaHeader = await callAs(t.app, 'place-order', bodyWithoutToken, {
      headers: { [IDEMPOTENCY_HEADER]: key, authorization: `Bearer ${newToken}` },
    });
    expect(viaHeader.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await ordersOf(t.db, customer.id)).toHaveLength(1);

    const stranger = await registerCustomer(t.app);
    const theirs = await callWithKey(t.app, 'place-order', orderBody(stranger), key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(theirs.json<Order>().unique_order_id).not.toBe(first.json<Order>().unique_order_id);
    expect(await ordersOf(t.db, stranger.id)).toHaveLength(1);
  });

  it('a driver’s step replayed after signing in again answers the step, not 409 for an order gone past it', async () => {
    const placed = await callWithKey(t.app, 'place-order', orderBody(cast.customer));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json<Order>();
    await moved(act(t.app, 'accept-order', cast.owner, order));
    const driver = DEMO_ACCOUNTS.find((account) => account.email === 'driver@foodpilot.test');
    if (!driver) throw new Error('no demo driver');
    const step = (token: string, call: 'accept-to-deliver' | 'pickedup-order' | 'deliver-order', key: string, extra: Record<string, unknown> = {}) =>
      callWithKey(t.app, call, { token, unique_order_id: order.unique_order_id, ...extra }, key);

    const pickupKey = randomUUID();
    await moved(step(cast.driver.token, 'accept-to-deliver', randomUUID()));
    const pickedUp = await moved(step(cast.driver.token, 'pickedup-order', pickupKey));
    await moved(step(cast.driver.token, 'deliver-order', randomUUID(), { delivery_pin: order.delivery_pin }));

    const newToken = await signInAgain(driver);
    const replay = await step(newToken, 'pickedup-order', pickupKey);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(replay.json<OrderMoveResult>()).toEqual(pickedUp);
  });
});

describe.each(testDatabases())('migration 0013 on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('moves the keys of live sessions to their user, frees reservations without a lease, leaves the rest', async () => {
    const { db } = fresh;
    await fresh.migrateTo('0011-store-contact');
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await sql`insert into users (name, email, password_hash, role, created_at) values ('Kim', 'kim@example.test', '!', 'customer', ${at})`.execute(db);
    const { id } = await db.selectFrom('users').select('id').where('email', '=', 'kim@example.test').executeTakeFirstOrThrow();
    const live = hashToken('live-session');
    await sql`insert into auth_tokens (token_hash, user_id, created_at, expires_at) values (${live}, ${id}, ${at}, ${later})`.execute(db);
    const gone = hashToken('signed-out-session');
    const insertKey = (scope: string, key: string, state: 'completed' | 'in_progress') =>
      sql`insert into idempotency_keys (scope, idempotency_key, request_hash, state, response_status, response_body, response_content_type, created_at)
        values (${scope}, ${key}, 'h', ${state}, ${state === 'completed' ? 200 : null}, ${state === 'completed' ? '{}' : null}, null, ${at})`.execute(db);
    await insertKey(`token:${live} POST /public/api/place-order`, 'key-live-1', 'completed');
    await insertKey(`token:${live} POST /public/api/pickedup-order`, 'key-live-2', 'in_progress');
    await insertKey(`token:${gone} POST /public/api/place-order`, 'key-gone-1', 'completed');
    await insertKey('anonymous POST /public/api/login', 'key-anon-1', 'completed');

    await migrateToLatest(db);
    const rows = await db.selectFrom('idempotency_keys').select(['scope', 'idempotency_key', 'lease_owner', 'lease_until']).orderBy('idempotency_key').execute();
    expect(rows).toEqual([
      { scope: 'anonymous POST /public/api/login', idempotency_key: 'key-anon-1', lease_owner: null, lease_until: null },
      { scope: `token:${gone} POST /public/api/place-order`, idempotency_key: 'key-gone-1', lease_owner: null, lease_until: null },
      { scope: `user:${Number(id)} POST /public/api/place-order`, idempotency_key: 'key-live-1', lease_owner: null, lease_until: null },
      { scope: `user:${Number(id)} POST /public/api/pickedup-order`, idempotency_key: 'key-live-2', lease_owner: null, lease_until: null },
    ]);
  });
});
