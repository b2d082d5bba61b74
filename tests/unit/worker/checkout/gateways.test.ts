// @vitest-environment node
/**
 * Paying an order through the gateways other than Stripe, through the sync
 * worker against the real server with every gateway configured on the local
 * fake of the providers (tests/support/fake-gateway-server.ts). The fake
 * plays the customer on the provider's side (Khalti's page completes the
 * payment, a PayMongo session is paid, Razorpay Checkout makes a payment),
 * and the worker's verify / process call has the server settle the order:
 * paid places it and empties the cart; failed fails it and keeps the cart.
 */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingPaymentRow, StoredOrder } from '../../../../src/api/checkout/worker-api.ts';
import type { PaymentGatewayId } from '../../../../src/api/checkout/payment-limits.ts';
import type { PaymentState } from '../../../../src/api/checkout/payment-entities.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { FAKE_KEYS, paymentsTestConfig, startFakeGatewayServer, type FakeGatewayServer } from '../../../support/fake-gateway-server.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { cartOf, deliveryChoices, fillCart, serverOrdersOf, signIn, testShop } from '../checkout-helpers.ts';
import { startHarness, type Harness } from '../harness.ts';

let fake: FakeGatewayServer;
let server: TestServer;
let harness: Harness;

/** The store's currency each gateway takes (Razorpay takes any). */
const CURRENCY_OF: Record<Exclude<PaymentGatewayId, 'STRIPE'>, string> = {
  RAZORPAY: 'INR',
  PAYTM: 'INR',
  PAYMONGO: 'PHP',
  MERCADOPAGO: 'MXN',
  KHALTI: 'NPR',
};
const SWITCH_OF = {
  RAZORPAY: 'razorpayEnabled',
  PAYTM: 'paytmEnabled',
  PAYMONGO: 'paymongoEnabled',
  MERCADOPAGO: 'mercadoPagoEnabled',
  KHALTI: 'khaltiEnabled',
} as const;

beforeAll(async () => {
  fake = await startFakeGatewayServer();
  server = await startTestServer({ payments: paymentsTestConfig(fake) });
  for (const key of Object.values(SWITCH_OF)) await server.app.settingsRepository.set(key, 'true');
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

/** A signed-in customer with two burgers in the cart, in a store charging the gateway's currency, and an order placed to pay through it. */
async function gatewayOrder(gateway: keyof typeof CURRENCY_OF): Promise<{ uniqueOrderId: string; customerId: number }> {
  await server.app.settingsRepository.set('currencyCode', CURRENCY_OF[gateway]);
  harness = await startHarness({ server });
  const customer = await signIn(harness);
  const shop = await testShop(server);
  await fillCart(harness, shop, [{ itemId: shop.menu.burger, quantity: 2 }]);
  const placed = await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: gateway });
  if (!placed.ok) throw new Error(`placeOrder failed: ${JSON.stringify(placed)}`);
  expect(placed.value).toMatchObject({ status: 8, awaitingPayment: true });
  return { uniqueOrderId: placed.value.uniqueOrderId, customerId: customer.id };
}

async function started(uniqueOrderId: string): Promise<PaymentState> {
  const result = await harness.service.api.startPayment(uniqueOrderId);
  if (!result.ok) throw new Error(`startPayment failed: ${JSON.stringify(result)}`);
  return result.value;
}

/** What the adapter last sent to a provider path, as the provider received it. */
function lastBodyTo(path: string): Record<string, unknown> {
  return fake.requestsTo(path).at(-1)?.body as Record<string, unknown>;
}

describe('the ways to pay', () => {
  it('every gateway the server offers for the store currency is listed, with its public values', async () => {
    await server.app.settingsRepository.set('currencyCode', 'INR');
    harness = await startHarness({ server });
    await harness.service.api.refreshPaymentGateways();
    const row = (await harness.db.prefs.get(PrefKey.paymentGateways))?.value as { gateways: { id: string; client: Record<string, string> }[] };
    expect(row.gateways.map((gateway) => gateway.id)).toEqual(['COD', 'WALLET', 'RAZORPAY', 'PAYTM']);
    expect(row.gateways.find((gateway) => gateway.id === 'RAZORPAY')?.client).toEqual({ key_id: FAKE_KEYS.razorpayKeyId });
    expect(row.gateways.find((gateway) => gateway.id === 'PAYTM')?.client.script_url).toMatch(/\/merchantpgpui\/checkoutjs\/merchants\/FAKEMID0001\.js$/);
  });
});

