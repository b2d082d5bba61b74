// @vitest-environment node
/**
 * place-order through the sync worker against a real server: one order per
 * attempt whatever happens on the way (a double tap, an answer lost after
 * the server made the order, a time-out, a change made after a lost answer),
 * the cart emptied after success and kept after a refusal, and offline
 * refused at once with nothing lost and nothing queued.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutQuoteRow, StoredOrder } from '../../../../src/api/checkout/worker-api.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { closeStoreNow, createCoupon, fundWallet, givePoints, walletOf } from '../../../server/checkout/checkout-fixtures.ts';
import {
  PLACE_ORDER_PATH,
  attemptOf,
  cartOf,
  deliveryChoices,
  fillCart,
  placeOrderKeys,
  serverOrdersOf,
  signIn,
  testShop,
  type Shop,
} from '../checkout-helpers.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';

let harness: Harness;
const shared = useSharedServer(() => harness);

/** What the network does to the next place-order answers: lost after the server made them, or too late. */
interface Trouble {
  lose: number;
  late: number;
}

function pathOf(input: Parameters<typeof fetch>[0]): string {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname;
}

function waitForAbort(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

/** A harness whose network can drop place-order answers after the server handled the request. */
async function fresh(options: { timeoutMs?: number } = {}): Promise<{ h: Harness; trouble: Trouble }> {
  const trouble: Trouble = { lose: 0, late: 0 };
  const h: Harness = await startHarness({
    server: shared.server,
    service: {
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      fetch: async (input, init) => {
        const response = await h.network.fetch(input, init);
        if (pathOf(input) !== PLACE_ORDER_PATH) return response;
        if (trouble.lose > 0) {
          trouble.lose -= 1;
          throw new TypeError('The connection dropped before the answer arrived');
        }
        if (trouble.late > 0) {
          trouble.late -= 1;
          return waitForAbort(init?.signal);
        }
        return response;
      },
    },
  });
  harness = h;
  return { h, trouble };
}

/** Two burgers: $20.00, delivered 3 km away for $2.50. */
async function cartAt(h: Harness, shop?: Shop): Promise<Shop> {
  const store = shop ?? (await testShop(h.server));
  await fillCart(h, store, [{ itemId: store.menu.burger, quantity: 2 }]);
  return store;
}

const COD = { ...deliveryChoices(), paymentMode: 'COD' as const };

describe('placing an order', () => {
  it('a cash order: the server has it, the replica lists it, the cart is empty and nothing of the attempt is left', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    const shop = await cartAt(h);
    await givePoints(h.server.db, customer.id, 300);
    await h.service.api.setLoyaltyRedemption(200);
    await h.service.api.quoteCheckout(deliveryChoices());

    const placed = await h.service.api.placeOrder({ ...COD, notes: 'No onions' });
    expect(placed).toMatchObject({ ok: true, value: { status: 1, awaitingPayment: false, fromEarlierAttempt: false } });
    const uniqueOrderId = placed.ok ? placed.value.uniqueOrderId : '';
    const onServer = await serverOrdersOf(h.server, customer.id);
    expect(onServer.map((order) => order.unique_order_id)).toEqual([uniqueOrderId]);
    expect(onServer[0]).toMatchObject({ restaurant_id: shop.id, subtotal: 2000, notes: 'No onions', loyalty_points_redeemed: 200, payment_mode: 'COD' });

    expect((await h.db.orders.get(uniqueOrderId)) as StoredOrder | undefined).toMatchObject({
      userId: customer.id,
      status: 1,
      total: 2000 + 100 + 250 + 144 - 200,
      lines: [{ name: 'Test Burger', quantity: 2 }],
      can_cancel: true,
    });
    const { meta, lines } = await cartOf(h);
    expect(lines).toEqual([]);
    expect(meta).toMatchObject({ productQuantity: 0, store: null, loyalty: { points: 100, redeemed: false, redeemedPoints: 0 } });
    expect(await attemptOf(h)).toBeUndefined();
    expect(await h.db.prefs.get(PrefKey.checkoutQuote)).toBeUndefined();
    expect(placeOrderKeys(h)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('sends the total shown; a price changed since is refused, its new quote written for the screen, and the next tap places at it (issue 15.2)', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    const shop = await cartAt(h);
    expect(await h.service.api.quoteCheckout(deliveryChoices())).toEqual({ ok: true });
    const shown = ((await h.db.prefs.get(PrefKey.checkoutQuote))?.value as CheckoutQuoteRow).quote!.total;
    expect(shown).toBe(2000 + 100 + 250 + 160);
    await h.server.db.updateTable('restaurants').set({ store_charge: 300 }).where('id', '=', shop.id).execute();

    const refused = await h.service.api.placeOrder({ ...COD, expectedTotal: shown });
    expect(refused).toMatchObject({ ok: false, reason: 'conflict', code: 'PRICE_CHANGED' });
    expect(await serverOrdersOf(h.server, customer.id)).toEqual([]);
    const written = (await h.db.prefs.get(PrefKey.checkoutQuote))?.value as CheckoutQuoteRow;
    expect(written.quote).toMatchObject({ store_charge: 300, total: shown + 200 });
    expect(await attemptOf(h)).toBeUndefined();
    expect((await cartOf(h)).lines).toHaveLength(1);

    const placed = await h.service.api.placeOrder({ ...COD, expectedTotal: written.quote!.total });
    expect(placed).toMatchObject({ ok: true });
    expect((await serverOrdersOf(h.server, customer.id)).map((order) => Number(order.total))).toEqual([shown + 200]);
  });

  it('two taps at once make one order, and both are answered with it', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    await cartAt(h);

    const [first, second] = await Promise.all([h.service.api.placeOrder(COD), h.service.api.placeOrder(COD)]);
    expect(first.ok && second.ok).toBe(true);
    const ids = [first, second].map((result) => (result.ok ? result.value.uniqueOrderId : ''));
    expect(ids[0]).toBe(ids[1]);
    expect((await serverOrdersOf(h.server, customer.id)).map((order) => order.unique_order_id)).toEqual([ids[0]]);
    expect(new Set(placeOrderKeys(h)).size).toBe(1);
  });

  it('an answer lost after the server made the order: the next tap sends the same key and gets the same order', async () => {
    const { h, trouble } = await fresh();
    const customer = await signIn(h);
    await cartAt(h);
    trouble.lose = 1;

    expect(await h.service.api.placeOrder(COD)).toEqual({ ok: false, reason: 'offline' });
    const [made] = await serverOrdersOf(h.server, customer.id);
    expect(made).toBeDefined();
    // The app does not know yet: the cart and the attempt (its key) are kept.
    expect((await cartOf(h)).lines).toHaveLength(1);
    const attempt = await attemptOf(h);
    expect(attempt?.key).toBe(placeOrderKeys(h)[0]);

    const retried = await h.service.api.placeOrder(COD);
    expect(retried).toMatchObject({ ok: true, value: { uniqueOrderId: made?.unique_order_id, fromEarlierAttempt: false } });
    expect(await serverOrdersOf(h.server, customer.id)).toHaveLength(1);
    expect(new Set(placeOrderKeys(h))).toEqual(new Set([attempt?.key]));
    expect(h.network.answers.filter((answer) => answer.path === PLACE_ORDER_PATH).at(-1)).toMatchObject({ status: 200, replayed: true });
    expect((await cartOf(h)).lines).toEqual([]);
    expect(await attemptOf(h)).toBeUndefined();
  });

  it('an answer too slow for the time-out is asked again with the same key within the same tap', async () => {
    const { h, trouble } = await fresh({ timeoutMs: 400 });
    const customer = await signIn(h);
    await cartAt(h);
    trouble.late = 1;

    const placed = await h.service.api.placeOrder(COD);
    expect(placed).toMatchObject({ ok: true });
    expect(await serverOrdersOf(h.server, customer.id)).toHaveLength(1);
    const keys = placeOrderKeys(h);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a change after a lost answer: the earlier order is found, nothing else is ordered, and the changed cart stays', async () => {
    const { h, trouble } = await fresh();
    const customer = await signIn(h);
    const shop = await cartAt(h);
    trouble.lose = 1;
    await h.service.api.placeOrder(COD);

    await h.service.api.addToCart({ storeId: shop.id, itemId: shop.menu.pizza, addonIds: [shop.menu.regular], quantity: 1 });
    const placed = await h.service.api.placeOrder({ ...COD, notes: 'Changed my mind' });
    const [earlier] = await serverOrdersOf(h.server, customer.id);
    expect(placed).toMatchObject({ ok: true, value: { uniqueOrderId: earlier?.unique_order_id, fromEarlierAttempt: true } });
    expect(await serverOrdersOf(h.server, customer.id)).toHaveLength(1);
    expect(earlier?.subtotal).toBe(2000);
    // What was ordered is not what the cart holds now: the cart is kept.
    expect((await cartOf(h)).lines).toHaveLength(2);
    expect(await attemptOf(h)).toBeUndefined();
  });

  it('a change after a tap that never left the device: the new cart is the one order', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    const shop = await cartAt(h);
    h.network.offline = true;
    expect(await h.service.api.placeOrder(COD)).toEqual({ ok: false, reason: 'offline' });
    h.network.offline = false;

    await h.service.api.addToCart({ storeId: shop.id, itemId: shop.menu.pizza, addonIds: [shop.menu.regular], quantity: 1 });
    const placed = await h.service.api.placeOrder(COD);
    expect(placed).toMatchObject({ ok: true, value: { fromEarlierAttempt: false } });
    const orders = await serverOrdersOf(h.server, customer.id);
    expect(orders.map((order) => order.subtotal)).toEqual([3200]);
    expect((await cartOf(h)).lines).toEqual([]);
  });
});

