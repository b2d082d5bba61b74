/**
 * Prices as the customer sees them on the checkout: each part of the
 * breakdown (subtotal with add-ons, store charge, delivery fee by started
 * km and free above a subtotal, tax after discounts, tip, coupon, loyalty,
 * wallet) and the total they add up to, computed by the server from the
 * database on each database; plus the cart availability check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAvailability, OrderQuote } from '../../../src/api/orders/entities.ts';
import { couponDiscountOf, deliveryFeeOf, priceOrder, taxOf } from '../../../server/checkout/pricing.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import {
  addressKmNorth,
  closeStoreNow,
  createCoupon,
  createTestStore,
  fundWallet,
  givePoints,
  line,
  TEST_STORE_PRICES,
  type TestStore,
} from './checkout-fixtures.ts';

describe('pricing rules', () => {
  const store = { ...TEST_STORE_PRICES };

  it('delivery: the base covers the base km, every km started beyond adds the per-km fee, free from the subtotal', () => {
    expect(deliveryFeeOf(store, 'DELIVERY', 0.4, 2000)).toBe(200);
    expect(deliveryFeeOf(store, 'DELIVERY', 2, 2000)).toBe(200);
    expect(deliveryFeeOf(store, 'DELIVERY', 2.0000001, 2000)).toBe(200);
    expect(deliveryFeeOf(store, 'DELIVERY', 2.01, 2000)).toBe(250);
    expect(deliveryFeeOf(store, 'DELIVERY', 4.2, 2000)).toBe(350);
    expect(deliveryFeeOf(store, 'DELIVERY', 4.2, 5000)).toBe(0);
    expect(deliveryFeeOf({ ...store, free_delivery_subtotal: null }, 'DELIVERY', 4.2, 90_000)).toBe(350);
    expect(deliveryFeeOf(store, 'SELFPICKUP', 4.2, 2000)).toBe(0);
  });

  it('coupons: a percent rounds half up and stops at its cap; no coupon takes more than the subtotal', () => {
    expect(couponDiscountOf({ discount_type: 'PERCENT', discount_value: 15, max_discount: null }, 2950)).toBe(443);
    expect(couponDiscountOf({ discount_type: 'PERCENT', discount_value: 15, max_discount: 200 }, 2950)).toBe(200);
    expect(couponDiscountOf({ discount_type: 'FIXED', discount_value: 500, max_discount: null }, 2950)).toBe(500);
    expect(couponDiscountOf({ discount_type: 'FIXED', discount_value: 5000, max_discount: null }, 2950)).toBe(2950);
    expect(couponDiscountOf({ discount_type: 'PERCENT', discount_value: 100, max_discount: null }, 2950)).toBe(2950);
  });

  it('tax: basis points of the amount, rounded half up to the cent', () => {
    expect(taxOf(800, 2000)).toBe(160);
    expect(taxOf(825, 1999)).toBe(165);
    expect(taxOf(500, 10)).toBe(1);
    expect(taxOf(800, 1)).toBe(0);
    expect(taxOf(800, -5)).toBe(0);
  });

  it('the total is every part added up, and the wallet pays at most the total', () => {
    const price = priceOrder({
      lineTotals: [1950, 1000],
      store,
      orderType: 'DELIVERY',
      distanceKm: 3.4,
      coupon: { discount_type: 'PERCENT', discount_value: 15, max_discount: null },
      loyaltyPoints: 300,
      pointValue: 1,
      tip: 150,
      useWallet: true,
      walletBalance: 999_999,
    });
    // 2950 − 443 (coupon) − 300 (points) = 2207 taxed at 8 % = 176.56 → 177.
    expect(price).toEqual({
      subtotal: 2950,
      store_charge: 100,
      delivery_fee: 300,
      tax: 177,
      tip: 150,
      coupon_discount: 443,
      loyalty_points_redeemed: 300,
      loyalty_discount: 300,
      total: 2950 + 100 + 300 + 177 + 150 - 443 - 300,
      wallet_amount: 2934,
      payable_amount: 0,
    });
  });
});

describe.each(testDatabases())('checkout prices on $kind', ({ kind }) => {
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

  const quote = async (body: Record<string, unknown>, who: NewCustomer = customer) => {
    const response = await callAs(t.app, 'get-order-quote', { token: who.token, restaurant_id: store.id, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderQuote>();
  };

  it('two burgers delivered 1 km away: subtotal, store charge, base delivery fee, 8 % tax', async () => {
    const priced = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1) });
    expect(priced).toMatchObject({
      subtotal: 2000,
      store_charge: 100,
      delivery_fee: 200,
      tax: 160,
      tip: 0,
      coupon_discount: 0,
      loyalty_discount: 0,
      total: 2460,
      wallet_amount: 0,
      payable_amount: 2460,
      distance_km: 1,
      tax_basis_points: 800,
      min_order_subtotal: 1500,
      free_delivery_subtotal: 5000,
      tips_enabled: true,
      coupon: null,
    });
    expect(priced.lines).toEqual([{ item_id: store.menu.burger, name: 'Test Burger', unit_price: 1000, quantity: 2, addons: [], line_total: 2000 }]);
  });

  it('add-ons are priced from the menu; 3.4 km is two km started beyond the base; a tip is added untaxed', async () => {
    const priced = await quote({
      items: [line(store.menu.pizza, 1, [store.menu.large, store.menu.olives, store.menu.cheese]), line(store.menu.burger)],
      order_type: 'DELIVERY',
      address: addressKmNorth(3.4),
      tip: 150,
    });
    expect(priced.lines[0]).toEqual({
      item_id: store.menu.pizza,
      name: 'Test Pizza',
      unit_price: 1950,
      quantity: 1,
      addons: [
        { id: store.menu.large, name: 'Large', price: 400 },
        { id: store.menu.olives, name: 'Olives', price: 100 },
        { id: store.menu.cheese, name: 'Cheese', price: 250 },
      ],
      line_total: 1950,
    });
    expect(priced).toMatchObject({ subtotal: 2950, delivery_fee: 300, tax: 236, tip: 150, total: 2950 + 100 + 300 + 236 + 150 });
  });

  it('delivery is free from the free-delivery subtotal, even at the edge of the radius', async () => {
    const priced = await quote({ items: [line(store.menu.burger, 5)], order_type: 'DELIVERY', address: addressKmNorth(4.9) });
    expect(priced).toMatchObject({ subtotal: 5000, delivery_fee: 0, tax: 400, total: 5500 });
  });

  it('self pickup has no delivery fee, no distance and no tip', async () => {
    const priced = await quote({ items: [line(store.menu.burger, 2)], order_type: 'SELFPICKUP' });
    expect(priced).toMatchObject({ delivery_fee: 0, distance_km: null, tips_enabled: false, total: 2000 + 100 + 160 });
  });

  it('a coupon comes off the subtotal before tax, capped, and never below zero', async () => {
    await createCoupon(t.db, { code: 'PRICE15', discount_type: 'PERCENT', discount_value: 15, max_discount: 200 });
    await createCoupon(t.db, { code: 'PRICEHUGE', discount_type: 'FIXED', discount_value: 9000 });
    const capped = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), coupon_code: ' price15 ' });
    expect(capped).toMatchObject({ coupon_discount: 200, tax: 144, total: 2000 + 100 + 200 + 144 - 200 });
    expect(capped.coupon).toEqual({ code: 'PRICE15', description: '', discount_type: 'PERCENT', discount_value: 15, max_discount: 200, discount: 200 });
    const whole = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), coupon_code: 'PRICEHUGE' });
    expect(whole).toMatchObject({ coupon_discount: 2000, tax: 0, total: 300 });
  });

  it('loyalty: the quote shows the points held, what they are worth, what may be redeemed and what the order earns', async () => {
    const rich = await registerCustomer(t.app);
    await givePoints(t.db, rich.id, 1500);
    const plain = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1) }, rich);
    // Points pay up to 50 % of the $20 subtotal: 1000 points of 1 cent.
    expect(plain.loyalty).toEqual({
      enabled: true,
      points: 1500,
      point_value: 1,
      min_redeem_points: 100,
      max_redeemable_points: 1000,
      max_redeem_percent: 50,
      points_per_currency_unit: 1,
      points_to_earn: 20,
    });
    const redeemed = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), loyalty_points: 500 }, rich);
    expect(redeemed).toMatchObject({ loyalty_points_redeemed: 500, loyalty_discount: 500, tax: 120, total: 2000 + 100 + 200 + 120 - 500 });
    expect(redeemed.loyalty.points_to_earn).toBe(15);
  });

  it('with use_wallet the wallet pays what it holds and the rest is left to pay', async () => {
    const funded = await registerCustomer(t.app);
    await fundWallet(t.db, funded.id, 1000);
    const partial = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), use_wallet: true }, funded);
    expect(partial).toMatchObject({ total: 2460, wallet_balance: 1000, wallet_amount: 1000, payable_amount: 1460 });
    await fundWallet(t.db, funded.id, 5000);
    const full = await quote({ items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), use_wallet: true }, funded);
    expect(full).toMatchObject({ wallet_amount: 2460, payable_amount: 0 });
  });

  it('a visitor without a token sees the same fees and tries a coupon, priced with no wallet and no points; a bad token is still refused', async () => {
    await createCoupon(t.db, { code: 'VISIT10', discount_type: 'PERCENT', discount_value: 10, max_uses_per_user: 1 });
    const cart = { restaurant_id: store.id, items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1) };
    const visitor = await callAs(t.app, 'get-order-quote', cart);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json<OrderQuote>()).toMatchObject({ subtotal: 2000, delivery_fee: 200, tax: 160, total: 2460, wallet_balance: 0 });
    expect(visitor.json<OrderQuote>().loyalty.points).toBe(0);
    expect(visitor.json<OrderQuote>().total).toBe((await quote(cart)).total);

    const coupon = await callAs(t.app, 'apply-coupon', { ...cart, coupon_code: 'visit10' });
    expect(coupon.statusCode, coupon.body).toBe(200);
    expect(coupon.json()).toMatchObject({ success: true, coupon: { code: 'VISIT10', discount: 200 }, quote: { coupon_discount: 200 } });
    const unknown = await callAs(t.app, 'apply-coupon', { ...cart, coupon_code: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'COUPON_NOT_FOUND' });

    const points = await callAs(t.app, 'get-order-quote', { ...cart, loyalty_points: 100 });
    expect(points.statusCode).toBe(422);
    const badToken = await callAs(t.app, 'get-order-quote', { ...cart, token: 'not-a-session' });
    expect(badToken.statusCode).toBe(401);
  });

  describe('check-cart-items-availability', () => {
    it('answers each line with its current name and price, or why it cannot be ordered; no token needed', async () => {
      const other = await createTestStore(t.db);
      const response = await callAs(t.app, 'check-cart-items-availability', {
        restaurant_id: store.id,
        items: [
          line(store.menu.pizza, 2, [store.menu.regular, store.menu.cheese]),
          line(store.menu.soldOut),
          line(other.menu.burger),
          line(store.menu.pizza, 1, [store.menu.regular, store.menu.truffle]),
          line(999_999),
        ],
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json<CartAvailability>();
      expect(answer).toMatchObject({ restaurant_id: store.id, store_open: true });
      expect(Date.parse(answer.checked_at)).not.toBeNaN();
      expect(answer.items).toEqual([
        { id: store.menu.pizza, available: true, reason: null, name: 'Test Pizza', unit_price: 1450 },
        { id: store.menu.soldOut, available: false, reason: 'INACTIVE', name: 'Sold-out Pie', unit_price: 300 },
        { id: other.menu.burger, available: false, reason: 'WRONG_STORE', name: 'Test Burger', unit_price: 1000 },
        { id: store.menu.pizza, available: false, reason: 'ADDONS_CHANGED', name: 'Test Pizza', unit_price: 1200 },
        { id: 999_999, available: false, reason: 'NOT_FOUND', name: null, unit_price: null },
      ]);
    });

    it('says when the store is not taking orders, and 404s for a store that does not exist', async () => {
      const closed = await createTestStore(t.db);
      await closeStoreNow(t.db, closed.id);
      const answer = (await callAs(t.app, 'check-cart-items-availability', { restaurant_id: closed.id, items: [line(closed.menu.burger)] })).json<CartAvailability>();
      expect(answer.store_open).toBe(false);
      expect(answer.items[0]?.available).toBe(true);
      const missing = await callAs(t.app, 'check-cart-items-availability', { restaurant_id: 987_654, items: [line(1)] });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
