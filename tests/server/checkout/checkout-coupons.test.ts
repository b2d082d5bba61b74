/**
 * Coupons as the customer meets them: apply-coupon answers the discount and
 * the new quote, or one clear error per reason (unknown, switched off,
 * outside its dates, another store, used up in total or by this customer,
 * below its minimum subtotal, naming it); the last use of a coupon goes to
 * one order only when two are placed at once; the demo coupons are seeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import type { AppliedCouponResult } from '../../../src/api/orders/entities.ts';
import { DEMO_COUPONS, DEMO_STORE_PRICES } from '../../../server/seed/seed-ordering.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { addressKmNorth, callWithKey, createCoupon, createTestStore, line, type TestStore } from './checkout-fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('coupons on $kind', ({ kind }) => {
  let t: TestApp;
  let store: TestStore;
  let customer: NewCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    store = await createTestStore(t.db);
    customer = await registerCustomer(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cart = (code: string, who: NewCustomer = customer, burgers = 2) => ({
    token: who.token,
    restaurant_id: store.id,
    items: [line(store.menu.burger, burgers)],
    order_type: 'DELIVERY',
    address: addressKmNorth(1),
    coupon_code: code,
  });

  async function refused(code: string, status: number, errorCode: string, who: NewCustomer = customer): Promise<ApiError> {
    const response = await callAs(t.app, 'apply-coupon', cart(code, who));
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json<ApiError>();
    expect(error.code).toBe(errorCode);
    return error;
  }

  it('a valid coupon, typed in any case: the discount and the quote with it', async () => {
    await createCoupon(t.db, { code: 'TENOFF', description: '10% off, up to $1.50', discount_type: 'PERCENT', discount_value: 10, max_discount: 150 });
    const response = await callAs(t.app, 'apply-coupon', cart('  tenOff '));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AppliedCouponResult>();
    expect(result.coupon).toEqual({ code: 'TENOFF', description: '10% off, up to $1.50', discount_type: 'PERCENT', discount_value: 10, max_discount: 150, discount: 150 });
    expect(result.quote).toMatchObject({ subtotal: 2000, coupon_discount: 150, tax: 148, total: 2000 + 100 + 200 + 148 - 150, coupon: result.coupon });
  });

  it('unknown: COUPON_NOT_FOUND; switched off: COUPON_INACTIVE', async () => {
    expect((await refused('NOSUCHCODE', 404, 'COUPON_NOT_FOUND')).message).toBe('There is no coupon NOSUCHCODE.');
    await createCoupon(t.db, { code: 'PAUSED', is_active: 0 });
    expect((await refused('PAUSED', 422, 'COUPON_INACTIVE')).message).toBe('Coupon PAUSED is no longer offered.');
  });

  it('outside its dates, before or after: COUPON_EXPIRED', async () => {
    const now = Date.now();
    await createCoupon(t.db, { code: 'LATER', starts_at: new Date(now + 2 * DAY_MS).toISOString() });
    await createCoupon(t.db, { code: 'GONE', expires_at: new Date(now - DAY_MS).toISOString() });
    await createCoupon(t.db, { code: 'NOWISH', starts_at: new Date(now - DAY_MS).toISOString(), expires_at: new Date(now + DAY_MS).toISOString() });
    expect((await refused('LATER', 422, 'COUPON_EXPIRED')).message).toMatch(/^Coupon LATER is valid from \d{4}-\d{2}-\d{2}\.$/);
    expect((await refused('GONE', 422, 'COUPON_EXPIRED')).message).toMatch(/^Coupon GONE expired on \d{4}-\d{2}-\d{2}\.$/);
    expect((await callAs(t.app, 'apply-coupon', cart('NOWISH'))).statusCode).toBe(200);
    // The seeded expired demo coupon says the same.
    await refused('SUMMER15', 422, 'COUPON_EXPIRED');
  });

  it('for another store: COUPON_WRONG_STORE', async () => {
    const elsewhere = await createTestStore(t.db);
    await createCoupon(t.db, { code: 'ELSEWHERE', restaurant_id: elsewhere.id });
    await createCoupon(t.db, { code: 'HEREONLY', restaurant_id: store.id });
    expect((await refused('ELSEWHERE', 422, 'COUPON_WRONG_STORE')).message).toBe('Coupon ELSEWHERE is not valid at this store.');
    expect((await callAs(t.app, 'apply-coupon', cart('HEREONLY'))).statusCode).toBe(200);
  });

  it('below its minimum subtotal: COUPON_MIN_SUBTOTAL naming the minimum', async () => {
    await createCoupon(t.db, { code: 'BIGSPEND', min_subtotal: 2500 });
    const error = await refused('BIGSPEND', 422, 'COUPON_MIN_SUBTOTAL');
    expect(error.message).toBe("Coupon BIGSPEND needs a subtotal of at least $25.00; this cart's is $20.00.");
    expect(error.details).toEqual([{ path: '/subtotal', message: '2500' }]);
    expect((await callAs(t.app, 'apply-coupon', cart('BIGSPEND', customer, 3))).statusCode).toBe(200);
  });

  it('used up in total: COUPON_USED_UP', async () => {
    await createCoupon(t.db, { code: 'ALLGONE', max_uses: 3, used_count: 3 });
    expect((await refused('ALLGONE', 409, 'COUPON_USED_UP')).message).toBe('Coupon ALLGONE has been used up.');
  });

  it('used up by this customer: COUPON_USED_UP for them, still fine for another customer', async () => {
    await createCoupon(t.db, { code: 'ONCEEACH', max_uses_per_user: 1 });
    const placed = await callWithKey(t.app, 'place-order', { ...cart('onceeach'), payment_mode: 'COD' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ coupon_code: 'ONCEEACH', coupon_discount: 500 });
    expect((await refused('ONCEEACH', 409, 'COUPON_USED_UP')).message).toBe('You have already used coupon ONCEEACH once.');
    const again = await callWithKey(t.app, 'place-order', { ...cart('ONCEEACH'), payment_mode: 'COD' });
    expect(again.json()).toMatchObject({ code: 'COUPON_USED_UP' });
    const newcomer = await registerCustomer(t.app);
    expect((await callAs(t.app, 'apply-coupon', cart('ONCEEACH', newcomer))).statusCode).toBe(200);
  });

  it('a visitor without a token tries a coupon too (issue 15.9); a bad token is 401, and an empty code is a 400', async () => {
    const { token: _none, ...anonymous } = cart('TENOFF');
    const visitor = await callAs(t.app, 'apply-coupon', anonymous);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json()).toMatchObject({ success: true, coupon: { code: 'TENOFF' } });
    expect((await callAs(t.app, 'apply-coupon', { ...anonymous, token: 'not-a-session' })).statusCode).toBe(401);
    const empty = await callAs(t.app, 'apply-coupon', cart(''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('two orders racing for the last use: one gets it, the other COUPON_USED_UP, and the count stays right', async () => {
    const couponId = await createCoupon(t.db, { code: 'LASTONE', max_uses: 1 });
    const racers = await Promise.all([registerCustomer(t.app), registerCustomer(t.app), registerCustomer(t.app)]);
    const answers = await Promise.all(racers.map((racer) => callWithKey(t.app, 'place-order', { ...cart('LASTONE', racer), payment_mode: 'COD' })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'COUPON_USED_UP' });
    const coupon = await t.db.selectFrom('coupons').select('used_count').where('id', '=', couponId).executeTakeFirstOrThrow();
    expect(Number(coupon.used_count)).toBe(1);
    const redemptions = await t.db.selectFrom('coupon_redemptions').select('order_id').where('coupon_id', '=', couponId).execute();
    expect(redemptions).toHaveLength(1);
    const orders = await t.db.selectFrom('orders').select('id').where('coupon_id', '=', couponId).execute();
    expect(orders.map((order) => Number(order.id))).toEqual(redemptions.map((redemption) => Number(redemption.order_id)));
  });

  it('the demo coupons and store prices are seeded as the README says', async () => {
    const rows = await t.db.selectFrom('coupons').selectAll().where('code', 'in', DEMO_COUPONS.map((coupon) => coupon.code)).execute();
    const byCode = new Map(rows.map((row) => [row.code, row]));
    expect(byCode.get('WELCOME10')).toMatchObject({ discount_type: 'PERCENT', discount_value: 10, max_discount: 500, restaurant_id: null });
    expect(byCode.get('FIVEOFF')).toMatchObject({ discount_type: 'FIXED', discount_value: 500, min_subtotal: 2000 });
    expect(byCode.get('NONNA20')?.restaurant_id).not.toBeNull();
    expect(Date.parse(byCode.get('SUMMER15')?.expires_at ?? '')).toBeLessThan(Date.now());
    const autoAccepting = await t.db.selectFrom('restaurants').select('slug').where('auto_accept_orders', '=', 1).execute();
    expect(autoAccepting.map((row) => row.slug)).toEqual(['el-farolito-taqueria']);
    const nonna = await t.db.selectFrom('restaurants').selectAll().where('slug', '=', 'nonna-lucia-trattoria').executeTakeFirstOrThrow();
    expect(nonna).toMatchObject(DEMO_STORE_PRICES['nonna-lucia-trattoria'] ?? {});
  });
});
