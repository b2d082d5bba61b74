/**
 * What an order's end does to money and points, on each database: a store's
 * cancel refunds the wallet part (the ledger still adds up to the balance),
 * gives back redeemed points and the coupon use, and tells the customer why;
 * a delivery pays a cash order and credits the points it promised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { moveOrder } from '../../../server/orders/transitions.ts';
import { registerCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { createCoupon, fundWallet, givePoints, pointsOf, walletOf } from '../checkout/checkout-fixtures.ts';
import { act, createCast, driveDeliveryTo, historyOf, moved, orderAlertsOf, placeOrderFor, type Cast } from './lifecycle-support.ts';

describe.each(testDatabases())('order refunds and settlement on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newCustomer = () => registerCustomer(t.app, 'Refund Customer');

  it("a store's cancel refunds the wallet part of a cash order, records why, and tells the customer", async () => {
    const customer = await newCustomer();
    await fundWallet(t.db, customer.id, 1200);
    const order = await placeOrderFor(t.app, cast, customer, { useWallet: true });
    expect(order.wallet_amount).toBe(1200);
    expect(order.payable_amount).toBe(order.total - 1200);
    expect((await walletOf(t.db, customer.id)).balance).toBe(0);

    await moved(act(t.app, 'accept-order', cast.owner, order));
    const cancelled = await moved(act(t.app, 'store-cancel-order', cast.owner, order, { reason: '  The oven broke down.  ' }));
    expect(cancelled.tracking).toMatchObject({ status: 6, status_name: 'CANCELLED', payment_status: 'REFUNDED', cancel_reason: 'The oven broke down.' });

    const wallet = await walletOf(t.db, customer.id);
    expect(wallet.balance).toBe(1200);
    expect(wallet.ledgerSum).toBe(wallet.balance);
    expect(wallet.entries.map((entry) => [entry.type, entry.amount, entry.balance_after])).toEqual([
      ['top_up', 1200, 1200],
      ['order_payment', -1200, 0],
      ['order_refund', 1200, 1200],
    ]);
    expect((await historyOf(t.db, order.id)).at(-1)).toMatchObject({ status: 6, actor: 'store', actor_user_id: cast.owner.id, note: 'The oven broke down.' });
    const alert = (await orderAlertsOf(t.db, customer.id, order.unique_order_id)).at(-1);
    expect(alert).toMatchObject({
      title: 'Order cancelled',
      message: `Your order ${order.unique_order_id} from Lifecycle Kitchen was cancelled: The oven broke down.`,
      data: { unique_order_id: order.unique_order_id, orderstatus_id: 6 },
    });

    // Cancelled is final: a second cancel changes nothing and refunds nothing.
    const again = await moved(act(t.app, 'store-cancel-order', cast.admin, order, { reason: 'Again' }));
    expect(again.changed).toBe(false);
    expect((await walletOf(t.db, customer.id)).entries).toHaveLength(3);
  });

  it('a cancel gives back the redeemed points and the coupon use', async () => {
    const customer = await newCustomer();
    await givePoints(t.db, customer.id, 300);
    const couponId = await createCoupon(t.db, { code: `BACK${customer.id}`, discount_value: 300, max_uses: 1 });
    const order = await placeOrderFor(t.app, cast, customer, { couponCode: `BACK${customer.id}`, loyaltyPoints: 200 });
    expect(order).toMatchObject({ coupon_discount: 300, loyalty_points_redeemed: 200 });
    expect((await pointsOf(t.db, customer.id)).points).toBe(100);
    const used = await t.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(Number(used.used_count)).toBe(1);

    await driveDeliveryTo(t.app, cast, order, 'assigned');
    await moved(act(t.app, 'store-cancel-order', cast.admin, order, { reason: 'No driver can reach the address.' }));

    expect(await pointsOf(t.db, customer.id)).toEqual({ points: 300, ledgerSum: 300 });
    const coupon = await t.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(Number(coupon.used_count)).toBe(0);
    expect(await t.db.selectFrom('coupon_redemptions').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    // The coupon's one use is free again: the same customer can use it on a new order.
    const reordered = await placeOrderFor(t.app, cast, customer, { couponCode: `BACK${customer.id}` });
    expect(reordered.coupon_discount).toBe(300);
  });

  it('an order paid entirely from the wallet is refunded in full; a cash order with nothing taken stays unpaid', async () => {
    const customer = await newCustomer();
    await fundWallet(t.db, customer.id, 10_000);
    const walletOrder = await placeOrderFor(t.app, cast, customer, { paymentMode: 'WALLET' });
    expect(walletOrder).toMatchObject({ payment_status: 'PAID', payable_amount: 0 });
    const refunded = await moved(act(t.app, 'store-cancel-order', cast.owner, walletOrder, { reason: 'Closing early today.' }));
    expect(refunded.tracking.payment_status).toBe('REFUNDED');
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 10_000, ledgerSum: 10_000 });

    const cashOrder = await placeOrderFor(t.app, cast, customer);
    const cashCancelled = await moved(act(t.app, 'store-cancel-order', cast.owner, cashOrder, { reason: 'Closing early today.' }));
    expect(cashCancelled.tracking.payment_status).toBe('PENDING');
    expect((await walletOf(t.db, customer.id)).entries).toHaveLength(3);
  });

  it("an order whose card payment fails gives back its points and coupon use, and tells the customer", async () => {
    const customer = await newCustomer();
    await givePoints(t.db, customer.id, 150);
    const couponId = await createCoupon(t.db, { code: `FAIL${customer.id}`, discount_value: 200, max_uses: 5 });
    const placed = await placeOrderFor(t.app, cast, customer, { couponCode: `FAIL${customer.id}`, loyaltyPoints: 100 });
    // As place-order leaves a card order: awaiting the gateway, nothing charged yet.
    await t.db.updateTable('orders').set({ status: OrderStatus.AWAITING_PAYMENT, payment_mode: 'STRIPE' }).where('id', '=', placed.id).execute();
    await t.db.updateTable('orders').set({ payment_status: 'FAILED' }).where('id', '=', placed.id).execute();

    const { order, changed } = await moveOrder(t.app, t.db, { orderId: placed.id, to: OrderStatus.PAYMENT_FAILED, actor: 'gateway', actorUserId: null, note: 'card declined' });
    expect([changed, Number(order.status), order.payment_status]).toEqual([true, 9, 'FAILED']);
    expect(await pointsOf(t.db, customer.id)).toEqual({ points: 150, ledgerSum: 150 });
    const coupon = await t.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(Number(coupon.used_count)).toBe(0);
    expect((await walletOf(t.db, customer.id)).entries).toEqual([]);
    expect((await orderAlertsOf(t.db, customer.id, placed.unique_order_id)).at(-1)).toMatchObject({ title: 'Payment failed', data: { orderstatus_id: 9 } });
  });

  it('a delivered cash order is paid and credits the points it promised, once', async () => {
    const customer = await newCustomer();
    const order = await placeOrderFor(t.app, cast, customer, { burgers: 3 });
    expect(order.loyalty_points_earned).toBeGreaterThan(0);
    await driveDeliveryTo(t.app, cast, order, 'picked-up');
    expect(await pointsOf(t.db, customer.id)).toEqual({ points: 0, ledgerSum: 0 });

    await moved(act(t.app, 'deliver-order', cast.driver, order, { delivery_pin: order.delivery_pin }));
    const row = await t.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect([Number(row.status), row.payment_status]).toEqual([5, 'PAID']);
    expect(await pointsOf(t.db, customer.id)).toEqual({ points: order.loyalty_points_earned, ledgerSum: order.loyalty_points_earned });
  });
});
