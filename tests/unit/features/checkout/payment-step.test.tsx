/**
 * A card order waiting for its payment on /checkout: start-payment's answer
 * mounts Stripe's Payment Element (a stand-in for Stripe.js here), paying
 * confirms in the page then asks the server to settle, a declined card says
 * so and lets the customer try again, giving up cancels the order, and the
 * return from Stripe's redirect is settled.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult } from '../../../../src/api/checkout/worker-api.ts';
import type { PaymentState } from '../../../../src/api/checkout/payment-entities.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import type { ConfirmPaymentResult, StripeFactory } from '../../../../src/features/checkout/stripe-js.ts';
import { renderApp } from '../../support/render-app.tsx';
import { checkoutReady, putPending } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const ORDER = 'FP-CARD2345';

function paymentState(overrides: Partial<PaymentState> = {}): PaymentState {
  return {
    unique_order_id: ORDER,
    gateway: 'STRIPE',
    orderstatus_id: 8,
    payment_status: 'PENDING',
    amount: 2888,
    currency: 'USD',
    action: {
      type: 'stripe_confirm',
      url: null,
      client_secret: 'pi_1_secret_abc',
      fields: { publishable_key: 'pk_test_1', payment_intent: 'pi_1', return_url: 'http://localhost/checkout?payment_gateway=STRIPE' },
    },
    ...overrides,
  };
}

/** Stripe.js as the card form uses it, answering confirmPayment with `answer`. */
function fakeStripe(answer: ConfirmPaymentResult) {
  const mounted: HTMLElement[] = [];
  const confirmPayment = vi.fn(async () => answer);
  const factory = vi.fn<StripeFactory>(() => ({
    elements: () => ({ create: () => ({ mount: (element: HTMLElement) => mounted.push(element), destroy: () => {} }) }),
    confirmPayment,
  }));
  window.Stripe = factory;
  return { factory, confirmPayment, mounted };
}

/** The worker's start-payment: the answer recorded on the pending payment, as the worker does. */
function startingPayment(db: ReplicaDatabase) {
  return vi.fn(async (): Promise<CheckoutResult<PaymentState>> => {
    const state = paymentState();
    const row = (await db.prefs.get(PrefKey.pendingPayment))?.value as object;
    await db.prefs.put({ key: PrefKey.pendingPayment, value: { ...row, state } });
    return { ok: true, value: state };
  });
}

async function openPayment(worker: NonNullable<Parameters<typeof renderApp>[0]>['worker'] = {}, path = '/checkout') {
  const view = await renderApp({ path, settings: { currencySymbol: '$' }, worker });
  await checkoutReady(view.db);
  view.worker.startPayment.mockImplementation(startingPayment(view.db));
  await putPending(view.db);
  return view;
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  delete window.Stripe;
});

describe('paying a card order', () => {
  it('mounts the card form with the intent, confirms it in the page, then has the server settle it', async () => {
    const stripe = fakeStripe({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const confirmStripePayment = vi.fn(async () => ({ ok: true as const, value: paymentState({ orderstatus_id: 1, payment_status: 'PAID', action: { type: 'none', url: null, client_secret: null, fields: {} } }) }));
    const { worker } = await openPayment({ confirmStripePayment });
    expect(await screen.findByText(`Pay for order ${ORDER}`, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Amount to pay: $28.88')).toBeInTheDocument();

    const pay = await screen.findByRole('button', { name: 'Pay $28.88' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(worker.startPayment).toHaveBeenCalledWith(ORDER);
    expect(stripe.factory).toHaveBeenCalledWith('pk_test_1', { locale: 'en' });
    expect(stripe.mounted).toEqual([screen.getByTestId('stripe-element')]);

    fireEvent.click(pay);
    await waitFor(() => expect(confirmStripePayment).toHaveBeenCalledWith(ORDER));
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ confirmParams: { return_url: 'http://localhost/checkout?payment_gateway=STRIPE' }, redirect: 'if_required' }),
    );
    // Paid: on to the running order.
    await waitFor(() => expect(screen.queryByTestId('payment-step')).toBeNull());
  });

  it('a declined card says so and asks the server nothing: the same intent takes another card', async () => {
    fakeStripe({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { worker } = await openPayment();
    const pay = await screen.findByRole('button', { name: 'Pay $28.88' }, SLOW);
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    expect(await screen.findByTestId('card-declined')).toHaveTextContent('The payment did not go through: Your card was declined.');
    expect(worker.confirmStripePayment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $28.88' })).toBeEnabled();
  });

  it('giving up on the card cancels the order behind a question', async () => {
    fakeStripe({});
    const { worker } = await openPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel this order' }, SLOW));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Nothing was charged. Your cart stays, so you can pay another way.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(worker.cancelOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this order' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(dialog.querySelector('.button-danger') as HTMLElement);
    await waitFor(() => expect(worker.cancelOrder).toHaveBeenCalledWith(ORDER));
  });

  it('offline, says that paying needs the network', async () => {
    fakeStripe({});
    const view = await renderApp({ path: '/checkout', settings: { currencySymbol: '$' } });
    await checkoutReady(view.db);
    await putPending(view.db);
    expect(await screen.findByTestId('payment-failure', {}, SLOW)).toHaveTextContent('You’re offline — connect to pay for your order.');
  });

  it('the return from a redirect is settled with the intent it names', async () => {
    const captureStripeRedirect = vi.fn(async () => ({ ok: true as const, value: paymentState({ orderstatus_id: 9, payment_status: 'FAILED' }) }));
    await openPayment({ captureStripeRedirect }, '/checkout?payment_gateway=STRIPE&payment_intent=pi_1&redirect_status=failed');
    await waitFor(() => expect(captureStripeRedirect).toHaveBeenCalledWith('pi_1'));
  });
});
