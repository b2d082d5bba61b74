/**
 * The ways to pay, on each database: get-payment-gateways lists only what
 * the admin switched on AND the server holds credentials for (in the store's
 * currency), never a secret; and each gateway other than Stripe pays an
 * order end to end through its own calls against the fake provider.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallName } from '../../../src/api/calls.ts';
import type { PaymentGateway, PaymentState } from '../../../src/api/checkout/payment-entities.ts';
import { PAYMENT_METHOD_SETTINGS } from '../../../src/api/checkout/payment-limits.ts';
import type { Setting } from '../../../src/api/entities.ts';
import { OrderStatus } from '../../../src/api/orders/status.ts';
import { razorpaySignature } from '../../../server/payments/razorpay-gateway.ts';
import { switchPaymentMethod } from '../../../server/payments/switch-method.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import {
  FAKE_KEYS,
  buildPaymentsTestApp,
  insertOrderAwaitingPayment,
  paymentsTestConfig,
  startFakeGatewayServer,
  type FakeGatewayServer,
  type PaymentsTestApp,
} from '../../support/fake-gateway-server.ts';
import { buildTestApp } from '../../support/test-app.ts';

const SECRETS = [
  FAKE_KEYS.stripeSecret,
  FAKE_KEYS.stripeWebhookSecret,
  FAKE_KEYS.razorpaySecret,
  FAKE_KEYS.paytmKey,
  FAKE_KEYS.paymongoSecret,
  FAKE_KEYS.mercadoPagoToken,
  FAKE_KEYS.khaltiSecret,
];

const ALL_SWITCHES = Object.values(PAYMENT_METHOD_SETTINGS);

describe.each(testDatabases())('payment gateways on $kind', ({ kind }) => {
  let fake: FakeGatewayServer;
  let t: PaymentsTestApp;
  let customer: NewCustomer;
  beforeAll(async () => {
    fake = await startFakeGatewayServer();
    t = await buildPaymentsTestApp(kind, paymentsTestConfig(fake));
    customer = await registerCustomer(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await t.app.settingsRepository.setMany([
      ...ALL_SWITCHES.map((key) => ({ key, value: key === 'codEnabled' || key === 'walletPaymentEnabled' ? 'true' : 'false' })),
      { key: 'currencyCode', value: 'USD' },
    ]);
  });

  const call = async (name: CallName, body: object, status = 200) => {
    const response = await callAs(t.app, name, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<PaymentState & { code?: string }>();
  };
  const gateways = async () => {
    const response = await callAs(t.app, 'get-payment-gateways', {});
    expect(response.statusCode).toBe(200);
    for (const secret of SECRETS) expect(response.body).not.toContain(secret);
    return response.json<PaymentGateway[]>();
  };
  const switchOn = (...keys: string[]) => t.app.settingsRepository.setMany(keys.map((key) => ({ key, value: 'true' })));
  const orderStateOf = async (orderId: number) => ({
    order: await t.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow(),
    payment: await t.db.selectFrom('payments').select(['status', 'gateway_reference']).where('order_id', '=', orderId).executeTakeFirstOrThrow(),
  });
  const placed = { order: { status: OrderStatus.PLACED, payment_status: 'PAID' } };

  describe('get-payment-gateways', () => {
    it('offers cash and wallet by default and no gateway until the admin switches one on', async () => {
      expect(await gateways()).toEqual([
        { id: 'COD', name: 'Cash on delivery', kind: 'built_in', client: {} },
        { id: 'WALLET', name: 'Wallet', kind: 'built_in', client: {} },
      ]);
    });

    it('lists a switched-on gateway only in a currency it takes, with its public values and never a secret', async () => {
      await switchOn('stripeEnabled', 'razorpayEnabled', 'paytmEnabled', 'paymongoEnabled', 'mercadoPagoEnabled', 'khaltiEnabled');
      expect(await gateways()).toEqual([
        { id: 'COD', name: 'Cash on delivery', kind: 'built_in', client: {} },
        { id: 'WALLET', name: 'Wallet', kind: 'built_in', client: {} },
        { id: 'STRIPE', name: 'Card (Stripe)', kind: 'gateway', client: { publishable_key: FAKE_KEYS.stripePublishable } },
        { id: 'RAZORPAY', name: 'Razorpay', kind: 'gateway', client: { key_id: FAKE_KEYS.razorpayKeyId } },
      ]);
      await t.app.settingsRepository.set('currencyCode', 'INR');
      const inRupees = await gateways();
      expect(inRupees.map((gateway) => gateway.id)).toEqual(['COD', 'WALLET', 'STRIPE', 'RAZORPAY', 'PAYTM']);
      expect(inRupees.find((gateway) => gateway.id === 'PAYTM')?.client).toEqual({ mid: FAKE_KEYS.paytmMid, script_url: `${fake.url}/paytm/merchantpgpui/checkoutjs/merchants/${FAKE_KEYS.paytmMid}.js` });
      await t.app.settingsRepository.set('currencyCode', 'npr');
      expect((await gateways()).map((gateway) => gateway.id)).toEqual(['COD', 'WALLET', 'STRIPE', 'RAZORPAY', 'KHALTI']);

      await t.app.settingsRepository.setMany([{ key: 'codEnabled', value: 'false' }, { key: 'walletPaymentEnabled', value: 'false' }]);
      expect((await gateways()).map((gateway) => gateway.id)).toEqual(['STRIPE', 'RAZORPAY', 'KHALTI']);
      // Settings are public: they switch gateways on, and never carry their credentials.
      const settings = (await callAs(t.app, 'get-settings', {})).body;
      for (const secret of SECRETS) expect(settings).not.toContain(secret);
      expect((await callAs(t.app, 'get-settings', {})).json<Setting[]>()).toContainEqual({ key: 'stripeEnabled', value: 'true' });
    });

    it("the admin's switch offers a configured gateway and makes every app refetch its settings", async () => {
      const before = await t.app.versionsRepository.get();
      await switchPaymentMethod(t.db, t.app.payments.gateways, 'STRIPE', true);
      expect((await gateways()).map((gateway) => gateway.id)).toEqual(['COD', 'WALLET', 'STRIPE']);
      const after = await t.app.versionsRepository.get();
      expect(Number(after.forceNewSettingsVersion)).toBe(Number(before.forceNewSettingsVersion) + 1);
      await switchPaymentMethod(t.db, t.app.payments.gateways, 'COD', false);
      expect((await gateways()).map((gateway) => gateway.id)).toEqual(['WALLET', 'STRIPE']);
    });

    it('a switched-on gateway without credentials on the server is not offered', async () => {
      const bare = await buildTestApp(kind);
      try {
        await bare.app.settingsRepository.setMany(ALL_SWITCHES.map((key) => ({ key, value: 'true' })));
        const response = await callAs(bare.app, 'get-payment-gateways', {});
        expect(response.json<PaymentGateway[]>().map((gateway) => gateway.id)).toEqual(['COD', 'WALLET']);
        expect(await bare.app.payments.isAvailable('STRIPE')).toBe(false);
        expect(await bare.app.payments.isAvailable('COD')).toBe(true);
        // The admin's switch refuses a gateway it could not use, saying what to set.
        await expect(switchPaymentMethod(bare.db, bare.app.payments.gateways, 'STRIPE', true)).rejects.toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/);
      } finally {
        await bare.close();
      }
    });
  });

  it('Razorpay: create-order, Checkout pays, process checks the signature and settles; a forged signature changes nothing', async () => {
    await switchOn('razorpayEnabled');
    const order = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'RAZORPAY', amount: 1999 });
    const created = await call('razorpay-create-order', { token: customer.token, unique_order_id: order.uniqueOrderId });
    expect(created.action).toMatchObject({ type: 'checkout_sdk', fields: { key: FAKE_KEYS.razorpayKeyId, amount: '1999', currency: 'USD' } });
    const razorpayOrderId = created.action.fields.order_id ?? '';
    const paymentId = fake.razorpay.pay(razorpayOrderId, 'captured');
    const proof = { token: customer.token, unique_order_id: order.uniqueOrderId, razorpay_order_id: razorpayOrderId, razorpay_payment_id: paymentId };

    expect((await call('razorpay-process', { ...proof, razorpay_signature: razorpaySignature(razorpayOrderId, paymentId, 'guessed-secret') }, 400)).code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect((await orderStateOf(order.orderId)).order).toEqual({ status: OrderStatus.AWAITING_PAYMENT, payment_status: 'PENDING' });

    const signature = razorpaySignature(razorpayOrderId, paymentId, FAKE_KEYS.razorpaySecret);
    expect(await call('razorpay-process', { ...proof, razorpay_signature: signature })).toMatchObject({ orderstatus_id: OrderStatus.PLACED, payment_status: 'PAID' });
    expect(await orderStateOf(order.orderId)).toEqual({ ...placed, payment: { status: 'SUCCEEDED', gateway_reference: razorpayOrderId } });
    // Replayed by the page: the same answer, nothing changes.
    expect(await call('razorpay-process', { ...proof, razorpay_signature: signature })).toMatchObject({ payment_status: 'PAID' });
  });

  it('Paytm: start answers the JS Checkout token; verify asks Paytm and settles success or failure', async () => {
    await switchOn('paytmEnabled');
    await t.app.settingsRepository.set('currencyCode', 'INR');
    const order = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'PAYTM', amount: 45050 });
    const started = await call('start-payment', { token: customer.token, unique_order_id: order.uniqueOrderId });
    expect(started).toMatchObject({ currency: 'INR', action: { type: 'checkout_sdk', fields: { amount: '450.50', txn_token: expect.any(String) } } });
    const paytmOrderId = started.action.fields.order_id ?? '';
    expect(await call('paytm-verify', { token: customer.token, unique_order_id: order.uniqueOrderId })).toMatchObject({ payment_status: 'PENDING', orderstatus_id: OrderStatus.AWAITING_PAYMENT });
    fake.paytm.setStatus(paytmOrderId, 'TXN_SUCCESS');
    expect(await call('paytm-verify', { token: customer.token, unique_order_id: order.uniqueOrderId })).toMatchObject({ payment_status: 'PAID', orderstatus_id: OrderStatus.PLACED });

    const failing = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'PAYTM', amount: 45050 });
    fake.paytm.setStatus((await call('start-payment', { token: customer.token, unique_order_id: failing.uniqueOrderId })).action.fields.order_id ?? '', 'TXN_FAILURE');
    expect(await call('paytm-verify', { token: customer.token, unique_order_id: failing.uniqueOrderId })).toMatchObject({ payment_status: 'FAILED', orderstatus_id: OrderStatus.PAYMENT_FAILED });
  });

  it('PayMongo: start redirects to the hosted checkout; verify reads the session and settles the paid order', async () => {
    await switchOn('paymongoEnabled');
    await t.app.settingsRepository.set('currencyCode', 'PHP');
    const order = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'PAYMONGO', amount: 35000 });
    // The way back is a path of this app, never another site.
    expect((await call('start-payment', { token: customer.token, unique_order_id: order.uniqueOrderId, return_path: '//evil.example/x' }, 400)).code).toBe('VALIDATION_FAILED');
    // The customer reached the app at food.example:8443: PayMongo sends them back there, to the path asked for.
    const response = await callAs(
      t.app,
      'start-payment',
      { token: customer.token, unique_order_id: order.uniqueOrderId, return_path: '/my-orders' },
      { headers: { host: 'food.example:8443' } },
    );
    expect(response.json<PaymentState>().action).toMatchObject({ type: 'redirect', url: expect.stringMatching(/^https:\/\/checkout\.paymongo\.test\/cs_/) });
    const sent = fake.requestsTo('/paymongo/v1/checkout_sessions').at(-1)?.body as { data: { attributes: { success_url: string; cancel_url: string } } };
    expect(sent.data.attributes).toMatchObject({
      success_url: 'http://food.example:8443/my-orders?payment_gateway=PAYMONGO',
      cancel_url: 'http://food.example:8443/my-orders?payment_gateway=PAYMONGO&payment_cancelled=1',
    });
    fake.paymongo.pay((await orderStateOf(order.orderId)).payment.gateway_reference ?? '');
    expect(await call('paymongo-verify', { token: customer.token, unique_order_id: order.uniqueOrderId })).toMatchObject({ payment_status: 'PAID', orderstatus_id: OrderStatus.PLACED, amount: 35000, currency: 'PHP' });
  });

  it('Mercado Pago: start redirects to Checkout Pro; verify with the returned payment_id settles it, and only for this order', async () => {
    await switchOn('mercadoPagoEnabled');
    await t.app.settingsRepository.set('currencyCode', 'BRL');
    const order = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'MERCADOPAGO', amount: 8990 });
    const other = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'MERCADOPAGO', amount: 8990 });
    expect((await call('start-payment', { token: customer.token, unique_order_id: order.uniqueOrderId })).action.type).toBe('redirect');
    await call('start-payment', { token: customer.token, unique_order_id: other.uniqueOrderId });
    const paid = fake.mercadoPago.pay((await orderStateOf(order.orderId)).payment.gateway_reference ?? '', 'approved');

    // The approved payment of one order does not pay another.
    expect((await call('mercado-pago-verify', { token: customer.token, unique_order_id: other.uniqueOrderId, payment_id: paid }, 400)).code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await call('mercado-pago-verify', { token: customer.token, unique_order_id: order.uniqueOrderId, payment_id: paid })).toMatchObject({ payment_status: 'PAID', orderstatus_id: OrderStatus.PLACED });
    const rejected = fake.mercadoPago.pay((await orderStateOf(other.orderId)).payment.gateway_reference ?? '', 'rejected');
    expect(await call('mercado-pago-verify', { token: customer.token, unique_order_id: other.uniqueOrderId, payment_id: rejected })).toMatchObject({ payment_status: 'FAILED', orderstatus_id: OrderStatus.PAYMENT_FAILED });
  });

  it("Khalti: start redirects to Khalti's page; verify looks the pidx up and settles the completed payment", async () => {
    await switchOn('khaltiEnabled');
    await t.app.settingsRepository.set('currencyCode', 'NPR');
    const order = await insertOrderAwaitingPayment(t.db, { userId: customer.id, gateway: 'KHALTI', amount: 150000 });
    const started = await call('start-payment', { token: customer.token, unique_order_id: order.uniqueOrderId });
    expect(started.action).toMatchObject({ type: 'redirect', url: expect.stringContaining('pidx=') });
    const pidx = (await orderStateOf(order.orderId)).payment.gateway_reference ?? '';
    expect(await call('khalti-verify', { token: customer.token, unique_order_id: order.uniqueOrderId })).toMatchObject({ payment_status: 'PENDING' });
    fake.khalti.setStatus(pidx, 'Completed');
    expect(await call('khalti-verify', { token: customer.token, unique_order_id: order.uniqueOrderId })).toMatchObject({ payment_status: 'PAID', orderstatus_id: OrderStatus.PLACED });
    expect(await orderStateOf(order.orderId)).toEqual({ ...placed, payment: { status: 'SUCCEEDED', gateway_reference: pidx } });
  });
});
