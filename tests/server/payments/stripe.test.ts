/**
 * Paying an order by card through Stripe, on each database, with the real
 * Stripe SDK talking to the fake Stripe: start → accept places the order and
 * marks it paid; a decline fails it; 3-D Secure and the redirect return;
 * the signed webhook settles an order the page never confirmed, and a
 * replay, a second confirm or a bad signature change nothing; an amount
 * that is not the order's is refused; another user's order is not there.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSessionResult } from '../../../src/api/account/entities.ts';
import type { CallName } from '../../../src/api/calls.ts';
import type { PaymentState } from '../../../src/api/checkout/payment-entities.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { STRIPE_WEBHOOK_PATH } from '../../../server/payments/plugin.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import {
  FAKE_KEYS,
  buildPaymentsTestApp,
  insertOrderAwaitingPayment,
  paymentsTestConfig,
  startFakeGatewayServer,
  type FakeGatewayServer,
  type PaymentsTestApp,
} from '../../support/fake-gateway-server.ts';

/** Only for its webhook test helper: signs events as Stripe does. */
const stripeHelper = new Stripe('sk_test_unused');

describe.each(testDatabases())('Stripe payments on $kind', ({ kind }) => {
  let fake: FakeGatewayServer;
  let t: PaymentsTestApp;
  let customer: NewCustomer;
  beforeAll(async () => {
    fake = await startFakeGatewayServer();
    t = await buildPaymentsTestApp(kind, paymentsTestConfig(fake));
    await t.app.settingsRepository.set('stripeEnabled', 'true');
    customer = await registerCustomer(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = async (name: CallName, body: object, status = 200) => {
    const response = await callAs(t.app, name, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<PaymentState & { code?: string }>();
  };
  const newOrder = (amount = 2599, options: { userId?: number; restaurantId?: number; gateway?: string } = {}) =>
    insertOrderAwaitingPayment(t.db, { userId: options.userId ?? customer.id, gateway: options.gateway ?? 'STRIPE', amount, ...(options.restaurantId ? { restaurantId: options.restaurantId } : {}) });
  const start = async (uniqueOrderId: string) => call('start-payment', { token: customer.token, unique_order_id: uniqueOrderId });
  const rowsOf = async (orderId: number) => ({
    order: await t.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    payments: await t.db.selectFrom('payments').select(['status', 'gateway_reference', 'amount']).where('order_id', '=', orderId).execute(),
    history: await t.db.selectFrom('order_history').select(['status', 'actor']).where('order_id', '=', orderId).orderBy('id').execute(),
  });
  const sendEvent = (type: string, intent: object, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object: intent } });
    const signature = stripeHelper.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_KEYS.stripeWebhookSecret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };

  it('start → accept with a card: the order is placed and paid, once, with the gateway in its history', async () => {
    const order = await newOrder();
    const started = await start(order.uniqueOrderId);
    expect(started).toMatchObject({ unique_order_id: order.uniqueOrderId, gateway: 'STRIPE', orderstatus_id: OrderStatus.AWAITING_PAYMENT, payment_status: 'PENDING', amount: 2599, currency: 'USD' });
    expect(started.action).toMatchObject({ type: 'stripe_confirm', client_secret: expect.any(String), fields: { publishable_key: FAKE_KEYS.stripePublishable } });
    const intentId = started.action.fields.payment_intent ?? '';
    expect(fake.stripe.intent(intentId)).toMatchObject({ amount: 2599, currency: 'usd' });
    // Starting again resumes the same intent.
    expect((await start(order.uniqueOrderId)).action.fields.payment_intent).toBe(intentId);

    const accepted = await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' });
    expect(accepted).toMatchObject({ orderstatus_id: OrderStatus.PLACED, payment_status: 'PAID', action: { type: 'none' } });
    const rows = await rowsOf(order.orderId);
    expect(rows.order).toEqual({ status: OrderStatus.PLACED, payment_status: 'PAID' });
    expect(rows.payments).toEqual([{ status: 'SUCCEEDED', gateway_reference: intentId, amount: 2599 }]);
    expect(rows.history).toEqual([{ status: 8, actor: 'customer' }, { status: 1, actor: 'gateway' }]);

    // A second confirm answers the same and changes nothing; nor does starting a settled payment.
    expect(await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' })).toEqual(accepted);
    expect((await call('start-payment', { token: customer.token, unique_order_id: order.uniqueOrderId }, 409)).code).toBe('ORDER_NOT_AWAITING_PAYMENT');
    // Stripe's own webhook for the same payment arrives too: a no-op.
    const replay = await sendEvent('payment_intent.succeeded', fake.stripe.intent(intentId) ?? {});
    expect(replay.json()).toEqual({ received: true, settled: false });
    expect(await rowsOf(order.orderId)).toEqual(rows);
  });

  it('a declined card fails the payment: payment failed (9), payments FAILED; a later success on the same intent is refunded to the wallet', async () => {
    const order = await newOrder();
    await start(order.uniqueOrderId);
    const declined = await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_chargeDeclined' });
    expect(declined).toMatchObject({ orderstatus_id: OrderStatus.PAYMENT_FAILED, payment_status: 'FAILED' });
    const rows = await rowsOf(order.orderId);
    expect(rows.order).toEqual({ status: OrderStatus.PAYMENT_FAILED, payment_status: 'FAILED' });
    expect(rows.payments[0]?.status).toBe('FAILED');
    expect(rows.history.at(-1)).toEqual({ status: 9, actor: 'gateway' });

    // The customer retries in the page on the same intent and it goes through: the money goes back to their wallet.
    const intentId = rows.payments[0]?.gateway_reference ?? '';
    const walletBefore = Number((await t.db.selectFrom('users').select('wallet_balance').where('id', '=', customer.id).executeTakeFirstOrThrow()).wallet_balance);
    const late = await sendEvent('payment_intent.succeeded', fake.stripe.succeed(intentId));
    expect(late.json()).toEqual({ received: true, settled: true });
    expect(await rowsOf(order.orderId)).toMatchObject({ order: { status: OrderStatus.PAYMENT_FAILED, payment_status: 'REFUNDED' }, payments: [{ status: 'SUCCEEDED' }] });
    const refund = await t.db.selectFrom('wallet_transactions').select(['amount', 'type', 'balance_after']).where('user_id', '=', customer.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(refund).toEqual({ amount: 2599, type: 'order_refund', balance_after: walletBefore + 2599 });
    // Replayed, it refunds nothing twice.
    expect((await sendEvent('payment_intent.succeeded', fake.stripe.intent(intentId) ?? {})).json()).toEqual({ received: true, settled: false });
  });

  it('3-D Secure sends the customer away; the redirect return reads the intent and settles it', async () => {
    const order = await newOrder();
    await start(order.uniqueOrderId);
    const pending = await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_threeDSecure2Required' });
    expect(pending).toMatchObject({ orderstatus_id: OrderStatus.AWAITING_PAYMENT, payment_status: 'PENDING', action: { type: 'redirect', url: expect.stringContaining('/3ds/') } });
    // Stripe is asked to send the customer back to the order's page, marked as a Stripe return.
    const confirm = fake.requestsTo('/v1/payment_intents').filter((request) => request.path.endsWith('/confirm')).at(-1);
    expect((confirm?.body as { return_url: string }).return_url).toMatch(new RegExp(`/running-order/${order.uniqueOrderId}\\?payment_gateway=STRIPE$`));

    const intentId = (await rowsOf(order.orderId)).payments[0]?.gateway_reference ?? '';
    // Before the customer finished, the return finds it still pending.
    fake.stripe.patch(intentId, { status: 'processing', next_action: null });
    expect(await call('stripe-redirect-capture', { token: customer.token, payment_intent: intentId })).toMatchObject({ payment_status: 'PENDING', action: { type: 'none' } });
    fake.stripe.succeed(intentId);
    expect(await call('stripe-redirect-capture', { token: customer.token, payment_intent: intentId })).toMatchObject({ unique_order_id: order.uniqueOrderId, orderstatus_id: OrderStatus.PLACED, payment_status: 'PAID' });
  });

  it('the signed webhook settles an order the page never confirmed; replays and concurrent confirms settle it once', async () => {
    const order = await newOrder();
    const intentId = (await start(order.uniqueOrderId)).action.fields.payment_intent ?? '';
    const intent = fake.stripe.succeed(intentId);
    const first = await sendEvent('payment_intent.succeeded', intent);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, settled: true });
    const settled = await rowsOf(order.orderId);
    expect(settled.order).toEqual({ status: OrderStatus.PLACED, payment_status: 'PAID' });

    const replays = await Promise.all([sendEvent('payment_intent.succeeded', intent), sendEvent('payment_intent.succeeded', intent)]);
    expect(replays.map((reply) => reply.json())).toEqual([{ received: true, settled: false }, { received: true, settled: false }]);
    expect(await rowsOf(order.orderId)).toEqual(settled);

    // A webhook and the page's confirm racing: exactly one history row for the move.
    const raced = await newOrder();
    const racedIntent = fake.stripe.succeed((await start(raced.uniqueOrderId)).action.fields.payment_intent ?? '');
    await Promise.all([
      sendEvent('payment_intent.succeeded', racedIntent),
      callAs(t.app, 'stripe-accept', { token: customer.token, unique_order_id: raced.uniqueOrderId }),
      sendEvent('payment_intent.succeeded', racedIntent),
    ]);
    expect((await rowsOf(raced.orderId)).history).toEqual([{ status: 8, actor: 'customer' }, { status: 1, actor: 'gateway' }]);
  });

  it('payment_intent.payment_failed fails the order; a bad or stale signature is refused and changes nothing', async () => {
    const order = await newOrder();
    const intentId = (await start(order.uniqueOrderId)).action.fields.payment_intent ?? '';
    const intent = fake.stripe.decline(intentId);

    const forged = await sendEvent('payment_intent.succeeded', fake.stripe.succeed(intentId), { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    const stale = await sendEvent('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ type: 'payment_intent.succeeded' }) });
    expect(unsigned.json()).toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
    expect((await rowsOf(order.orderId)).order).toEqual({ status: OrderStatus.AWAITING_PAYMENT, payment_status: 'PENDING' });

    const failed = await sendEvent('payment_intent.payment_failed', fake.stripe.decline(intentId));
    expect(failed.json()).toEqual({ received: true, settled: true });
    expect((await rowsOf(order.orderId)).order).toEqual({ status: OrderStatus.PAYMENT_FAILED, payment_status: 'FAILED' });
    // Events this server does not act on, and intents that are not ours, are acknowledged and ignored.
    expect((await sendEvent('payment_intent.created', intent)).json()).toEqual({ received: true, settled: false });
    expect((await sendEvent('payment_intent.succeeded', { ...intent, id: 'pi_not_ours' })).json()).toEqual({ received: true, settled: false });
  });

  it('an amount or currency Stripe reports other than the order is refused and changes nothing', async () => {
    const order = await newOrder(4000);
    const intentId = (await start(order.uniqueOrderId)).action.fields.payment_intent ?? '';
    fake.stripe.patch(intentId, { amount: 400 });
    fake.stripe.succeed(intentId);
    expect((await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId }, 409)).code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect((await sendEvent('payment_intent.succeeded', { ...fake.stripe.intent(intentId), amount: 4000, currency: 'eur' })).json()).toEqual({ received: true, settled: false });
    const rows = await rowsOf(order.orderId);
    expect(rows.order).toEqual({ status: OrderStatus.AWAITING_PAYMENT, payment_status: 'PENDING' });
    expect(rows.payments[0]?.status).toBe('PENDING');
  });

  it("an agent acting for the customer can take the payment; the audit names the agent", async () => {
    const agentToken = await loginAs(t.app, 'agent');
    const session = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    const order = await newOrder();
    await call('start-payment', { token: session.data.auth_token, unique_order_id: order.uniqueOrderId });
    await call('stripe-accept', { token: session.data.auth_token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' });
    const audit = await t.db.selectFrom('agent_actions').select(['agent_id', 'action', 'details']).where('customer_id', '=', customer.id).orderBy('id').execute();
    expect(audit.slice(-2).map((row) => [row.agent_id, row.action, JSON.parse(row.details)])).toEqual([
      [session.data.acting_agent_id, 'start-payment', { unique_order_id: order.uniqueOrderId, payment_status: 'PENDING' }],
      [session.data.acting_agent_id, 'stripe-accept', { unique_order_id: order.uniqueOrderId, payment_status: 'PAID' }],
    ]);
  });

  it("a store that accepts orders automatically has a paid order preparing at once", async () => {
    const store = await t.db.selectFrom('restaurants').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable('restaurants').set({ auto_accept_orders: 1 }).where('id', '=', store.id).execute();
    const order = await newOrder(1500, { restaurantId: Number(store.id) });
    await start(order.uniqueOrderId);
    expect(await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' })).toMatchObject({ orderstatus_id: OrderStatus.PREPARING, payment_status: 'PAID' });
    expect((await rowsOf(order.orderId)).history.map((row) => [row.status, row.actor])).toEqual([[8, 'customer'], [1, 'gateway'], [2, 'system']]);
  });

  it("another user's order is not there; a cash order or another gateway's is WRONG_PAYMENT_GATEWAY; a switched-off gateway cannot start", async () => {
    const order = await newOrder();
    const intentId = (await start(order.uniqueOrderId)).action.fields.payment_intent ?? '';
    const stranger = await registerCustomer(t.app);
    expect((await call('start-payment', { token: stranger.token, unique_order_id: order.uniqueOrderId }, 404)).code).toBe('NOT_FOUND');
    expect((await call('stripe-accept', { token: stranger.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' }, 404)).code).toBe('NOT_FOUND');
    expect((await call('stripe-redirect-capture', { token: stranger.token, payment_intent: intentId }, 404)).code).toBe('NOT_FOUND');
    expect((await call('start-payment', { unique_order_id: order.uniqueOrderId }, 401)).code).toBe('UNAUTHORIZED');
    expect((await rowsOf(order.orderId)).order.status).toBe(OrderStatus.AWAITING_PAYMENT);

    const razorpayOrder = await newOrder(2599, { gateway: 'RAZORPAY' });
    expect((await call('stripe-accept', { token: customer.token, unique_order_id: razorpayOrder.uniqueOrderId }, 409)).code).toBe('WRONG_PAYMENT_GATEWAY');
    const cashOrder = await newOrder(2599, { gateway: 'COD' });
    expect((await call('start-payment', { token: customer.token, unique_order_id: cashOrder.uniqueOrderId }, 409)).code).toBe('WRONG_PAYMENT_GATEWAY');

    await t.app.settingsRepository.set('stripeEnabled', 'false');
    try {
      const late = await newOrder();
      expect((await call('start-payment', { token: customer.token, unique_order_id: late.uniqueOrderId }, 422)).code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      // A payment begun before the switch went off can still be settled.
      expect(await call('stripe-accept', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_method: 'pm_card_visa' })).toMatchObject({ payment_status: 'PAID' });
    } finally {
      await t.app.settingsRepository.set('stripeEnabled', 'true');
    }
  });
});
