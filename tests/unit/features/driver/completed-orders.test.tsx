/** /delivery/completed-orders: the delivered orders newest first, and "Load more" following the server's cursor. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { SETTINGS, driverOrder, putDriverOrders, signInDriver } from './fixtures.ts';

const SLOW = { timeout: 5000 };

beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

function delivered(id: string, day: number) {
  const at = `2030-01-${String(day).padStart(2, '0')}T12:00:00.000Z`;
  return driverOrder({ unique_order_id: id, status: 5, history: [{ status: 5, at }], updated_at: at });
}

describe('completed deliveries (/delivery/completed-orders)', () => {
  it('lists the delivered orders newest first, and Load more asks for the older page', async () => {
    let db: ReplicaDatabase | null = null;
    const refreshCompletedOrders = vi.fn(async (before?: number) => {
      if (before === undefined) return { ok: true as const, value: { nextBefore: 120 } };
      await putDriverOrders(db!, [delivered('FP-OLDEST', 2)]);
      return { ok: true as const, value: { nextBefore: null } };
    });
    const view = await renderApp({ path: '/delivery/completed-orders', settings: SETTINGS, worker: { refreshCompletedOrders } });
    db = view.db;
    await signInDriver(view.db);
    await putDriverOrders(view.db, [delivered('FP-OLD', 10), delivered('FP-NEW', 14), driverOrder({ unique_order_id: 'FP-ACTIVE', status: 4 })]);

    const list = await screen.findByRole('list', { name: 'Completed deliveries' }, SLOW);
    await waitFor(() => expect(within(list).getAllByTestId('driver-order')).toHaveLength(2));
    const hrefs = () => within(list).getAllByTestId('driver-order').map((order) => order.getAttribute('href'));
    expect(hrefs()).toEqual(['/delivery/orders/FP-NEW', '/delivery/orders/FP-OLD']);
    expect(within(list).getAllByTestId('driver-order')[0]).toHaveTextContent(/Delivered Jan 14, 2030/);
    expect(refreshCompletedOrders).toHaveBeenCalledWith();

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(hrefs()).toEqual(['/delivery/orders/FP-NEW', '/delivery/orders/FP-OLD', '/delivery/orders/FP-OLDEST']));
    expect(refreshCompletedOrders).toHaveBeenLastCalledWith(120);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when Load more cannot reach the server', async () => {
    const refreshCompletedOrders = vi.fn(async (before?: number) =>
      before === undefined ? { ok: true as const, value: { nextBefore: 120 } } : { ok: false as const, reason: 'offline' as const },
    );
    const { db } = await renderApp({ path: '/delivery/completed-orders', settings: SETTINGS, worker: { refreshCompletedOrders } });
    await signInDriver(db);
    await putDriverOrders(db, [delivered('FP-OLD', 10)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent('You’re offline — connect to load older deliveries.');
  });

  it('says when nothing was delivered yet', async () => {
    const { db } = await renderApp({ path: '/delivery/completed-orders', settings: SETTINGS });
    await signInDriver(db);
    expect(await screen.findByText('No delivered orders yet.', {}, SLOW)).toBeInTheDocument();
  });
});
