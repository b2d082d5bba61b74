/**
 * The driver's moves under the driver area's rules, on each database: to
 * take an order a driver must be on duty, deliver for its store and hold
 * fewer than driverMaxActiveOrders orders; their own accept again is still
 * a no-op and another driver's order still ORDER_TAKEN; of two drivers
 * racing exactly one wins; a replay with the same Idempotency-Key answers
 * the first answer and changes nothing; and only the assigned driver moves
 * the order on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderMoveResult } from '../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { act, createCast, historyOf, moved, placeOrderFor, type Cast } from '../orders/lifecycle-support.ts';
import { driverCall, ledgerOf, newDriver, orderTakenBy, preparingOrder, unlinkedStore, withSetting } from './driver-fixtures.ts';

describe.each(testDatabases())('accept-to-deliver and the moves after it on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const statusOf = async (orderId: number) => {
    const row = await t.db.selectFrom('orders').select(['status', 'driver_user_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
    return { status: Number(row.status), driver: row.driver_user_id === null ? null : Number(row.driver_user_id) };
  };

  it('an off-duty driver gets DRIVER_OFF_DUTY and the order stays offered', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    await driverCall(t.app, 'toggle-delivery-guy-status', driver, { is_online: false });
    const order = await preparingOrder(t.app, cast);
    const refused = await act(t.app, 'accept-to-deliver', driver, order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DRIVER_OFF_DUTY', message: 'You are off duty. Go on duty to take orders.' });
    expect(await statusOf(order.id)).toEqual({ status: 2, driver: null });
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2]);

    await driverCall(t.app, 'toggle-delivery-guy-status', driver, { is_online: true });
    await moved(act(t.app, 'accept-to-deliver', driver, order));
    expect(await statusOf(order.id)).toEqual({ status: 3, driver: driver.id });
  });

  it("an order of a store the driver does not deliver for is STORE_NOT_LINKED", async () => {
    const store = await unlinkedStore(t.db);
    const order = await placeOrderFor(t.app, cast, cast.customer, { store });
    await moved(act(t.app, 'accept-order', cast.admin, order));
    const refused = await act(t.app, 'accept-to-deliver', cast.driver, order);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STORE_NOT_LINKED']);
    expect(await statusOf(order.id)).toEqual({ status: 2, driver: null });
  });

  it('a driver at their limit gets DRIVER_ORDER_LIMIT until they deliver one; their own order again is still a no-op', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    await withSetting(t.db, 'driverMaxActiveOrders', '2', async () => {
      const first = await orderTakenBy(t.app, cast, driver, 'picked-up');
      const second = await orderTakenBy(t.app, cast, driver, 'assigned');
      const third = await preparingOrder(t.app, cast);
      const refused = await act(t.app, 'accept-to-deliver', driver, third);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'DRIVER_ORDER_LIMIT', message: expect.stringContaining('2 orders') });
      expect(await statusOf(third.id)).toEqual({ status: 2, driver: null });

      // A replay of an accept they made answers changed: false, even at the limit and off duty.
      expect(await moved(act(t.app, 'accept-to-deliver', driver, second))).toMatchObject({ changed: false, tracking: { status: 3 } });
      await driverCall(t.app, 'toggle-delivery-guy-status', driver, { is_online: false });
      expect(await moved(act(t.app, 'accept-to-deliver', driver, second))).toMatchObject({ changed: false });
      // Another driver's order is ORDER_TAKEN whatever state this driver is in.
      const taken = await act(t.app, 'accept-to-deliver', driver, await orderTakenBy(t.app, cast, cast.otherDriver, 'assigned'));
      expect([taken.statusCode, taken.json().code]).toEqual([409, 'ORDER_TAKEN']);
      await driverCall(t.app, 'toggle-delivery-guy-status', driver, { is_online: true });

      await moved(act(t.app, 'deliver-order', driver, first, { delivery_pin: first.delivery_pin }));
      expect(await moved(act(t.app, 'accept-to-deliver', driver, third))).toMatchObject({ changed: true, tracking: { status: 3 } });
    });
  });

  it('two drivers taking the same order at once: exactly one gets it, the other ORDER_TAKEN', async () => {
    const one = await newDriver(t.app, t.db, [cast.store]);
    const two = await newDriver(t.app, t.db, [cast.store]);
    for (let round = 0; round < 4; round += 1) {
      const order = await preparingOrder(t.app, cast);
      const answers = await Promise.all([act(t.app, 'accept-to-deliver', one, order), act(t.app, 'accept-to-deliver', two, order)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'ORDER_TAKEN' });
      const winner = answers[0]?.statusCode === 200 ? one : two;
      expect(await statusOf(order.id)).toEqual({ status: 3, driver: winner.id });
      expect((await historyOf(t.db, order.id)).filter((step) => step.status === 3)).toHaveLength(1);
      // Back to the store's shelf for the next round, so neither reaches a limit.
      await moved(act(t.app, 'pickedup-order', winner, order));
      await moved(act(t.app, 'deliver-order', winner, order, { delivery_pin: order.delivery_pin }));
    }
  });

  it('one driver taking two orders at once with room for one: exactly one is theirs', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    await withSetting(t.db, 'driverMaxActiveOrders', '1', async () => {
      const orders = [await preparingOrder(t.app, cast), await preparingOrder(t.app, cast)];
      const answers = await Promise.all(orders.map((order) => act(t.app, 'accept-to-deliver', driver, order)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'DRIVER_ORDER_LIMIT' });
      const held = await t.db.selectFrom('orders').select('id').where('driver_user_id', '=', driver.id).execute();
      expect(held).toHaveLength(1);
    });
  });

  it('each move replayed with its Idempotency-Key answers the first answer: one history row per step, one credit', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await preparingOrder(t.app, cast, { tip: 150 });
    const steps = [
      ['accept-to-deliver', {}],
      ['pickedup-order', {}],
      ['deliver-order', { delivery_pin: order.delivery_pin }],
    ] as const;
    for (const [name, extra] of steps) {
      const key = randomUUID();
      const body = { token: driver.token, unique_order_id: order.unique_order_id, ...extra };
      const first = await callAs(t.app, name, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
      const replay = await callAs(t.app, name, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
      expect(first.json<OrderMoveResult>().changed, name).toBe(true);
      expect(replay.statusCode, name).toBe(200);
      expect(replay.headers['idempotent-replayed'], name).toBe('true');
      expect(replay.json(), name).toEqual(first.json());
    }
    // And without the key, the state machine makes the second delivery a no-op.
    expect(await moved(act(t.app, 'deliver-order', driver, order, { delivery_pin: order.delivery_pin }))).toMatchObject({ changed: false });
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2, 3, 4, 5]);
    expect(await ledgerOf(t.db, driver.id)).toEqual([
      { amount: 160, type: 'delivery_commission', reason: `Commission for delivering order ${order.unique_order_id}` },
      { amount: 150, type: 'delivery_tip', reason: `Tip for delivering order ${order.unique_order_id}` },
    ]);
  });

  it('a driver the order is not assigned to gets FORBIDDEN and changes nothing', async () => {
    const intruder = await newDriver(t.app, t.db, [cast.store]);
    const order = await orderTakenBy(t.app, cast, cast.driver, 'assigned');
    const pickup = await act(t.app, 'pickedup-order', intruder, order);
    expect([pickup.statusCode, pickup.json().code]).toEqual([403, 'FORBIDDEN']);
    await moved(act(t.app, 'pickedup-order', cast.driver, order));
    const deliver = await act(t.app, 'deliver-order', intruder, order, { delivery_pin: order.delivery_pin });
    expect([deliver.statusCode, deliver.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await statusOf(order.id)).toEqual({ status: 4, driver: cast.driver.id });
    expect(await ledgerOf(t.db, intruder.id)).toEqual([]);
  });

  it('malformed moves are a 400', async () => {
    const order = await preparingOrder(t.app, cast);
    const bad = [
      ['accept-to-deliver', { unique_order_id: 7 }],
      ['accept-to-deliver', { unique_order_id: order.unique_order_id, driver_id: cast.driver.id }],
      ['pickedup-order', { unique_order_id: order.unique_order_id, acted_at: 'soon' }],
      ['deliver-order', { unique_order_id: order.unique_order_id, delivery_pin: 1234 }],
    ] as const;
    for (const [name, extra] of bad) {
      const response = await act(t.app, name, cast.driver, { unique_order_id: '' }, extra);
      expect(response.statusCode, `${name} ${JSON.stringify(extra)}`).toBe(400);
    }
    expect(await statusOf(order.id)).toEqual({ status: 2, driver: null });
  });
});
