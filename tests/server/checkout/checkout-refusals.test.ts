/**
 * What a checkout refuses, with the code the app turns into words and a
 * message that says why: out of the delivery area (naming the radius), a
 * closed or inactive store, unavailable items (naming each line), a bad
 * add-on choice, the minimum order (naming it), the wrong order type, a
 * missing address, a tip where none is taken, points that cannot be
 * redeemed, and malformed input (400 with the field). Each refusal is the
 * same from get-order-quote and place-order, and a refused place-order
 * leaves no order and no money moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import { MAX_TIP } from '../../../src/api/orders/limits.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import {
  addressKmNorth,
  callWithKey,
  closeStoreNow,
  createTestStore,
  fundWallet,
  givePoints,
  line,
  ordersOf,
  setSetting,
  walletOf,
  type TestStore,
} from './checkout-fixtures.ts';

describe.each(testDatabases())('checkout refusals on $kind', ({ kind }) => {
  let t: TestApp;
  let store: TestStore;
  let customer: NewCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    store = await createTestStore(t.db);
    customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 10_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const delivery = (overrides: Record<string, unknown> = {}) => ({
    token: customer.token,
    restaurant_id: store.id,
    items: [line(store.menu.burger, 2)],
    order_type: 'DELIVERY',
    address: addressKmNorth(1),
    ...overrides,
  });

  /** The same refusal from the quote and from place-order, which must leave nothing behind. */
  async function refusedEverywhere(body: Record<string, unknown>, status: number, code: string): Promise<ApiError> {
    const before = { orders: (await ordersOf(t.db, customer.id)).length, wallet: await walletOf(t.db, customer.id) };
    const quoted = await callAs(t.app, 'get-order-quote', body);
    expect(quoted.statusCode, quoted.body).toBe(status);
    expect(quoted.json()).toMatchObject({ code });
    const placed = await callWithKey(t.app, 'place-order', { ...body, payment_mode: 'WALLET' });
    expect(placed.statusCode, placed.body).toBe(status);
    expect(placed.json()).toMatchObject({ code });
    expect((await ordersOf(t.db, customer.id)).length).toBe(before.orders);
    expect(await walletOf(t.db, customer.id)).toEqual(before.wallet);
    return placed.json<ApiError>();
  }

  it('an address outside the delivery radius: OUT_OF_DELIVERY_AREA naming the radius and the distance', async () => {
    const error = await refusedEverywhere(delivery({ address: addressKmNorth(5.6) }), 422, 'OUT_OF_DELIVERY_AREA');
    expect(error.message).toBe(`${store.name} delivers within 5 km; this address is 5.6 km away.`);
    expect(error.details).toEqual([{ path: '/address', message: '5' }]);
    // The same address is fine for self pickup.
    expect((await callAs(t.app, 'get-order-quote', delivery({ address: addressKmNorth(5.6), order_type: 'SELFPICKUP' }))).statusCode).toBe(200);
  });

  it('a store closed by its hours, or switched off: STORE_CLOSED', async () => {
    const closed = await createTestStore(t.db);
    await closeStoreNow(t.db, closed.id);
    const shut = await refusedEverywhere(delivery({ restaurant_id: closed.id, items: [line(closed.menu.burger, 2)] }), 409, 'STORE_CLOSED');
    expect(shut.message).toBe(`${closed.name} is closed now.`);
    const inactive = await createTestStore(t.db, { is_active: 0 });
    const off = await refusedEverywhere(delivery({ restaurant_id: inactive.id, items: [line(inactive.menu.burger, 2)] }), 409, 'STORE_CLOSED');
    expect(off.message).toBe(`${inactive.name} is not taking orders at the moment.`);
  });

  it('unavailable items: ITEMS_UNAVAILABLE with one detail per line that cannot be ordered', async () => {
    const other = await createTestStore(t.db);
    const error = await refusedEverywhere(
      delivery({ items: [line(store.menu.burger, 2), line(store.menu.soldOut), line(other.menu.burger), line(424_242)] }),
      409,
      'ITEMS_UNAVAILABLE',
    );
    expect(error.message).toBe('These items cannot be ordered now: Sold-out Pie, Test Burger, Item 424242.');
    expect(error.details).toEqual([
      { path: '/items/1', message: 'Sold-out Pie: sold out for now' },
      { path: '/items/2', message: 'Test Burger: from another store' },
      { path: '/items/3', message: 'Item 424242: no longer on the menu' },
    ]);
  });

  it('a bad add-on choice: two sizes, no size, too many toppings, a switched-off or foreign add-on', async () => {
    const { pizza, regular, large, olives, cheese, truffle } = store.menu;
    const other = await createTestStore(t.db);
    const choices = [[regular, large], [olives], [regular, olives, cheese, olives], [regular, truffle], [regular, other.menu.olives]];
    for (const addons of choices) {
      const error = await refusedEverywhere(delivery({ items: [line(pizza, 2, addons)] }), 409, 'ITEMS_UNAVAILABLE');
      expect(error.details, JSON.stringify(addons)).toEqual([{ path: '/items/0', message: 'Test Pizza: its options changed; choose them again' }]);
    }
    expect((await callAs(t.app, 'get-order-quote', delivery({ items: [line(pizza, 2, [large, olives, cheese])] }))).statusCode).toBe(200);
  });

  it('below the minimum order: MIN_ORDER_NOT_MET naming the minimum', async () => {
    const error = await refusedEverywhere(delivery({ items: [line(store.menu.burger, 1)] }), 422, 'MIN_ORDER_NOT_MET');
    expect(error.message).toBe(`${store.name} takes orders from $15.00; this cart comes to $10.00.`);
    expect(error.details).toEqual([{ path: '/subtotal', message: '1500' }]);
  });

  it('the wrong order type for the store: ORDER_TYPE_NOT_AVAILABLE', async () => {
    const pickupOnly = await createTestStore(t.db, { delivery_type: 2 });
    const deliveryOnly = await createTestStore(t.db, { delivery_type: 1 });
    const noDelivery = await refusedEverywhere(delivery({ restaurant_id: pickupOnly.id, items: [line(pickupOnly.menu.burger, 2)] }), 422, 'ORDER_TYPE_NOT_AVAILABLE');
    expect(noDelivery.message).toBe(`${pickupOnly.name} does not deliver; choose self pickup.`);
    const noPickup = await refusedEverywhere(
      delivery({ restaurant_id: deliveryOnly.id, items: [line(deliveryOnly.menu.burger, 2)], order_type: 'SELFPICKUP' }),
      422,
      'ORDER_TYPE_NOT_AVAILABLE',
    );
    expect(noPickup.message).toBe(`${deliveryOnly.name} does not offer self pickup; choose delivery.`);
  });

  it('a delivery without an address: ADDRESS_REQUIRED', async () => {
    const { address: _omitted, ...withoutAddress } = delivery();
    await refusedEverywhere(withoutAddress, 400, 'ADDRESS_REQUIRED');
  });

  it('a tip on a self-pickup order, or while tips are switched off: TIP_NOT_ALLOWED', async () => {
    await refusedEverywhere(delivery({ order_type: 'SELFPICKUP', tip: 100 }), 422, 'TIP_NOT_ALLOWED');
    await setSetting(t.db, 'tipsEnabled', 'false');
    try {
      await refusedEverywhere(delivery({ tip: 100 }), 422, 'TIP_NOT_ALLOWED');
      expect((await callAs(t.app, 'get-order-quote', delivery({ tip: 0 }))).json()).toMatchObject({ tips_enabled: false });
    } finally {
      await setSetting(t.db, 'tipsEnabled', 'true');
    }
  });

  it('points beyond what is held, below the minimum, above the share of the subtotal, or with loyalty off', async () => {
    await givePoints(t.db, customer.id, 800);
    const tooMany = await refusedEverywhere(delivery({ loyalty_points: 900 }), 422, 'LOYALTY_POINTS_INVALID');
    expect(tooMany.message).toBe('You hold 800 points; you asked to redeem 900.');
    const tooFew = await refusedEverywhere(delivery({ loyalty_points: 50 }), 422, 'LOYALTY_POINTS_INVALID');
    expect(tooFew.message).toBe('Redeem at least 100 points at a time.');
    // Points pay at most a share of the $20 subtotal: 10 % of it is 200 points.
    await setSetting(t.db, 'loyaltyMaxRedeemPercent', '10');
    try {
      const capped = await refusedEverywhere(delivery({ loyalty_points: 300 }), 422, 'LOYALTY_POINTS_INVALID');
      expect(capped.message).toBe('This order can take at most 200 points (points pay up to 10% of the subtotal).');
    } finally {
      await setSetting(t.db, 'loyaltyMaxRedeemPercent', '50');
    }
    await setSetting(t.db, 'loyaltyEnabled', 'false');
    try {
      await refusedEverywhere(delivery({ loyalty_points: 200 }), 422, 'LOYALTY_UNAVAILABLE');
    } finally {
      await setSetting(t.db, 'loyaltyEnabled', 'true');
    }
  });

  it('malformed input is a 400 naming the field; prices are never taken from the client', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [delivery({ items: [] }), '/items'],
      [delivery({ items: [{ id: store.menu.burger, quantity: 0, addon_ids: [] }] }), '/items/0/quantity'],
      [delivery({ items: [{ id: store.menu.burger, quantity: 1, addon_ids: [], price: 1 }] }), '/items/0/price'],
      [delivery({ order_type: 'DRONE' }), '/order_type'],
      [delivery({ tip: -1 }), '/tip'],
      [delivery({ tip: MAX_TIP + 1 }), '/tip'],
      [delivery({ total: 1 }), '/total'],
      [delivery({ address: { lat: 95, lng: 0, address: 'x' } }), '/address/lat'],
      [delivery({ restaurant_id: 'one' }), '/restaurant_id'],
    ];
    for (const [body, path] of cases) {
      const response = await callAs(t.app, 'get-order-quote', body);
      expect(response.statusCode, path).toBe(400);
      const error = response.json<ApiError>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path), path).toContain(path);
    }
    const badMode = await callWithKey(t.app, 'place-order', { ...delivery(), payment_mode: 'BITCOIN' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json<ApiError>().details?.map((detail) => detail.path)).toContain('/payment_mode');
  });

  it('orders need a customer session (none is 401, a staff account 403); a quote needs none, but a staff token is still refused', async () => {
    const { token: _none, ...anonymous } = delivery();
    expect((await callAs(t.app, 'get-order-quote', anonymous)).statusCode).toBe(200);
    expect((await callWithKey(t.app, 'place-order', { ...anonymous, payment_mode: 'COD' })).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const driver = await loginAs(t.app, 'driver');
    const staff = await callWithKey(t.app, 'place-order', { ...delivery({ token: driver }), payment_mode: 'COD' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ code: 'FORBIDDEN' });
    const staffQuote = await callAs(t.app, 'get-order-quote', delivery({ token: driver }));
    expect(staffQuote.statusCode).toBe(403);
  });
});
