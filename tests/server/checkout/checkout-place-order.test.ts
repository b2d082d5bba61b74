/**
 * place-order on each database: the Order it answers and the rows behind it
 * (lines, history, alert), every payment mode (cash, the whole total from
 * the wallet, part wallet and part cash, a card gateway awaiting payment)
 * with the wallet ledger checked against the balance, points redeemed,
 * auto-accept, an agent placing for a customer, re-pricing from the
 * database, and the Idempotency-Key: required, a concurrent double submit
 * makes one order, a replay answers the first answer, another key a second
 * order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSessionResult, Notification } from '../../../src/api/account/entities.ts';
import type { Order } from '../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../server/http/idempotency.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import {
  CARD_READY_PAYMENTS,
  addressKmNorth,
  callWithKey,
  createTestStore,
  fundWallet,
  givePoints,
  line,
  ordersOf,
  pointsOf,
  setSetting,
  walletOf,
  type TestStore,
} from './checkout-fixtures.ts';

describe.each(testDatabases())('place-order on $kind', ({ kind }) => {
  let t: TestApp;
  let store: TestStore;
  beforeAll(async () => {
    t = await buildTestApp(kind, { payments: CARD_READY_PAYMENTS });
    store = await createTestStore(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Two burgers delivered 1 km away: $20.00 + $1.00 + $2.00 + $1.60 tax = $24.60. */
  const TOTAL = 2460;
  const order = (who: NewCustomer, overrides: Record<string, unknown> = {}) => ({
    token: who.token,
    restaurant_id: store.id,
    items: [line(store.menu.burger, 2)],
    order_type: 'DELIVERY',
    address: addressKmNorth(1),
    notes: ' Ring twice ',
    payment_mode: 'COD',
    ...overrides,
  });
  const place = async (who: NewCustomer, overrides: Record<string, unknown> = {}) => {
    const response = await callWithKey(t.app, 'place-order', order(who, overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const alertsOf = async (who: NewCustomer) =>
    (await callAs(t.app, 'get-user-notifications', { token: who.token, user_id: who.id })).json<Notification[]>();

  it('cash on delivery: the Order with every part, its lines, its first history row and an alert', async () => {
    const customer = await registerCustomer(t.app);
    const placed = await place(customer);
    expect(placed).toMatchObject({
      status: 1,
      status_name: 'PLACED',
      order_type: 'DELIVERY',
      restaurant: { id: store.id, name: store.name, city: 'Riverton' },
      address: '1 km north of Market Square',
      house: 'Flat 2',
      notes: 'Ring twice',
      subtotal: 2000,
      store_charge: 100,
      delivery_fee: 200,
      tax: 160,
      tip: 0,
      coupon_code: null,
      coupon_discount: 0,
      total: TOTAL,
      wallet_amount: 0,
      payable_amount: TOTAL,
      payment_mode: 'COD',
      payment_status: 'PENDING',
      loyalty_points_earned: 20,
      driver: null,
      can_cancel: true,
      can_rate: false,
      cancel_reason: null,
    });
    expect(placed.unique_order_id).toMatch(/^FP-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(placed.delivery_pin).toMatch(/^\d{4}$/);
    expect(placed.lines).toEqual([{ item_id: store.menu.burger, name: 'Test Burger', unit_price: 1000, quantity: 2, addons: [], line_total: 2000 }]);
    expect(placed.history).toEqual([{ status: 1, at: placed.created_at }]);
    const history = await t.db.selectFrom('order_history').selectAll().where('order_id', '=', placed.id).execute();
    expect(history).toMatchObject([{ status: 1, actor: 'customer', actor_user_id: customer.id }]);
    expect((await walletOf(t.db, customer.id)).entries).toEqual([]);
    const [alert] = await alertsOf(customer);
    expect(alert).toMatchObject({
      title: 'Order placed',
      message: `Your order ${placed.unique_order_id} from ${store.name} is placed. We will tell you when the store accepts it.`,
      data: { unique_order_id: placed.unique_order_id, orderstatus_id: 1 },
    });
  });

  it('the whole total from the wallet: one ledger row naming the order, paid, and the ledger adds up to the balance', async () => {
    const customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 3000);
    const placed = await place(customer, { payment_mode: 'WALLET' });
    expect(placed).toMatchObject({ total: TOTAL, wallet_amount: TOTAL, payable_amount: 0, payment_status: 'PAID', payment_mode: 'WALLET' });
    const wallet = await walletOf(t.db, customer.id);
    expect(wallet.balance).toBe(3000 - TOTAL);
    expect(wallet.ledgerSum).toBe(wallet.balance);
    expect(wallet.entries.at(-1)).toEqual({ amount: -TOTAL, type: 'order_payment', balance_after: 3000 - TOTAL });
    const row = await t.db.selectFrom('wallet_transactions').select('reason').where('user_id', '=', customer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.reason).toBe(`Payment for order ${placed.unique_order_id} from ${store.name}`);
  });

  it('the wallet short of the total: 409 INSUFFICIENT_BALANCE, no order, nothing taken', async () => {
    const customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 1000);
    const response = await callWithKey(t.app, 'place-order', order(customer, { payment_mode: 'WALLET' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Your wallet holds $10.00; this order comes to $24.60. Pay the rest in cash or another way.',
    });
    expect(await ordersOf(t.db, customer.id)).toEqual([]);
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 1000, ledgerSum: 1000 });
  });

  it('part wallet, part cash: the wallet gives what it holds, the rest is paid on delivery', async () => {
    const customer = await registerCustomer(t.app);
    await fundWallet(t.db, customer.id, 1750);
    const placed = await place(customer, { use_wallet: true });
    expect(placed).toMatchObject({ payment_mode: 'COD', wallet_amount: 1750, payable_amount: TOTAL - 1750, payment_status: 'PENDING' });
    const wallet = await walletOf(t.db, customer.id);
    expect(wallet).toMatchObject({ balance: 0, ledgerSum: 0 });
    expect(wallet.entries.at(-1)).toEqual({ amount: -1750, type: 'order_payment', balance_after: 0 });
    // With more than the total, the wallet pays it all and nothing is left to collect.
    await fundWallet(t.db, customer.id, 5000);
    const covered = await place(customer, { use_wallet: true });
    expect(covered).toMatchObject({ wallet_amount: TOTAL, payable_amount: 0, payment_status: 'PAID' });
    expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 5000 - TOTAL, ledgerSum: 5000 - TOTAL });
  });

  it('points redeemed leave the balance with a ledger row; the points the order earns are written on it', async () => {
    const customer = await registerCustomer(t.app);
    await givePoints(t.db, customer.id, 700);
    const placed = await place(customer, { loyalty_points: 400 });
    expect(placed).toMatchObject({ loyalty_points_redeemed: 400, loyalty_discount: 400, tax: 128, loyalty_points_earned: 16 });
    expect(await pointsOf(t.db, customer.id)).toEqual({ points: 300, ledgerSum: 300 });
    const last = await t.db.selectFrom('loyalty_transactions').selectAll().where('user_id', '=', customer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ points: -400, balance_after: 300, order_id: placed.id, reason: `Redeemed on order ${placed.unique_order_id}` });
  });

  it('a card gateway: refused while switched off; on, the order awaits payment with a pending payment row', async () => {
    const customer = await registerCustomer(t.app);
    const off = await callWithKey(t.app, 'place-order', order(customer, { payment_mode: 'STRIPE' }));
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    await setSetting(t.db, 'stripeEnabled', 'true');
    try {
      const placed = await place(customer, { payment_mode: 'STRIPE' });
      expect(placed).toMatchObject({ status: 8, status_name: 'AWAITING_PAYMENT', payment_status: 'PENDING', payable_amount: TOTAL, can_cancel: true });
      const payments = await t.db.selectFrom('payments').selectAll().where('order_id', '=', placed.id).execute();
      expect(payments).toMatchObject([{ gateway: 'STRIPE', amount: TOTAL, status: 'PENDING', gateway_reference: null }]);
      expect((await alertsOf(customer))[0]).toMatchObject({ title: 'Complete your payment', data: { orderstatus_id: 8 } });
      // The wallet combines with cash only.
      const mixed = await callWithKey(t.app, 'place-order', order(customer, { payment_mode: 'STRIPE', use_wallet: true }));
      expect(mixed.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    } finally {
      await setSetting(t.db, 'stripeEnabled', 'false');
    }
    await setSetting(t.db, 'codEnabled', 'false');
    try {
      expect((await callWithKey(t.app, 'place-order', order(customer))).json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
    } finally {
      await setSetting(t.db, 'codEnabled', 'true');
    }
  });

  it('a store that auto-accepts: the order is preparing at once, with both steps in its history', async () => {
    const auto = await createTestStore(t.db, { auto_accept_orders: 1 });
    const customer = await registerCustomer(t.app);
    const placed = await place(customer, { restaurant_id: auto.id, items: [line(auto.menu.burger, 2)] });
    expect(placed).toMatchObject({ status: 2, status_name: 'PREPARING', can_cancel: false });
    expect(placed.history.map((step) => step.status)).toEqual([1, 2]);
    expect((await alertsOf(customer)).map((alert) => alert.data.orderstatus_id)).toEqual([2, 1]);
  });

  it('an agent acting for a customer places the order as theirs, signed and audited with the agent id', async () => {
    const customer = await registerCustomer(t.app);
    const agentToken = await loginAs(t.app, 'agent');
    const session = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    const agentId = Number(session.data.acting_agent_id);
    const placed = await place({ ...customer, token: session.data.auth_token });
    expect(placed.delivery_pin).toMatch(/^\d{4}$/);
    const row = await t.db.selectFrom('orders').selectAll().where('id', '=', placed.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.id, placed_by_user_id: agentId });
    const history = await t.db.selectFrom('order_history').selectAll().where('order_id', '=', placed.id).executeTakeFirstOrThrow();
    expect(history).toMatchObject({ actor: 'customer', actor_user_id: agentId, note: 'Placed by a call-centre agent' });
    const audit = await t.db.selectFrom('agent_actions').selectAll().where('customer_id', '=', customer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ agent_id: agentId, action: 'place-order' });
    expect(JSON.parse(audit.details)).toEqual({ unique_order_id: placed.unique_order_id, total: TOTAL, payment_mode: 'COD' });
  });

  it('prices come from the database at the moment of placing, not from an earlier quote', async () => {
    const own = await createTestStore(t.db);
    const customer = await registerCustomer(t.app);
    const body = order(customer, { restaurant_id: own.id, items: [line(own.menu.burger, 2)] });
    const { payment_mode: _mode, ...quoteBody } = body;
    expect((await callAs(t.app, 'get-order-quote', quoteBody)).json()).toMatchObject({ subtotal: 2000 });
    await t.db.updateTable('items').set({ price: 1100 }).where('id', '=', own.menu.burger).execute();
    const placed = await place(customer, { restaurant_id: own.id, items: [line(own.menu.burger, 2)] });
    expect(placed).toMatchObject({ subtotal: 2200, tax: 176, total: 2200 + 100 + 200 + 176 });
    expect(placed.lines[0]).toMatchObject({ unit_price: 1100, line_total: 2200 });
  });

  it('expected_total: the total the customer saw is what is placed; another price now is 409 PRICE_CHANGED with the new quote, nothing placed', async () => {
    const own = await createTestStore(t.db);
    const customer = await registerCustomer(t.app);
    const body = order(customer, { restaurant_id: own.id, items: [line(own.menu.burger, 2)] });
    const { payment_mode: _mode, ...quoteBody } = body;
    const seen = (await callAs(t.app, 'get-order-quote', quoteBody)).json<{ total: number }>();
    expect(seen.total).toBe(TOTAL);
    // The store charge goes up after the customer saw the total.
    await t.db.updateTable('restaurants').set({ store_charge: 250 }).where('id', '=', own.id).execute();
    const changed = await callWithKey(t.app, 'place-order', { ...body, expected_total: seen.total });
    expect(changed.statusCode, changed.body).toBe(409);
    const refusal = changed.json<{ message: string; code: string; details: unknown; quote: { total: number; store_charge: number; tax: number } }>();
    expect(refusal).toMatchObject({
      code: 'PRICE_CHANGED',
      details: [{ path: '/total', message: String(TOTAL + 150) }],
      quote: { total: TOTAL + 150, store_charge: 250 },
    });
    expect(refusal.message).toMatch(/\$26\.10/);
    expect(await ordersOf(t.db, customer.id)).toEqual([]);
    // Confirmed at the new total: placed, at that total.
    const placed = await callWithKey(t.app, 'place-order', { ...body, expected_total: refusal.quote.total });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<Order>().total).toBe(refusal.quote.total);
    expect(await ordersOf(t.db, customer.id)).toHaveLength(1);
  });

  describe('Idempotency-Key', () => {
    it('is required: 400 IDEMPOTENCY_KEY_REQUIRED and no order without it', async () => {
      const customer = await registerCustomer(t.app);
      const response = await callAs(t.app, 'place-order', order(customer));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
      expect(await ordersOf(t.db, customer.id)).toEqual([]);
    });

    it('a concurrent double submit makes one order; a replay answers the first answer; another key a second order', async () => {
      const customer = await registerCustomer(t.app);
      await fundWallet(t.db, customer.id, 10_000);
      const key = randomUUID();
      const body = order(customer, { payment_mode: 'WALLET' });
      const [first, second] = await Promise.all([callWithKey(t.app, 'place-order', body, key), callWithKey(t.app, 'place-order', body, key)]);
      const answers = [first, second].filter((answer) => answer !== undefined);
      const succeeded = answers.filter((answer) => answer.statusCode === 200);
      expect(succeeded.length).toBeGreaterThanOrEqual(1);
      for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
      }
      const placed = succeeded[0]?.json<Order>();
      for (const answer of succeeded) expect(answer.json<Order>().unique_order_id).toBe(placed?.unique_order_id);
      expect(await ordersOf(t.db, customer.id)).toHaveLength(1);

      const replay = await callWithKey(t.app, 'place-order', body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(replay.json()).toEqual(placed);
      expect(await ordersOf(t.db, customer.id)).toHaveLength(1);
      expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 10_000 - TOTAL, ledgerSum: 10_000 - TOTAL });

      const another = await callWithKey(t.app, 'place-order', body, randomUUID());
      expect(another.statusCode).toBe(200);
      expect(another.json<Order>().unique_order_id).not.toBe(placed?.unique_order_id);
      expect(await ordersOf(t.db, customer.id)).toHaveLength(2);
      expect(await walletOf(t.db, customer.id)).toMatchObject({ balance: 10_000 - 2 * TOTAL, ledgerSum: 10_000 - 2 * TOTAL });
    });

    it('a refusal is remembered too: the same key answers the same refusal even once the cause is gone', async () => {
      const customer = await registerCustomer(t.app);
      const key = randomUUID();
      const body = order(customer, { payment_mode: 'WALLET' });
      expect((await callWithKey(t.app, 'place-order', body, key)).json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      await fundWallet(t.db, customer.id, 5000);
      const replay = await callAs(t.app, 'place-order', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
      expect(replay.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      expect(await ordersOf(t.db, customer.id)).toEqual([]);
    });
  });
});
