/**
 * After placing: the customer's orders list (newest first, in pages), the
 * running-order check and update-user-info's order, the customer's cancel
 * (while placed or awaiting a card payment: wallet part, points and coupon
 * use given back, each with its ledger row; 409 once the store accepted),
 * and another user's order (404 to cancel, 403 to list, not reported by
 * update-user-info; an admin may list it without its delivery PIN).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSessionResult, Notification, RunningOrderCheck, UserInfo } from '../../../src/api/account/entities.ts';
import type { Order, OrdersPage } from '../../../src/api/orders/entities.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import {
  CARD_READY_PAYMENTS,
  addressKmNorth,
  callWithKey,
  createCoupon,
  createTestStore,
  fundWallet,
  givePoints,
  line,
  pointsOf,
  setSetting,
  walletOf,
  type TestStore,
} from './checkout-fixtures.ts';

describe.each(testDatabases())('orders after checkout on $kind', ({ kind }) => {
  let t: TestApp;
  let store: TestStore;
  beforeAll(async () => {
    t = await buildTestApp(kind, { payments: CARD_READY_PAYMENTS });
    store = await createTestStore(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = async (who: NewCustomer, overrides: Record<string, unknown> = {}) => {
    const response = await callWithKey(t.app, 'place-order', {
      token: who.token,
      restaurant_id: store.id,
      items: [line(store.menu.burger, 2)],
      order_type: 'DELIVERY',
      address: addressKmNorth(1),
      payment_mode: 'COD',
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const cancel = (who: NewCustomer, uniqueOrderId: string, reason?: string) =>
    callWithKey(t.app, 'cancel-order', { token: who.token, unique_order_id: uniqueOrderId, ...(reason ? { reason } : {}) });
  const ordersPage = (who: NewCustomer, extra: Record<string, unknown> = {}) => callAs(t.app, 'get-orders', { token: who.token, ...extra });
  const running = async (who: NewCustomer) =>
    (await callAs(t.app, 'check-running-order', { token: who.token, user_id: who.id })).json<RunningOrderCheck>();

  it('get-orders: the customer’s orders newest first, in pages joined by next_before', async () => {
    const customer = await registerCustomer(t.app);
    expect((await ordersPage(customer)).json()).toEqual({ orders: [], next_before: null });
    const placed = [];
    for (let i = 0; i < 5; i += 1) placed.push(await place(customer, { items: [line(store.menu.burger, 2 + i)] }));
    const newestFirst = [...placed].reverse().map((order) => order.unique_order_id);

    const all = (await ordersPage(customer)).json<OrdersPage>();
    expect(all.orders.map((order) => order.unique_order_id)).toEqual(newestFirst);
    expect(all.next_before).toBeNull();
    expect(all.orders[0]).toEqual(placed.at(-1));

    const first = (await ordersPage(customer, { limit: 2 })).json<OrdersPage>();
    expect(first.orders.map((order) => order.unique_order_id)).toEqual(newestFirst.slice(0, 2));
    const second = (await ordersPage(customer, { limit: 2, before: first.next_before })).json<OrdersPage>();
    expect(second.orders.map((order) => order.unique_order_id)).toEqual(newestFirst.slice(2, 4));
    const last = (await ordersPage(customer, { limit: 2, before: second.next_before })).json<OrdersPage>();
    expect(last).toMatchObject({ next_before: null });
    expect(last.orders.map((order) => order.unique_order_id)).toEqual(newestFirst.slice(4));
    expect((await ordersPage(customer, { limit: 51 })).statusCode).toBe(400);
  });

  it('check-running-order and update-user-info follow the newest order still on its way', async () => {
    const customer = await registerCustomer(t.app);
    expect(await running(customer)).toEqual({ running: false, order: null });
    const older = await place(customer);
    const newer = await place(customer);
    expect(await running(customer)).toEqual({ running: true, order: { unique_order_id: newer.unique_order_id, orderstatus_id: 1 } });
    await cancel(customer, newer.unique_order_id);
    expect(await running(customer)).toEqual({ running: true, order: { unique_order_id: older.unique_order_id, orderstatus_id: 1 } });
    const info = await callAs(t.app, 'update-user-info', { token: customer.token, user_id: customer.id, unique_order_id: newer.unique_order_id });
    expect(info.json<UserInfo>().order).toEqual({ unique_order_id: newer.unique_order_id, orderstatus_id: 6 });
    await cancel(customer, older.unique_order_id);
    expect(await running(customer)).toEqual({ running: false, order: null });
  });

  it('cancel while placed: cancelled, the wallet part refunded, points and the coupon use given back, the customer told', async () => {
    const customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 1000);
    await givePoints(t.db, customer.id, 300);
    const couponId = await createCoupon(t.db, { code: `BACK${customer.id}`, max_uses: 1 });
    const placed = await place(customer, { use_wallet: true, loyalty_points: 200, coupon_code: `BACK${customer.id}` });
    expect(placed).toMatchObject({ wallet_amount: 1000, loyalty_points_redeemed: 200, coupon_discount: 500 });
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 0 });

    const response = await cancel(customer, placed.unique_order_id, 'Ordered by mistake');
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<Order>();
    expect(cancelled).toMatchObject({ status: 6, status_name: 'CANCELLED', can_cancel: false, cancel_reason: 'Ordered by mistake', payment_status: 'REFUNDED' });
    expect(cancelled.history.map((step) => step.status)).toEqual([1, 6]);

    const wallet = await walletOf(t.db, customer.id);
    expect(wallet).toMatchObject({ balance: 1000, ledgerSum: 1000 });
    expect(wallet.entries.at(-1)).toEqual({ amount: 1000, type: 'order_refund', balance_after: 1000 });
    expect(await pointsOf(t.db, customer.id)).toEqual({ points: 300, ledgerSum: 300 });
    const coupon = await t.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(Number(coupon.used_count)).toBe(0);
    expect(await t.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', placed.id).execute()).toEqual([]);
    const [alert] = (await callAs(t.app, 'get-user-notifications', { token: customer.token, user_id: customer.id })).json<Notification[]>();
    expect(alert).toMatchObject({ title: 'Order cancelled', data: { unique_order_id: placed.unique_order_id, orderstatus_id: 6 } });

    // Cancelling again changes nothing and answers the cancelled order; the coupon is free for the next order.
    expect((await cancel(customer, placed.unique_order_id)).json()).toMatchObject({ status: 6 });
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 1000, ledgerSum: 1000 });
    expect((await place(customer, { coupon_code: `BACK${customer.id}` })).coupon_discount).toBe(500);
  });

  it('cancel once the store accepted: 409 ORDER_NOT_CANCELLABLE, nothing changes', async () => {
    const auto = await createTestStore(t.db, { auto_accept_orders: 1 });
    const customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 5000);
    const placed = await place(customer, { restaurant_id: auto.id, items: [line(auto.menu.burger, 2)], payment_mode: 'WALLET' });
    expect(placed.status).toBe(2);
    const response = await cancel(customer, placed.unique_order_id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'ORDER_NOT_CANCELLABLE',
      message: 'The store is preparing this order. Ask the store to cancel it.',
    });
    const row = await t.db.selectFrom('orders').select('status').where('id', '=', placed.id).executeTakeFirstOrThrow();
    expect(Number(row.status)).toBe(2);
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 5000 - placed.total, ledgerSum: 5000 - placed.total });
  });

  it('cancel while a card payment is pending: the customer gives up on paying', async () => {
    const customer = await registerCustomer(t.app);
    await setSetting(t.db, 'stripeEnabled', 'true');
    try {
      const placed = await place(customer, { payment_mode: 'STRIPE' });
      expect(placed.status).toBe(8);
      const cancelled = (await cancel(customer, placed.unique_order_id)).json<Order>();
      expect(cancelled).toMatchObject({ status: 6, can_cancel: false });
      expect(await running(customer)).toEqual({ running: false, order: null });
    } finally {
      await setSetting(t.db, 'stripeEnabled', 'false');
    }
  });

  it('an agent cancels for the customer: signed and audited with the agent id', async () => {
    const customer = await registerCustomer(t.app);
    const placed = await place(customer);
    const agentToken = await loginAs(t.app, 'agent');
    const session = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    const response = await cancel({ ...customer, token: session.data.auth_token }, placed.unique_order_id);
    expect(response.json()).toMatchObject({ status: 6 });
    const step = await t.db.selectFrom('order_history').selectAll().where('order_id', '=', placed.id).where('status', '=', 6).executeTakeFirstOrThrow();
    expect(step).toMatchObject({ actor: 'customer', actor_user_id: session.data.acting_agent_id });
    const audit = await t.db.selectFrom('agent_actions').select('action').where('customer_id', '=', customer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('cancel-order');
  });

  it("another user's order: 404 to cancel, 403 to list, not reported; an admin lists it without the PIN", async () => {
    const owner = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const placed = await place(owner);

    const cancelled = await cancel(stranger, placed.unique_order_id);
    expect(cancelled.statusCode).toBe(404);
    // The same answer as for an order that does not exist: ids cannot be probed.
    expect(cancelled.json()).toEqual({ code: 'NOT_FOUND', message: `You have no order ${placed.unique_order_id}.` });
    expect((await cancel(stranger, 'FP-NOSUCH00')).json()).toEqual({ code: 'NOT_FOUND', message: 'You have no order FP-NOSUCH00.' });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', placed.id).executeTakeFirstOrThrow()).status).toBe(1);

    const listed = await ordersPage(stranger, { user_id: owner.id });
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await ordersPage(stranger)).json()).toEqual({ orders: [], next_before: null });

    const info = await callAs(t.app, 'update-user-info', { token: stranger.token, user_id: stranger.id, unique_order_id: placed.unique_order_id });
    expect(info.json<UserInfo>().order).toBeNull();
    expect((await callAs(t.app, 'check-running-order', { token: stranger.token, user_id: owner.id })).statusCode).toBe(403);

    const admin = await loginAs(t.app, 'admin');
    const asAdmin = (await callAs(t.app, 'get-orders', { token: admin, user_id: owner.id })).json<OrdersPage>();
    expect(asAdmin.orders.map((order) => order.unique_order_id)).toEqual([placed.unique_order_id]);
    expect(asAdmin.orders[0]?.delivery_pin).toBeNull();
    expect((await ordersPage(owner)).json<OrdersPage>().orders[0]?.delivery_pin).toBe(placed.delivery_pin);
  });
});
