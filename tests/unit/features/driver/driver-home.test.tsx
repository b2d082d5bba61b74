/**
 * /delivery: on or off duty (the switch moves at once and says when it
 * waits for the network), the driver's orders and money, what waits in the
 * outbox with "Sync now", and signing out.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DriverProfileRow } from '../../../../src/api/driver/worker-api.ts';
import { renderApp } from '../../support/render-app.tsx';
import { SETTINGS, TEST_DRIVER, driverOrder, outboxRow, profileRow, putDriverOrders, signInDriver } from './fixtures.ts';

const SLOW = { timeout: 5000 };

beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

async function openHome(options: Parameters<typeof renderApp>[0] = {}, profile: Partial<DriverProfileRow> | null = {}) {
  const view = await renderApp({ path: '/delivery', settings: SETTINGS, ...options });
  await signInDriver(view.db, profile);
  return view;
}

describe('the driver start page (/delivery)', () => {
  it("shows the driver's duty, orders on the way and delivered, and money, and refreshes them", async () => {
    const { db, worker } = await openHome();
    await putDriverOrders(db, [
      driverOrder({ unique_order_id: 'FP-NEW1' }),
      driverOrder({ unique_order_id: 'FP-MINE1', status: 3 }),
      driverOrder({ unique_order_id: 'FP-MINE2', status: 4 }),
      driverOrder({ unique_order_id: 'FP-OTHER', status: 3, driverId: 99 }),
    ]);
    expect(await screen.findByText(`Hello, ${TEST_DRIVER.name}`, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'On duty' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('driver-ongoing')).toHaveTextContent('On the way2'));
    expect(screen.getByTestId('driver-ongoing')).toHaveAttribute('href', '/delivery/orders');
    expect(screen.getByTestId('driver-completed')).toHaveTextContent('Delivered42');
    expect(screen.getByTestId('driver-wallet')).toHaveTextContent('Wallet balance$125.50');
    expect(screen.getByTestId('driver-earnings-today')).toHaveTextContent('Earned today$23.40');
    expect(screen.getByTestId('driver-earnings-total')).toHaveTextContent('Earned in total$987.00');
    expect(screen.getByTestId('driver-cash-in-hand')).toHaveTextContent('Cash in hand$41.20');
    await waitFor(() => expect(worker.refreshDriver).toHaveBeenCalled());
  });

  it('going off duty calls the worker and shows the new state at once, waiting for the network', async () => {
    const setDriverOnline = vi.fn(async (online: boolean) => {
      await db.driverProfile.put(profileRow({ is_online: online, pendingOnline: true }));
      return { ok: true as const, value: { pending: true, rejection: null } };
    });
    const { db } = await openHome({ worker: { setDriverOnline } });
    const duty = await screen.findByRole('switch', { name: 'On duty' }, SLOW);
    expect(screen.queryByTestId('duty-pending')).toBeNull();
    fireEvent.click(duty);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'On duty' })).not.toBeChecked());
    expect(setDriverOnline).toHaveBeenCalledWith(false);
    expect(within(screen.getByTestId('driver-duty')).getByText('Off duty')).toBeInTheDocument();
    expect(screen.getByTestId('duty-pending')).toHaveTextContent('Waiting for network');
  });

  it('says why the server refused the switch', async () => {
    const setDriverOnline = vi.fn(async () => ({ ok: false as const, reason: 'unauthorized' as const, code: 'FORBIDDEN' as const, message: 'no' }));
    await openHome({ worker: { setDriverOnline } }, { is_online: false });
    fireEvent.click(await screen.findByRole('switch', { name: 'On duty' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not allowed/i);
    expect(setDriverOnline).toHaveBeenCalledWith(true);
  });

  it("lists the driver's actions waiting for the network with their count, and Sync now replays and drains them", async () => {
    const drainOutbox = vi.fn(async () => ({ sent: 1, applied: 0, rejected: 0, queued: 1, remaining: 2 }));
    const { db, serviceWorker } = await openHome({ worker: { drainOutbox } });
    await db.outbox.bulkPut([
      outboxRow({ id: 'a', call: 'pickedup-order', body: { unique_order_id: 'FP-MINE1' }, createdSeq: 1 }),
      outboxRow({ id: 'b', call: 'set-delivery-guy-gps-locations', body: { points: [{}, {}, {}] }, userKey: `driver:${TEST_DRIVER.userId}:gps`, kind: 'driver-gps', status: 'queued', actedAt: '2030-01-16T12:11:00.000Z', createdSeq: 2 }),
      outboxRow({ id: 'c', call: 'toggle-delivery-guy-status', body: { is_online: false }, status: 'applied', createdSeq: 3 }),
      outboxRow({ id: 'd', call: 'toggle-favorite', body: { id: 3 }, userKey: 'customer:7', kind: 'customer-action', createdSeq: 4 }),
    ]);
    await waitFor(() => expect(screen.getByTestId('driver-pending-count')).toHaveTextContent('2'), SLOW);
    expect(screen.getAllByTestId('driver-pending-item').map((item) => item.firstChild?.textContent)).toEqual([
      'Picked up order FP-MINE1',
      'Your position (3 points)',
    ]);
    // The tab bar's badge is a live read of its own: it may come a moment after the list.
    await waitFor(() => expect(screen.getByTestId('driver-nav-pending')).toHaveTextContent('2 actions waiting for the network'));

    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByTestId('driver-sync-outcome')).toHaveTextContent('Not everything could be sent yet.');
    expect(serviceWorker.requestQueueReplay).toHaveBeenCalled();
    expect(drainOutbox).toHaveBeenCalledTimes(1);
  });

  it('keeps the list short: the oldest five, and how many more', async () => {
    const { db } = await openHome();
    await db.outbox.bulkPut(
      Array.from({ length: 7 }, (_, index) =>
        outboxRow({ id: `m${index}`, call: 'accept-to-deliver', body: { unique_order_id: `FP-${index}` }, actedAt: `2030-01-16T12:1${index}:00.000Z` }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('driver-pending-count')).toHaveTextContent('7'), SLOW);
    expect(screen.getAllByTestId('driver-pending-item')).toHaveLength(5);
    expect(screen.getAllByTestId('driver-pending-item')[0]).toHaveTextContent('Accept order FP-0');
    expect(screen.getByTestId('driver-pending-more')).toHaveTextContent('and 2 more');
  });

  it('says when nothing waits', async () => {
    await openHome();
    expect(await screen.findByText('Everything you did has reached the server.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('driver-pending-count')).toHaveTextContent('0');
    expect(screen.queryByTestId('driver-nav-pending')).toBeNull();
  });

  it('signs the driver out to the sign-in page', async () => {
    const { db, worker } = await openHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Sign in to deliver' })).toBeInTheDocument();
    expect(worker.driverLogout).toHaveBeenCalled();
    expect(await db.session.get('driver')).toBeUndefined();
  });

  it('offline, shows the saved page with its age', async () => {
    const refreshDriver = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    await openHome({ connectivityError: 'offline', worker: { refreshDriver } }, { fetchedAt: Date.now() - 7.5 * 60_000 });
    await waitFor(() => expect(screen.getByTestId('saved-note')).toHaveTextContent('Updated 7 min ago'), SLOW);
  });

  it('never fetched and unreachable: the offline screen', async () => {
    const refreshDriver = vi.fn(async () => ({ ok: false as const, reason: 'offline' as const }));
    await openHome({ worker: { refreshDriver } }, null);
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });
});
