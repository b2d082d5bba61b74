/**
 * The order lifecycle through the API on each database: every legal step by
 * its actor (with its history row and the customer's alert), illegal moves
 * (409 with a code and words that say where the order is), moves by someone
 * who may not (403), who may read an order (everyone else gets 404), and
 * the store's order list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderTracking, StoreOrders } from '../../../src/api/orders/entities.ts';
import { callAs, outboxOf } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { act, createCast, driveDeliveryTo, historyOf, moved, orderAlertsOf, placeOrderFor, type Cast } from './lifecycle-support.ts';

describe.each(testDatabases())('order lifecycle moves on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const stepAlerts = async (order: Order) =>
    (await orderAlertsOf(t.db, cast.customer.id, order.unique_order_id)).filter((alert) => Number(alert.data.orderstatus_id) !== 1);

  it('a delivery order goes placed → preparing → driver assigned → picked up → delivered, each step by its actor, recorded and announced', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    expect(order.status).toBe(1);

    const accepted = await moved(act(t.app, 'accept-order', cast.owner, order));
    expect(accepted).toMatchObject({ changed: true, tracking: { unique_order_id: order.unique_order_id, status: 2, status_name: 'PREPARING', driver: null } });
    const assigned = await moved(act(t.app, 'accept-to-deliver', cast.driver, order));
    expect(assigned.tracking).toMatchObject({ status: 3, status_name: 'DRIVER_ASSIGNED', driver: { name: 'Priya Natarajan' } });
    const pickedUp = await moved(act(t.app, 'pickedup-order', cast.driver, order));
    expect(pickedUp.tracking.status).toBe(4);
    const delivered = await moved(act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin }));
    expect(delivered.tracking).toMatchObject({ status: 5, status_name: 'DELIVERED', payment_status: 'PAID' });
    expect(delivered.tracking.history.map((step) => step.status)).toEqual([1, 2, 3, 4, 5]);

    const history = await historyOf(t.db, order.id);
    expect(history.map((row) => [row.status, row.actor, row.actor_user_id])).toEqual([
      [1, 'customer', cast.customer.id],
      [2, 'store', cast.owner.id],
      [3, 'driver', cast.driver.id],
      [4, 'driver', cast.driver.id],
      [5, 'driver', cast.driver.id],
    ]);
    const row = await t.db.selectFrom('orders').select(['driver_user_id', 'payment_status']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(row.driver_user_id)).toBe(cast.driver.id);

    const alerts = await stepAlerts(order);
    expect(alerts.map((alert) => [alert.title, alert.data.orderstatus_id])).toEqual([
      ['Order accepted', 2],
      ['A driver is on the way to the store', 3],
      ['Your order is on its way', 4],
      ['Order delivered', 5],
    ]);
    expect(alerts[0]?.message).toBe(`Lifecycle Kitchen is preparing your order ${order.unique_order_id}.`);
    expect(alerts[1]?.message).toBe(`Priya will pick up your order ${order.unique_order_id} from Lifecycle Kitchen.`);
  });

  it('a self-pickup order is accepted by an admin, marked ready and completed by the store; the customer is told each step', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer, { orderType: 'SELFPICKUP' });
    const accepted = await moved(act(t.app, 'accept-order', cast.admin, order));
    expect(accepted.tracking.status).toBe(2);
    expect((await moved(act(t.app, 'mark-order-ready', cast.owner, order))).tracking).toMatchObject({ status: 7, status_name: 'READY_FOR_PICKUP' });
    const done = await moved(act(t.app, 'complete-pickup-order', cast.owner, order));
    expect(done.tracking).toMatchObject({ status: 5, payment_status: 'PAID', driver: null });

    expect((await historyOf(t.db, order.id)).map((row) => [row.status, row.actor])).toEqual([
      [1, 'customer'],
      [2, 'admin'],
      [7, 'store'],
      [5, 'store'],
    ]);
    expect((await stepAlerts(order)).map((alert) => alert.title)).toEqual(['Order accepted', 'Ready for pickup', 'Order collected']);
  });

  it("each step's alert reaches the customer's phone at once, not at the next periodic sweep", async () => {
    const device = `lifecycle-phone-${cast.customer.id}`;
    await callAs(t.app, 'save-notification-token', { token: cast.customer.token, user_id: cast.customer.id, push_token: device });
    const order = await placeOrderFor(t.app, cast, cast.customer);
    // Past the dispatcher's wake-ups for the order-placed alert, so only the step's own can send it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await moved(act(t.app, 'accept-order', cast.owner, order));
    const deadline = Date.now() + 3_000;
    let pushes = await outboxOf(t.app, { to: device, channel: 'push' });
    while (!pushes.some((push) => push.subject === 'Order accepted') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pushes = await outboxOf(t.app, { to: device, channel: 'push' });
    }
    expect(pushes.find((push) => push.subject === 'Order accepted')).toMatchObject({
      body: `Lifecycle Kitchen is preparing your order ${order.unique_order_id}.`,
      data: { unique_order_id: order.unique_order_id, orderstatus_id: '2' },
    });
  });

  it("alerts are written in the app's default language: Arabic when the admin makes it the default", async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    const setDefault = (code: string) =>
      t.db
        .updateTable('languages')
        .set((eb) => ({ is_default: eb.case().when('code', '=', code).then(1).else(0).end() }))
        .execute();
    await setDefault('ar');
    try {
      await moved(act(t.app, 'accept-order', cast.owner, order));
    } finally {
      await setDefault('en');
    }
    expect((await stepAlerts(order)).at(-1)).toMatchObject({
      title: 'تم قبول الطلب',
      message: `يحضّر Lifecycle Kitchen طلبك ${order.unique_order_id}.`,
    });
  });

  it('a move to where the order already is changes nothing: no history row, no alert', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await moved(act(t.app, 'accept-order', cast.owner, order));
    const again = await moved(act(t.app, 'accept-order', cast.admin, order));
    expect(again).toMatchObject({ changed: false, tracking: { status: 2 } });
    expect((await historyOf(t.db, order.id)).map((row) => row.status)).toEqual([1, 2]);
    expect(await stepAlerts(order)).toHaveLength(1);
  });

  it("a delivery order's food is marked ready at the counter, before or after its driver took it, once, and never after pickup", async () => {
    // Before a driver: the order stays preparing and says since when its food waits.
    const early = await placeOrderFor(t.app, cast, cast.customer);
    const tooSoon = await act(t.app, 'mark-order-ready', cast.owner, early);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
    await driveDeliveryTo(t.app, cast, early, 'preparing');
    const ready = await moved(act(t.app, 'mark-order-ready', cast.owner, early));
    expect(ready).toMatchObject({ changed: true, tracking: { status: 2, food_ready_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) } });
    const again = await moved(act(t.app, 'mark-order-ready', cast.owner, early));
    expect(again).toMatchObject({ changed: false, tracking: { food_ready_at: ready.tracking.food_ready_at } });
    // The driver still takes it as ever, and sees the food waiting.
    await moved(act(t.app, 'accept-to-deliver', cast.driver, early));
    const offered = (await callAs(t.app, 'get-order-status', { token: cast.customer.token, unique_order_id: early.unique_order_id })).json<{ status: number; food_ready_at: string | null }>();
    expect(offered).toMatchObject({ status: 3, food_ready_at: ready.tracking.food_ready_at });
    expect((await historyOf(t.db, early.id)).map((row) => row.status)).toEqual([1, 2, 3]);

    // After the driver took it: still the store's word to give; after pickup the food has left.
    const late = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, late, 'assigned');
    expect(await moved(act(t.app, 'mark-order-ready', cast.owner, late))).toMatchObject({ changed: true, tracking: { status: 3 } });
    const gone = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, gone, 'picked-up');
    const afterPickup = await act(t.app, 'mark-order-ready', cast.owner, gone);
    expect(afterPickup.statusCode).toBe(409);
    expect(afterPickup.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });

    // Only the order's store (or an admin) says so.
    const stranger = await act(t.app, 'mark-order-ready', cast.customer, late);
    expect(stranger.statusCode).toBe(403);
  });

  it('illegal moves answer 409 with a code and words that say where the order is', async () => {
    const placed = await placeOrderFor(t.app, cast, cast.customer, { orderType: 'SELFPICKUP' });
    const early = await act(t.app, 'mark-order-ready', cast.owner, placed);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'ILLEGAL_TRANSITION', message: 'The store has not accepted this order yet. It cannot be moved to ready for pickup.' });

    await moved(act(t.app, 'accept-order', cast.owner, placed));
    const noDriverForPickup = await act(t.app, 'accept-to-deliver', cast.driver, placed);
    expect(noDriverForPickup.statusCode).toBe(409);
    expect(noDriverForPickup.json()).toMatchObject({ code: 'WRONG_ORDER_TYPE' });

    const delivery = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, delivery, 'preparing');

    await moved(act(t.app, 'accept-to-deliver', cast.driver, delivery));
    const deliverBeforePickup = await act(t.app, 'deliver-order', cast.driver, delivery, { delivery_pin: delivery.delivery_pin });
    expect(deliverBeforePickup.statusCode).toBe(409);
    expect(deliverBeforePickup.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });

    await moved(act(t.app, 'pickedup-order', cast.driver, delivery));
    const storeCompletes = await act(t.app, 'complete-pickup-order', cast.owner, delivery);
    expect(storeCompletes.statusCode).toBe(409);
    expect(storeCompletes.json()).toEqual({
      code: 'NOT_ALLOWED_FOR_ACTOR',
      message: 'Only the driver can move this order from picked up to delivered.',
    });
    const lateCancel = await act(t.app, 'store-cancel-order', cast.owner, delivery, { reason: 'Too late' });
    expect(lateCancel.statusCode).toBe(409);
    expect(lateCancel.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringMatching(/^This order was already picked up\./) });

    const cancelled = await placeOrderFor(t.app, cast, cast.customer);
    await moved(act(t.app, 'store-cancel-order', cast.owner, cancelled, { reason: 'Out of buns' }));
    const acceptCancelled = await act(t.app, 'accept-order', cast.owner, cancelled);
    expect(acceptCancelled.statusCode).toBe(409);
    expect(acceptCancelled.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringMatching(/^This order was cancelled\./) });
    // Nothing was written by any refused move.
    expect((await historyOf(t.db, delivery.id)).map((row) => row.status)).toEqual([1, 2, 3, 4]);
  });

  it("another store's owner, a customer, another driver or a store owner acting as a driver get 403 and change nothing", async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    for (const [who, call] of [
      [cast.otherOwner, 'accept-order'],
      [cast.customer, 'accept-order'],
      [cast.driver, 'accept-order'],
      [cast.customer, 'accept-to-deliver'],
      [cast.owner, 'accept-to-deliver'],
    ] as const) {
      const response = await act(t.app, call, who, order);
      expect(response.statusCode, `${call} by user ${who.id}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const cancel = await act(t.app, 'store-cancel-order', cast.otherOwner, order, { reason: 'Not mine' });
    expect(cancel.statusCode).toBe(403);

    await driveDeliveryTo(t.app, cast, order, 'assigned');
    const notTheirs = await act(t.app, 'pickedup-order', cast.otherDriver, order);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This order is not assigned to you.' });
    const notTheirsToDeliver = await act(t.app, 'deliver-order', cast.otherDriver, order, { delivery_pin: order.delivery_pin });
    expect(notTheirsToDeliver.statusCode).toBe(403);
    expect((await historyOf(t.db, order.id)).map((row) => row.status)).toEqual([1, 2, 3]);

    const unknown = await act(t.app, 'accept-order', cast.owner, { unique_order_id: 'FP-NOSUCH00' });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await callAs(t.app, 'accept-order', { unique_order_id: order.unique_order_id });
    expect(signedOut.statusCode).toBe(401);
  });

  it('an order is readable by its customer, its store, its driver and admins; anyone else gets 404', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer);
    await driveDeliveryTo(t.app, cast, order, 'assigned');
    const agent = { token: await loginAs(t.app, 'agent') };
    const readers = [cast.customer, cast.owner, cast.driver, cast.admin];
    const strangers = [cast.otherCustomer, cast.otherOwner, cast.otherDriver, agent];
    for (const call of ['get-order-status', 'get-delivery-guy-gps-location'] as const) {
      for (const reader of readers) {
        const response = await act(t.app, call, reader, order);
        expect(response.statusCode, `${call} by a reader`).toBe(200);
        expect(response.json()).toMatchObject({ unique_order_id: order.unique_order_id });
      }
      for (const stranger of strangers) {
        const response = await act(t.app, call, stranger, order);
        expect(response.statusCode, `${call} by a stranger`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    const status = (await act(t.app, 'get-order-status', cast.customer, order)).json<OrderTracking>();
    expect(status).toMatchObject({ status: 3, order_type: 'DELIVERY', payment_status: 'PENDING', cancel_reason: null });
    expect(status.history.map((step) => step.status)).toEqual([1, 2, 3]);
  });

  it("get-store-orders lists the owner's stores' orders newest first, without the PIN; other stores are not theirs", async () => {
    const first = await placeOrderFor(t.app, cast, cast.otherCustomer);
    const second = await placeOrderFor(t.app, cast, cast.otherCustomer, { orderType: 'SELFPICKUP' });
    const elsewhere = await placeOrderFor(t.app, cast, cast.otherCustomer, { store: cast.otherStore });
    await moved(act(t.app, 'accept-order', cast.owner, second));

    const mine = (await callAs(t.app, 'get-store-orders', { token: cast.owner.token, restaurant_id: cast.store.id })).json<StoreOrders>();
    const ids = mine.orders.map((order) => order.unique_order_id);
    expect(ids.indexOf(second.unique_order_id)).toBeLessThan(ids.indexOf(first.unique_order_id));
    expect(ids).not.toContain(elsewhere.unique_order_id);
    expect(mine.orders.every((order) => order.delivery_pin === null && order.restaurant.id === cast.store.id)).toBe(true);
    // The store calls about an order: who ordered and their phone, as the driver sees them.
    expect(mine.orders.find((order) => order.unique_order_id === first.unique_order_id)?.customer).toEqual({
      name: 'Oscar Other-Customer',
      phone: cast.otherCustomer.phone,
    });

    const preparing = (await callAs(t.app, 'get-store-orders', { token: cast.owner.token, status: [2] })).json<StoreOrders>();
    expect(preparing.orders.map((order) => order.unique_order_id)).toContain(second.unique_order_id);
    expect(preparing.orders.every((order) => order.status === 2)).toBe(true);

    const everything = (await callAs(t.app, 'get-store-orders', { token: cast.admin.token, limit: 100 })).json<StoreOrders>();
    expect(everything.orders.map((order) => order.unique_order_id)).toEqual(expect.arrayContaining([first.unique_order_id, elsewhere.unique_order_id]));

    const notTheirs = await callAs(t.app, 'get-store-orders', { token: cast.owner.token, restaurant_id: cast.otherStore.id });
    expect(notTheirs.statusCode).toBe(403);
    const customer = await callAs(t.app, 'get-store-orders', { token: cast.customer.token });
    expect(customer.statusCode).toBe(403);
  });

  it("get-store-orders' updated_since gives the board the orders finished today, and refuses a time that is none", async () => {
    const delivered = await placeOrderFor(t.app, cast, cast.otherCustomer);
    await driveDeliveryTo(t.app, cast, delivered, 'delivered');
    const finished = { token: cast.owner.token, restaurant_id: cast.store.id, status: [5, 6] };

    const today = (await callAs(t.app, 'get-store-orders', { ...finished, updated_since: new Date(Date.now() - 60_000).toISOString() })).json<StoreOrders>();
    expect(today.orders.map((order) => order.unique_order_id)).toContain(delivered.unique_order_id);
    expect(today.orders.every((order) => [5, 6].includes(order.status))).toBe(true);
    const later = (await callAs(t.app, 'get-store-orders', { ...finished, updated_since: new Date(Date.now() + 60_000).toISOString() })).json<StoreOrders>();
    expect(later.orders).toEqual([]);

    const notATime = await callAs(t.app, 'get-store-orders', { ...finished, updated_since: '2026-13-45T10:00:00Z' });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
