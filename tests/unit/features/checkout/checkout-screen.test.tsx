/**
 * /checkout: who may check out, the order types a store allows, the address
 * within its radius, the tip only while tips are on, coupon errors in words,
 * the wallet paying part of a cash order, the server's price part by part,
 * "Place order" sending once, and each refusal explained.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_QUOTE_USER_ID, type CheckoutChoices, type CheckoutResult, type PlaceOrderInput, type PlacedOrder } from '../../../../src/api/checkout/worker-api.ts';
import type { AddressRow } from '../../../../src/db/schema.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { savedAddress, putAddresses } from '../addresses/fixtures.ts';
import { BOWL, checkoutReady, orderQuote, putQuote } from './fixtures.ts';

const SLOW = { timeout: 5000 };
/** The browsing address: a few hundred metres from the store. */
const NEARBY: Omit<AddressRow, 'id' | 'savedAt'> = { lat: 40.4412, lng: -79.9951, address: '12 Market Street, Riverton', house: null, tag: null, businessLocation: false };

type Options = Parameters<typeof checkoutReady>[1] & { settings?: Record<string, string>; worker?: NonNullable<Parameters<typeof renderApp>[0]>['worker']; connectivityError?: string };

async function openCheckout(options: Options = {}) {
  const view = await renderApp({
    path: '/checkout',
    address: NEARBY,
    settings: { currencySymbol: '$', currencySymbolAlign: 'left', tipsEnabled: 'true', ...options.settings },
    ...(options.worker ? { worker: options.worker } : {}),
    ...(options.connectivityError ? { connectivityError: options.connectivityError } : {}),
  });
  await checkoutReady(view.db, options);
  await screen.findByTestId('checkout-form', {}, SLOW);
  // The ways to pay are written last: once they show, every row is in.
  await screen.findByTestId(`payment-${(options.gateways ?? ['COD'])[0]}`);
  return view;
}

// The checkout keeps the customer's choices for the tab (sessionStorage): each test starts without them.
beforeEach(() => {
  sessionStorage.clear();
});

/** The choices of the newest quote the screen asked for. */
function lastQuoted(worker: { quoteCheckout: { mock: { calls: unknown[][] } } }): CheckoutChoices {
  return worker.quoteCheckout.mock.calls.at(-1)?.[0] as CheckoutChoices;
}

function placeButton(): HTMLElement {
  return screen.getByRole('button', { name: /^(Place order|Placing)/ });
}

