/** What the console offers to do with an order in each state is what the transition table lets a store (or an administrator) do. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../src/api/orders/entities.ts';
import { ORDER_STATUS_NAMES, type OrderType } from '../../../../src/api/orders/limits.ts';
import { ALL_STATUSES, OrderStatus, checkTransition, type OrderStatusCode } from '../../../../src/api/orders/status.ts';
import { placedOrder, tracking } from '../running-order/fixtures.ts';
import { fakeConsoleApi, renderConsole, SLOW } from './console-harness.tsx';

const { PREPARING, DELIVERED, CANCELLED, READY_FOR_PICKUP } = OrderStatus;

/** The console's buttons and the status each one moves the order to. */
const BUTTONS: ReadonlyArray<[name: string, to: OrderStatusCode]> = [
  ['Accept', PREPARING],
  ['Ready for pickup', READY_FOR_PICKUP],
  ['Collected by the customer', DELIVERED],
  ['Cancel order', CANCELLED],
];

const TYPES: readonly OrderType[] = ['DELIVERY', 'SELFPICKUP'];

function orderIn(status: OrderStatusCode, orderType: OrderType, index: number): Order {
  const pickup = orderType === 'SELFPICKUP';
  const { userId: _userId, fetchedAt: _fetchedAt, ...order } = placedOrder({
    id: 100 + index,
    unique_order_id: `FP-${orderType[0]}${status}TEST`,
    status,
    status_name: ORDER_STATUS_NAMES[status],
    order_type: orderType,
    delivery_pin: null,
    ...(pickup ? { address: null, house: null, latitude: null, longitude: null } : {}),
  });
  return order;
}

const ORDERS = TYPES.flatMap((orderType, t) => ALL_STATUSES.map((status, s) => orderIn(status, orderType, t * 10 + s)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's moves for an order (/admin/orders)", () => {
  it.each([
    ['store_owner', 'store'],
    ['admin', 'admin'],
  ] as const)('offers a %s exactly the moves the table allows %s from each state', async (role, actor) => {
    const api = fakeConsoleApi({
      'admin/list-stores': () => ({ stores: [], next_after: null }),
      'admin/get-orders': () => ({ orders: ORDERS, next_before: null }),
      'admin/get-users': () => ({ users: [], next_before: null }),
    });
    await renderConsole({ path: '/admin/orders', role, api });
    await screen.findAllByTestId('console-order', {}, SLOW);

    for (const order of ORDERS) {
      const card = screen.getAllByTestId('console-order').find((element) => element.dataset.order === order.unique_order_id);
      expect(card, order.unique_order_id).toBeDefined();
      const actions = within(card!).getByTestId('order-actions');
      const offered = BUTTONS.filter(([name]) => within(actions).queryByRole('button', { name }) !== null).map(([, to]) => to);
      // Marking ready is for a self-pickup order only (a delivery order leaves with a driver).
      const allowed = BUTTONS.map(([, to]) => to).filter(
        (to) => to !== order.status && checkTransition(order.status as OrderStatusCode, to, actor).ok && (to !== READY_FOR_PICKUP || order.order_type === 'SELFPICKUP'),
      );
      expect(offered, `${order.order_type} order in status ${order.status}`).toEqual(allowed);
      // A delivery order's food is marked ready while it is prepared or waits for its driver (issue 32.3).
      const foodReady = within(actions).queryByRole('button', { name: 'Food ready' }) !== null;
      expect(foodReady, `food ready on a ${order.order_type} order in status ${order.status}`).toBe(
        order.order_type === 'DELIVERY' && (order.status === PREPARING || order.status === OrderStatus.DRIVER_ASSIGNED),
      );
    }
  });

  it("marks a delivery order's food ready, then says since when instead of offering it again", async () => {
    const order = orderIn(PREPARING, 'DELIVERY', 1);
    const api = fakeConsoleApi({
      'get-store-orders': () => ({ orders: [order] }),
      'mark-order-ready': () => ({
        changed: true,
        tracking: { ...tracking({ status: PREPARING, order_type: 'DELIVERY' }), unique_order_id: order.unique_order_id, food_ready_at: '2030-01-16T12:20:00.000Z' },
      }),
    });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });
    const card = await within(await screen.findByRole('region', { name: 'Preparing' }, SLOW)).findByTestId('console-order');
    within(card).getByRole('button', { name: 'Food ready' }).click();
    expect(await within(card).findByTestId('food-ready')).toHaveTextContent(/^Food ready since /);
    expect(within(card).queryByRole('button', { name: 'Food ready' })).toBeNull();
    expect(api.bodiesOf('mark-order-ready')).toEqual([{ unique_order_id: order.unique_order_id }]);
  });
});
