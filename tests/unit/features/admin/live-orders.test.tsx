import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../src/api/orders/entities.ts';
import { POLL_MS } from '../../../../src/features/admin/live-orders/use-store-order-feed.ts';
import { placedOrder, tracking } from '../running-order/fixtures.ts';
import { fakeConsoleApi, refusal, renderConsole, SLOW } from './console-harness.tsx';

/** A placed self-pickup order as get-store-orders answers it (no delivery PIN for the store). */
function storeOrder(fields: Partial<Order> = {}): Order {
  const { userId: _userId, fetchedAt: _fetchedAt, ...order } = placedOrder({
    order_type: 'SELFPICKUP',
    address: null,
    house: null,
    latitude: null,
    longitude: null,
    delivery_pin: null,
    notes: 'No onions, please',
    ...fields,
  });
  return order;
}

/** Web Audio as far as the chime uses it, counting the tones started. */
class FakeAudioContext {
  static created = 0;
  static tones = 0;
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.created += 1;
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: (node: unknown) => node,
      start: () => {
        FakeAudioContext.tones += 1;
      },
      stop: () => {},
    };
  }
  createGain() {
    return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (node: unknown) => node };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const column = (name: string) => screen.getByRole('region', { name });

describe('/admin/live-orders', () => {
  it('a new order arriving while the board is open is highlighted and, once the page was clicked, chimes', async () => {
    // Only the clock the board polls with: IndexedDB's own scheduling (setImmediate) stays real.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.stubGlobal('AudioContext', FakeAudioContext);
    FakeAudioContext.created = 0;
    FakeAudioContext.tones = 0;
    let waiting: Order[] = [storeOrder({ unique_order_id: 'FP-OLD', id: 40 })];
    const api = fakeConsoleApi({ 'get-store-orders': () => ({ orders: waiting }) });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });

    // Orders already waiting when the board opens are not "new".
    const newColumn = await screen.findByRole('region', { name: 'New' }, SLOW);
    await waitFor(() => expect(within(newColumn).getAllByTestId('console-order')).toHaveLength(1));
    expect(within(newColumn).getByTestId('console-order')).not.toHaveAttribute('data-new');
    // No stream on this server: the board asks every 10 s instead, and says so.
    await waitFor(() => expect(screen.getByTestId('feed-mode')).toHaveTextContent('Checking every 10 seconds'));
    expect(screen.getByText('Click anywhere on the page once so the browser lets the new-order sound play.')).toBeInTheDocument();

    waiting = [storeOrder({ unique_order_id: 'FP-NEW1', id: 41 }), ...waiting];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    const first = await within(newColumn).findByRole('article', { name: 'Order FP-NEW1 New' });
    expect(first).toHaveAttribute('data-new', 'true');
    expect(screen.getByTestId('console-toast')).toHaveTextContent('New order FP-NEW1 for Nonna Lucia Trattoria');
    // Before any click the browser would refuse to play: the console does not try.
    expect(FakeAudioContext.created).toBe(0);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('heading', { name: 'Live orders' }));
    expect(screen.queryByText('Click anywhere on the page once so the browser lets the new-order sound play.')).toBeNull();
    waiting = [storeOrder({ unique_order_id: 'FP-NEW2', id: 42 }), ...waiting];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(newColumn).findByRole('article', { name: 'Order FP-NEW2 New' })).toHaveAttribute('data-new', 'true');
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.tones).toBeGreaterThan(0);

    // Muted: the next one is highlighted but silent.
    await user.click(screen.getByRole('switch', { name: 'Sound for new orders' }));
    expect(screen.getByRole('switch', { name: 'Sound for new orders' })).toHaveAttribute('aria-checked', 'false');
    waiting = [storeOrder({ unique_order_id: 'FP-NEW3', id: 43 }), ...waiting];
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(await within(newColumn).findByRole('article', { name: 'Order FP-NEW3 New' })).toBeInTheDocument();
    expect(FakeAudioContext.created).toBe(1);
  });

  it('accepts an order with the preparation time chosen, then marks it ready and hands it over', async () => {
    const order = storeOrder();
    const api = fakeConsoleApi({
      'get-store-orders': () => ({ orders: [order] }),
      'accept-order': () => ({
        changed: true,
        tracking: tracking({ status: 2, order_type: 'SELFPICKUP', estimated_ready_at: '2030-01-16T12:30:00.000Z' }),
      }),
      'mark-order-ready': () => ({ changed: true, tracking: tracking({ status: 7, order_type: 'SELFPICKUP' }) }),
      'complete-pickup-order': () => refusal(409, 'ILLEGAL_TRANSITION'),
    });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });
    const card = await within(await screen.findByRole('region', { name: 'New' }, SLOW)).findByTestId('console-order');
    expect(card).toHaveTextContent('2 × Margherita');
    expect(card).toHaveTextContent('No onions, please');

    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Preparation time' }), '30 min');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(api.bodiesOf('accept-order')).toEqual([{ unique_order_id: order.unique_order_id, prep_minutes: 30 }]);
    const preparing = await within(column('Preparing')).findByTestId('console-order');
    expect(within(preparing).getByTestId('console-order-status')).toHaveTextContent('Being prepared');
    expect(within(column('New')).queryByTestId('console-order')).toBeNull();
    expect(screen.getByTestId('console-toast')).toHaveTextContent(`Order ${order.unique_order_id} accepted`);

    await userEvent.click(within(preparing).getByRole('button', { name: 'Ready for pickup' }));
    expect(api.bodiesOf('mark-order-ready')).toEqual([{ unique_order_id: order.unique_order_id }]);
    const ready = await within(column('Ready or with a driver')).findByTestId('console-order');
    expect(within(ready).getByTestId('console-order-status')).toHaveTextContent('Ready for pickup');

    // A refusal is said in words on the card, and the order stays where it is.
    await userEvent.click(within(ready).getByRole('button', { name: 'Collected by the customer' }));
    expect(await within(ready).findByRole('alert')).toHaveTextContent('This order has moved on in the meantime. Refresh to see where it is.');
    expect(within(column('Ready or with a driver')).getByTestId('console-order')).toBe(ready);
  });

  it('will not cancel without a reason for the customer', async () => {
    const order = storeOrder();
    const api = fakeConsoleApi({
      'get-store-orders': () => ({ orders: [order] }),
      'store-cancel-order': (body) => ({ changed: true, tracking: tracking({ status: 6, order_type: 'SELFPICKUP', cancel_reason: body.reason }) }),
    });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });
    const card = await within(await screen.findByRole('region', { name: 'New' }, SLOW)).findByTestId('console-order');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel the order' }));
    const reason = within(card).getByRole('textbox', { name: 'Why (the customer reads this)' });
    expect(reason).toHaveAccessibleDescription('Enter the reason for the customer.');
    expect(api.bodiesOf('store-cancel-order')).toEqual([]);

    await userEvent.type(reason, 'Out of mozzarella');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel the order' }));
    expect(api.bodiesOf('store-cancel-order')).toEqual([{ unique_order_id: order.unique_order_id, reason: 'Out of mozzarella' }]);
    const done = await within(column('Finished today')).findByTestId('console-order');
    expect(done).toHaveTextContent('Cancelled: Out of mozzarella');
  });
});

