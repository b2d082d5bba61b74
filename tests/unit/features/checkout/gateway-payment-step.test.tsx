/**
 * Orders paid through the gateways other than Stripe, on /checkout's payment
 * step: a redirect gateway (Khalti, PayMongo, Mercado Pago) sends the
 * browser to the provider's page, and the return from it is verified and
 * moves on; a script gateway (Razorpay, Paytm) loads the provider's script
 * once, opens it with start-payment's fields and hands its answer to the
 * worker (stand-ins for the providers' script objects here).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult, PaymentGatewaysRow, PendingPaymentRow } from '../../../../src/api/checkout/worker-api.ts';
import type { PaymentAction, PaymentState } from '../../../../src/api/checkout/payment-entities.ts';
import type { PaymentGatewayId } from '../../../../src/api/checkout/payment-limits.ts';
import { PrefKey, type ReplicaDatabase } from '../../../../src/db/schema.ts';
import { offeredModes } from '../../../../src/features/checkout/checkout-choices.ts';
import type { PaytmCheckoutConfig, PaytmCheckoutJs } from '../../../../src/features/checkout/paytm-js.ts';
import { RAZORPAY_JS_URL, type RazorpayFailure, type RazorpayOptions } from '../../../../src/features/checkout/razorpay-js.ts';
import { providerPage } from '../../../../src/features/checkout/redirect-checkout.ts';
import { renderApp } from '../../support/render-app.tsx';
import { checkoutReady, putPending } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const ORDER = 'FP-CARD2345';
const NO_ACTION: PaymentAction = { type: 'none', url: null, client_secret: null, fields: {} };
const KHALTI_PAGE = 'https://test-pay.khalti.com/?pidx=pidx123';
const RAZORPAY_FIELDS = {
  key: 'rzp_test_1',
  order_id: 'order_77',
  amount: '2888',
  currency: 'INR',
  name: 'FoodPilot',
  description: `Order ${ORDER}`,
  prefill_name: 'Ada',
  prefill_email: 'ada@example.com',
  prefill_contact: '',
};
const PAYTM_FIELDS = {
  mid: 'MID0001',
  order_id: `${ORDER}-5`,
  txn_token: 'token-1',
  amount: '28.88',
  script_url: 'https://securegw-stage.paytm.in/merchantpgpui/checkoutjs/merchants/MID0001.js',
};

function paymentState(gateway: PaymentGatewayId, overrides: Partial<PaymentState> = {}): PaymentState {
  return { unique_order_id: ORDER, gateway, orderstatus_id: 8, payment_status: 'PENDING', amount: 2888, currency: 'USD', action: NO_ACTION, ...overrides };
}

const paid = (gateway: PaymentGatewayId) => paymentState(gateway, { orderstatus_id: 1, payment_status: 'PAID' });
const failed = (gateway: PaymentGatewayId) => paymentState(gateway, { orderstatus_id: 9, payment_status: 'FAILED' });

/** A worker call that records its answer in the replica as the worker does: a waiting payment's state, or the pending row gone once settled. */
function recording(db: ReplicaDatabase, answer: () => PaymentState) {
  return vi.fn(async (): Promise<CheckoutResult<PaymentState>> => {
    const state = answer();
    if (state.orderstatus_id === 8) {
      const row = (await db.prefs.get(PrefKey.pendingPayment))?.value as PendingPaymentRow;
      await db.prefs.put({ key: PrefKey.pendingPayment, value: { ...row, state } });
    } else {
      await db.prefs.delete(PrefKey.pendingPayment);
    }
    return { ok: true, value: state };
  });
}

async function openPayment(gateway: PaymentGatewayId, startAction: PaymentAction, path = '/checkout') {
  const view = await renderApp({ path, settings: { currencySymbol: '$' } });
  await checkoutReady(view.db);
  view.worker.startPayment.mockImplementation(recording(view.db, () => paymentState(gateway, { action: startAction })));
  await putPending(view.db, { gateway });
  return view;
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Razorpay;
  delete window.Paytm;
});

