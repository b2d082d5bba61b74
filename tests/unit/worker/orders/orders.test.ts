// @vitest-environment node
/**
 * The customer's orders through the sync worker against a real server:
 * get-orders' pages into the replica with the server's cursor, one order
 * brought up to date from get-order-status, cancel-order with its refund
 * (online only), and logout taking the orders and what checkout kept.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrdersListRow, StoredOrder } from '../../../../src/api/checkout/worker-api.ts';
import type { Order } from '../../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../../src/api/outbox.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { callAs, type NewCustomer } from '../../../support/accounts.ts';
import { loginAs } from '../../../support/inject-call.ts';
import { fundWallet, walletOf } from '../../../server/checkout/checkout-fixtures.ts';
import { signIn, testShop, type Shop } from '../checkout-helpers.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

async function fresh(): Promise<{ h: Harness; customer: NewCustomer; shop: Shop }> {
  harness = await startHarness({ server: shared.server });
  return { h: harness, customer: await signIn(harness), shop: await testShop(shared.server) };
}

/** An order placed on the server (another device): two burgers to collect, cash unless the wallet pays first. */
async function placedElsewhere(customer: NewCustomer, shop: Shop, options: { useWallet?: boolean } = {}): Promise<Order> {
  const response = await callAs(
    shared.server.app,
    'place-order',
    {
      token: customer.token,
      restaurant_id: shop.id,
      items: [{ id: shop.menu.burger, quantity: 2, addon_ids: [] }],
      order_type: 'SELFPICKUP',
      payment_mode: 'COD',
      ...(options.useWallet ? { use_wallet: true } : {}),
    },
    { headers: { [IDEMPOTENCY_HEADER]: randomUUID() } },
  );
  if (response.statusCode !== 200) throw new Error(`place-order answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}

async function replicaOrders(): Promise<StoredOrder[]> {
  return (await harness.db.orders.toArray()) as unknown as StoredOrder[];
}

async function listRow(): Promise<OrdersListRow | undefined> {
  return (await harness.db.prefs.get(PrefKey.ordersList))?.value as OrdersListRow | undefined;
}

describe('the orders list', () => {
  it('holds the newest page with the cursor; Load more follows it to the last page', async () => {
    const { h, customer, shop } = await fresh();
    const placed: string[] = [];
    for (let n = 0; n < 23; n += 1) placed.push((await placedElsewhere(customer, shop)).unique_order_id);

    expect(await h.service.api.refreshOrders()).toEqual({ ok: true });
    const firstPage = await replicaOrders();
    expect(firstPage.map((order) => order.unique_order_id).sort()).toEqual(placed.slice(-20).sort());
    expect(firstPage.every((order) => order.userId === customer.id && order.restaurant.id === shop.id)).toBe(true);
    expect((await listRow())?.nextBefore).toEqual(expect.any(Number));

    expect(await h.service.api.loadMoreOrders()).toEqual({ ok: true, value: { more: false } });
    expect((await replicaOrders()).map((order) => order.unique_order_id).sort()).toEqual([...placed].sort());
    expect(await listRow()).toMatchObject({ userId: customer.id, nextBefore: null });
    const sent = h.network.sent.length;
    expect(await h.service.api.loadMoreOrders()).toEqual({ ok: true, value: { more: false } });
    expect(h.network.sent.length).toBe(sent);

    // A refresh starts over from the newest page, with an order placed since.
    const newest = await placedElsewhere(customer, shop);
    await h.service.api.refreshOrders();
    const refreshed = await replicaOrders();
    expect(refreshed).toHaveLength(20);
    expect(refreshed.map((order) => order.unique_order_id)).toContain(newest.unique_order_id);
  });

  it('offline, keeps what it holds and answers offline', async () => {
    const { h, customer, shop } = await fresh();
    await placedElsewhere(customer, shop);
    await h.service.api.refreshOrders();
    const before = await replicaOrders();

    h.network.offline = true;
    expect(await h.service.api.refreshOrders()).toEqual({ ok: false, reason: 'offline' });
    expect(await replicaOrders()).toEqual(before);
    h.network.offline = false;
  });
});

describe('one order', () => {
  it('refreshOrder brings where it stands: the store accepted it, so it shows preparing and can no longer be cancelled', async () => {
    const { h, customer } = await fresh();
    const admin = await loginAs(shared.server.app, 'admin');
    const shop = await testShop(shared.server);
    const order = await placedElsewhere(customer, shop);
    await h.service.api.refreshOrders();
    expect(await h.db.orders.get(order.unique_order_id)).toMatchObject({ status: 1, can_cancel: true });

    const accepted = await callAs(shared.server.app, 'accept-order', { token: admin, unique_order_id: order.unique_order_id });
    expect(accepted.statusCode).toBe(200);
    expect(await h.service.api.refreshOrder(order.unique_order_id)).toEqual({ ok: true });
    expect(await h.db.orders.get(order.unique_order_id)).toMatchObject({
      status: 2,
      status_name: 'PREPARING',
      can_cancel: false,
      history: [{ status: 1 }, { status: 2 }],
    });
    expect(await h.service.api.cancelOrder(order.unique_order_id)).toMatchObject({ ok: false, reason: 'conflict', code: 'ORDER_NOT_CANCELLABLE' });
    expect(await h.db.orders.get(order.unique_order_id)).toMatchObject({ status: 2 });
  });

  it('cancelOrder cancels a placed order: the replica shows it cancelled and the wallet part back in the wallet', async () => {
    const { h, customer, shop } = await fresh();
    await fundWallet(shared.server.db, customer.id, 500);
    const order = await placedElsewhere(customer, shop, { useWallet: true });
    expect(order.wallet_amount).toBe(500);
    await h.service.api.refreshOrders();

    h.network.offline = true;
    expect(await h.service.api.cancelOrder(order.unique_order_id)).toEqual({ ok: false, reason: 'offline' });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.orders.get(order.unique_order_id)).toMatchObject({ status: 1 });
    h.network.offline = false;

    expect(await h.service.api.cancelOrder(order.unique_order_id, 'Ordered by mistake')).toEqual({ ok: true });
    expect(await h.db.orders.get(order.unique_order_id)).toMatchObject({
      status: 6,
      status_name: 'CANCELLED',
      payment_status: 'REFUNDED',
      can_cancel: false,
      history: [{ status: 1 }, { status: 6 }],
    });
    expect(await walletOf(shared.server.db, customer.id)).toMatchObject({ balance: 500, ledgerSum: 500 });
  });
});

describe('logout', () => {
  it("takes the orders and what checkout kept for the user (an unanswered attempt, a waiting payment, the quote)", async () => {
    const { h, customer, shop } = await fresh();
    await placedElsewhere(customer, shop);
    await h.service.api.refreshOrders();
    for (const key of [PrefKey.placeOrderAttempt, PrefKey.pendingPayment, PrefKey.checkoutQuote]) {
      await h.db.prefs.put({ key, value: { userId: customer.id } });
    }

    expect(await h.service.api.logout()).toEqual({ ok: true });
    expect(await h.db.orders.count()).toBe(0);
    const left = await h.db.prefs.bulkGet([PrefKey.ordersList, PrefKey.placeOrderAttempt, PrefKey.pendingPayment, PrefKey.checkoutQuote]);
    expect(left).toEqual([undefined, undefined, undefined, undefined]);
  });
});
