/**
 * The driver's side on each database: two drivers racing for one order,
 * replays (with and without an Idempotency-Key), the time a queued action
 * carries, the delivery PIN, and the driver's position.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverPositionSaved, OrderDriverPosition, OrderMoveResult, OrdersPage } from '../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { WRONG_PIN_LIMIT } from '../../../server/driver/pin-guard.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { pointsOf } from '../checkout/checkout-fixtures.ts';
import { act, createCast, driveDeliveryTo, historyOf, moved, orderAlertsOf, placeOrderFor, type Cast } from './lifecycle-support.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(testDatabases())('the driver side on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two drivers taking the same order at once: one gets it, the other 409 ORDER_TAKEN, and it stays taken', async () => {
    for (let round = 0; round < 4; round += 1) {
      const order = await placeOrderFor(t.app, cast, cast.customer);
      await driveDeliveryTo(t.app, cast, order, 'preparing');
      const [first, second] = await Promise.all([
        act(t.app, 'accept-to-deliver', cast.driver, order),
        act(t.app, 'accept-to-deliver', cast.otherDriver, order),
      ]);
      const answers = [first, second].map((response) => response.statusCode).sort();
      expect(answers).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json()).toEqual({ code: 'ORDER_TAKEN', message: 'Another driver already took this order.' });
      const winnerId = first.statusCode === 200 ? cast.driver.id : cast.otherDriver.id;
      const row = await t.db.selectFrom('orders').select(['status', 'driver_user_id']).where('id', '=', order.id).executeTakeFirstOrThrow();
      expect([Number(row.status), Number(row.driver_user_id)]).toEqual([3, winnerId]);
      expect((await historyOf(t.db, order.id)).filter((step) => step.status === 3)).toHaveLength(1);
    }
  });

  it('the same driver accepting again is a no-op; another driver later still hears ORDER_TAKEN, also after pickup', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'assigned');
    expect(await moved(act(t.app, 'accept-to-deliver', cast.driver, order))).toMatchObject({ changed: false, tracking: { status: 3 } });
    expect((await act(t.app, 'accept-to-deliver', cast.otherDriver, order)).json()).toMatchObject({ code: 'ORDER_TAKEN' });
    await moved(act(t.app, 'pickedup-order', cast.driver, order));
    const late = await act(t.app, 'accept-to-deliver', cast.otherDriver, order);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ORDER_TAKEN' });
  });

  it('delivering twice: the second is a no-op with no extra history row, alert or loyalty credit', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'delivered');
    const pointsAfterFirst = await pointsOf(t.db, cast.customer.id);
    const alertsAfterFirst = await orderAlertsOf(t.db, cast.customer.id, order.unique_order_id);

    const again = await moved(act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin }));
    expect(again).toMatchObject({ changed: false, tracking: { status: 5 } });
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2, 3, 4, 5]);
    expect(await orderAlertsOf(t.db, cast.customer.id, order.unique_order_id)).toHaveLength(alertsAfterFirst.length);
    expect(await pointsOf(t.db, cast.customer.id)).toEqual(pointsAfterFirst);
    expect(pointsAfterFirst.points).toBe(pointsAfterFirst.ledgerSum);
  });

  it('with an Idempotency-Key a replay answers the first answer again and changes nothing', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'picked-up');
    const key = randomUUID();
    const body = { token: cast.driver.token, unique_order_id: order.unique_order_id, delivery_pin: order.delivery_pin, acted_at: minutesAgo(1) };
    const first = await callAs(t.app, 'deliver-order', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
    const replay = await callAs(t.app, 'deliver-order', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(first.json<OrderMoveResult>().changed).toBe(true);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await historyOf(t.db, order.id)).filter((step) => step.status === 5)).toHaveLength(1);
  });

  it('acted_at of a queued action becomes the step time, kept between the previous step and now', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'preparing');
    const previous = (await historyOf(t.db, order.id)).at(-1)?.happened_at as string;

    // Taken while offline: before the store accepted it? Impossible, so the step sits at the acceptance.
    await moved(act(t.app, 'accept-to-deliver', cast.driver, order, { acted_at: '2020-01-01T00:00:00Z' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const pickedUpAt = new Date(Date.parse(previous) + 10).toISOString();
    const pickedUp = await moved(act(t.app, 'pickedup-order', cast.driver, order, { acted_at: pickedUpAt }));
    // A clock in the future is taken as now.
    const before = Date.now();
    await moved(act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin, acted_at: '2999-01-01T00:00:00+02:00' }));

    const history = await historyOf(t.db, order.id);
    expect(history[2]).toMatchObject({ status: 3, happened_at: previous });
    expect(history[3]).toMatchObject({ status: 4, happened_at: pickedUpAt });
    expect(Date.parse(history[3]?.created_at ?? '')).toBeGreaterThan(Date.parse(pickedUpAt));
    expect(Date.parse(history[4]?.happened_at ?? '')).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(history[4]?.happened_at ?? '')).toBeLessThanOrEqual(Date.now());
    expect(pickedUp.tracking.history.at(-1)).toEqual({ status: 4, at: pickedUpAt });
  });

  it('acted_at that is not a time is a 400', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'preparing');
    for (const actedAt of ['yesterday', '2024-13-45T10:00:00Z']) {
      const response = await act(t.app, 'accept-to-deliver', cast.driver, order, { acted_at: actedAt });
      expect(response.statusCode, actedAt).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: '/acted_at' })] });
    }
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2]);
  });

  it('a wrong delivery PIN is 422 and delivers nothing; after too many wrong ones the order is locked even for the right one', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'picked-up');
    const wrong = order.delivery_pin === '0000' ? '1111' : '0000';
    const first = await act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: wrong });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'WRONG_DELIVERY_PIN' });
    expect((await act(t.app, 'get-order-status', cast.customer, order)).json()).toMatchObject({ status: 4 });

    for (let attempt = 1; attempt < WRONG_PIN_LIMIT; attempt += 1) {
      expect((await act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: `${attempt}` })).statusCode).toBe(422);
    }
    const locked = await act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2, 3, 4]);

    // Another order of the same driver is not locked.
    const next = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, next, 'delivered');
  });

  it("the driver's position: newest fix wins, shown to the customer only while the driver has the order", async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    const nobody = (await act(t.app, 'get-delivery-guy-gps-location', cast.customer, order)).json<OrderDriverPosition>();
    expect(nobody).toEqual({ unique_order_id: order.unique_order_id, driver_name: null, position: null });
    await driveDeliveryTo(t.app, cast, order, 'assigned');

    const fix = (latitude: number, recordedAt: string, heading: number | null = 90) =>
      callAs(t.app, 'set-delivery-guy-gps-location', { token: cast.driver.token, latitude, longitude: -79.99, heading, recorded_at: recordedAt });
    const fresh = await fix(40.45, minutesAgo(1));
    expect(fresh.json<DriverPositionSaved>()).toMatchObject({ stored: true, position: { latitude: 40.45, heading: 90 } });
    // A fix queued offline that arrives late does not move the driver back.
    const stale = await fix(40.4, minutesAgo(5), null);
    expect(stale.json<DriverPositionSaved>()).toMatchObject({ stored: false, position: { latitude: 40.45 } });

    const seen = (await act(t.app, 'get-delivery-guy-gps-location', cast.customer, order)).json<OrderDriverPosition>();
    expect(seen).toMatchObject({ driver_name: 'Priya Natarajan', position: { latitude: 40.45, longitude: -79.99, heading: 90 } });
    const status = (await act(t.app, 'get-order-status', cast.customer, order)).json();
    // While the driver holds the order the customer may call them.
    expect(status).toMatchObject({ driver: { name: 'Priya Natarajan', latitude: 40.45, longitude: -79.99, phone: '+14125550103' } });
    const holding = (await callAs(t.app, 'get-orders', { token: cast.customer.token })).json<OrdersPage>().orders.find((o) => o.unique_order_id === order.unique_order_id);
    expect(holding?.driver?.phone).toBe('+14125550103');
    // Where the store is and how far: the app says when the food should arrive, and the store's number to call.
    expect(holding).toMatchObject({ delivery_minutes: expect.any(Number), travel_minutes: expect.any(Number) });
    const storePhone = await t.db.selectFrom('restaurants').select('phone').where('id', '=', holding?.restaurant.id ?? 0).executeTakeFirst();
    expect(holding?.restaurant).toHaveProperty('phone', storePhone?.phone ?? null);

    // A device clock in the future is taken as now (or it would shut every later fix out).
    const future = await callAs(t.app, 'set-delivery-guy-gps-location', {
      token: cast.driver.token,
      latitude: 40.46,
      longitude: -79.99,
      recorded_at: '2999-01-01T00:00:00Z',
    });
    expect(future.json<DriverPositionSaved>()).toMatchObject({ stored: true, position: { latitude: 40.46, heading: null } });
    expect(Date.parse(future.json<DriverPositionSaved>().position.recorded_at)).toBeLessThanOrEqual(Date.now());
    const next = await callAs(t.app, 'set-delivery-guy-gps-location', { token: cast.driver.token, latitude: 40.47, longitude: -79.99 });
    expect(next.json<DriverPositionSaved>()).toMatchObject({ stored: true, position: { latitude: 40.47 } });

    await moved(act(t.app, 'pickedup-order', cast.driver, order));
    await moved(act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin }));
    const after = (await act(t.app, 'get-delivery-guy-gps-location', cast.customer, order)).json<OrderDriverPosition>();
    expect(after).toEqual({ unique_order_id: order.unique_order_id, driver_name: 'Priya Natarajan', position: null });
    // The customer's orders name the driver who brought it, and no longer say where they are.
    const orders = (await callAs(t.app, 'get-orders', { token: cast.customer.token })).json<OrdersPage>();
    expect(orders.orders.find((o) => o.unique_order_id === order.unique_order_id)?.driver).toEqual({
      name: 'Priya Natarajan',
      latitude: null,
      longitude: null,
      located_at: null,
      // Delivered: no longer theirs to call about.
      phone: null,
    });

    const notADriver = await callAs(t.app, 'set-delivery-guy-gps-location', { token: cast.customer.token, latitude: 1, longitude: 1 });
    expect(notADriver.statusCode).toBe(403);
  });
});
