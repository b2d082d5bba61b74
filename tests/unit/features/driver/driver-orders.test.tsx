/**
 * /delivery/orders: the orders offered to the driver and the ones they
 * carry, each with store, where to, earning, payment and cash to collect;
 * asked for again in the background; readable offline with its age.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { SETTINGS, driverOrder, putDriverOrders, signInDriver } from './fixtures.ts';

const SLOW = { timeout: 5000 };

beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

afterEach(() => {
  vi.useRealTimers();
});

async function openOrders(options: Parameters<typeof renderApp>[0] = {}, profile = {}) {
  const view = await renderApp({ path: '/delivery/orders', settings: SETTINGS, ...options });
  await signInDriver(view.db, profile);
  return view;
}

describe('the driver orders list (/delivery/orders)', () => {
  it('shows the new orders and the accepted ones with store, where to, earning, payment and cash to collect', async () => {
    const { db } = await openOrders();
    await putDriverOrders(db, [
      driverOrder({ unique_order_id: 'FP-NEW2', created_at: '2030-01-16T12:05:00.000Z' }),
      driverOrder({ unique_order_id: 'FP-NEW1', payment_mode: 'STRIPE', payment_status: 'PAID', cash_to_collect: 0 }),
      driverOrder({ unique_order_id: 'FP-MINE', status: 4, pending: [{ outboxId: 'o1', move: 'pickup', status: 4, actedAt: '2030-01-16T12:20:00.000Z' }] }),
      driverOrder({ unique_order_id: 'FP-DONE', status: 5 }),
    ]);
    const offered = await screen.findByTestId('driver-new-orders', {}, SLOW);
    await waitFor(() => expect(within(offered).getAllByTestId('driver-order')).toHaveLength(2));
    const [first, second] = within(offered).getAllByTestId('driver-order');
    expect(first).toHaveAttribute('href', '/delivery/orders/FP-NEW1');
    expect(first).toHaveTextContent('Nonna Lucia Trattoria');
    expect(first).toHaveTextContent('You earn $3.40');
    expect(first).toHaveTextContent('12 Market Street, Riverton · 1.4 km from the store');
    expect(first).toHaveTextContent('Card');
    expect(within(first!).queryByTestId('driver-order-cash')).toBeNull();
    expect(within(second!).getByTestId('driver-order-cash')).toHaveTextContent('Collect $29.80 in cash');
    expect(second).toHaveTextContent('Cash on delivery');
    expect(second).toHaveTextContent('New order: a driver is wanted');

    const mine = within(screen.getByTestId('driver-my-orders')).getAllByTestId('driver-order');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveTextContent('Picked up: take it to the customer');
    expect(within(mine[0]!).getByTestId('pending-mark')).toHaveTextContent('Waiting for network');
    expect(screen.queryByText(/FP-DONE/)).toBeNull();
    expect(screen.getByTestId('driver-nav-new')).toHaveTextContent('2 new orders');
  });

  it('says when there is nothing, and that an off-duty driver is offered nothing', async () => {
    await openOrders({}, { is_online: false });
    expect(await screen.findByText(/You are off duty, so no new orders are offered to you./, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go on duty' })).toHaveAttribute('href', '/delivery');
    expect(screen.getByText('No orders on the way. Accept a new order to start.')).toBeInTheDocument();
  });

  it('asks again every 30 seconds while visible, and when the page comes back to the front', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const { worker } = await openOrders();
    await waitFor(() => expect(worker.refreshDriver).toHaveBeenCalledTimes(1), SLOW);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(worker.refreshDriver).toHaveBeenCalledTimes(2);
    await act(async () => {
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('focus'));
      // The same return to the tab also fires visibilitychange: asked once.
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(worker.refreshDriver).toHaveBeenCalledTimes(3);
  });

  it('offline, shows the saved orders with their age', async () => {
    const refreshDriver = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    const { db } = await openOrders({ connectivityError: 'offline', worker: { refreshDriver } }, { fetchedAt: Date.now() - 12.5 * 60_000 });
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 3 })]);
    await waitFor(() => expect(screen.getByTestId('saved-note')).toHaveTextContent('Updated 12 min ago'), SLOW);
    expect(screen.getByTestId('driver-order')).toHaveTextContent('Accepted: go to the store');
  });
});
