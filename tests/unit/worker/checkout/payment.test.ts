// @vitest-environment node
/**
 * Paying a card order through the sync worker, against the real server with
 * Stripe configured on the local fake of Stripe's API
 * (tests/support/fake-gateway-server.ts): the order waits for its payment
 * with the cart kept; start-payment answers what Stripe.js needs; once the
 * intent is confirmed (the fake plays Stripe.js) stripe-accept places and
 * pays the order and the cart goes; a declined card fails the order and the
 * cart stays; the redirect return settles it; cancelling the waiting order
 * keeps the cart.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingPaymentRow, StoredOrder } from '../../../../src/api/checkout/worker-api.ts';
import type { PaymentState } from '../../../../src/api/checkout/payment-entities.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { FAKE_KEYS, paymentsTestConfig, startFakeGatewayServer, type FakeGatewayServer } from '../../../support/fake-gateway-server.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { cartOf, deliveryChoices, fillCart, serverOrdersOf, signIn, testShop } from '../checkout-helpers.ts';
import { startHarness, type Harness } from '../harness.ts';

let fake: FakeGatewayServer;
let server: TestServer;
let harness: Harness;

beforeAll(async () => {
  fake = await startFakeGatewayServer();
  server = await startTestServer({ payments: paymentsTestConfig(fake) });
  await server.app.settingsRepository.set('stripeEnabled', 'true');
});
afterEach(async () => {
  await harness?.close();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function pendingPayment(): Promise<PendingPaymentRow | undefined> {
  return (await harness.db.prefs.get(PrefKey.pendingPayment))?.value as PendingPaymentRow | undefined;
}

async function replicaOrder(uniqueOrderId: string): Promise<StoredOrder | undefined> {
  return (await harness.db.orders.get(uniqueOrderId)) as StoredOrder | undefined;
}

/** A signed-in customer with two burgers in the cart and a card order placed for them. */
async function cardOrder(): Promise<{ uniqueOrderId: string; customerId: number }> {
  harness = await startHarness({ server });
  const customer = await signIn(harness);
  const shop = await testShop(server);
  await fillCart(harness, shop, [{ itemId: shop.menu.burger, quantity: 2 }]);
  const placed = await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: 'STRIPE' });
  if (!placed.ok) throw new Error(`placeOrder failed: ${JSON.stringify(placed)}`);
  return { uniqueOrderId: placed.value.uniqueOrderId, customerId: customer.id };
}

/** start-payment, and the PaymentIntent it opened. */
async function started(uniqueOrderId: string): Promise<{ state: PaymentState; intentId: string }> {
  const result = await harness.service.api.startPayment(uniqueOrderId);
  if (!result.ok) throw new Error(`startPayment failed: ${JSON.stringify(result)}`);
  return { state: result.value, intentId: result.value.action.fields.payment_intent ?? '' };
}

describe('paying by card with Stripe', () => {
  it('the ways to pay include the card once the admin switched Stripe on', async () => {
    harness = await startHarness({ server });
    await harness.service.api.refreshPaymentGateways();
    const row = (await harness.db.prefs.get(PrefKey.paymentGateways))?.value as { gateways: { id: string; client: Record<string, string> }[] };
    expect(row.gateways.map((gateway) => gateway.id)).toEqual(['COD', 'WALLET', 'STRIPE']);
    expect(row.gateways.find((gateway) => gateway.id === 'STRIPE')?.client).toEqual({ publishable_key: FAKE_KEYS.stripePublishable });
  });

  it('the order waits with the cart kept; Stripe.js confirming the intent and stripe-accept place and pay it, and the cart goes', async () => {
    const { uniqueOrderId, customerId } = await cardOrder();
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 8, payment_status: 'PENDING', payment_mode: 'STRIPE' });
    expect(await pendingPayment()).toMatchObject({ uniqueOrderId, gateway: 'STRIPE', amount: 2000 + 100 + 250 + 160, state: null });
    expect((await cartOf(harness)).lines).toHaveLength(1);
    // While the payment waits, another tap orders nothing more.
    expect(await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: 'COD' })).toMatchObject({ ok: false, reason: 'conflict' });

    const { state, intentId } = await started(uniqueOrderId);
    expect(state).toMatchObject({ orderstatus_id: 8, payment_status: 'PENDING', amount: 2510, currency: 'USD' });
    expect(state.action).toMatchObject({ type: 'stripe_confirm', client_secret: expect.stringContaining(intentId), fields: { publishable_key: FAKE_KEYS.stripePublishable } });
    // A method that leaves the page comes back to the checkout, which settles it.
    expect(state.action.fields.return_url).toMatch(/\/checkout\?payment_gateway=STRIPE$/);
    expect((await pendingPayment())?.state?.action.type).toBe('stripe_confirm');

    fake.stripe.succeed(intentId);
    const settled = await harness.service.api.confirmStripePayment(uniqueOrderId);
    expect(settled).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 1, payment_status: 'PAID', history: [{ status: 8 }, { status: 1 }] });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toEqual([]);
    expect(await serverOrdersOf(server, customerId)).toHaveLength(1);
  });

  it('a declined card fails the order; the cart stays for another try and nothing waits any more', async () => {
    const { uniqueOrderId } = await cardOrder();
    await started(uniqueOrderId);

    const declined = await harness.service.api.confirmStripePayment(uniqueOrderId, 'pm_card_chargeDeclined');
    expect(declined).toMatchObject({ ok: true, value: { orderstatus_id: 9, payment_status: 'FAILED' } });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 9, status_name: 'PAYMENT_FAILED', can_cancel: false });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toHaveLength(1);
    // The cart can be ordered again, another way.
    expect(await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: 'COD' })).toMatchObject({ ok: true });
  });

  it('the return from a redirect (stripe-redirect-capture) settles the order', async () => {
    const { uniqueOrderId } = await cardOrder();
    const { intentId } = await started(uniqueOrderId);
    fake.stripe.succeed(intentId);

    expect(await harness.service.api.captureStripeRedirect(intentId)).toMatchObject({ ok: true, value: { unique_order_id: uniqueOrderId, payment_status: 'PAID' } });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toEqual([]);
    expect(await harness.service.api.captureStripeRedirect('not a reference!')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('giving up on the card: cancelling the waiting order forgets the payment and keeps the cart', async () => {
    const { uniqueOrderId } = await cardOrder();
    await started(uniqueOrderId);

    expect(await harness.service.api.cancelOrder(uniqueOrderId)).toEqual({ ok: true });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 6, can_cancel: false });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toHaveLength(1);
  });
});
