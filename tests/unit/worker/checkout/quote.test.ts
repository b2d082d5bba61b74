// @vitest-environment node
/**
 * Checkout before the order, in the sync worker against a real server and
 * replica: the quote is the server's price part by part, coupons are applied
 * or refused with their codes (and a coupon the cart no longer reaches is
 * left out, then comes back), points are priced or left out, refusals are
 * kept with the quote, offline keeps the last price, and the ways to pay are
 * kept for offline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VISITOR_QUOTE_USER_ID, type CartCoupon, type CheckoutQuoteRow, type PaymentGatewaysRow } from '../../../../src/api/checkout/worker-api.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { closeStoreNow, createCoupon, givePoints } from '../../../server/checkout/checkout-fixtures.ts';
import { cartOf, deliveryChoices, fillCart, pickupChoices, signIn, testShop, type Shop } from '../checkout-helpers.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);
afterEach(() => {
  harness.network.offline = false;
});

async function fresh(): Promise<Harness> {
  harness = await startHarness({ server: shared.server });
  return harness;
}

async function quoteRow(): Promise<CheckoutQuoteRow | undefined> {
  return (await harness.db.prefs.get(PrefKey.checkoutQuote))?.value as CheckoutQuoteRow | undefined;
}

async function couponInCart(): Promise<{ coupon: CartCoupon | null; couponError: string | null }> {
  const { meta } = await cartOf(harness);
  return { coupon: (meta?.coupon as CartCoupon | null) ?? null, couponError: meta?.couponError ?? null };
}

/** Two burgers ($20.00) and a large pizza with cheese ($12.00 + $4.00 + $2.50): $38.50. */
async function shopWithCart(h: Harness): Promise<Shop> {
  const shop = await testShop(h.server);
  const { burger, pizza, large, cheese } = shop.menu;
  await fillCart(h, shop, [{ itemId: burger, quantity: 2 }, { itemId: pizza, addonIds: [large, cheese] }]);
  return shop;
}

