/**
 * /my-orders and an order's detail: the list newest first with store, date,
 * total and status in words, "Load more" while the server has older pages,
 * the saved list offline with its age; the detail's lines, price, address,
 * payment and history, the links to follow or rate it, and "Cancel order"
 * behind a question that says what comes back.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { putOrders, signIn, storedOrder } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const SETTINGS = { currencySymbol: '$', currencySymbolAlign: 'left' };

const OLDER = storedOrder({
  id: 1,
  unique_order_id: 'FP-OLD23456',
  status: 5,
  status_name: 'DELIVERED',
  total: 1575,
  payment_status: 'PAID',
  created_at: '2030-01-10T10:00:00.000Z',
  can_cancel: false,
  can_rate: true,
  history: [
    { status: 1, at: '2030-01-10T10:00:00.000Z' },
    { status: 2, at: '2030-01-10T10:05:00.000Z' },
    { status: 5, at: '2030-01-10T10:40:00.000Z' },
  ],
});
const NEWER = storedOrder({
  id: 2,
  unique_order_id: 'FP-NEW23456',
  restaurant: { id: 2, name: 'Saffron House', slug: 'saffron-house', city: 'riverton', image: '', latitude: 40.44, longitude: -79.99 },
  order_type: 'SELFPICKUP',
  status: 7,
  status_name: 'READY_FOR_PICKUP',
  created_at: '2030-01-16T18:30:00.000Z',
  can_cancel: false,
});

async function openOrders(path = '/my-orders', options: Parameters<typeof renderApp>[0] = {}) {
  const view = await renderApp({ path, settings: SETTINGS, ...options });
  await signIn(view.db);
  return view;
}

describe('the orders list', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const { worker } = await renderApp({ path: '/my-orders' });
    expect(await screen.findByText('Sign in to see your orders.', {}, SLOW)).toBeInTheDocument();
    expect(worker.refreshOrders).not.toHaveBeenCalled();
  });

  it('lists the orders newest first with store, date, total and status in words, and refreshes them', async () => {
    const { db, worker } = await openOrders();
    await putOrders(db, [OLDER, NEWER]);
    const items = await screen.findAllByTestId('order-item', {}, SLOW);
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/my-orders/FP-NEW23456', '/my-orders/FP-OLD23456']);
    expect(items[0]).toHaveTextContent('Saffron House');
    expect(items[0]).toHaveTextContent('Ready for pickup');
    expect(items[1]).toHaveTextContent('Green Bowl');
    expect(items[1]).toHaveTextContent('$15.75');
    expect(items[1]).toHaveTextContent('Delivered');
    expect(within(items[1] as HTMLElement).getByText(/Jan 10, 2030/)).toHaveAttribute('datetime', '2030-01-10T10:00:00.000Z');
    await waitFor(() => expect(worker.refreshOrders).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Load more orders' })).toBeNull();
  });

  it('offers Load more while the server has older pages, and says when it cannot reach it', async () => {
    const loadMoreOrders = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const { db } = await openOrders('/my-orders', { worker: { loadMoreOrders } });
    await putOrders(db, [NEWER], { nextBefore: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more orders' }, SLOW));
    expect(await screen.findByText('You’re offline — connect to load older orders.')).toBeInTheDocument();
    expect(loadMoreOrders).toHaveBeenCalledTimes(1);
  });

  it('offline, shows the saved list with its age; never fetched, the offline screen', async () => {
    const refreshOrders = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const { db } = await openOrders('/my-orders', { connectivityError: 'offline', worker: { refreshOrders } });
    await putOrders(db, [NEWER], { fetchedAt: Date.now() - 12.5 * 60_000 });
    await waitFor(() => expect(screen.getByTestId('saved-note')).toHaveTextContent('Updated 12 min ago'), SLOW);
    expect(screen.getByTestId('order-item')).toHaveTextContent('Saffron House');
  });

  it('never fetched and unreachable: the offline screen', async () => {
    await openOrders('/my-orders', { worker: { refreshOrders: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });

  it('says when there are no orders yet', async () => {
    const { db } = await openOrders();
    await putOrders(db, []);
    expect(await screen.findByText('No orders yet. Your orders will show here.', {}, SLOW)).toBeInTheDocument();
  });
});

describe("an order's detail", () => {
  it('shows the lines with add-ons, the price, the address, the payment and the history, with a link to rate it', async () => {
    const { db, worker } = await openOrders('/my-orders/FP-OLD23456');
    await putOrders(db, [OLDER]);
    const detail = await screen.findByTestId('order-detail', {}, SLOW);
    expect(within(detail).getByRole('link', { name: 'Green Bowl' })).toHaveAttribute('href', '/stores/riverton/green-bowl');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Delivered');
    expect(screen.getByTestId('order-line')).toHaveTextContent('2 × Falafel bowl');
    expect(screen.getByTestId('order-line')).toHaveTextContent('Extra feta');
    expect(screen.getByTestId('order-line')).toHaveTextContent('$23.00');
    expect(screen.getByTestId('price-total')).toHaveTextContent('Total$15.75');
    expect(detail).toHaveTextContent('Flat 2, 12 Market Street, Riverton');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Cash on delivery · Paid');
    expect(screen.getAllByTestId('order-history-step').map((step) => step.firstChild?.textContent)).toEqual([
      'Placed, waiting for the store',
      'Being prepared',
      'Delivered',
    ]);
    expect(screen.getByRole('link', { name: 'Rate this order' })).toHaveAttribute('href', '/rate-order/FP-OLD23456');
    expect(screen.queryByRole('link', { name: 'Track your order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await waitFor(() => expect(worker.refreshOrder).toHaveBeenCalledWith('FP-OLD23456'));
  });

  it('while it runs: a link to follow it, and the delivery PIN', async () => {
    const { db } = await openOrders('/my-orders/FP-RUN23456');
    await putOrders(db, [storedOrder({ unique_order_id: 'FP-RUN23456', status: 3, status_name: 'DRIVER_ASSIGNED', can_cancel: false })]);
    expect(await screen.findByRole('link', { name: 'Track your order' }, SLOW)).toHaveAttribute('href', '/running-order/FP-RUN23456');
    expect(screen.getByTestId('order-pin')).toHaveTextContent('Delivery PIN: 4821');
  });

  it('cancels behind a question that says what comes back, and only when confirmed', async () => {
    const { db, worker } = await openOrders('/my-orders/FP-CAN23456');
    await putOrders(db, [
      storedOrder({ unique_order_id: 'FP-CAN23456', wallet_amount: 500, payable_amount: 2334, loyalty_points_redeemed: 150, coupon_code: 'WELCOME10' }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, SLOW));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent('$5.00 goes back to your wallet.');
    expect(dialog).toHaveTextContent('Your 150 points come back.');
    expect(dialog).toHaveTextContent('The coupon WELCOME10 can be used again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(worker.cancelOrder).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(worker.cancelOrder).toHaveBeenCalledWith('FP-CAN23456'));
  });

  it('cancelling a cash order with nothing paid says nothing was charged; offline, it says cancelling needs the network', async () => {
    const cancelOrder = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const { db } = await openOrders('/my-orders/FP-CAN23456', { worker: { cancelOrder } });
    await putOrders(db, [storedOrder({ unique_order_id: 'FP-CAN23456' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, SLOW));
    expect(screen.getByTestId('cancel-refund')).toHaveTextContent('Nothing was charged.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByTestId('cancel-error')).toHaveTextContent('You’re offline — connect to cancel your order.');
  });

  it('an order this device does not have, once the newest orders came: not found', async () => {
    const { worker } = await openOrders('/my-orders/FP-NOPE2345');
    expect(await screen.findByText('This order is not on this device. It may belong to another account.', {}, SLOW)).toBeInTheDocument();
    expect(worker.refreshOrders).toHaveBeenCalled();
  });
});
