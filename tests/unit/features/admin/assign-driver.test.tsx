import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../src/api/admin/entities.ts';
import type { Order } from '../../../../src/api/orders/entities.ts';
import { placedOrder, tracking } from '../running-order/fixtures.ts';
import { fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

const STORE_ID = 7;

/** A delivery order of store 7 the store is preparing, as admin/get-orders answers it. */
function preparingOrder(fields: Partial<Order> = {}): Order {
  const { userId: _userId, fetchedAt: _fetchedAt, ...order } = placedOrder({ status: 2, status_name: 'PREPARING', delivery_pin: null, ...fields });
  return order;
}

function driver(id: number, name: string, storeIds: readonly number[]): AdminUser {
  return {
    id,
    name,
    email: `driver${id}@example.test`,
    phone: null,
    role: 'driver',
    is_banned: false,
    wallet_balance: 0,
    created_at: '2030-01-01T00:00:00.000Z',
    stores: storeIds.map((storeId) => ({ id: storeId, name: `Store ${storeId}`, slug: `store-${storeId}`, city: 'riverton' })),
  };
}

const DRIVERS = [driver(31, 'Dana Driver', [STORE_ID]), driver(32, 'Elsewhere Eli', [99]), driver(33, 'Sam Second', [STORE_ID, 99])];

function consoleApi(order: Order, assign: Parameters<typeof fakeConsoleApi>[0]['admin/assign-driver']) {
  return fakeConsoleApi({
    'admin/list-stores': () => ({ stores: [], next_after: null }),
    'admin/get-orders': () => ({ orders: [order], next_before: null }),
    'admin/get-users': () => ({ users: DRIVERS, next_before: null }),
    'admin/assign-driver': assign,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('giving an order to a driver (/admin/orders)', () => {
  it("lists the store's drivers, says in the administrator's words why one cannot take it, then gives it to another", async () => {
    const user = userEvent.setup();
    let answers = 0;
    const api = consoleApi(preparingOrder(), (body) => {
      answers += 1;
      if (answers === 1) return refusal(409, 'DRIVER_OFF_DUTY');
      return {
        changed: true,
        tracking: tracking({ status: 3, history: [], driver: { name: body.driver_user_id === 33 ? 'Sam Second' : '?', latitude: null, longitude: null, located_at: null } }),
      };
    });
    await renderConsole({ path: '/admin/orders', role: 'admin', api });

    const card = await screen.findByTestId('console-order', {}, SLOW);
    const form = await within(card).findByTestId('assign-driver');
    const choice = within(form).getByLabelText('Driver');
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a driver', 'Dana Driver', 'Sam Second']));

    // Nothing chosen: said, and nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a driver');
    expect(api.bodiesOf('admin/assign-driver')).toEqual([]);

    await user.selectOptions(choice, 'Dana Driver');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This driver is off duty: they take no orders now.');
    expect(choice).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(choice, 'Sam Second');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(within(card).getByTestId('console-order-driver')).toHaveTextContent('Driver: Sam Second'));
    expect(within(card).getByTestId('console-order-status')).toHaveTextContent(/driver/i);
    // Held by a driver now: the same form hands it to another.
    expect(within(card).getByLabelText('Give to another driver')).toBeInTheDocument();
    expect(api.bodiesOf('admin/assign-driver')).toEqual([
      { unique_order_id: preparingOrder().unique_order_id, driver_user_id: 31 },
      { unique_order_id: preparingOrder().unique_order_id, driver_user_id: 33 },
    ]);
  });

  it('offers nothing for a self-pickup order, and says so when no driver delivers for the store', async () => {
    const pickup = consoleApi(preparingOrder({ order_type: 'SELFPICKUP', address: null, house: null, latitude: null, longitude: null }), () => refusal(500, 'INTERNAL'));
    const first = await renderConsole({ path: '/admin/orders', role: 'admin', api: pickup });
    await screen.findByTestId('console-order', {}, SLOW);
    expect(screen.queryByTestId('assign-driver')).toBeNull();
    first.unmount();

    const lonely = fakeConsoleApi({
      'admin/list-stores': () => ({ stores: [], next_after: null }),
      'admin/get-orders': () => ({ orders: [preparingOrder()], next_before: null }),
      'admin/get-users': () => ({ users: [driver(32, 'Elsewhere Eli', [99])], next_before: null }),
    });
    await renderConsole({ path: '/admin/orders', role: 'admin', api: lonely });
    expect(await screen.findByText('No driver delivers for this store yet: link one under People.', {}, SLOW)).toBeInTheDocument();
  });

  it('is not offered to a store owner', async () => {
    const api = fakeConsoleApi({
      'admin/list-stores': () => ({ stores: [], next_after: null }),
      'admin/get-orders': () => ({ orders: [preparingOrder()], next_before: null }),
    });
    await renderConsole({ path: '/admin/orders', role: 'store_owner', api });
    await screen.findByTestId('console-order', {}, SLOW);
    expect(screen.queryByTestId('assign-driver')).toBeNull();
    expect(api.bodiesOf('admin/get-users')).toEqual([]);
  });
});