describe("paying on Khalti's page (redirect)", () => {
  it('start sends the customer to Khalti with the checkout as the way back; once Khalti has it completed, verify places and pays the order', async () => {
    const { uniqueOrderId, customerId } = await gatewayOrder('KHALTI');
    const state = await started(uniqueOrderId);
    expect(state).toMatchObject({ orderstatus_id: 8, payment_status: 'PENDING', amount: 2510, currency: 'NPR' });
    expect(state.action.type).toBe('redirect');
    const pidx = new URL(state.action.url ?? '').searchParams.get('pidx') ?? '';
    expect(lastBodyTo('/khalti/api/v2/epayment/initiate/').return_url).toMatch(/\/checkout\?payment_gateway=KHALTI$/);
    expect((await pendingPayment())?.state?.action.url).toBe(state.action.url);

    // Back before paying: nothing is settled and the payment still waits.
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'KHALTI')).toMatchObject({ ok: true, value: { orderstatus_id: 8, payment_status: 'PENDING' } });
    expect(await pendingPayment()).toMatchObject({ uniqueOrderId });

    fake.khalti.setStatus(pidx, 'Completed');
    const settled = await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'KHALTI');
    expect(settled).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 1, payment_status: 'PAID', payment_mode: 'KHALTI' });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toEqual([]);
    expect(await serverOrdersOf(server, customerId)).toMatchObject([{ status: 1, payment_status: 'PAID' }]);
  });

  it('cancelled on Khalti: verify fails the order, the cart stays and can be ordered another way', async () => {
    const { uniqueOrderId } = await gatewayOrder('KHALTI');
    const state = await started(uniqueOrderId);
    fake.khalti.setStatus(new URL(state.action.url ?? '').searchParams.get('pidx') ?? '', 'User canceled');

    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'KHALTI')).toMatchObject({ ok: true, value: { orderstatus_id: 9, payment_status: 'FAILED' } });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 9, status_name: 'PAYMENT_FAILED' });
    expect(await pendingPayment()).toBeUndefined();
    expect((await cartOf(harness)).lines).toHaveLength(1);
    expect(await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: 'COD' })).toMatchObject({ ok: true });
  });
});

describe('paying on PayMongo and Mercado Pago checkout pages (redirect)', () => {
  it('PayMongo: the hosted checkout paid, verify places and pays the order; an expired session without payment fails it', async () => {
    const { uniqueOrderId } = await gatewayOrder('PAYMONGO');
    const state = await started(uniqueOrderId);
    expect(state.action).toMatchObject({ type: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.paymongo\.test\//) });
    const attributes = (lastBodyTo('/paymongo/v1/checkout_sessions').data as { attributes: Record<string, string> }).attributes;
    expect(attributes.success_url).toMatch(/\/checkout\?payment_gateway=PAYMONGO$/);
    expect(attributes.cancel_url).toMatch(/\/checkout\?payment_gateway=PAYMONGO&payment_cancelled=1$/);

    fake.paymongo.pay(new URL(state.action.url ?? '').pathname.slice(1));
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'PAYMONGO')).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect((await cartOf(harness)).lines).toEqual([]);

    await harness.close();
    const second = await gatewayOrder('PAYMONGO');
    const secondState = await started(second.uniqueOrderId);
    fake.paymongo.expire(new URL(secondState.action.url ?? '').pathname.slice(1));
    expect(await harness.service.api.verifyGatewayPayment(second.uniqueOrderId, 'PAYMONGO')).toMatchObject({ ok: true, value: { payment_status: 'FAILED' } });
    expect((await cartOf(harness)).lines).toHaveLength(1);
  });

  it('Mercado Pago: the payment_id of the return URL is verified; another order’s payment or none at all is refused', async () => {
    const { uniqueOrderId } = await gatewayOrder('MERCADOPAGO');
    const state = await started(uniqueOrderId);
    const preferenceId = new URL(state.action.url ?? '').searchParams.get('pref_id') ?? '';
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'MERCADOPAGO')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });

    const forged = fake.mercadoPago.pay(preferenceId, 'approved', { externalReference: 'FP-OTHER:1' });
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'MERCADOPAGO', forged)).toMatchObject({ ok: false, code: 'PAYMENT_SIGNATURE_INVALID' });
    expect(await pendingPayment()).toMatchObject({ uniqueOrderId });

    const paymentId = fake.mercadoPago.pay(preferenceId, 'approved');
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'MERCADOPAGO', paymentId)).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect(await pendingPayment()).toBeUndefined();
  });
});

