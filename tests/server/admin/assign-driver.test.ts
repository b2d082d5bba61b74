/**
 * admin/assign-driver on each database: an administrator gives an order the
 * store is preparing to a driver (one new step, the customer's tracking
 * names the driver), hands an order to another driver before pickup (no new
 * step; the first driver's pickup is refused and the new driver's goes
 * through), and is refused, with the order unchanged and nothing audited,
 * for someone who is not a driver, a driver off duty, not linked to the
 * store or at their limit, a self-pickup order, and an order already picked
 * up. Store owners may not assign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderMoveResult } from '../../../src/api/orders/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { act, createCast, historyOf, moved, placeOrderFor, type Cast, type Person } from '../orders/lifecycle-support.ts';
import { driverCall, newDriver, orderTakenBy, preparingOrder, unlinkedStore, withSetting } from '../driver/driver-fixtures.ts';
import { auditRowsOf } from './admin-support.ts';

describe.each(testDatabases())('admin/assign-driver on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const assign = (who: Person, orderId: string, driver: Person | { id: number }) =>
    callAs(t.app, 'admin/assign-driver', { token: who.token, unique_order_id: orderId, driver_user_id: driver.id });
  const stateOf = async (orderId: number) => {
    const row = await t.db.selectFrom('orders').select(['status', 'driver_user_id']).where('id', '=', orderId).executeTakeFirstOrThrow();
    return { status: Number(row.status), driver: row.driver_user_id === null ? null : Number(row.driver_user_id) };
  };
  const auditedFor = async (uniqueOrderId: string) => (await auditRowsOf(t.db, 'admin/assign-driver')).filter((row) => row.entity_id === uniqueOrderId);

  it('gives an order the store is preparing to a driver: one step, audited, and the customer sees who brings it', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await preparingOrder(t.app, cast);
    const answer = await moved(assign(cast.admin, order.unique_order_id, driver));
    expect(answer.tracking).toMatchObject({ status: 3, status_name: 'DRIVER_ASSIGNED' });
    expect(answer.tracking.driver?.name).toMatch(/^Test Driver/);
    expect(await stateOf(order.id)).toEqual({ status: 3, driver: driver.id });
    const history = await historyOf(t.db, order.id);
    expect(history.map((step) => [step.status, step.actor])).toEqual([
      [1, 'customer'],
      [2, 'store'],
      [3, 'admin'],
    ]);
    expect(await auditedFor(order.unique_order_id)).toMatchObject([
      { user_id: cast.admin.id, role: 'admin', entity: 'orders', details: { driver_user_id: driver.id, previous_driver_user_id: null, restaurant_id: cast.store.id } },
    ]);

    // The same driver again: nothing changes, nothing more is audited.
    const again = await assign(cast.admin, order.unique_order_id, driver);
    expect([again.statusCode, again.json<OrderMoveResult>().changed]).toEqual([200, false]);
    expect(await auditedFor(order.unique_order_id)).toHaveLength(1);

    // The driver finds it among their own orders and moves it on.
    await moved(act(t.app, 'pickedup-order', driver, order));
  });

  it('hands an order to another driver before pickup: no new step, and only the new driver may pick it up', async () => {
    const first = await newDriver(t.app, t.db, [cast.store]);
    const second = await newDriver(t.app, t.db, [cast.store]);
    const order = await orderTakenBy(t.app, cast, first, 'assigned');
    const answer = await moved(assign(cast.admin, order.unique_order_id, second));
    expect(answer.tracking.status).toBe(3);
    expect(await stateOf(order.id)).toEqual({ status: 3, driver: second.id });
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2, 3]);
    expect(await auditedFor(order.unique_order_id)).toMatchObject([{ details: { driver_user_id: second.id, previous_driver_user_id: first.id } }]);

    // The first driver, still thinking it is theirs (a step queued offline), is refused in words.
    const late = await act(t.app, 'pickedup-order', first, order);
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([403, 'FORBIDDEN', 'This order is not assigned to you.']);
    const theirs = await driverCall(t.app, 'get-delivery-orders', first);
    expect(JSON.stringify(theirs.json())).not.toContain(order.unique_order_id);
    await moved(act(t.app, 'pickedup-order', second, order));
    expect(await stateOf(order.id)).toEqual({ status: 4, driver: second.id });

    // Picked up: the food is with the driver, it changes hands no more.
    const tooLate = await assign(cast.admin, order.unique_order_id, first);
    expect([tooLate.statusCode, tooLate.json()]).toEqual([
      409,
      { code: 'ILLEGAL_TRANSITION', message: 'This order was already picked up. It cannot be given to a driver now.' },
    ]);
  });

  it('refuses, in words for the administrator, a driver who could not take the order, and changes nothing', async () => {
    const order = await preparingOrder(t.app, cast);
    const offDuty = await newDriver(t.app, t.db, [cast.store]);
    await driverCall(t.app, 'toggle-delivery-guy-status', offDuty, { is_online: false });
    const elsewhere = await newDriver(t.app, t.db, [await unlinkedStore(t.db)]);
    const busy = await newDriver(t.app, t.db, [cast.store]);
    await orderTakenBy(t.app, cast, busy, 'assigned');

    const refusals = [
      [await assign(cast.admin, order.unique_order_id, cast.customer), 409, 'NOT_A_DRIVER', 'This person is not a driver.'],
      [await assign(cast.admin, order.unique_order_id, { id: 987_654 }), 404, 'UNKNOWN_USER', 'There is no user 987654.'],
      [await assign(cast.admin, order.unique_order_id, offDuty), 409, 'DRIVER_OFF_DUTY', 'This driver is off duty: they take no orders now.'],
      [await assign(cast.admin, order.unique_order_id, elsewhere), 403, 'STORE_NOT_LINKED', "This driver does not deliver for this order's store."],
      [
        await withSetting(t.db, 'driverMaxActiveOrders', '1', () => assign(cast.admin, order.unique_order_id, busy)),
        409,
        'DRIVER_ORDER_LIMIT',
        'This driver already holds 1 order, the most they may at once.',
      ],
      [await assign(cast.admin, 'FP-NO-SUCH-ORDER', busy), 404, 'NOT_FOUND', 'There is no order FP-NO-SUCH-ORDER.'],
    ] as const;
    expect(refusals.map(([response]) => [response.statusCode, response.json().code, response.json().message])).toEqual(
      refusals.map(([, status, code, message]) => [status, code, message]),
    );
    expect(await stateOf(order.id)).toEqual({ status: 2, driver: null });
    expect(await auditedFor(order.unique_order_id)).toEqual([]);
  });

  it('refuses a self-pickup order, one the store has not accepted, and a store owner', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const pickup = await placeOrderFor(t.app, cast, cast.customer, { orderType: 'SELFPICKUP' });
    await moved(act(t.app, 'accept-order', cast.owner, pickup));
    const selfPickup = await assign(cast.admin, pickup.unique_order_id, driver);
    expect([selfPickup.statusCode, selfPickup.json().code]).toEqual([409, 'WRONG_ORDER_TYPE']);

    const placed = await placeOrderFor(t.app, cast, cast.customer);
    const early = await assign(cast.admin, placed.unique_order_id, driver);
    expect([early.statusCode, early.json().message]).toEqual([409, 'The store has not accepted this order yet. It cannot be given to a driver now.']);

    const order = await preparingOrder(t.app, cast);
    const byOwner = await assign(cast.owner, order.unique_order_id, driver);
    expect([byOwner.statusCode, byOwner.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await stateOf(order.id)).toEqual({ status: 2, driver: null });
  });
});
