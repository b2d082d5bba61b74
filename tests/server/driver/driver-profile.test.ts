/**
 * The driver's profile and duty on each database: counts, wallet, earnings
 * and cash in hand as deliveries add them up; going on and off duty, with
 * or without saying which, and a toggle queued offline that arrives after a
 * newer one changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverOrders, DriverProfile } from '../../../src/api/driver/entities.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { createCast, type Cast } from '../orders/lifecycle-support.ts';
import { driverCall, newDriver, orderTakenBy, profileOf, withSetting } from './driver-fixtures.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(testDatabases())('the driver profile on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const toggle = async (driver: { token: string }, extra: Record<string, unknown> = {}) => {
    const response = await driverCall(t.app, 'toggle-delivery-guy-status', driver, extra);
    if (response.statusCode !== 200) throw new Error(`toggle answered ${response.statusCode}: ${response.body}`);
    return response.json<DriverProfile>();
  };

  it('adds up what the driver holds, delivered, earned and carries in cash', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store, cast.otherStore]);
    await withSetting(t.db, 'driverMaxActiveOrders', '4', async () => {
      expect(await profileOf(t.app, driver)).toMatchObject({
        id: driver.id,
        is_online: true,
        active_orders: 0,
        max_active_orders: 4,
        completed_orders: 0,
        wallet_balance: 0,
        earnings_today: 0,
        earnings_total: 0,
        cash_in_hand: 0,
        stores: [
          { id: cast.store.id, name: 'Lifecycle Kitchen' },
          { id: cast.otherStore.id, name: 'Other Kitchen' },
        ],
        gps_interval_seconds: 15,
        delivery_pin_required: true,
      });

      // Cash, two burgers, $3.00 tip: 2000 + 100 charge + 160 tax + 200 delivery + 300 tip.
      const delivered = await orderTakenBy(t.app, cast, driver, 'delivered', { tip: 300 });
      expect(delivered.total).toBe(2760);
      await orderTakenBy(t.app, cast, driver, 'assigned');
      // 80 % of the $2.00 delivery fee, and the tip.
      expect(await profileOf(t.app, driver)).toMatchObject({
        active_orders: 1,
        completed_orders: 1,
        wallet_balance: 460,
        earnings_today: 460,
        earnings_total: 460,
        cash_in_hand: 2760,
      });
    });

    // Earned two days ago, and a payout: neither is today's earning; the payout is no earning at all.
    await t.app.walletRepository.appendEntry({ userId: driver.id, amount: 100, type: 'delivery_commission', reason: 'Earlier', createdBy: null, now: new Date(Date.now() - 2 * 86_400_000) });
    await t.app.walletRepository.appendEntry({ userId: driver.id, amount: -200, type: 'adjustment', reason: 'Payout', createdBy: null });
    // The admin takes the cash in.
    await t.db.updateTable('orders').set({ cash_settled_at: new Date().toISOString() }).where('driver_user_id', '=', driver.id).execute();
    expect(await profileOf(t.app, driver)).toMatchObject({ wallet_balance: 360, earnings_today: 460, earnings_total: 560, cash_in_hand: 0 });
  });

  it('goes on and off duty as asked, or flips without is_online', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store], { onDuty: false });
    expect(await profileOf(t.app, driver)).toMatchObject({ is_online: false, online_changed_at: null });
    const on = await toggle(driver);
    expect(on.is_online).toBe(true);
    expect(Date.parse(on.online_changed_at ?? '')).toBeLessThanOrEqual(Date.now());
    expect((await toggle(driver)).is_online).toBe(false);
    expect((await toggle(driver, { is_online: true })).is_online).toBe(true);
    expect((await toggle(driver, { is_online: true })).is_online).toBe(true);
    expect((await toggle(driver, { is_online: false })).is_online).toBe(false);
    expect(await profileOf(t.app, driver)).toMatchObject({ is_online: false });
  });

  it('a toggle queued offline older than the last change changes nothing, and the same toggle twice flips once', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store], { onDuty: false });
    const twoMinutesAgo = minutesAgo(2);
    const on = await toggle(driver, { is_online: true, acted_at: twoMinutesAgo });
    expect(on).toMatchObject({ is_online: true, online_changed_at: twoMinutesAgo });

    // Switched off five minutes ago on a phone without network, heard only now.
    const late = await toggle(driver, { is_online: false, acted_at: minutesAgo(5) });
    expect(late).toMatchObject({ is_online: true, online_changed_at: twoMinutesAgo });

    const flipAt = minutesAgo(1);
    const flipped = await toggle(driver, { acted_at: flipAt });
    expect(flipped).toMatchObject({ is_online: false, online_changed_at: flipAt });
    expect(await toggle(driver, { acted_at: flipAt })).toMatchObject({ is_online: false, online_changed_at: flipAt });

    // A clock in the future is taken as now, so it cannot shut out every later toggle.
    const future = await toggle(driver, { is_online: true, acted_at: '2999-01-01T00:00:00Z' });
    expect(future.is_online).toBe(true);
    expect(Date.parse(future.online_changed_at ?? '')).toBeLessThanOrEqual(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await toggle(driver, { is_online: false })).is_online).toBe(false);
  });

  it('going off duty keeps the orders held; no new ones are offered', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const held = await orderTakenBy(t.app, cast, driver, 'assigned');
    expect((await toggle(driver, { is_online: false })).active_orders).toBe(1);
    const lists = (await driverCall(t.app, 'get-delivery-orders', driver)).json<DriverOrders>();
    expect(lists.is_online).toBe(false);
    expect(lists.new_orders).toEqual([]);
    expect(lists.accepted_orders.map((order) => order.unique_order_id)).toEqual([held.unique_order_id]);
  });

  it('is for drivers only, and bad input is a 400', async () => {
    for (const name of ['delivery/update-user-info', 'toggle-delivery-guy-status'] as const) {
      const customer = await callAs(t.app, name, { token: cast.customer.token });
      expect([customer.statusCode, customer.json().code], name).toEqual([403, 'FORBIDDEN']);
      const owner = await callAs(t.app, name, { token: cast.owner.token });
      expect(owner.statusCode, name).toBe(403);
      expect((await callAs(t.app, name, {})).statusCode, name).toBe(401);
    }
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const bad = [{ is_online: 'yes' }, { acted_at: 'yesterday' }, { acted_at: 5 }, { online: true }];
    for (const extra of bad) {
      const response = await driverCall(t.app, 'toggle-delivery-guy-status', driver, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const notATime = await driverCall(t.app, 'toggle-delivery-guy-status', driver, { acted_at: '2024-13-45T10:00:00Z' });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: '/acted_at' })] });
    expect((await profileOf(t.app, driver)).is_online).toBe(true);
  });
});
