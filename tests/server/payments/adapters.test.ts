/**
 * Each payment adapter on its own, against the fake provider server: what it
 * sends (paths, credentials, amounts in the provider's units, signatures)
 * and how it reads the provider's answers; the signature rules with known
 * inputs (computed independently with openssl); the currency conversions;
 * and the environment's gateway configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsConfigFromEnv } from '../../../server/payments/config.ts';
import { toDecimalAmount, toMinorUnits } from '../../../server/payments/currency.ts';
import type { PaymentAttempt, StartPaymentInput } from '../../../server/payments/gateway.ts';
import { KhaltiGateway } from '../../../server/payments/khalti-gateway.ts';
import { MercadoPagoGateway, mercadoPagoReferenceOf } from '../../../server/payments/mercado-pago-gateway.ts';
import { PaymongoGateway } from '../../../server/payments/paymongo-gateway.ts';
import { isValidPaytmSignature, paytmSignature } from '../../../server/payments/paytm-checksum.ts';
import { PaytmGateway, paytmOrderId } from '../../../server/payments/paytm-gateway.ts';
import { isValidRazorpaySignature, RazorpayGateway, razorpaySignature } from '../../../server/payments/razorpay-gateway.ts';
import { StripeGateway } from '../../../server/payments/stripe-gateway.ts';
import { FAKE_KEYS, paymentsTestConfig, startFakeGatewayServer, type FakeGatewayServer } from '../../support/fake-gateway-server.ts';

const RETURN_URLS = { success: 'https://food.test/running-order/AB12CD34?payment_gateway=X', cancel: 'https://food.test/running-order/AB12CD34?payment_cancelled=1' };

function attempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    paymentId: 7,
    uniqueOrderId: 'AB12CD34',
    amount: 1250,
    currency: 'USD',
    reference: null,
    customer: { id: 42, name: 'Ada Customer', email: 'ada@example.test', phone: '+14125550104' },
    ...overrides,
  };
}

function startInput(overrides: Partial<PaymentAttempt> = {}): StartPaymentInput {
  return { attempt: attempt(overrides), returnUrls: RETURN_URLS, siteUrl: 'https://food.test', merchantName: 'FoodPilot' };
}

const started = <T extends { reference: string | null }>(value: T, reference: string) => ({ ...value, reference });

describe('signatures with known inputs', () => {
  it("Razorpay: hex HMAC-SHA256 of order_id|payment_id with the key secret, compared whole", () => {
    const expected = '972592aed892074d7fb0c0bb8ee7dd8736eb02d3c281fc503cf6fd8d3af443df';
    expect(razorpaySignature('order_9A33XWu170gUtm', 'pay_29QQoUBi66xm2f', 'EnLs21M47BllR3X8PSFtjtbd')).toBe(expected);
    const proof = { orderId: 'order_9A33XWu170gUtm', paymentId: 'pay_29QQoUBi66xm2f', signature: expected };
    expect(isValidRazorpaySignature(proof, 'EnLs21M47BllR3X8PSFtjtbd')).toBe(true);
    expect(isValidRazorpaySignature({ ...proof, paymentId: 'pay_29QQoUBi66xm2g' }, 'EnLs21M47BllR3X8PSFtjtbd')).toBe(false);
    expect(isValidRazorpaySignature({ ...proof, signature: expected.slice(0, -1) }, 'EnLs21M47BllR3X8PSFtjtbd')).toBe(false);
    expect(isValidRazorpaySignature(proof, 'another-secret')).toBe(false);
  });

  it("Paytm: AES-128-CBC of sha256(payload|salt)+salt under the merchant key, Paytm's fixed IV, base64", () => {
    const payload = '{"mid":"FAKEMID0001","orderId":"ORDER-1"}';
    const expected = 'jzoqOfoHUQbyB6RjOvlwyz6PHLTjitvxBLCrY0ptO+3ptDveGLaMTqAU+nwNzHkGNWSLudlmvsGJxOqlj/z2J9TuCvZzF63is+v1u4yRLfU=';
    expect(paytmSignature(payload, 'fakePaytmKey1234', 'AbCd')).toBe(expected);
    expect(isValidPaytmSignature(payload, 'fakePaytmKey1234', expected)).toBe(true);
    // A fresh salt each time, and every one verifies.
    const salted = paytmSignature(payload, 'fakePaytmKey1234');
    expect(salted).not.toBe(expected);
    expect(isValidPaytmSignature(payload, 'fakePaytmKey1234', salted)).toBe(true);
    expect(isValidPaytmSignature(payload.replace('ORDER-1', 'ORDER-2'), 'fakePaytmKey1234', expected)).toBe(false);
    expect(isValidPaytmSignature(payload, 'otherPaytmKey123', expected)).toBe(false);
    expect(isValidPaytmSignature(payload, 'fakePaytmKey1234', 'not-a-signature')).toBe(false);
  });
});

describe('amounts in a currency', () => {
  it('minor units to decimal text and back, by the currency exponent', () => {
    expect(toDecimalAmount(1250, 'INR')).toBe('12.50');
    expect(toDecimalAmount(5, 'USD')).toBe('0.05');
    expect(toDecimalAmount(1250, 'CLP')).toBe('1250');
    expect(toDecimalAmount(1250, 'KWD')).toBe('1.250');
    expect(toMinorUnits('12.50', 'INR')).toBe(1250);
    expect(toMinorUnits('12.5', 'INR')).toBe(1250);
    expect(toMinorUnits(12.5, 'BRL')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'BRL')).toBe(30);
    expect(toMinorUnits('1250', 'CLP')).toBe(1250);
    expect(toMinorUnits('12.505', 'INR')).toBeNaN();
    expect(toMinorUnits('-1.00', 'INR')).toBeNaN();
    expect(() => toDecimalAmount(12.5, 'USD')).toThrow(/integer/);
  });
});

describe('gateway credentials from the environment', () => {
  it('nothing set configures no gateway; each gateway by its variables, with default endpoints', () => {
    expect(paymentsConfigFromEnv({})).toEqual({ stripe: undefined, razorpay: undefined, paytm: undefined, paymongo: undefined, mercadoPago: undefined, khalti: undefined });
    const config = paymentsConfigFromEnv({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 'secret',
      PAYTM_MID: 'MID1',
      PAYTM_MERCHANT_KEY: '0123456789abcdef',
      KHALTI_SECRET_KEY: 'live_secret_key_1',
      KHALTI_API_URL: 'https://dev.khalti.com/api/v2',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: undefined, apiUrl: 'http://127.0.0.1:12111' });
    expect(config.razorpay).toEqual({ keyId: 'rzp_test_1', keySecret: 'secret', apiUrl: 'https://api.razorpay.com' });
    expect(config.paytm).toEqual({ mid: 'MID1', merchantKey: '0123456789abcdef', website: 'DEFAULT', apiUrl: 'https://securegw.paytm.in' });
    expect(config.khalti).toEqual({ secretKey: 'live_secret_key_1', apiUrl: 'https://dev.khalti.com/api/v2' });
    expect(config.paymongo).toBeUndefined();
  });

  it('a half-set gateway, a wrong-length Paytm key or a bad URL stops the server with what is wrong', () => {
    expect(() => paymentsConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/missing STRIPE_PUBLISHABLE_KEY/);
    expect(() => paymentsConfigFromEnv({ RAZORPAY_KEY_SECRET: 'secret' })).toThrow(/missing RAZORPAY_KEY_ID/);
    expect(() => paymentsConfigFromEnv({ PAYTM_MID: 'MID1', PAYTM_MERCHANT_KEY: 'short' })).toThrow(/16-character/);
    expect(() => paymentsConfigFromEnv({ KHALTI_SECRET_KEY: 'k', KHALTI_API_URL: 'ftp://khalti' })).toThrow(/KHALTI_API_URL/);
  });
});

describe('adapters against the fake providers', () => {
  let fake: FakeGatewayServer;
  beforeAll(async () => {
    fake = await startFakeGatewayServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const config = () => paymentsTestConfig(fake);
  const lastRequest = (pathStart: string) => fake.requestsTo(pathStart).at(-1);

  it('Stripe: one PaymentIntent per payment (a retried start resumes it), confirmed, declined or sent to 3-D Secure', async () => {
    const stripe = new StripeGateway(config().stripe);
    expect(stripe.clientConfig()).toEqual({ publishable_key: FAKE_KEYS.stripePublishable });
    const first = await stripe.startPayment(startInput({ paymentId: 101 }));
    expect(lastRequest('/v1/payment_intents')?.body).toMatchObject({ amount: '1250', currency: 'usd', 'metadata[unique_order_id]': 'AB12CD34', 'metadata[payment_id]': '101', 'automatic_payment_methods[enabled]': 'true' });
    expect(first.action).toMatchObject({ type: 'stripe_confirm', client_secret: expect.stringMatching(/^pi_fake\d+_secret_/), fields: { publishable_key: FAKE_KEYS.stripePublishable, payment_intent: first.reference } });
    // The same payment started again without its reference (a lost answer): Stripe's idempotency key answers the same intent.
    expect((await stripe.startPayment(startInput({ paymentId: 101 }))).reference).toBe(first.reference);
    expect((await stripe.startPayment(startInput({ paymentId: 101, reference: first.reference }))).reference).toBe(first.reference);

    const paying = started(attempt({ paymentId: 101 }), first.reference);
    expect(await stripe.confirm(paying, { returnUrl: RETURN_URLS.success })).toMatchObject({ outcome: 'PENDING', action: { type: 'stripe_confirm' } });
    expect(await stripe.confirm(paying, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URLS.success })).toMatchObject({ outcome: 'SUCCEEDED', reference: first.reference, amount: 1250, currency: 'USD' });
    // Confirming a paid intent again is refused by Stripe; the adapter still answers what the intent says.
    expect(await stripe.confirm(paying, { paymentMethod: 'pm_card_visa', returnUrl: RETURN_URLS.success })).toMatchObject({ outcome: 'SUCCEEDED' });

    const declined = await stripe.startPayment(startInput({ paymentId: 102 }));
    expect(await stripe.confirm(started(attempt({ paymentId: 102 }), declined.reference), { paymentMethod: 'pm_card_chargeDeclined', returnUrl: RETURN_URLS.success })).toMatchObject({ outcome: 'FAILED', detail: 'Your card was declined.' });

    const secure = await stripe.startPayment(startInput({ paymentId: 103 }));
    expect(await stripe.confirm(started(attempt({ paymentId: 103 }), secure.reference), { paymentMethod: 'pm_card_threeDSecure2Required', returnUrl: RETURN_URLS.success })).toMatchObject({
      outcome: 'PENDING',
      action: { type: 'redirect', url: `https://hooks.stripe.test/3ds/${secure.reference}` },
    });
    expect(lastRequest('/v1/payment_intents')?.body).toMatchObject({ return_url: RETURN_URLS.success });
  });

  it('Stripe with a wrong secret key: the provider refuses and the adapter answers 502 PAYMENT_GATEWAY_UNAVAILABLE', async () => {
    const stripe = new StripeGateway({ ...config().stripe!, secretKey: 'sk_test_wrong' });
    await expect(stripe.startPayment(startInput())).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENT_GATEWAY_UNAVAILABLE' });
  });

  it('Razorpay: an order for the amount with Basic auth; the checkout signature and the payment itself decide; an authorised payment is captured', async () => {
    const razorpay = new RazorpayGateway(config().razorpay);
    const opened = await razorpay.startPayment(startInput({ currency: 'INR', paymentId: 201 }));
    expect(lastRequest('/razorpay/v1/orders')?.body).toEqual({ amount: 1250, currency: 'INR', receipt: 'payment-201', notes: { unique_order_id: 'AB12CD34' } });
    expect(opened.action).toMatchObject({ type: 'checkout_sdk', fields: { key: FAKE_KEYS.razorpayKeyId, order_id: opened.reference, amount: '1250', currency: 'INR', prefill_email: 'ada@example.test' } });
    // Resuming needs no second Razorpay order.
    const calls = fake.requestsTo('/razorpay/v1/orders').length;
    expect((await razorpay.startPayment(startInput({ currency: 'INR', reference: opened.reference }))).reference).toBe(opened.reference);
    expect(fake.requestsTo('/razorpay/v1/orders')).toHaveLength(calls);

    const paying = started(attempt({ currency: 'INR', paymentId: 201 }), opened.reference);
    const paymentId = fake.razorpay.pay(opened.reference, 'authorized');
    const proof = { orderId: opened.reference, paymentId, signature: razorpaySignature(opened.reference, paymentId, FAKE_KEYS.razorpaySecret) };
    expect(await razorpay.confirm(paying, proof)).toMatchObject({ outcome: 'SUCCEEDED', amount: 1250, currency: 'INR' });
    expect(lastRequest('/razorpay/v1/payments')).toMatchObject({ method: 'POST', path: `/razorpay/v1/payments/${paymentId}/capture`, body: { amount: 1250, currency: 'INR' } });
    expect(fake.razorpay.payment(paymentId)).toMatchObject({ status: 'captured' });

    await expect(razorpay.confirm(paying, { ...proof, signature: razorpaySignature(opened.reference, paymentId, 'wrong') })).rejects.toMatchObject({ statusCode: 400, code: 'PAYMENT_SIGNATURE_INVALID' });
    const failedId = fake.razorpay.pay(opened.reference, 'failed');
    expect(await razorpay.confirm(paying, { orderId: opened.reference, paymentId: failedId, signature: razorpaySignature(opened.reference, failedId, FAKE_KEYS.razorpaySecret) })).toMatchObject({ outcome: 'FAILED' });
    // A validly signed payment of another Razorpay order does not pay this one.
    const other = await razorpay.startPayment(startInput({ currency: 'INR', paymentId: 202 }));
    const otherPayment = fake.razorpay.pay(other.reference, 'captured');
    await expect(
      razorpay.confirm(paying, { orderId: other.reference, paymentId: otherPayment, signature: razorpaySignature(other.reference, otherPayment, FAKE_KEYS.razorpaySecret) }),
    ).rejects.toMatchObject({ code: 'PAYMENT_SIGNATURE_INVALID' });
  });

  it('Paytm: signed initiate and status requests; a status answer is believed only with a valid signature', async () => {
    const paytm = new PaytmGateway(config().paytm);
    const opened = await paytm.startPayment(startInput({ currency: 'INR', paymentId: 301 }));
    expect(opened.reference).toBe(paytmOrderId({ uniqueOrderId: 'AB12CD34', paymentId: 301 }));
    const initiate = lastRequest('/paytm/theia/api/v1/initiateTransaction');
    expect(initiate?.path).toBe(`/paytm/theia/api/v1/initiateTransaction?mid=${FAKE_KEYS.paytmMid}&orderId=AB12CD34-301`);
    expect(initiate?.body).toMatchObject({ body: { requestType: 'Payment', mid: FAKE_KEYS.paytmMid, websiteName: 'WEBSTAGING', orderId: 'AB12CD34-301', callbackUrl: RETURN_URLS.success, txnAmount: { value: '12.50', currency: 'INR' }, userInfo: { custId: 'CUST_42' } } });
    expect(opened.action).toMatchObject({ type: 'checkout_sdk', fields: { mid: FAKE_KEYS.paytmMid, order_id: 'AB12CD34-301', txn_token: expect.stringMatching(/^token-/), amount: '12.50', script_url: `${fake.url}/paytm/merchantpgpui/checkoutjs/merchants/${FAKE_KEYS.paytmMid}.js` } });

    const paying = started(attempt({ currency: 'INR', paymentId: 301 }), opened.reference);
    expect(await paytm.confirm(paying)).toMatchObject({ outcome: 'PENDING' });
    fake.paytm.setStatus(opened.reference, 'TXN_SUCCESS');
    expect(await paytm.confirm(paying)).toMatchObject({ outcome: 'SUCCEEDED', amount: 1250, currency: 'INR', reference: 'AB12CD34-301' });
    fake.paytm.forgeAnswers = true;
    try {
      await expect(paytm.confirm(paying)).rejects.toMatchObject({ statusCode: 400, code: 'PAYMENT_SIGNATURE_INVALID' });
    } finally {
      fake.paytm.forgeAnswers = false;
    }
    // Signed with another merchant key, Paytm (here: the fake) refuses the request itself.
    const impostor = new PaytmGateway({ ...config().paytm!, merchantKey: 'otherPaytmKey123' });
    await expect(impostor.startPayment(startInput({ currency: 'INR', paymentId: 302 }))).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENT_GATEWAY_UNAVAILABLE' });
  });

  it('PayMongo: a hosted checkout session in centavos; paid, still open, or expired unpaid', async () => {
    const paymongo = new PaymongoGateway(config().paymongo);
    const opened = await paymongo.startPayment(startInput({ currency: 'PHP', paymentId: 401 }));
    expect(lastRequest('/paymongo/v1/checkout_sessions')?.body).toMatchObject({
      data: { attributes: { line_items: [{ amount: 1250, currency: 'PHP', quantity: 1 }], payment_method_types: ['card', 'gcash'], success_url: RETURN_URLS.success, cancel_url: RETURN_URLS.cancel, reference_number: 'AB12CD34' } },
    });
    expect(opened.action).toEqual({ type: 'redirect', url: `https://checkout.paymongo.test/${opened.reference}`, client_secret: null, fields: {} });
    // An active session is resumed.
    expect((await paymongo.startPayment(startInput({ currency: 'PHP', reference: opened.reference }))).reference).toBe(opened.reference);

    const paying = started(attempt({ currency: 'PHP', paymentId: 401 }), opened.reference);
    expect(await paymongo.confirm(paying)).toMatchObject({ outcome: 'PENDING', action: { type: 'redirect' } });
    fake.paymongo.pay(opened.reference);
    expect(await paymongo.confirm(paying)).toMatchObject({ outcome: 'SUCCEEDED', amount: 1250, currency: 'PHP' });

    const expired = await paymongo.startPayment(startInput({ currency: 'PHP', paymentId: 402 }));
    fake.paymongo.expire(expired.reference);
    expect(await paymongo.confirm(started(attempt({ currency: 'PHP' }), expired.reference))).toMatchObject({ outcome: 'FAILED' });
    // An expired session is replaced by a new one on the next start.
    expect((await paymongo.startPayment(startInput({ currency: 'PHP', reference: expired.reference }))).reference).not.toBe(expired.reference);
  });

  it("Mercado Pago: a Checkout Pro preference in decimal units; the returned payment counts only when it is this payment's", async () => {
    const mercadoPago = new MercadoPagoGateway(config().mercadoPago);
    const opened = await mercadoPago.startPayment(startInput({ currency: 'BRL', paymentId: 501 }));
    const request = lastRequest('/mercadopago/checkout/preferences');
    expect(request?.headers['x-idempotency-key']).toBe('foodpilot-payment-501');
    expect(request?.body).toMatchObject({
      items: [{ quantity: 1, currency_id: 'BRL', unit_price: 12.5 }],
      external_reference: mercadoPagoReferenceOf({ uniqueOrderId: 'AB12CD34', paymentId: 501 }),
      back_urls: { success: RETURN_URLS.success, failure: RETURN_URLS.cancel },
      auto_return: 'approved',
    });
    expect(opened.action).toMatchObject({ type: 'redirect', url: expect.stringContaining(`pref_id=${opened.reference}`) });

    const paying = started(attempt({ currency: 'BRL', paymentId: 501 }), opened.reference);
    const approved = fake.mercadoPago.pay(opened.reference, 'approved');
    expect(await mercadoPago.confirm(paying, { paymentId: approved })).toMatchObject({ outcome: 'SUCCEEDED', amount: 1250, currency: 'BRL' });
    expect(await mercadoPago.confirm(paying, { paymentId: fake.mercadoPago.pay(opened.reference, 'rejected') })).toMatchObject({ outcome: 'FAILED' });
    expect(await mercadoPago.confirm(paying, { paymentId: fake.mercadoPago.pay(opened.reference, 'in_process') })).toMatchObject({ outcome: 'PENDING' });
    const elsewhere = fake.mercadoPago.pay(opened.reference, 'approved', { externalReference: 'ZZ99ZZ99:9' });
    await expect(mercadoPago.confirm(paying, { paymentId: elsewhere })).rejects.toMatchObject({ statusCode: 400, code: 'PAYMENT_SIGNATURE_INVALID' });
  });

  it('Khalti: initiate in paisa with the Key header, then lookup decides; an earlier completed pidx is never replaced', async () => {
    const khalti = new KhaltiGateway(config().khalti);
    const opened = await khalti.startPayment(startInput({ currency: 'NPR', paymentId: 601 }));
    const request = lastRequest('/khalti/api/v2/epayment/initiate/');
    expect(request?.headers.authorization).toBe(`Key ${FAKE_KEYS.khaltiSecret}`);
    expect(request?.body).toMatchObject({ return_url: RETURN_URLS.success, website_url: 'https://food.test', amount: 1250, purchase_order_id: 'AB12CD34', customer_info: { name: 'Ada Customer', email: 'ada@example.test' } });
    expect(opened.action).toMatchObject({ type: 'redirect', url: `https://test-pay.khalti.test/?pidx=${opened.reference}` });

    const paying = started(attempt({ currency: 'NPR' }), opened.reference);
    expect(await khalti.confirm(paying)).toMatchObject({ outcome: 'PENDING' });
    fake.khalti.setStatus(opened.reference, 'Completed');
    expect(await khalti.confirm(paying)).toMatchObject({ outcome: 'SUCCEEDED', amount: 1250, currency: 'NPR' });
    expect(await khalti.startPayment(startInput({ currency: 'NPR', reference: opened.reference }))).toMatchObject({ reference: opened.reference, action: { type: 'none' } });

    const cancelled = await khalti.startPayment(startInput({ currency: 'NPR', paymentId: 602 }));
    fake.khalti.setStatus(cancelled.reference, 'User canceled');
    expect(await khalti.confirm(started(attempt({ currency: 'NPR' }), cancelled.reference))).toMatchObject({ outcome: 'FAILED' });
    // Khalti refuses amounts under Rs 10: the adapter reports the provider's refusal as unavailable, never a 500.
    await expect(khalti.startPayment(startInput({ currency: 'NPR', amount: 500 }))).rejects.toMatchObject({ statusCode: 502 });
  });

  it('an unconfigured adapter says so and offers the client nothing', () => {
    for (const gateway of [new StripeGateway(undefined), new RazorpayGateway(undefined), new PaytmGateway(undefined), new PaymongoGateway(undefined), new MercadoPagoGateway(undefined), new KhaltiGateway(undefined)]) {
      expect(gateway.isConfigured()).toBe(false);
      expect(gateway.clientConfig()).toEqual({});
    }
  });
});
