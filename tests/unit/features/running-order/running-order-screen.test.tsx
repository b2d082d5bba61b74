import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { ADDRESS_POINT, ORDER_ID, STORE_POINT, historyOf, placedOrder, putRunningOrder, runningRow, signIn, tracking } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const PATH = `/running-order/${ORDER_ID}`;

function steps(): { label: string; state: string | null; time: string | null }[] {
  return within(screen.getByTestId('order-timeline'))
    .getAllByTestId('order-step')
    .map((step) => ({
      label: step.querySelector('.order-step-label')?.textContent ?? '',
      state: step.getAttribute('data-state'),
      time: step.querySelector('time')?.getAttribute('datetime') ?? null,
    }));
}

describe('running order (/running-order/:id)', () => {
  it('shows a delivery order step by step with times, the PIN for the driver, and the order, and watches it while open', async () => {
    const { db, worker, unmount } = await renderApp({ path: PATH, settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
    await signIn(db);
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 2, history: historyOf(1, 2) }) }), placedOrder({ status: 2 }));

    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('The store is preparing your order');
    expect(screen.getByRole('heading', { name: `Order ${ORDER_ID}` })).toBeInTheDocument();
    expect(screen.getByText('From Nonna Lucia Trattoria')).toBeInTheDocument();
    expect(steps()).toEqual([
      { label: 'Placed', state: 'done', time: '2030-01-16T12:00:00.000Z' },
      { label: 'Preparing', state: 'current', time: '2030-01-16T12:01:00.000Z' },
      { label: 'Driver assigned', state: 'next', time: null },
      { label: 'Picked up', state: 'next', time: null },
      { label: 'Delivered', state: 'next', time: null },
    ]);
    expect(screen.getAllByTestId('order-step')[1]).toHaveAttribute('aria-current', 'step');
    expect(within(screen.getAllByTestId('order-step')[2]!).getByText('not yet')).toHaveClass('visually-hidden');

    const pin = screen.getByTestId('delivery-pin');
    expect(within(pin).getByRole('heading', { name: 'Delivery PIN' })).toBeInTheDocument();
    expect(within(pin).getByTestId('delivery-pin-code')).toHaveTextContent('4217');
    // A screen reader says the digits one by one; the large digits are for the eye only.
    expect(within(pin).getByTestId('delivery-pin-code')).toHaveAttribute('aria-hidden', 'true');
    expect(within(pin).getByTestId('delivery-pin-spoken')).toHaveTextContent(/^4 2 1 7$/);
    expect(within(pin).getByText('Give this code to your driver')).toBeInTheDocument();

    const lines = screen.getAllByTestId('order-line');
    expect(lines[0]).toHaveTextContent('2 × Margherita');
    expect(lines[0]).toHaveTextContent('Extra basil');
    expect(lines[0]).toHaveTextContent('$24.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total$33.64');
    expect(screen.getByTestId('tracking-note')).toHaveTextContent('Live updates');
    expect(screen.queryByTestId('driver-card')).toBeNull();

    await waitFor(() => expect(worker.trackOrder).toHaveBeenCalledWith(ORDER_ID));
    unmount();
    expect(worker.stopTracking).toHaveBeenCalledWith(ORDER_ID);
  });

  it('says when it should arrive, lets the customer call the store and the driver, cancel while allowed, and shows the price part by part', async () => {
    const { db } = await renderApp({ path: PATH, settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
    await signIn(db);
    const order = placedOrder({
      restaurant: { ...placedOrder().restaurant, phone: '+1 412 555 0121' },
      delivery_minutes: 35,
      travel_minutes: 12,
      can_cancel: true,
    });
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 1 }) }), order);

    // Before the store accepts: its promise from when the order was placed.
    const arrives = await screen.findByTestId('order-arrives-at', {}, SLOW);
    expect(arrives).toHaveTextContent('It should reach you around');
    expect(arrives.querySelector('time')).toHaveAttribute('datetime', '2030-01-16T12:35:00.000Z');
    expect(screen.getByRole('link', { name: 'Call Nonna Lucia Trattoria on +1 412 555 0121' })).toHaveAttribute('href', 'tel:+14125550121');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByTestId('order-address')).toHaveTextContent('Flat 2, 1 km north of Market Square');
    const price = screen.getByTestId('order-total');
    expect(price).toHaveTextContent('Subtotal');
    expect(price).toHaveTextContent('$30.50');
    expect(price).toHaveTextContent('Tax');

    // The driver has it: the store's ready time plus the ride, and the driver's number while they hold the order.
    await db.runningOrder.put(
      runningRow({
        status: 3,
        tracking: tracking({
          status: 3,
          history: historyOf(1, 2, 3),
          estimated_ready_at: '2030-01-16T12:20:00.000Z',
          driver: { name: 'Dana Driver', latitude: null, longitude: null, located_at: null, phone: '+14125550103' },
        }),
      }),
    );
    await db.orders.put({ ...order, status: 3, can_cancel: false, fetchedAt: Date.now() });
    await waitFor(() => expect(screen.getByTestId('order-arrives-at').querySelector('time')).toHaveAttribute('datetime', '2030-01-16T12:32:00.000Z'));
    expect(screen.getByRole('link', { name: 'Call Dana Driver on +14125550103' })).toHaveAttribute('href', 'tel:+14125550103');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says when the store expects the food ready while it cooks, and stops saying it once the driver has it', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    const readyAt = '2030-01-16T12:21:00.000Z';
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 2, history: historyOf(1, 2), estimated_ready_at: readyAt }) }), placedOrder({ status: 2 }));
    const readyNote = await screen.findByTestId('order-ready-at', {}, SLOW);
    expect(readyNote).toHaveTextContent(/^The store expects it ready around .*2030.*\d:21/);
    expect(readyNote.querySelector('time')).toHaveAttribute('datetime', readyAt);

    // A driver on the way to the store: the food is still cooking.
    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 3, history: historyOf(1, 2, 3), estimated_ready_at: readyAt }) })));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/driver/i));
    expect(screen.getByTestId('order-ready-at').querySelector('time')).toHaveAttribute('datetime', readyAt);

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 4, history: historyOf(1, 2, 3, 4), estimated_ready_at: readyAt }) })));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Your order is on its way'));
    expect(screen.queryByTestId('order-ready-at')).toBeNull();
  });

  it('says the food is ready and waits for the driver once the store marks it, instead of its estimate', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    const readyAt = '2030-01-16T12:21:00.000Z';
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 2, history: historyOf(1, 2), estimated_ready_at: readyAt }) }), placedOrder({ status: 2 }));
    await screen.findByTestId('order-ready-at', {}, SLOW);
    expect(screen.queryByTestId('order-food-ready')).toBeNull();

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 2, history: historyOf(1, 2), estimated_ready_at: readyAt, food_ready_at: '2030-01-16T12:18:00.000Z' }) })));
    expect(await screen.findByTestId('order-food-ready')).toHaveTextContent('Your food is ready and waits for the driver');
    expect(screen.queryByTestId('order-ready-at')).toBeNull();

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 4, history: historyOf(1, 2, 3, 4), food_ready_at: '2030-01-16T12:18:00.000Z' }) })));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Your order is on its way'));
    expect(screen.queryByTestId('order-food-ready')).toBeNull();
  });

  it('moves on as the worker writes each step, with no reload', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 1 }) }), placedOrder());
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Waiting for the store to accept your order');

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 4, history: historyOf(1, 2, 3, 4), driver: { name: 'Priya Natarajan', latitude: null, longitude: null, located_at: null } }) })));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Your order is on its way'));
    expect(steps().map((step) => step.state)).toEqual(['done', 'done', 'done', 'current', 'next']);
    expect(screen.getByTestId('order-status')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a self-pickup order with its own steps and no PIN', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    await putRunningOrder(
      db,
      runningRow({ tracking: tracking({ status: 7, order_type: 'SELFPICKUP', history: historyOf(1, 2, 7) }) }),
      placedOrder({ order_type: 'SELFPICKUP', status: 7, address: null, latitude: null, longitude: null }),
    );
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Your order is ready: collect it at the store');
    expect(steps()).toEqual([
      { label: 'Placed', state: 'done', time: '2030-01-16T12:00:00.000Z' },
      { label: 'Preparing', state: 'done', time: '2030-01-16T12:01:00.000Z' },
      { label: 'Ready for pickup', state: 'current', time: '2030-01-16T12:02:00.000Z' },
      { label: 'Collected', state: 'next', time: null },
    ]);
    expect(screen.queryByTestId('delivery-pin')).toBeNull();
  });

  it("draws the driver on a map of the store and the address, with the distance, heading and a link to a real map", async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    const driver = { name: 'Priya Natarajan', ...STORE_POINT, located_at: '2030-01-16T12:03:30.000Z' };
    await putRunningOrder(db, runningRow({ heading: 90, tracking: tracking({ status: 3, history: historyOf(1, 2, 3), driver }) }), placedOrder({ status: 3 }));

    const card = await screen.findByTestId('driver-card', {}, SLOW);
    expect(within(card).getByRole('heading', { name: 'Your driver: Priya Natarajan' })).toBeInTheDocument();
    const map = within(card).getByRole('img', { name: 'Map of your delivery' });
    expect(map).toHaveAccessibleDescription('The store, your address and Priya Natarajan. Priya Natarajan is 1.0 km from your address.');
    expect(within(card).getByTestId('driver-distance')).toHaveTextContent('Priya Natarajan is 1.0 km from your address');
    expect(within(card).getByTestId('driver-position-time')).toHaveTextContent(/^Position from .+ · Heading 90° from north$/);
    expect(within(card).getByTestId('map-heading')).toHaveAttribute('transform', 'rotate(90)');
    expect(within(card).getByTestId('map-scale')).toHaveTextContent(/^\d+ m$/);

    // North is up: the address, 1 km north of the store where the driver is, is drawn above them.
    const driverAt = within(card).getByTestId('map-driver').getAttribute('transform') ?? '';
    const [, driverY] = /translate\(([\d.]+) ([\d.]+)\)/.exec(driverAt)!.slice(1).map(Number);
    const addressY = Number(within(card).getByTestId('map-address').querySelector('circle')?.getAttribute('cy'));
    expect(addressY).toBeLessThan(driverY!);

    const link = within(card).getByRole('link', { name: 'Open in maps' });
    expect(link).toHaveAttribute('href', `https://www.openstreetmap.org/?mlat=${STORE_POINT.latitude.toFixed(5)}&mlon=${STORE_POINT.longitude.toFixed(5)}#map=16/${STORE_POINT.latitude.toFixed(5)}/${STORE_POINT.longitude.toFixed(5)}`);
    expect(ADDRESS_POINT.latitude).toBeGreaterThan(STORE_POINT.latitude);
  });

  it('says so when the driver has not shared a position yet', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    const driver = { name: 'Priya Natarajan', latitude: null, longitude: null, located_at: null };
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 3, history: historyOf(1, 2, 3), driver }) }), placedOrder({ status: 3 }));
    const card = await screen.findByTestId('driver-card', {}, SLOW);
    expect(within(card).getByTestId('driver-distance')).toHaveTextContent('The store and your address. Priya Natarajan has not shared a position yet.');
    expect(within(card).queryByTestId('map-driver')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Open in maps' })).toBeNull();
  });

  it('offline, shows the last known state with its age and an honest reconnecting note, and no link to an online map', async () => {
    const { db } = await renderApp({ path: PATH, connectivityError: 'offline', worker: { trackOrder: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    await signIn(db);
    const driver = { name: 'Priya Natarajan', ...STORE_POINT, located_at: '2030-01-16T12:03:30.000Z' };
    await putRunningOrder(
      db,
      runningRow({ link: 'reconnecting', fetchedAt: Date.now() - 12 * 60_000, tracking: tracking({ status: 4, history: historyOf(1, 2, 3, 4), driver }) }),
      placedOrder({ status: 4 }),
    );
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Your order is on its way');
    const note = screen.getByTestId('tracking-note');
    expect(within(note).getByRole('status')).toHaveTextContent('Reconnecting…');
    expect(within(note).getByTestId('tracking-updated')).toHaveTextContent('Updated 12 min ago');
    expect(screen.getByTestId('driver-map')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open in maps' })).toBeNull());
  });

  it('shows a cancelled order as cancelled, with the reason and the steps it took', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    await putRunningOrder(
      db,
      runningRow({ link: 'idle', tracking: tracking({ status: 6, history: historyOf(1, 2, 6), cancel_reason: 'The oven broke.' }) }),
      placedOrder({ status: 6 }),
    );
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('This order was cancelled');
    expect(screen.getByText('Reason: The oven broke.')).toBeInTheDocument();
    expect(steps().map((step) => step.label)).toEqual(['Placed', 'Preparing', 'Cancelled']);
    expect(screen.queryByTestId('delivery-pin')).toBeNull();
    expect(screen.queryByTestId('tracking-note')).toBeNull();
  });

  it('shows a card order waiting for its payment, and one whose payment failed', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 8, history: historyOf(8) }) }), placedOrder({ status: 8, payment_mode: 'STRIPE' }));
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Waiting for your payment');
    expect(steps().map((step) => `${step.label}:${step.state}`)).toEqual([
      'Awaiting payment:current',
      'Placed:next',
      'Preparing:next',
      'Driver assigned:next',
      'Picked up:next',
      'Delivered:next',
    ]);

    await act(() => putRunningOrder(db, runningRow({ link: 'idle', tracking: tracking({ status: 9, history: historyOf(8, 9) }) })));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('The payment did not go through, so the order was not placed'));
    expect(steps().map((step) => step.label)).toEqual(['Awaiting payment', 'Payment failed']);
  });

  it('offers the rating once delivered, and thanks once rated', async () => {
    const { db } = await renderApp({ path: PATH });
    await signIn(db);
    await putRunningOrder(db, runningRow({ link: 'idle', tracking: tracking({ status: 5, history: historyOf(1, 2, 3, 4, 5) }) }), placedOrder({ status: 5 }));
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Delivered. Enjoy your meal!');
    expect(screen.getByRole('link', { name: 'Rate your order' })).toHaveAttribute('href', `/rate-order/${ORDER_ID}`);
    expect(steps().every((step) => step.state === 'done')).toBe(true);
    expect(screen.queryByTestId('delivery-pin')).toBeNull();
    // What the delivery earned (the fixture's order earns 30 points).
    expect(screen.getByTestId('order-points-earned')).toHaveTextContent('This order earned you 30 loyalty points.');

    await act(() => db.runningOrder.update(ORDER_ID, { ratedAt: Date.now() }));
    expect(await screen.findByText('Thank you for rating this order.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rate your order' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in and watches nothing', async () => {
    const { worker } = await renderApp({ path: PATH });
    expect(await screen.findByText('Sign in to follow your order.', {}, SLOW)).toBeInTheDocument();
    expect(worker.trackOrder).not.toHaveBeenCalled();
  });

  it('an order the replica never saw: not found when it is not theirs, the offline screen when the server is out of reach', async () => {
    const notTheirs = await renderApp({
      path: PATH,
      worker: { trackOrder: vi.fn(async () => ({ ok: false as const, reason: 'invalid' as const, code: 'NOT_FOUND' as const, message: 'There is no order.' })) },
    });
    await signIn(notTheirs.db);
    expect(await screen.findByText('Page not found', {}, SLOW)).toBeInTheDocument();
    notTheirs.unmount();

    const offline = await renderApp({ path: PATH, worker: { trackOrder: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    await signIn(offline.db);
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });

  it('a delivered order known only from the orders list shows as delivered, not a spinner (issue 15.3)', async () => {
    const { db } = await renderApp({ path: PATH, worker: { trackOrder: vi.fn(async () => ({ ok: true as const })) } });
    await signIn(db);
    await db.orders.put(placedOrder({ status: 5, status_name: 'DELIVERED', history: historyOf(1, 2, 3, 4, 5), can_rate: true }));
    expect(await screen.findByTestId('order-status', {}, SLOW)).toHaveTextContent('Delivered. Enjoy your meal!');
    expect(screen.getByRole('link', { name: 'Rate your order' })).toBeInTheDocument();
  });

  it('an answer that wrote nothing is asked again, then offers Try again instead of spinning', async () => {
    const trackOrder = vi.fn(async () => ({ ok: true as const }));
    const { db } = await renderApp({ path: PATH, worker: { trackOrder } });
    await signIn(db);
    expect(await screen.findByText('This screen could not be loaded', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(trackOrder.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("never shows another customer's row", async () => {
    const { db } = await renderApp({ path: PATH, worker: { trackOrder: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    await signIn(db);
    await putRunningOrder(db, runningRow({ userId: 99, tracking: tracking({ status: 2 }) }));
    expect(await screen.findByTestId('offline-screen', {}, SLOW)).toBeInTheDocument();
  });
});