describe("paying on the provider's page", () => {
  it('Khalti: the step sends the browser to the page start-payment answered', async () => {
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { worker } = await openPayment('KHALTI', { type: 'redirect', url: KHALTI_PAGE, client_secret: null, fields: {} });
    const go = await screen.findByRole('button', { name: 'Continue to Khalti' }, SLOW);
    expect(worker.startPayment).toHaveBeenCalledWith(ORDER);
    expect(screen.getByText('You will pay on Khalti’s page, then come back here.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(go);
    expect(open).toHaveBeenCalledWith(KHALTI_PAGE);
  });

  it('back from Khalti paid: the payment is verified, not started again, and the step moves on to the running order', async () => {
    const view = await renderApp({ path: '/checkout?payment_gateway=KHALTI&pidx=pidx123&status=Completed', settings: { currencySymbol: '$' } });
    await checkoutReady(view.db);
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paid('KHALTI')));
    await putPending(view.db, { gateway: 'KHALTI' });
    await waitFor(() => expect(view.worker.verifyGatewayPayment).toHaveBeenCalledWith(ORDER, 'KHALTI', undefined), SLOW);
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
    expect(view.worker.startPayment).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });

  it('back from Mercado Pago: its payment id is verified; a failed payment is said at the checkout with the cart kept', async () => {
    const view = await renderApp({ path: '/checkout?payment_gateway=MERCADOPAGO&payment_id=1000042&status=rejected', settings: { currencySymbol: '$' } });
    await checkoutReady(view.db);
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => failed('MERCADOPAGO')));
    await putPending(view.db, { gateway: 'MERCADOPAGO' });
    await waitFor(() => expect(view.worker.verifyGatewayPayment).toHaveBeenCalledWith(ORDER, 'MERCADOPAGO', '1000042'), SLOW);
    expect(await screen.findByText(/The payment failed, so the order was not placed/)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-step')).toBeNull();
  });

  it('back from PayMongo’s cancel button: still unpaid, the step says so and offers the page again or cancelling', async () => {
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const page = 'https://checkout.paymongo.test/cs_1';
    const redirect: PaymentAction = { type: 'redirect', url: page, client_secret: null, fields: {} };
    const view = await openPayment('PAYMONGO', redirect, '/checkout?payment_gateway=PAYMONGO&payment_cancelled=1');
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paymentState('PAYMONGO', { action: redirect })));
    expect(await screen.findByTestId('payment-notice', {}, SLOW)).toHaveTextContent('The payment was not completed. Try again, or cancel the order.');
    expect(view.worker.verifyGatewayPayment).toHaveBeenCalledWith(ORDER, 'PAYMONGO', undefined);
    await waitFor(() => expect(view.worker.startPayment).toHaveBeenCalledWith(ORDER));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to PayMongo' }));
    expect(open).toHaveBeenCalledWith(page);
    expect(screen.getByRole('button', { name: 'Cancel this order' })).toBeInTheDocument();
  });

  it('back from Mercado Pago with a payment still in process: not offered again (no second charge), only checked again with its id', async () => {
    const view = await openPayment('MERCADOPAGO', NO_ACTION, '/checkout?payment_gateway=MERCADOPAGO&payment_id=1000043&status=in_process');
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paymentState('MERCADOPAGO')));
    expect(await screen.findByTestId('payment-processing', {}, SLOW)).toHaveTextContent('Your payment is still being processed.');
    expect(view.worker.startPayment).not.toHaveBeenCalled();
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paid('MERCADOPAGO')));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(view.worker.verifyGatewayPayment).toHaveBeenLastCalledWith(ORDER, 'MERCADOPAGO', '1000043'));
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
  });

  it('a payment the provider is still processing can be checked again', async () => {
    const view = await openPayment('KHALTI', NO_ACTION);
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paid('KHALTI')));
    expect(await screen.findByTestId('payment-processing', {}, SLOW)).toHaveTextContent('Your payment is still being processed.');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(view.worker.verifyGatewayPayment).toHaveBeenCalledWith(ORDER, 'KHALTI', undefined));
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
  });
});

/** Razorpay Checkout's constructor as the script defines it, remembering each checkout opened. */
function fakeRazorpay() {
  const opened: { options: RazorpayOptions; fail(failure: RazorpayFailure): void }[] = [];
  const Razorpay = vi.fn(function (this: unknown, options: RazorpayOptions) {
    let onFailed: (failure: RazorpayFailure) => void = () => {};
    return {
      on: (_event: 'payment.failed', handler: (failure: RazorpayFailure) => void) => {
        onFailed = handler;
      },
      open: () => opened.push({ options, fail: (failure) => onFailed(failure) }),
    };
  });
  return { Razorpay, opened };
}

function razorpayScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === RAZORPAY_JS_URL);
}