describe('paying in the page with the provider’s script', () => {
  it('Razorpay: start answers Checkout’s fields; the signed answer sent to razorpay-process captures, places and pays the order', async () => {
    const { uniqueOrderId, customerId } = await gatewayOrder('RAZORPAY');
    const state = await started(uniqueOrderId);
    expect(state.action).toMatchObject({
      type: 'checkout_sdk',
      fields: { key: FAKE_KEYS.razorpayKeyId, amount: '2510', currency: 'INR', order_id: expect.stringMatching(/^order_/) },
    });
    const orderId = state.action.fields.order_id ?? '';
    // Razorpay Checkout takes the payment (authorised only) and signs order_id|payment_id with the key secret.
    const paymentId = fake.razorpay.pay(orderId, 'authorized');
    const signature = createHmac('sha256', FAKE_KEYS.razorpaySecret).update(`${orderId}|${paymentId}`).digest('hex');

    const forged = await harness.service.api.processRazorpayPayment(uniqueOrderId, {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', 'someone else').update(`${orderId}|${paymentId}`).digest('hex'),
    });
    expect(forged).toMatchObject({ ok: false, code: 'PAYMENT_SIGNATURE_INVALID' });
    expect(await pendingPayment()).toMatchObject({ uniqueOrderId });

    const settled = await harness.service.api.processRazorpayPayment(uniqueOrderId, { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature });
    expect(settled).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect(fake.razorpay.payment(paymentId)).toMatchObject({ status: 'captured' });
    expect(await replicaOrder(uniqueOrderId)).toMatchObject({ status: 1, payment_status: 'PAID' });
    expect((await cartOf(harness)).lines).toEqual([]);
    expect(await serverOrdersOf(server, customerId)).toMatchObject([{ payment_status: 'PAID' }]);
  });

  it('Razorpay: an answer without a signature is refused before anything is sent', async () => {
    const { uniqueOrderId } = await gatewayOrder('RAZORPAY');
    const before = fake.requests.length;
    const answer = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: '' };
    expect(await harness.service.api.processRazorpayPayment(uniqueOrderId, answer)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(fake.requests.length).toBe(before);
  });

  it('Paytm: start answers the transaction token and script; after JS Checkout, paytm-verify settles the order', async () => {
    const { uniqueOrderId } = await gatewayOrder('PAYTM');
    const state = await started(uniqueOrderId);
    expect(state.action).toMatchObject({
      type: 'checkout_sdk',
      fields: { mid: FAKE_KEYS.paytmMid, amount: '25.10', txn_token: expect.any(String), script_url: expect.stringContaining('/merchantpgpui/checkoutjs/') },
    });
    fake.paytm.setStatus(state.action.fields.order_id ?? '', 'TXN_FAILURE');
    expect(await harness.service.api.verifyGatewayPayment(uniqueOrderId, 'PAYTM')).toMatchObject({ ok: true, value: { orderstatus_id: 9, payment_status: 'FAILED' } });
    expect((await cartOf(harness)).lines).toHaveLength(1);

    const again = await harness.service.api.placeOrder({ ...deliveryChoices(), paymentMode: 'PAYTM' });
    if (!again.ok) throw new Error(`placeOrder failed: ${JSON.stringify(again)}`);
    const secondState = await started(again.value.uniqueOrderId);
    fake.paytm.setStatus(secondState.action.fields.order_id ?? '', 'TXN_SUCCESS');
    expect(await harness.service.api.verifyGatewayPayment(again.value.uniqueOrderId, 'PAYTM')).toMatchObject({ ok: true, value: { orderstatus_id: 1, payment_status: 'PAID' } });
    expect((await cartOf(harness)).lines).toEqual([]);
  });
});