function uniqueCode(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

describe('the quote', () => {
  it("is the server's price of the cart with the choices, part by part, kept in the replica", async () => {
    const h = await fresh();
    const customer = await signIn(h);
    const shop = await shopWithCart(h);

    expect(await h.service.api.quoteCheckout(deliveryChoices(3, { tip: 200, notes: 'Ring twice' }))).toEqual({ ok: true });
    const row = await quoteRow();
    expect(row).toMatchObject({ userId: customer.id, storeId: shop.id, refusal: null, dropped: { coupon: null, loyalty: null } });
    // $2.00 covers 2 km, the 3rd km started adds $0.50; tax is 8 % of the subtotal; the tip is not taxed.
    expect(row?.quote).toMatchObject({
      subtotal: 3850,
      store_charge: 100,
      delivery_fee: 250,
      tax: 308,
      tip: 200,
      coupon_discount: 0,
      total: 3850 + 100 + 250 + 308 + 200,
      wallet_amount: 0,
      payable_amount: 4708,
      distance_km: 3,
      order_type: 'DELIVERY',
      tips_enabled: true,
      min_order_subtotal: 1500,
      lines: [
        { name: 'Test Burger', quantity: 2, unit_price: 1000, line_total: 2000, addons: [] },
        { name: 'Test Pizza', quantity: 1, unit_price: 1850, line_total: 1850, addons: [{ name: 'Large' }, { name: 'Cheese' }] },
      ],
      loyalty: { enabled: true, points: 0, points_to_earn: 38 },
    });
    // Self pickup: no delivery fee, and no tip (tips thank the driver).
    await h.service.api.quoteCheckout(pickupChoices());
    expect((await quoteRow())?.quote).toMatchObject({ order_type: 'SELFPICKUP', delivery_fee: 0, distance_km: null, tips_enabled: false, total: 3850 + 100 + 308 });
  });

  it('keeps what the server refuses with the quote: a closed store, an address beyond the radius, the minimum order', async () => {
    const h = await fresh();
    await signIn(h);
    const shop = await shopWithCart(h);

    const far = await h.service.api.quoteCheckout(deliveryChoices(8));
    expect(far).toMatchObject({ ok: false, reason: 'invalid', code: 'OUT_OF_DELIVERY_AREA', details: [{ path: '/address', message: '5' }] });
    expect(await quoteRow()).toMatchObject({ quote: null, refusal: { code: 'OUT_OF_DELIVERY_AREA', details: [{ path: '/address', message: '5' }] } });

    await h.service.api.removeCartLine((await cartOf(h)).lines.find((line) => line.itemId === shop.menu.pizza)!.id);
    await h.service.api.setCartLineQuantity((await cartOf(h)).lines[0]!.id, 1);
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toMatchObject({ code: 'MIN_ORDER_NOT_MET', details: [{ path: '/subtotal', message: '1500' }] });

    const closed = await testShop(h.server);
    await closeStoreNow(h.server.db, closed.id);
    await h.service.api.openStore(closed.slug);
    await h.service.api.addToCart({ storeId: closed.id, itemId: closed.menu.burger, addonIds: [], quantity: 2, replaceCart: true });
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toMatchObject({ reason: 'conflict', code: 'STORE_CLOSED' });
    expect(await quoteRow()).toMatchObject({ storeId: closed.id, quote: null, refusal: { code: 'STORE_CLOSED' } });
  });

  it('offline, answers offline and keeps the last price', async () => {
    const h = await fresh();
    await signIn(h);
    await shopWithCart(h);
    await h.service.api.quoteCheckout(deliveryChoices());
    const before = await quoteRow();

    h.network.offline = true;
    expect(await h.service.api.quoteCheckout(deliveryChoices(3, { tip: 500 }))).toEqual({ ok: false, reason: 'offline' });
    expect(await quoteRow()).toEqual(before);
  });

  it('needs a cart and valid choices; sends nothing otherwise', async () => {
    const h = await fresh();
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toMatchObject({ ok: false, reason: 'invalid', code: 'VALIDATION_FAILED' });
    await signIn(h);
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toMatchObject({ ok: false, reason: 'invalid', code: 'VALIDATION_FAILED' });
    expect(await h.service.api.quoteCheckout({ ...deliveryChoices(), tip: -5 })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(h.network.sent.filter((request) => request.path.endsWith('get-order-quote'))).toEqual([]);
  });

  it('prices a visitor\'s cart and their coupon before they sign in, kept as the visitor\'s quote', async () => {
    const h = await fresh();
    await shopWithCart(h);
    const code = uniqueCode('VISIT');
    await createCoupon(h.server.db, { code, discount_type: 'FIXED', discount_value: 300 });

    expect(await h.service.api.quoteCheckout(deliveryChoices(3))).toEqual({ ok: true });
    expect(await quoteRow()).toMatchObject({ userId: VISITOR_QUOTE_USER_ID, refusal: null, quote: { subtotal: 3850, delivery_fee: 250, loyalty: { points: 0 } } });
    expect(await h.service.api.applyCoupon(code.toLowerCase(), deliveryChoices(3))).toEqual({ ok: true });
    expect((await quoteRow())?.quote).toMatchObject({ coupon_discount: 300, coupon: { code } });
    expect((await couponInCart()).coupon).toMatchObject({ code, applied: { discount: 300 } });
    // No session was made up on the way.
    expect(await h.db.session.count()).toBe(0);
  });
});

describe('coupons', () => {
  it('an applied coupon stays with the cart and the quote takes it off; removing it prices the cart without it', async () => {
    const h = await fresh();
    await signIn(h);
    await shopWithCart(h);
    const code = uniqueCode('SAVE');
    await createCoupon(h.server.db, { code, description: '$5 off', discount_type: 'FIXED', discount_value: 500 });

    expect(await h.service.api.applyCoupon(code.toLowerCase(), deliveryChoices())).toEqual({ ok: true });
    expect(await couponInCart()).toMatchObject({ coupon: { code, applied: { code, discount: 500 } }, couponError: null });
    // Tax is on the subtotal after the coupon: 8 % of $33.50.
    expect((await quoteRow())?.quote).toMatchObject({ coupon_discount: 500, tax: 268, total: 3850 + 100 + 250 + 268 - 500, coupon: { code } });
    await h.service.api.quoteCheckout(deliveryChoices(3, { notes: 'Leave at the door' }));
    expect((await quoteRow())?.quote?.coupon_discount).toBe(500);

    await h.service.api.removeCoupon();
    expect(await couponInCart()).toEqual({ coupon: null, couponError: null });
    await h.service.api.quoteCheckout(deliveryChoices());
    expect((await quoteRow())?.quote).toMatchObject({ coupon_discount: 0, coupon: null });
  });

  it('refusals come back with their codes and stay in cartMeta as the coupon error', async () => {
    const h = await fresh();
    await signIn(h);
    await shopWithCart(h);
    const big = uniqueCode('BIG');
    await createCoupon(h.server.db, { code: big, discount_type: 'FIXED', discount_value: 1000, min_subtotal: 10_000 });
    const otherStore = await testShop(h.server);
    const elsewhere = uniqueCode('ELSE');
    await createCoupon(h.server.db, { code: elsewhere, restaurant_id: otherStore.id });

    expect(await h.service.api.applyCoupon('NO-SUCH-CODE', deliveryChoices())).toMatchObject({ ok: false, code: 'COUPON_NOT_FOUND' });
    expect(await couponInCart()).toMatchObject({ coupon: { code: 'NO-SUCH-CODE', applied: null }, couponError: 'COUPON_NOT_FOUND' });
    // The demo city's expired coupon.
    expect(await h.service.api.applyCoupon('SUMMER15', deliveryChoices())).toMatchObject({ ok: false, code: 'COUPON_EXPIRED' });
    expect(await h.service.api.applyCoupon(elsewhere, deliveryChoices())).toMatchObject({ ok: false, code: 'COUPON_WRONG_STORE' });
    expect(await h.service.api.applyCoupon(big, deliveryChoices())).toMatchObject({ ok: false, code: 'COUPON_MIN_SUBTOTAL' });
    expect(await couponInCart()).toMatchObject({ coupon: { code: big, applied: null, minSubtotal: 10_000 }, couponError: 'COUPON_MIN_SUBTOTAL' });
    expect(await h.service.api.applyCoupon('   ', deliveryChoices())).toMatchObject({ ok: false, code: 'COUPON_NOT_FOUND' });
  });

  it('a coupon the cart no longer reaches is left out of the price with why, and comes back when the cart grows again', async () => {
    const h = await fresh();
    await signIn(h);
    const shop = await shopWithCart(h);
    const code = uniqueCode('FROM30');
    await createCoupon(h.server.db, { code, discount_type: 'FIXED', discount_value: 300, min_subtotal: 3000 });
    expect(await h.service.api.applyCoupon(code, deliveryChoices())).toEqual({ ok: true });

    const pizzaLine = (await cartOf(h)).lines.find((line) => line.itemId === shop.menu.pizza)!;
    await h.service.api.removeCartLine(pizzaLine.id);
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toEqual({ ok: true });
    expect(await quoteRow()).toMatchObject({ quote: { subtotal: 2000, coupon_discount: 0 }, dropped: { coupon: 'COUPON_MIN_SUBTOTAL' } });
    expect(await couponInCart()).toMatchObject({ coupon: { code, applied: null, minSubtotal: 3000 }, couponError: 'COUPON_MIN_SUBTOTAL' });

    await h.service.api.addToCart({ storeId: shop.id, itemId: shop.menu.burger, addonIds: [], quantity: 1 });
    await h.service.api.quoteCheckout(deliveryChoices());
    expect(await quoteRow()).toMatchObject({ quote: { subtotal: 3000, coupon_discount: 300 }, dropped: { coupon: null } });
    expect(await couponInCart()).toMatchObject({ coupon: { code, applied: { code } }, couponError: null });
  });
});

describe('loyalty points', () => {
  it('the points chosen are priced; more than the rules allow are left out with LOYALTY_POINTS_INVALID', async () => {
    const h = await fresh();
    const customer = await signIn(h);
    await shopWithCart(h);
    await givePoints(h.server.db, customer.id, 1500);

    await h.service.api.quoteCheckout(deliveryChoices());
    expect((await quoteRow())?.quote?.loyalty).toMatchObject({ points: 1500, point_value: 1, min_redeem_points: 100, max_redeem_percent: 50, max_redeemable_points: 1500 });
    expect((await cartOf(h)).meta?.loyalty).toEqual({ points: 1500, redeemed: false, redeemedPoints: 0 });

    await h.service.api.setLoyaltyRedemption(1000);
    await h.service.api.quoteCheckout(deliveryChoices());
    expect((await quoteRow())?.quote).toMatchObject({ loyalty_points_redeemed: 1000, loyalty_discount: 1000, tax: 228 });

    // Half the $38.50 subtotal is the most points may pay: 1925 points, and the customer holds 1500.
    await h.service.api.setLoyaltyRedemption(50);
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toEqual({ ok: true });
    expect(await quoteRow()).toMatchObject({ quote: { loyalty_discount: 0 }, dropped: { loyalty: 'LOYALTY_POINTS_INVALID' } });
    expect((await cartOf(h)).meta?.loyalty).toEqual({ points: 1500, redeemed: false, redeemedPoints: 0 });
    expect(await h.service.api.setLoyaltyRedemption(-1)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});

describe('ways to pay', () => {
  it("get-payment-gateways' answer is kept in the replica for checkout offline", async () => {
    const h = await fresh();
    expect(await h.service.api.refreshPaymentGateways()).toEqual({ ok: true });
    const row = (await h.db.prefs.get(PrefKey.paymentGateways))?.value as PaymentGatewaysRow;
    expect(row.gateways.map((gateway) => gateway.id)).toEqual(['COD', 'WALLET']);

    h.network.offline = true;
    expect(await h.service.api.refreshPaymentGateways()).toEqual({ ok: false, reason: 'offline' });
    expect((await h.db.prefs.get(PrefKey.paymentGateways))?.value).toEqual(row);
  });
});