describe('who checks out', () => {
  it('shows a signed-out visitor the fees and takes their coupon, then asks them to sign in or sign up to place it, coming back here', async () => {
    const { db, worker } = await renderApp({ path: '/checkout', address: NEARBY, settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
    await checkoutReady(db, { signedIn: false, quote: null });
    await putQuote(db, orderQuote(), { userId: VISITOR_QUOTE_USER_ID });
    const breakdown = await screen.findByTestId('price-breakdown', {}, SLOW);
    const rows = within(breakdown)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(expect.arrayContaining(['Delivery fee (1.2 km) $2.50', expect.stringMatching(/^Total \$/)]));
    // Priced for delivery to where the visitor browses from.
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ orderType: 'DELIVERY', address: { lat: NEARBY.lat, lng: NEARBY.lng } }));

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(worker.applyCoupon).toHaveBeenCalledWith('WELCOME10', expect.objectContaining({ orderType: 'DELIVERY' })));

    const signIn = screen.getByTestId('checkout-sign-in');
    expect(within(signIn).getByRole('heading', { name: 'Sign in to place your order.' })).toBeInTheDocument();
    expect(within(signIn).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fcheckout');
    expect(within(signIn).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?next=%2Fcheckout');
    // Nothing of an account's: no Place order, no ways to pay, no wallet.
    expect(screen.queryByTestId('place-order')).toBeNull();
    expect(screen.queryByTestId('payment-COD')).toBeNull();
    expect(worker.placeOrder).not.toHaveBeenCalled();
  });

  it("does not show a visitor's price to the customer who signs in: theirs is asked for", async () => {
    const { db } = await renderApp({ path: '/checkout', address: NEARBY, settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
    await checkoutReady(db, { quote: null });
    await putQuote(db, orderQuote({ total: 9999 }), { userId: VISITOR_QUOTE_USER_ID });
    await screen.findByTestId('checkout-form', {}, SLOW);
    expect(screen.queryByText('$99.99')).toBeNull();
    expect(screen.getByTestId('place-order')).toBeDisabled();
  });
});

describe('the cart lines', () => {
  it("shows each dish's picture as the cart does (sized, lazy, beside its name), and none for a dish without one", async () => {
    const { db } = await openCheckout();
    await db.cartLines.update(BOWL.id, { image: '/public/images/items/falafel-bowl.webp' });
    const bowl = await screen.findByText('2 × Falafel bowl');
    const row = bowl.closest('li')!;
    await waitFor(() => expect(row.querySelector('img')).not.toBeNull());
    const picture = row.querySelector('img')!;
    expect(picture).toHaveAttribute('src', '/public/images/items/falafel-bowl.webp');
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '48');
    expect(picture).toHaveAttribute('height', '48');
    expect(screen.getByText(/Lemonade/).closest('li')!.querySelector('img')).toBeNull();
  });
});

describe('order type and address', () => {
  it('a delivery-only store says so, offers no toggle, and prices a delivery to the nearby address', async () => {
    const { worker } = await openCheckout({ deliveryType: 1 });
    expect(screen.getByTestId('order-type-only')).toHaveTextContent('Green Bowl delivers only.');
    expect(screen.queryByRole('button', { name: 'Self pickup' })).toBeNull();
    await waitFor(() => expect(worker.quoteCheckout).toHaveBeenCalled());
    expect(lastQuoted(worker)).toMatchObject({ orderType: 'DELIVERY', address: { lat: NEARBY.lat, lng: NEARBY.lng, address: NEARBY.address } });
  });

  it('a pickup-only store asks for no address and no tip', async () => {
    const { worker } = await openCheckout({ deliveryType: 2, quote: orderQuote({ order_type: 'SELFPICKUP', delivery_fee: 0, tips_enabled: false }) });
    expect(screen.getByTestId('order-type-only')).toHaveTextContent('Green Bowl offers self pickup only');
    expect(screen.getByTestId('pickup-at')).toHaveTextContent('Collect your order at Green Bowl.');
    expect(screen.queryByTestId('address-picker')).toBeNull();
    expect(screen.queryByTestId('tip-choice')).toBeNull();
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ orderType: 'SELFPICKUP', address: null, tip: 0 }));
  });

  it("a store of both follows the customer's preference, and the toggle switches", async () => {
    const { db, worker } = await openCheckout({ deliveryType: 3 });
    await db.prefs.put({ key: PrefKey.orderType, value: 'SELFPICKUP' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Self pickup' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('button', { name: 'Delivery' }));
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ orderType: 'DELIVERY' }));
    expect(screen.getByTestId('address-picker')).toBeInTheDocument();
  });

  it('an address beyond the radius cannot be chosen; with none within it, placing waits for an address', async () => {
    const { db } = await renderApp({ path: '/checkout', address: { ...NEARBY, lat: 40.6, address: 'Far Hill Road' }, settings: { currencySymbol: '$' } });
    await checkoutReady(db);
    await putAddresses(db, [savedAddress({ id: 9, latitude: 40.55, longitude: -79.9959, address: 'Hilltop Road 40', is_default: true })]);
    // The saved address is written after the screen opened: wait for its row, not only for the note.
    const options = await screen.findAllByTestId('address-option', {}, SLOW);
    expect(screen.getByTestId('address-needed')).toHaveTextContent('Choose the address to deliver to.');
    expect(within(options[0] as HTMLElement).getByRole('radio')).toBeDisabled();
    expect(within(screen.getByTestId('current-address-option')).getByRole('radio')).toBeDisabled();
    expect(placeButton()).toBeDisabled();
  });
});

describe('tip', () => {
  it('offers presets and an amount when tips are on, and prices the one chosen', async () => {
    const { worker } = await openCheckout();
    const tips = screen.getByTestId('tip-choice');
    fireEvent.click(within(tips).getByRole('button', { name: '10% · $2.35' }));
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ tip: 235 }));
    fireEvent.click(within(tips).getByRole('button', { name: 'Other amount' }));
    fireEvent.change(screen.getByLabelText('Tip amount'), { target: { value: '2,5' } });
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ tip: 250 }));
    fireEvent.change(screen.getByLabelText('Tip amount'), { target: { value: 'lots' } });
    expect(screen.getByText('Enter an amount such as 2.50.')).toBeInTheDocument();
    expect(placeButton()).toBeDisabled();
  });

  it('is not offered while the tips setting is off', async () => {
    await openCheckout({ settings: { tipsEnabled: 'false' }, quote: orderQuote({ tips_enabled: false }) });
    expect(screen.queryByTestId('tip-choice')).toBeNull();
  });
});