describe('offline and refusals', () => {
  it('a tap while the browser knows it is offline leaves no attempt behind; a lost answer online keeps its key', async () => {
    const { h, trouble } = await fresh();
    await signIn(h);
    await cartAt(h);
    vi.stubGlobal('navigator', { onLine: false });
    try {
      h.network.offline = true;
      expect(await h.service.api.placeOrder(COD)).toEqual({ ok: false, reason: 'offline' });
      expect(await attemptOf(h)).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
      h.network.offline = false;
    }
    // Online, an answer that never came may mean an order: its key is kept for the next tap.
    trouble.lose = 1;
    expect(await h.service.api.placeOrder(COD)).toEqual({ ok: false, reason: 'offline' });
    expect(await attemptOf(h)).toMatchObject({ key: placeOrderKeys(h).at(-1) });
  });

  it('offline: refused at once with offline, nothing sent or queued, the cart and its coupon kept', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    await cartAt(h);
    const code = `KEEP${Date.now()}`;
    await createCoupon(h.server.db, { code, discount_type: 'FIXED', discount_value: 200 });
    await h.service.api.applyCoupon(code, deliveryChoices());
    const before = await cartOf(h);
    await h.service.api.setSimulatedOffline(true);
    const sentBefore = h.network.sent.length;

    expect(await h.service.api.placeOrder(COD)).toEqual({ ok: false, reason: 'offline' });
    expect(h.network.sent.length).toBe(sentBefore);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await cartOf(h)).toEqual(before);
    // Nothing left the device, so nothing may say an order "may not have reached the store" (issue 32.7).
    expect(await attemptOf(h)).toBeUndefined();
    expect(await serverOrdersOf(h.server, customer.id)).toEqual([]);

    await h.service.api.setSimulatedOffline(false);
    const placed = await h.service.api.placeOrder(COD);
    expect(placed).toMatchObject({ ok: true });
    expect((await serverOrdersOf(h.server, customer.id))[0]).toMatchObject({ coupon_code: code, coupon_discount: 200 });
  });

  it("refusals keep the cart, say the server's code with its details, and the next tap is a new attempt", async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    const shop = await cartAt(h);

    const short = await h.service.api.placeOrder({ ...COD, paymentMode: 'WALLET' });
    expect(short).toMatchObject({ ok: false, reason: 'conflict', code: 'INSUFFICIENT_BALANCE' });
    expect(await attemptOf(h)).toBeUndefined();

    const far = await h.service.api.placeOrder({ ...COD, address: deliveryChoices(9).address });
    expect(far).toMatchObject({ ok: false, code: 'OUT_OF_DELIVERY_AREA', details: [{ path: '/address', message: '5' }] });

    await closeStoreNow(h.server.db, shop.id);
    expect(await h.service.api.placeOrder(COD)).toMatchObject({ ok: false, reason: 'conflict', code: 'STORE_CLOSED' });
    expect((await cartOf(h)).lines).toHaveLength(1);
    expect(await serverOrdersOf(h.server, customer.id)).toEqual([]);
    // Each refused tap was an attempt of its own.
    expect(new Set(placeOrderKeys(h)).size).toBe(3);
  });

  it('the wallet pays part of a cash order, or all of a wallet order, each a ledger row', async () => {
    const { h } = await fresh();
    const customer = await signIn(h);
    await cartAt(h);
    await fundWallet(h.server.db, customer.id, 1000);

    const partial = await h.service.api.placeOrder({ ...COD, useWallet: true });
    const first = partial.ok ? await h.db.orders.get(partial.value.uniqueOrderId) : undefined;
    expect(first).toMatchObject({ payment_mode: 'COD', wallet_amount: 1000, payable_amount: 2000 + 100 + 250 + 160 - 1000 });

    await fundWallet(h.server.db, customer.id, 5000);
    await cartAt(h);
    const whole = await h.service.api.placeOrder({ ...COD, paymentMode: 'WALLET' });
    const second = whole.ok ? await h.db.orders.get(whole.value.uniqueOrderId) : undefined;
    expect(second).toMatchObject({ payment_mode: 'WALLET', wallet_amount: 2510, payable_amount: 0, payment_status: 'PAID' });
    const wallet = await walletOf(h.server.db, customer.id);
    expect(wallet).toMatchObject({ balance: 6000 - 1000 - 2510, ledgerSum: 6000 - 1000 - 2510 });
  });
});
