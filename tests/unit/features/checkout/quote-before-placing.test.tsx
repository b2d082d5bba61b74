/**
 * Issue 15 point 2 at the checkout: "Place order" is off until the server
 * priced exactly this cart with these choices on this screen (a price saved
 * from an earlier visit is shown, never placed), the order goes out with the
 * total shown, a changed total is shown and asked again, and the address a
 * delivery went to last time is the one chosen (and sent) next time.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutChoices, CheckoutResult, LastDeliveryAddressRow, PlaceOrderInput, PlacedOrder } from '../../../../src/api/checkout/worker-api.ts';
import type { AddressRow } from '../../../../src/db/schema.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { putAddresses, savedAddress } from '../addresses/fixtures.ts';
import { CUSTOMER_ID, checkoutReady, orderQuote, putQuote } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const NEARBY: Omit<AddressRow, 'id' | 'savedAt'> = { lat: 40.4412, lng: -79.9951, address: '12 Market Street, Riverton', house: null, tag: null, businessLocation: false };

type WorkerOverrides = NonNullable<Parameters<typeof renderApp>[0]>['worker'];

async function openCheckout(worker: WorkerOverrides = {}, options: Parameters<typeof checkoutReady>[1] = {}) {
  const view = await renderApp({
    path: '/checkout',
    address: NEARBY,
    settings: { currencySymbol: '$', currencySymbolAlign: 'left', tipsEnabled: 'true' },
    worker,
  });
  await checkoutReady(view.db, options);
  await screen.findByTestId('checkout-form', {}, SLOW);
  await screen.findByTestId('payment-COD');
  return view;
}

/** A promise the test opens (Node 20 has no Promise.withResolvers). */
function openableGate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function placeButton(): HTMLElement {
  return screen.getByRole('button', { name: /^(Place order|Placing)/ });
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('Place order waits for the price of exactly these choices', () => {
  it('a price saved from an earlier visit is shown but cannot be placed while the server cannot be reached', async () => {
    const placeOrder = vi.fn(async (_input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>> => ({ ok: false, reason: 'offline' }));
    await openCheckout({ quoteCheckout: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })), placeOrder });
    // The saved total is on screen…
    expect(await screen.findByTestId('price-breakdown')).toHaveTextContent('$28.88');
    await waitFor(() => expect(screen.getByText(/Prices from your last visit online/)).toBeInTheDocument());
    // …and placing it is not possible.
    expect(placeButton()).toBeDisabled();
    fireEvent.click(placeButton());
    expect(placeOrder).not.toHaveBeenCalled();
  });

  it('turns on when the server answers for these choices, off again while a changed choice is priced, and places at the total shown', async () => {
    // The server answers when the test opens the gate. Every request waits on the gate of its
    // moment: on a slow machine a choice can be priced twice (two renders more than the debounce
    // apart), and the newest request, not the second, is the one the screen waits for.
    let gate = openableGate();
    const quoteCheckout = vi.fn((_choices: CheckoutChoices) => gate.opened.then((): CheckoutResult => ({ ok: true })));
    const placeOrder = vi.fn(async (_input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>> => ({ ok: false, reason: 'offline' }));
    const { db } = await openCheckout({ quoteCheckout, placeOrder });
    await waitFor(() => expect(quoteCheckout).toHaveBeenCalled());
    expect(placeButton()).toBeDisabled();
    gate.open();
    await waitFor(() => expect(placeButton()).toBeEnabled());

    // A tip changes what is priced: off until the server prices the new choices.
    gate = openableGate();
    fireEvent.click(within(screen.getByTestId('tip-choice')).getByRole('button', { name: '15% · $3.53' }));
    await waitFor(() => expect(quoteCheckout.mock.calls.at(-1)?.[0]).toMatchObject({ tip: 353 }));
    expect(placeButton()).toBeDisabled();
    await putQuote(db, orderQuote({ tip: 353, total: 3241 }));
    gate.open();
    await waitFor(() => expect(placeButton()).toBeEnabled());
    await waitFor(() => expect(placeButton()).toHaveTextContent('Place order · $32.41'));

    fireEvent.click(placeButton());
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
    expect(placeOrder.mock.calls[0]?.[0]).toMatchObject({ expectedTotal: 3241, tip: 353 });
  });

  it('a total that changed since it was shown is shown and asked again', async () => {
    const placeOrder = vi.fn(async (_input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>> => ({
      ok: false,
      reason: 'conflict',
      code: 'PRICE_CHANGED',
      message: '',
      details: [{ path: '/total', message: '3038' }],
    }));
    const { db } = await openCheckout({ placeOrder });
    await waitFor(() => expect(placeButton()).toBeEnabled());
    fireEvent.click(placeButton());
    // The worker writes the server's new quote with the refusal.
    await putQuote(db, orderQuote({ store_charge: 250, total: 3038 }));
    expect(await screen.findByTestId('place-order-error')).toHaveTextContent('The total changed to $30.38. Check the price, then tap Place order again to confirm.');
    await waitFor(() => expect(placeButton()).toHaveTextContent('Place order · $30.38'));
    expect(placeButton()).toBeEnabled();
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(2));
    expect(placeOrder.mock.calls[1]?.[0]).toMatchObject({ expectedTotal: 3038 });
  });
});

describe('the delivery address', () => {
  const HOME = savedAddress({ id: 1, latitude: 40.4415, longitude: -79.9955, address: '12 Market Street, Riverton', house: 'Flat 2', is_default: true });
  const WORK = savedAddress({ id: 2, latitude: 40.4409, longitude: -79.9948, address: '3 Bridge Lane, Riverton', house: null, is_default: false });

  it('is the one the last delivery went to, shown chosen and priced, not the first saved one', async () => {
    const { db, worker } = await openCheckout();
    await putAddresses(db, [HOME, WORK]);
    const last: LastDeliveryAddressRow = { userId: CUSTOMER_ID, address: { lat: WORK.latitude, lng: WORK.longitude, address: WORK.address, house: null } };
    await db.prefs.put({ key: PrefKey.lastDeliveryAddress, value: last });
    const options = await screen.findAllByTestId('address-option');
    const work = options.find((option) => option.textContent?.includes('3 Bridge Lane')) as HTMLElement;
    await waitFor(() => expect(within(work).getByRole('radio')).toBeChecked());
    await waitFor(() => expect((worker.quoteCheckout.mock.calls.at(-1)?.[0] as CheckoutChoices).address).toMatchObject({ address: '3 Bridge Lane, Riverton' }));
  });

  it('is the default saved address when no delivery was placed from this device, and another user’s last address is not used', async () => {
    const { db, worker } = await openCheckout();
    await putAddresses(db, [HOME, WORK]);
    await db.prefs.put({ key: PrefKey.lastDeliveryAddress, value: { userId: CUSTOMER_ID + 1, address: { lat: WORK.latitude, lng: WORK.longitude, address: WORK.address, house: null } } });
    const options = await screen.findAllByTestId('address-option');
    const home = options.find((option) => option.textContent?.includes('12 Market Street')) as HTMLElement;
    await waitFor(() => expect(within(home).getByRole('radio')).toBeChecked());
    await waitFor(() => expect((worker.quoteCheckout.mock.calls.at(-1)?.[0] as CheckoutChoices).address).toMatchObject({ address: '12 Market Street, Riverton', house: 'Flat 2' }));
  });
});
