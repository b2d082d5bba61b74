/**
 * The driver's orders on each database: what is offered (a delivery order of
 * a store they deliver for, that the store is preparing and no driver has,
 * and nothing while off duty), what they hold (oldest first), one order
 * (offered or theirs; anything else NOT_FOUND), and their deliveries page
 * by page. The customer's name and phone show only on their own orders;
 * the store's street address and phone on every order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverCompletedOrders, DriverOrder, DriverOrders } from '../../../src/api/driver/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { act, createCast, moved, placeOrderFor, type Cast, type Person } from '../orders/lifecycle-support.ts';
import { driverCall, newDriver, orderTakenBy, preparingOrder } from './driver-fixtures.ts';

describe.each(testDatabases())("the driver's orders on $kind", ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const listsOf = async (driver: Person) => {
    const response = await driverCall(t.app, 'get-delivery-orders', driver);
    if (response.statusCode !== 200) throw new Error(`get-delivery-orders answered ${response.statusCode}: ${response.body}`);
    return response.json<DriverOrders>();
  };
  const ids = (orders: readonly DriverOrder[]) => orders.map((order) => order.unique_order_id);
  const single = (driver: Person, uniqueOrderId: string) => driverCall(t.app, 'get-single-delivery-order', driver, { unique_order_id: uniqueOrderId });

  it("offers only preparing delivery orders of the driver's stores that no driver has, and none while off duty", async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const offered = await preparingOrder(t.app, cast, { tip: 200 });
    const otherStores = await preparingOrder(t.app, cast, { store: cast.otherStore });
    const notAccepted = await placeOrderFor(t.app, cast, cast.customer);
    const selfPickup = await preparingOrder(t.app, cast, { orderType: 'SELFPICKUP' });
    const taken = await orderTakenBy(t.app, cast, cast.otherDriver, 'assigned');
    const first = await orderTakenBy(t.app, cast, driver, 'picked-up');
    const second = await orderTakenBy(t.app, cast, driver, 'assigned');

    const lists = await listsOf(driver);
    expect(lists).toMatchObject({ is_online: true, max_active_orders: 1000 });
    expect(ids(lists.new_orders)).toContain(offered.unique_order_id);
    for (const hidden of [otherStores, notAccepted, selfPickup, taken, first, second]) expect(ids(lists.new_orders)).not.toContain(hidden.unique_order_id);
    for (const order of lists.new_orders) {
      expect(order).toMatchObject({ status: 2, status_name: 'PREPARING', assigned_to_me: false, customer: null, restaurant: { id: cast.store.id } });
    }
    expect(ids(lists.accepted_orders)).toEqual([first.unique_order_id, second.unique_order_id]);

    const view = lists.new_orders.find((order) => order.unique_order_id === offered.unique_order_id);
    expect(view).toMatchObject({
      restaurant: { id: cast.store.id, name: 'Lifecycle Kitchen', latitude: 40.4406, longitude: -79.9959 },
      customer: null,
      address: '1 km north of Market Square',
      house: 'Flat 2',
      distance_km: 1,
      lines: [{ name: 'Test Burger', quantity: 2, unit_price: 1000, line_total: 2000 }],
      payment_mode: 'COD',
      payment_status: 'PENDING',
      total: offered.total,
      delivery_fee: 200,
      tip: 200,
      cash_to_collect: offered.total,
      // 80 % of the delivery fee, and the tip.
      earning: 360,
      requires_pin: true,
      history: [{ status: 1 }, { status: 2 }],
    });
    expect(view).not.toHaveProperty('delivery_pin');
    expect(lists.accepted_orders[0]).toMatchObject({ assigned_to_me: true, status: 4, customer: { name: 'Carla Customer', phone: cast.customer.phone } });

    await driverCall(t.app, 'toggle-delivery-guy-status', driver, { is_online: false });
    const offDuty = await listsOf(driver);
    expect(offDuty).toMatchObject({ is_online: false, new_orders: [] });
    expect(ids(offDuty.accepted_orders)).toEqual([first.unique_order_id, second.unique_order_id]);
  });

  it('shows one order offered to the driver or theirs; any other is NOT_FOUND', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const offered = await preparingOrder(t.app, cast);
    const mine = await orderTakenBy(t.app, cast, driver, 'assigned');
    const othersOrder = await orderTakenBy(t.app, cast, cast.otherDriver, 'assigned');
    const otherStores = await preparingOrder(t.app, cast, { store: cast.otherStore });
    const notAccepted = await placeOrderFor(t.app, cast, cast.customer);

    expect((await single(driver, offered.unique_order_id)).json()).toMatchObject({ unique_order_id: offered.unique_order_id, customer: null, assigned_to_me: false });
    expect((await single(driver, mine.unique_order_id)).json()).toMatchObject({ status: 3, customer: { name: 'Carla Customer' }, assigned_to_me: true });
    for (const hidden of [othersOrder.unique_order_id, otherStores.unique_order_id, notAccepted.unique_order_id, 'NO-SUCH-ORDER']) {
      const response = await single(driver, hidden);
      expect([response.statusCode, response.json().code], hidden).toEqual([404, 'NOT_FOUND']);
    }

    // Still theirs once delivered, with what it earned them.
    await moved(act(t.app, 'pickedup-order', driver, mine));
    await moved(act(t.app, 'deliver-order', driver, mine, { delivery_pin: mine.delivery_pin }));
    expect((await single(driver, mine.unique_order_id)).json()).toMatchObject({ status: 5, earning: 160, cash_to_collect: 0, payment_status: 'PAID', assigned_to_me: true });

    const customer = await callAs(t.app, 'get-single-delivery-order', { token: cast.customer.token, unique_order_id: mine.unique_order_id });
    expect([customer.statusCode, customer.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it("shows where to collect the food and the store's phone, as the store's owner wrote them in the console; null while a store has none", async () => {
    const driver = await newDriver(t.app, t.db, [cast.store, cast.otherStore]);
    const saved = await callAs(t.app, 'admin/save-store', {
      token: cast.owner.token,
      id: cast.store.id,
      address: '7 Foundry Street, Riverton',
      phone: '+1 412 555 0161',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const withContact = await preparingOrder(t.app, cast);
    const without = await preparingOrder(t.app, cast, { store: cast.otherStore });

    expect((await single(driver, withContact.unique_order_id)).json<DriverOrder>().restaurant).toEqual({
      id: cast.store.id,
      name: 'Lifecycle Kitchen',
      address: '7 Foundry Street, Riverton',
      phone: '+1 412 555 0161',
      latitude: 40.4406,
      longitude: -79.9959,
    });
    const offered = (await listsOf(driver)).new_orders;
    expect(offered.find((order) => order.unique_order_id === withContact.unique_order_id)?.restaurant).toMatchObject({
      address: '7 Foundry Street, Riverton',
      phone: '+1 412 555 0161',
    });
    expect(offered.find((order) => order.unique_order_id === without.unique_order_id)?.restaurant).toMatchObject({
      name: 'Other Kitchen',
      address: null,
      phone: null,
    });
  });

  it('pages the delivered orders newest first with next_before', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const delivered = [];
    for (let n = 0; n < 3; n += 1) delivered.push(await orderTakenBy(t.app, cast, driver, 'delivered'));
    await orderTakenBy(t.app, cast, driver, 'picked-up');
    const newestFirst = delivered.map((order) => order.unique_order_id).reverse();

    const all = (await driverCall(t.app, 'get-completed-orders', driver)).json<DriverCompletedOrders>();
    expect(ids(all.orders)).toEqual(newestFirst);
    expect(all.next_before).toBeNull();

    const first = (await driverCall(t.app, 'get-completed-orders', driver, { limit: 2 })).json<DriverCompletedOrders>();
    expect(ids(first.orders)).toEqual(newestFirst.slice(0, 2));
    expect(first.next_before).toEqual(expect.any(Number));
    const second = (await driverCall(t.app, 'get-completed-orders', driver, { limit: 2, before: first.next_before })).json<DriverCompletedOrders>();
    expect(ids(second.orders)).toEqual(newestFirst.slice(2));
    expect(second.next_before).toBeNull();
    expect(second.orders[0]).toMatchObject({ status: 5, assigned_to_me: true, earning: 160 });

    const someoneElse = (await driverCall(t.app, 'get-completed-orders', await newDriver(t.app, t.db, [cast.store]))).json<DriverCompletedOrders>();
    expect(someoneElse).toEqual({ orders: [], next_before: null });
  });

  it('bad input is a 400 and non-drivers get 403', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const bad: [Parameters<typeof driverCall>[1], Record<string, unknown>][] = [
      ['get-completed-orders', { limit: 0 }],
      ['get-completed-orders', { limit: 51 }],
      ['get-completed-orders', { before: 0 }],
      ['get-completed-orders', { before: 'latest' }],
      ['get-single-delivery-order', {}],
      ['get-single-delivery-order', { unique_order_id: '' }],
      ['get-single-delivery-order', { unique_order_id: 42 }],
      ['get-delivery-orders', { status: 2 }],
    ];
    for (const [name, extra] of bad) {
      const response = await driverCall(t.app, name, driver, extra);
      expect(response.statusCode, `${name} ${JSON.stringify(extra)}`).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    }
    for (const name of ['get-delivery-orders', 'get-completed-orders'] as const) {
      const response = await callAs(t.app, name, { token: cast.owner.token });
      expect([response.statusCode, response.json().code], name).toEqual([403, 'FORBIDDEN']);
    }
  });
});
