/**
 * What a delivery pays its driver, on each database: the commission (a
 * percentage of the delivery fee or of the subtotal, rounded half up) and
 * the tip, credited to their wallet ledger as two entries in the move's
 * transaction; the cash they took on a cash order; and the delivery PIN,
 * asked for only while the setting says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { fundWallet } from '../checkout/checkout-fixtures.ts';
import { act, createCast, historyOf, moved, placeOrderFor, type Cast } from '../orders/lifecycle-support.ts';
import { driverMoneyOf, ledgerOf, newDriver, orderTakenBy, profileOf, withSetting } from './driver-fixtures.ts';

describe.each(testDatabases())("the driver's earnings on $kind", ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const commissionTo = async (type: string, rate: string, choice: Parameters<typeof orderTakenBy>[4]) =>
    withSetting(t.db, 'driverCommissionType', type, () =>
      withSetting(t.db, 'driverCommissionRate', rate, async () => {
        const driver = await newDriver(t.app, t.db, [cast.store]);
        const order = await orderTakenBy(t.app, cast, driver, 'delivered', choice);
        return { driver, order, ledger: await ledgerOf(t.db, driver.id), money: await driverMoneyOf(t.db, order.id) };
      }),
    );

  it('a percentage of the delivery fee, rounded half up, and the tip as its own entry', async () => {
    // 15 % of the $2.00 delivery fee (1 km away).
    const { order, ledger, money } = await commissionTo('DELIVERY_FEE_PERCENT', '15', { tip: 275 });
    expect(order.delivery_fee).toBe(200);
    expect(ledger).toEqual([
      { amount: 30, type: 'delivery_commission', reason: `Commission for delivering order ${order.unique_order_id}` },
      { amount: 275, type: 'delivery_tip', reason: `Tip for delivering order ${order.unique_order_id}` },
    ]);
    expect(money).toMatchObject({ driver_earning: 305 });
  });

  it('rounds half a cent up', async () => {
    // 12.5 % of a $2.00 delivery fee: 25 exactly; 0.25 % of it: 0.5, which rounds up to 1 (not to the even 0).
    expect((await commissionTo('DELIVERY_FEE_PERCENT', '12.5', {})).ledger.map((entry) => entry.amount)).toEqual([25]);
    expect((await commissionTo('DELIVERY_FEE_PERCENT', '0.25', {})).ledger.map((entry) => entry.amount)).toEqual([1]);
  });

  it('a percentage of the subtotal', async () => {
    // 12.5 % of three burgers ($30.00).
    const { driver, order, ledger, money } = await commissionTo('ORDER_PERCENT', '12.5', { burgers: 3, tip: 100 });
    expect(ledger.map((entry) => [entry.type, entry.amount])).toEqual([
      ['delivery_commission', 375],
      ['delivery_tip', 100],
    ]);
    expect(money.driver_earning).toBe(475);
    expect(await profileOf(t.app, driver)).toMatchObject({ wallet_balance: 475, earnings_total: 475, completed_orders: 1 });
    expect(order.subtotal).toBe(3000);
  });

  it('no commission and no tip credits nothing and earns 0', async () => {
    const { ledger, money } = await commissionTo('ORDER_PERCENT', '0', {});
    expect(ledger).toEqual([]);
    expect(money.driver_earning).toBe(0);
  });

  it('records the cash taken at the door on a cash order: what was left to pay after the wallet', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const cash = await orderTakenBy(t.app, cast, driver, 'delivered');
    expect(await driverMoneyOf(t.db, cash.id)).toEqual({ driver_earning: 160, cash_collected: cash.total, cash_settled_at: null, payment_status: 'PAID' });

    await fundWallet(t.db, cast.customer.id, 1000);
    const partly = await orderTakenBy(t.app, cast, driver, 'delivered', { useWallet: true });
    expect(partly.payable_amount).toBe(partly.total - 1000);
    expect((await driverMoneyOf(t.db, partly.id)).cash_collected).toBe(partly.total - 1000);

    await fundWallet(t.db, cast.customer.id, 5000);
    const prepaid = await orderTakenBy(t.app, cast, driver, 'delivered', { paymentMode: 'WALLET' });
    expect(await driverMoneyOf(t.db, prepaid.id)).toEqual({ driver_earning: 160, cash_collected: null, cash_settled_at: null, payment_status: 'PAID' });

    expect((await profileOf(t.app, driver)).cash_in_hand).toBe(cash.total + partly.total - 1000);
  });

  it('a self-pickup order pays no driver', async () => {
    const order = await placeOrderFor(t.app, cast, cast.customer, { orderType: 'SELFPICKUP' });
    await moved(act(t.app, 'accept-order', cast.owner, order));
    await moved(act(t.app, 'mark-order-ready', cast.owner, order));
    await moved(act(t.app, 'complete-pickup-order', cast.owner, order));
    expect(await driverMoneyOf(t.db, order.id)).toMatchObject({ driver_earning: null, cash_collected: null, payment_status: 'PAID' });
  });

  it('asks for the PIN only while deliveryPinRequired is on; a missing one is WRONG_DELIVERY_PIN', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await orderTakenBy(t.app, cast, driver, 'picked-up');
    const missing = await act(t.app, 'deliver-order', driver, order);
    expect([missing.statusCode, missing.json().code]).toEqual([422, 'WRONG_DELIVERY_PIN']);
    expect(await ledgerOf(t.db, driver.id)).toEqual([]);
    expect((await historyOf(t.db, order.id)).map((step) => step.status)).toEqual([1, 2, 3, 4]);

    await withSetting(t.db, 'deliveryPinRequired', 'false', async () => {
      const other = await orderTakenBy(t.app, cast, driver, 'picked-up');
      expect((await profileOf(t.app, driver)).delivery_pin_required).toBe(false);
      expect(await moved(act(t.app, 'deliver-order', driver, order))).toMatchObject({ changed: true, tracking: { status: 5 } });
      // Off, a PIN sent anyway is not checked.
      expect(await moved(act(t.app, 'deliver-order', driver, other, { delivery_pin: 'nope' }))).toMatchObject({ changed: true });
    });
    expect((await ledgerOf(t.db, driver.id)).map((entry) => entry.amount)).toEqual([160, 160]);
  });
});
