/**
 * A card order end to end through the API, on each database: place-order
 * with STRIPE leaves the order awaiting payment, start-payment and
 * stripe-accept place it and mark it paid, and the customer's orders show
 * it; and a payment that goes through after the customer cancelled the
 * waiting order goes back to their wallet as a ledger row.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentState } from '../../../src/api/checkout/payment-entities.ts';
import type { Order, OrdersPage } from '../../../src/api/orders/entities.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { STRIPE_WEBHOOK_PATH } from '../../../server/payments/plugin.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import {
  FAKE_KEYS,
  buildPaymentsTestApp,
  paymentsTestConfig,
  startFakeGatewayServer,
  type FakeGatewayServer,
  type PaymentsTestApp,
} from '../../support/fake-gateway-server.ts';
import { callWithKey, createTestStore, line, walletOf, type TestStore } from '../checkout/checkout-fixtures.ts';

const stripeHelper = new Stripe('sk_test_unused');

describe.each(testDatabases())('a card order through place-order on $kind', ({ kind }) => {
  let fake: FakeGatewayServer;
  let t: PaymentsTestApp;
  let store: TestStore;
  let customer: NewCustomer;
  beforeAll(async () => {
    fake = await startFakeGatewayServer();
    t = await buildPaymentsTestApp(kind, paymentsTestConfig(fake));
    await t.app.settingsRepository.set('stripeEnabled', 'true');
    store = await createTestStore(t.db);
    customer = await registerCustomer(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const placeCardOrder = async () => {
    const response = await callWithKey(t.app, 'place-order', {
      token: customer.token,
      restaurant_id: store.id,
      items: [line(store.menu.burger, 2)],
      order_type: 'SELFPICKUP',
      payment_mode: 'STRIPE',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const call = async (name: 'start-payment' | 'stripe-accept', body: object) => {
    const response = await callAs(t.app, name, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentState>();
  };

  it('refuses a gateway the admin switched on while the server has no credentials for it, before any order exists', async () => {
    const { razorpay: _razorpay, ...withoutRazorpay } = paymentsTestConfig(fake);
    const bare = await buildPaymentsTestApp(kind, withoutRazorpay);
    try {
      await bare.app.settingsRepository.set('razorpayEnabled', 'true');
      const bareStore = await createTestStore(bare.db);
      const someone = await registerCustomer(bare.app);
      const response = await callWithKey(bare.app, 'place-order', {
        token: someone.token,
        restaurant_id: bareStore.id,
        items: [line(bareStore.menu.burger, 2)],
        order_type: 'SELFPICKUP',
        payment_mode: 'RAZORPAY',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
      expect(await bare.db.selectFrom('orders').select('id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('place-order awaits payment; start and accept place it, paid, and get-orders shows it so', async () => {
    const placed = await placeCardOrder();
    expect(placed).toMatchObject({ status: OrderStatus.AWAITING_PAYMENT, payment_mode: 'STRIPE', payment_status: 'PENDING' });

    const started = await call('start-payment', { token: customer.token, unique_order_id: placed.unique_order_id });
    expect(started).toMatchObject({ amount: placed.payable_amount, currency: 'USD', action: { type: 'stripe_confirm' } });
    expect(fake.stripe.intent(started.action.fields.payment_intent ?? '')).toMatchObject({ amount: placed.payable_amount, currency: 'usd' });

    const paid = await call('stripe-accept', { token: customer.token, unique_order_id: placed.unique_order_id, payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ orderstatus_id: OrderStatus.PLACED, payment_status: 'PAID' });
    const { orders } = (await callAs(t.app, 'get-orders', { token: customer.token })).json<OrdersPage>();
    const listed = orders.find((order) => order.unique_order_id === placed.unique_order_id);
    expect(listed).toMatchObject({ status: OrderStatus.PLACED, payment_status: 'PAID' });
    expect(listed?.history.map((step) => step.status)).toEqual([OrderStatus.AWAITING_PAYMENT, OrderStatus.PLACED]);
  });

  it('a payment that arrives after the customer cancelled the waiting order is returned to the wallet', async () => {
    const placed = await placeCardOrder();
    const intentId = (await call('start-payment', { token: customer.token, unique_order_id: placed.unique_order_id })).action.fields.payment_intent ?? '';
    const cancelled = await callAs(t.app, 'cancel-order', { token: customer.token, unique_order_id: placed.unique_order_id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await walletOf(t.db, customer.id);

    const payload = JSON.stringify({ id: 'evt_late', object: 'event', type: 'payment_intent.succeeded', data: { object: fake.stripe.succeed(intentId) } });
    const signature = stripeHelper.webhooks.generateTestHeaderString({ payload, secret: FAKE_KEYS.stripeWebhookSecret });
    const late = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(late.json()).toEqual({ received: true, settled: true });

    const after = await walletOf(t.db, customer.id);
    expect(after.balance).toBe(before.balance + placed.payable_amount);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.entries.at(-1)).toMatchObject({ amount: placed.payable_amount, type: 'order_refund' });
    const row = await t.db.selectFrom('orders').select(['status', 'payment_status']).where('unique_order_id', '=', placed.unique_order_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: OrderStatus.CANCELLED, payment_status: 'REFUNDED' });
    // Stripe retrying the same event refunds nothing twice.
    await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect((await walletOf(t.db, customer.id)).balance).toBe(after.balance);
  });
});