describe("the board's day (issue 32.3)", () => {
  it("opened after a day's deliveries, counts them as finished today and says the day's orders and sales", async () => {
    const now = new Date().toISOString();
    const yesterday = new Date(Date.now() - 36 * 3_600_000).toISOString();
    const delivered = [
      storeOrder({ unique_order_id: 'FP-D1', id: 51, status: 5, total: 2000, created_at: now, updated_at: now }),
      storeOrder({ unique_order_id: 'FP-D2', id: 52, status: 5, total: 1364, created_at: now, updated_at: now }),
    ];
    const lastNight = storeOrder({ unique_order_id: 'FP-OLD', id: 50, status: 5, total: 999, created_at: yesterday, updated_at: yesterday });
    const preparing = storeOrder({ unique_order_id: 'FP-P', id: 53, status: 2, total: 1500, created_at: now, updated_at: now });
    const api = fakeConsoleApi({
      'get-store-orders': (body) => (body.status?.includes(5) ? { orders: [...delivered, lastNight] } : { orders: [preparing] }),
    });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });

    const finished = await screen.findByRole('region', { name: 'Finished today' }, SLOW);
    await waitFor(() => expect(within(finished).getAllByTestId('console-order')).toHaveLength(2));
    expect(within(finished).queryByText(/FP-OLD/)).toBeNull();
    expect(screen.getByTestId('today-figures')).toHaveTextContent('Today: 3 orders, $33.64 delivered');
    // The finished orders are asked for since midnight where the board is.
    const since = api.bodiesOf('get-store-orders').find((body) => Array.isArray(body.status) && body.status.includes(5))?.updated_since;
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(since).toBe(midnight.toISOString());
  });

  it('says "Deliver to" on an order on its way and "Delivered to" once it is there', async () => {
    const now = new Date().toISOString();
    const onItsWay = storeOrder({ unique_order_id: 'FP-W', id: 61, order_type: 'DELIVERY', status: 2, address: '12 Market Street', house: null, updated_at: now });
    const there = storeOrder({ unique_order_id: 'FP-T', id: 62, order_type: 'DELIVERY', status: 5, address: '9 Mill Road', house: null, updated_at: now });
    const api = fakeConsoleApi({ 'get-store-orders': (body) => ({ orders: body.status?.includes(5) ? [there] : [onItsWay] }) });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });
    const preparing = await screen.findByRole('region', { name: 'Preparing' }, SLOW);
    expect(await within(preparing).findByText(/Deliver to/)).toHaveTextContent('Deliver to: 12 Market Street');
    expect(await within(column('Finished today')).findByText(/Delivered to/)).toHaveTextContent('Delivered to: 9 Mill Road');
  });
});

describe('an order card in the console', () => {
  it('shows who ordered with a call button, so the store can call about the order', async () => {
    const order = storeOrder({ unique_order_id: 'FP-CALL', id: 41, customer: { name: 'Carla Customer', phone: '+1 412 555 0104' } });
    const api = fakeConsoleApi({ 'get-store-orders': () => ({ orders: [order] }) });
    await renderConsole({ path: '/admin/live-orders', role: 'store_owner', api });
    const card = await within(await screen.findByRole('region', { name: 'New' }, SLOW)).findByTestId('console-order');
    expect(within(card).getByTestId('console-order-customer')).toHaveTextContent('Customer: Carla Customer');
    const call = within(card).getByRole('link', { name: 'Call Carla Customer on +1 412 555 0104' });
    expect(call).toHaveAttribute('href', 'tel:+14125550104');
  });
});