describe('coupon', () => {
  it('says why the coupon was refused, in words, and sends what is typed', async () => {
    const { db, worker } = await openCheckout({ meta: { coupon: { code: 'SUMMER15', applied: null, minSubtotal: null }, couponError: 'COUPON_EXPIRED' } });
    expect(screen.getByLabelText('Coupon code')).toHaveValue('SUMMER15');
    expect(screen.getByText('This coupon is not valid today.')).toBeInTheDocument();

    await db.cartMeta.update('cart', { coupon: { code: 'FIVEOFF', applied: null, minSubtotal: 2000 }, couponError: 'COUPON_MIN_SUBTOTAL' });
    expect(await screen.findByText('This coupon needs a subtotal of at least $20.00.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'WELCOME10' } });
    expect(screen.queryByText('This coupon needs a subtotal of at least $20.00.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(worker.applyCoupon).toHaveBeenCalledWith('WELCOME10', expect.objectContaining({ orderType: 'DELIVERY' })));
  });

  it('an applied coupon shows what it takes off, and can be removed', async () => {
    const applied = { code: 'WELCOME10', description: '10% off your order', discount_type: 'PERCENT' as const, discount_value: 10, max_discount: 500, discount: 235 };
    const { worker } = await openCheckout({
      meta: { coupon: { code: 'WELCOME10', applied, minSubtotal: null }, couponError: null },
      quote: orderQuote({ coupon: applied, coupon_discount: 235 }),
    });
    expect(screen.getByTestId('coupon-applied')).toHaveTextContent('WELCOME10 applied: $2.35 off');
    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(worker.removeCoupon).toHaveBeenCalled());
    expect(await screen.findByLabelText('Coupon code')).toHaveValue('');
  });
});

describe('loyalty and wallet', () => {
  it('shows the points held with their rules and what the order earns, and uses them', async () => {
    const { db, worker } = await openCheckout({
      quote: orderQuote({ loyalty: { enabled: true, points: 640, point_value: 1, min_redeem_points: 100, max_redeemable_points: 640, max_redeem_percent: 50, points_per_currency_unit: 1, points_to_earn: 23 } }),
    });
    const loyalty = screen.getByTestId('loyalty-choice');
    expect(loyalty).toHaveTextContent('You have 640 points, worth $6.40.');
    expect(loyalty).toHaveTextContent('100 points take $1.00 off. Use at least 100 points, for up to 50% of the subtotal.');
    expect(loyalty).toHaveTextContent('This order earns 23 points once it is delivered.');
    fireEvent.click(within(loyalty).getByRole('checkbox'));
    await waitFor(async () => expect((await db.cartMeta.get('cart'))?.loyalty).toMatchObject({ redeemed: true, redeemedPoints: 640 }));
    expect(worker.setLoyaltyRedemption).toHaveBeenCalledWith(640);
  });

  it('the wallet pays the whole order only when it holds enough, and part of a cash order otherwise', async () => {
    const { db, worker } = await openCheckout({ quote: orderQuote({ wallet_balance: 1000 }) });
    const walletOption = screen.getByTestId('payment-WALLET');
    expect(within(walletOption).getByRole('radio')).toBeDisabled();
    expect(walletOption).toHaveTextContent('Your wallet holds $10.00; this order comes to $28.88.');

    fireEvent.click(within(screen.getByTestId('wallet-first')).getByRole('checkbox', { name: 'Pay $10.00 from my wallet first' }));
    await waitFor(() => expect(lastQuoted(worker)).toMatchObject({ useWallet: true }));
    await putQuote(db, orderQuote({ wallet_balance: 1000, wallet_amount: 1000, payable_amount: 1888 }));
    expect(await screen.findByTestId('cash-rest')).toHaveTextContent('$18.88 left to pay in cash on delivery.');
    expect(screen.getByTestId('price-wallet')).toHaveTextContent('From your wallet-$10.00');
    expect(screen.getByTestId('price-to-pay')).toHaveTextContent('To pay$18.88');
  });
});

describe('the price', () => {
  it("shows the server's breakdown part by part", async () => {
    await openCheckout({
      quote: orderQuote({ tip: 200, coupon_discount: 300, coupon: { code: 'FIVEOFF', description: '', discount_type: 'FIXED', discount_value: 300, max_discount: null, discount: 300 }, loyalty_points_redeemed: 100, loyalty_discount: 100, total: 2688 }),
    });
    const rows = within(screen.getByTestId('price-breakdown'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Subtotal $23.50',
      'Store charge $1.00',
      'Delivery fee (1.2 km) $2.50',
      'Tax $1.88',
      'Tip $2.00',
      'Coupon FIVEOFF -$3.00',
      'Points (100) -$1.00',
      'Total $26.88',
    ]);
    expect(placeButton()).toHaveTextContent('Place order · $26.88');
  });

  it('offline, keeps the saved price with its age and says placing needs the network', async () => {
    const { db } = await openCheckout({ connectivityError: 'offline', worker: { quoteCheckout: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    // Half a minute to spare: the screen's minute clock started a moment before this row was written.
    await putQuote(db, orderQuote(), { fetchedAt: Date.now() - 7.5 * 60_000 });
    await waitFor(() => expect(screen.getByTestId('quote-saved-note')).toHaveTextContent('Updated 7 min ago'));
    expect(screen.getByTestId('checkout-offline')).toHaveTextContent('You’re offline. Connect to place your order; your cart and choices stay here.');
  });

  it('a price the server refused says why and keeps Place order off', async () => {
    const { db } = await openCheckout();
    await putQuote(db, null, { refusal: { code: 'MIN_ORDER_NOT_MET', details: [{ path: '/subtotal', message: '3000' }] } });
    expect(await screen.findByTestId('quote-refusal')).toHaveTextContent('Add a little more: this store takes orders from $30.00.');
    await waitFor(() => expect(placeButton()).toBeDisabled());
  });
});

describe('placing the order', () => {
  it('is off while it is sent, and a double tap sends once', async () => {
    let answer: (result: CheckoutResult<PlacedOrder>) => void = () => {};
    const placeOrder = vi.fn((_input: PlaceOrderInput) => new Promise<CheckoutResult<PlacedOrder>>((resolve) => (answer = resolve)));
    await openCheckout({ worker: { placeOrder } });
    await waitFor(() => expect(placeButton()).toBeEnabled());
    fireEvent.click(placeButton());
    fireEvent.click(placeButton());
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({ paymentMode: 'COD', orderType: 'DELIVERY' });
    await waitFor(() => expect(placeButton()).toHaveTextContent('Placing your order…'));
    expect(placeButton()).toBeDisabled();
    answer({ ok: true, value: { uniqueOrderId: 'FP-ABCD2345', status: 1, awaitingPayment: false, fromEarlierAttempt: false } });
    await waitFor(() => expect(screen.queryByTestId('checkout-form')).toBeNull());
  });

  it.each([
    [{ ok: false, reason: 'offline' } as const, 'You’re offline — connect to place your order. Your cart and choices are kept.'],
    [{ ok: false, reason: 'invalid', code: 'MIN_ORDER_NOT_MET', message: '', details: [{ path: '/subtotal', message: '1500' }] } as const, 'Add a little more: this store takes orders from $15.00.'],
    [{ ok: false, reason: 'invalid', code: 'OUT_OF_DELIVERY_AREA', message: '', details: [{ path: '/address', message: '5' }] } as const, 'the store delivers within 5 km'],
    [{ ok: false, reason: 'conflict', code: 'STORE_CLOSED', message: '' } as const, 'The store is closed right now.'],
    [{ ok: false, reason: 'conflict', code: 'INSUFFICIENT_BALANCE', message: '' } as const, 'wallet'],
    [{ ok: false, reason: 'invalid', code: 'COUPON_USED_UP', message: '' } as const, 'This coupon has been used up.'],
    [{ ok: false, reason: 'timeout' } as const, 'it will not be ordered twice'],
  ])('explains a refusal: %o', async (failure, words) => {
    const placeOrder = vi.fn(async () => failure as CheckoutResult<PlacedOrder>);
    await openCheckout({ worker: { placeOrder } });
    await waitFor(() => expect(placeButton()).toBeEnabled());
    fireEvent.click(placeButton());
    expect(await screen.findByTestId('place-order-error')).toHaveTextContent(words);
    // Nothing is lost: the form and its cart are still there.
    expect(screen.getByTestId('checkout-form')).toHaveTextContent('2 × Falafel bowl');
  });

  it('names the dishes the store cannot sell now and checks the cart again', async () => {
    const failure: CheckoutResult<PlacedOrder> = {
      ok: false,
      reason: 'conflict',
      code: 'ITEMS_UNAVAILABLE',
      message: '',
      details: [{ path: '/items/1', message: 'Lemonade: sold out for now' }],
    };
    const { worker } = await openCheckout({ worker: { placeOrder: vi.fn(async () => failure) } });
    await waitFor(() => expect(placeButton()).toBeEnabled());
    fireEvent.click(placeButton());
    expect(await screen.findByTestId('place-order-error')).toHaveTextContent('Not available now: Lemonade.');
    expect(worker.checkCart).toHaveBeenCalled();
  });
});