describe("paying in the page with the provider's script", () => {
  it('Razorpay: loads checkout.js once, opens it with the server’s fields, says a declined try, and hands the signed answer to the worker', async () => {
    const razorpay = fakeRazorpay();
    const answer = { razorpay_order_id: 'order_77', razorpay_payment_id: 'pay_9', razorpay_signature: 'a'.repeat(64) };
    const view = await openPayment('RAZORPAY', { type: 'checkout_sdk', url: null, client_secret: null, fields: RAZORPAY_FIELDS });
    view.worker.processRazorpayPayment.mockImplementation(recording(view.db, () => paid('RAZORPAY')));

    // Not on the page before the payment step: the step adds it, and the provider defines Razorpay once it ran.
    await waitFor(() => expect(razorpayScripts()).toHaveLength(1), SLOW);
    expect(screen.queryByRole('button', { name: /Pay \$28\.88/ })).toBeNull();
    window.Razorpay = razorpay.Razorpay as unknown as typeof window.Razorpay;
    razorpayScripts()[0]?.dispatchEvent(new Event('load'));

    const pay = await screen.findByRole('button', { name: 'Pay $28.88 with Razorpay' });
    fireEvent.click(pay);
    expect(razorpay.opened).toHaveLength(1);
    const first = razorpay.opened[0]!;
    expect(first.options).toMatchObject({
      key: 'rzp_test_1',
      order_id: 'order_77',
      amount: 2888,
      currency: 'INR',
      prefill: { name: 'Ada', email: 'ada@example.com', contact: '' },
    });
    // Declined, then closed: the step says why and lets the customer open it again.
    first.fail({ error: { description: 'Your card was declined.' } });
    first.options.modal.ondismiss();
    expect(await screen.findByTestId('payment-notice')).toHaveTextContent('The payment did not go through: Your card was declined.');
    expect(view.worker.processRazorpayPayment).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Pay $28.88 with Razorpay' }));
    expect(razorpay.opened).toHaveLength(2);
    razorpay.opened[1]!.options.handler(answer);
    await waitFor(() => expect(view.worker.processRazorpayPayment).toHaveBeenCalledWith(ORDER, answer));
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
    expect(razorpayScripts()).toHaveLength(1);
  });

  it('Razorpay: an answer the worker could not deliver is sent again on “Try again”, never dropped', async () => {
    const razorpay = fakeRazorpay();
    window.Razorpay = razorpay.Razorpay as unknown as typeof window.Razorpay;
    const answer = { razorpay_order_id: 'order_77', razorpay_payment_id: 'pay_9', razorpay_signature: 'b'.repeat(64) };
    const view = await openPayment('RAZORPAY', { type: 'checkout_sdk', url: null, client_secret: null, fields: RAZORPAY_FIELDS });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $28.88 with Razorpay' }, SLOW));
    razorpay.opened[0]!.options.handler(answer);
    expect(await screen.findByTestId('payment-failure')).toHaveTextContent('You’re offline — connect to pay for your order.');

    view.worker.processRazorpayPayment.mockImplementation(recording(view.db, () => paid('RAZORPAY')));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(view.worker.processRazorpayPayment).toHaveBeenCalledTimes(2));
    expect(view.worker.processRazorpayPayment).toHaveBeenLastCalledWith(ORDER, answer);
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
  });

  it('Paytm: opens JS Checkout with the transaction token; once Paytm reports a status the server verifies it', async () => {
    let config: PaytmCheckoutConfig | null = null;
    const checkout: PaytmCheckoutJs = {
      onLoad: (ready) => ready(),
      init: vi.fn(async (given: PaytmCheckoutConfig) => {
        config = given;
      }),
      invoke: vi.fn(),
      close: vi.fn(),
    };
    window.Paytm = { CheckoutJS: checkout };
    const view = await openPayment('PAYTM', { type: 'checkout_sdk', url: null, client_secret: null, fields: PAYTM_FIELDS });
    view.worker.verifyGatewayPayment.mockImplementation(recording(view.db, () => paid('PAYTM')));

    fireEvent.click(await screen.findByRole('button', { name: 'Pay $28.88 with Paytm' }, SLOW));
    await waitFor(() => expect(checkout.invoke).toHaveBeenCalled());
    expect(config).toMatchObject({ data: { orderId: `${ORDER}-5`, token: 'token-1', tokenType: 'TXN_TOKEN', amount: '28.88' }, merchant: { redirect: false } });
    config!.handler.transactionStatus({ STATUS: 'TXN_SUCCESS' });
    expect(checkout.close).toHaveBeenCalled();
    await waitFor(() => expect(view.worker.verifyGatewayPayment).toHaveBeenCalledWith(ORDER, 'PAYTM'));
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
  });

  it('Paytm closed without paying: the step says so and asks for a fresh transaction token', async () => {
    let config: PaytmCheckoutConfig | null = null;
    window.Paytm = {
      CheckoutJS: { onLoad: (ready) => ready(), init: async (given) => void (config = given), invoke: () => {}, close: () => {} },
    };
    const view = await openPayment('PAYTM', { type: 'checkout_sdk', url: null, client_secret: null, fields: PAYTM_FIELDS });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $28.88 with Paytm' }, SLOW));
    await waitFor(() => expect(config).not.toBeNull());
    config!.handler.notifyMerchant('APP_CLOSED', {});
    expect(await screen.findByTestId('payment-notice')).toHaveTextContent('The payment was not completed.');
    await waitFor(() => expect(view.worker.startPayment).toHaveBeenCalledTimes(2));
    expect(view.worker.verifyGatewayPayment).not.toHaveBeenCalled();
  });
});

describe('the ways to pay offered at checkout', () => {
  it('every method get-payment-gateways lists, in its order; an id this app does not know is left out', () => {
    const ids = ['COD', 'WALLET', 'STRIPE', 'RAZORPAY', 'PAYTM', 'PAYMONGO', 'MERCADOPAGO', 'KHALTI', 'SOMEPAY'];
    const gateways = ids.map((id) => ({ id, name: id, kind: 'gateway', client: {} })) as unknown as PaymentGatewaysRow['gateways'];
    expect(offeredModes({ gateways, fetchedAt: 1 })).toEqual(ids.slice(0, 8));
  });
});
