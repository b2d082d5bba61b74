/**
 * /delivery/orders/:id: what a driver needs to carry an order (store, the
 * customer once it is theirs, address with map and directions, items,
 * notes, payment and cash to collect, earning) and the one next step by
 * status, shown at once and marked while it waits for the network; a step
 * the server refused is said in words until the driver has read it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DriverMove, DriverOrderRow } from '../../../../src/api/driver/worker-api.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { SETTINGS, driverOrder, putDriverOrders, signInDriver } from './fixtures.ts';

const SLOW = { timeout: 5000 };
const ID = 'FP-ORDER1';

beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

async function openOrder(row: Partial<DriverOrderRow> | null, options: Parameters<typeof renderApp>[0] = {}) {
  const view = await renderApp({ path: `/delivery/orders/${ID}`, settings: SETTINGS, ...options });
  await signInDriver(view.db);
  if (row) await putDriverOrders(view.db, [driverOrder({ unique_order_id: ID, ...row })]);
  return view;
}

/** The worker's optimistic effect of a move, as the screen sees it: the new status, marked pending. */
function movesLikeTheWorker(db: () => ReplicaDatabase) {
  const next: Record<DriverMove, number> = { accept: 3, pickup: 4, deliver: 5 };
  return vi.fn(async (uniqueOrderId: string, move: DriverMove) => {
    const row = (await db().driverOrders.get(uniqueOrderId)) as DriverOrderRow;
    const status = next[move];
    const pending = [...row.pending, { outboxId: `o-${move}`, move, status, actedAt: '2030-01-16T12:30:00.000Z' }];
    await db().driverOrders.put({ ...row, status, list: status === 5 ? 'completed' : 'active', pending });
    return { ok: true as const, value: { pending: true, rejection: null } };
  });
}

describe("a driver's order (/delivery/orders/:id)", () => {
  it('offered: the store, the address with map and directions, items, notes, payment, the cash to collect and the earning; no customer yet', async () => {
    const { worker } = await openOrder({ notes: 'Ring twice, please' });
    const detail = await screen.findByTestId('driver-order-detail', {}, SLOW);
    expect(screen.getByTestId('driver-order-status')).toHaveTextContent('New order: a driver is wanted');
    expect(within(detail).getByText('Nonna Lucia Trattoria')).toBeInTheDocument();
    expect(within(detail).getByText('4 Mill Lane, Riverton')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Nonna Lucia Trattoria on +1 412 555 0190' })).toHaveAttribute('href', 'tel:+14125550190');
    expect(screen.queryByTestId('driver-customer')).toBeNull();
    expect(screen.getByTestId('driver-address')).toHaveTextContent('Flat 2, 12 Market Street, Riverton');
    expect(screen.getByRole('img', { name: 'Map of the delivery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=40.4512,-79.9851',
    );
    expect(screen.getByTestId('driver-line')).toHaveTextContent('2 × Margherita');
    expect(screen.getByTestId('driver-line')).toHaveTextContent('Extra basil');
    expect(screen.getByTestId('driver-notes')).toHaveTextContent('Ring twice, please');
    expect(screen.getByTestId('driver-payment')).toHaveTextContent('Cash on delivery · Not paid yet · Order total $29.80');
    expect(screen.getByTestId('driver-collect')).toHaveTextContent('Cash to collect$29.80');
    expect(screen.getByTestId('driver-earning')).toHaveTextContent('You earn $3.40');
    expect(screen.queryByTestId('driver-steps')).toBeNull();
    await waitFor(() => expect(worker.refreshDriverOrder).toHaveBeenCalledWith(ID));
  });

  it("the store's street address and a call link a keyboard reaches, named with the number", async () => {
    await openOrder({});
    const store = await screen.findByRole('region', { name: 'Store' }, SLOW);
    expect(store).toHaveTextContent('4 Mill Lane, Riverton');
    const call = within(store).getByRole('link', { name: 'Call Nonna Lucia Trattoria on +1 412 555 0190' });
    expect(call).toHaveAttribute('href', 'tel:+14125550190');
    expect(call).toHaveTextContent('+1 412 555 0190');
    call.focus();
    expect(call).toHaveFocus();
  });

  it('a store without an address or phone shows its name only, as does a row saved before stores had them', async () => {
    const view = await openOrder({ restaurant: { id: 5, name: 'Nonna Lucia Trattoria', address: null, phone: null, latitude: 40.4406, longitude: -79.9959 } });
    const store = await screen.findByRole('region', { name: 'Store' }, SLOW);
    expect(store).toHaveTextContent('Nonna Lucia Trattoria');
    expect(within(store).queryByRole('link')).toBeNull();
    expect(within(store).queryByText('4 Mill Lane, Riverton')).toBeNull();

    // An older replica row: the restaurant has no address or phone keys at all.
    const older = { id: 5, name: 'Old Row Kitchen', latitude: 40.4406, longitude: -79.9959 } as DriverOrderRow['restaurant'];
    await putDriverOrders(view.db, [driverOrder({ unique_order_id: ID, restaurant: older })]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Store' })).toHaveTextContent('Old Row Kitchen'));
    expect(screen.getByRole('region', { name: 'Store' }).querySelectorAll('p')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Store' })).queryByRole('link')).toBeNull();
  });

  it('a paid order has no cash to collect; offline there is no directions link', async () => {
    await openOrder({ payment_mode: 'STRIPE', payment_status: 'PAID', cash_to_collect: 0 }, { connectivityError: 'offline' });
    await screen.findByTestId('driver-order-detail', {}, SLOW);
    expect(screen.queryByTestId('driver-collect')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Directions' })).toBeNull());
  });

  it('accepting shows the accepted order at once, waiting for the network, with "Picked up" next', async () => {
    let db: ReplicaDatabase | null = null;
    const driverMove = movesLikeTheWorker(() => db!);
    const view = await openOrder({}, { worker: { driverMove } });
    db = view.db;
    fireEvent.click(await screen.findByRole('button', { name: 'Accept to deliver' }, SLOW));
    expect(await screen.findByRole('button', { name: 'Picked up' })).toBeInTheDocument();
    expect(driverMove).toHaveBeenCalledWith(ID, 'accept', undefined);
    expect(screen.getByTestId('driver-order-status')).toHaveTextContent('Accepted: go to the store');
    const steps = screen.getAllByTestId('driver-step');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'next', 'next']);
    expect(within(steps[0]!).getByTestId('pending-mark')).toHaveTextContent('Waiting for network');
    expect(within(steps[1]!).queryByTestId('pending-mark')).toBeNull();
  });

  it("once theirs: the customer's name and phone, and Picked up", async () => {
    const { worker } = await openOrder({ status: 3, customer: { name: 'Sam Carter', phone: '+14125550104' } });
    const customer = await screen.findByTestId('driver-customer', {}, SLOW);
    expect(customer).toHaveTextContent('Sam Carter');
    expect(within(customer).getByRole('link', { name: 'Call Sam Carter on +14125550104' })).toHaveAttribute('href', 'tel:+14125550104');
    fireEvent.click(screen.getByRole('button', { name: 'Picked up' }));
    await waitFor(() => expect(worker.driverMove).toHaveBeenCalledWith(ID, 'pickup', undefined));
  });

  it("Delivered asks for the customer's 4-digit PIN when the order needs it", async () => {
    const { worker } = await openOrder({ status: 4 });
    const pin = await screen.findByLabelText('Customer’s delivery PIN', {}, SLOW);
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAccessibleDescription('Ask the customer for the 4 digits on their order page.');
    fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('Enter the 4 digits of the PIN.')).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(worker.driverMove).not.toHaveBeenCalled();

    fireEvent.change(pin, { target: { value: '48a21' } });
    expect(pin).toHaveValue('4821');
    fireEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    await waitFor(() => expect(worker.driverMove).toHaveBeenCalledWith(ID, 'deliver', '4821'));
  });

  it('Delivered without a PIN when the order does not need one', async () => {
    const { worker } = await openOrder({ status: 4, requires_pin: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Delivered' }, SLOW));
    expect(screen.queryByLabelText('Customer’s delivery PIN')).toBeNull();
    await waitFor(() => expect(worker.driverMove).toHaveBeenCalledWith(ID, 'deliver', undefined));
  });

  it('a step that waits in the outbox is marked next to it', async () => {
    await openOrder({ status: 4, server_status: 3, pending: [{ outboxId: 'o1', move: 'pickup', status: 4, actedAt: '2030-01-16T12:20:00.000Z' }] });
    const steps = await screen.findAllByTestId('driver-step', {}, SLOW);
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'done', 'next']);
    expect(within(steps[1]!).getByTestId('pending-mark')).toHaveTextContent('Waiting for network');
    expect(within(steps[0]!).queryByTestId('pending-mark')).toBeNull();
  });

  it('a refused step shows in words at the top until the driver taps Got it', async () => {
    const rejection = { outboxId: 'o1', move: 'accept' as const, code: 'ORDER_TAKEN', words: 'Another driver took this order', at: Date.now() };
    const { worker } = await openOrder({ rejection });
    const notice = await screen.findByTestId('driver-rejection', {}, SLOW);
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Another driver took this order');
    expect(screen.getByTestId('driver-order-detail').firstElementChild).toBe(notice);
    fireEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(worker.dismissDriverRejection).toHaveBeenCalledWith(ID));
  });

  it('says when the food waits at the counter, until the driver has picked it up', async () => {
    await openOrder({ status: 3, food_ready_at: '2030-01-16T12:20:00.000Z' });
    expect(await screen.findByTestId('driver-food-ready', {}, SLOW)).toHaveTextContent(/^The food is ready at the store since /);
  });

  it('says nothing of the food once it has left the counter', async () => {
    await openOrder({ status: 4, food_ready_at: '2030-01-16T12:20:00.000Z' });
    await screen.findByTestId('driver-order-status', {}, SLOW);
    expect(screen.queryByTestId('driver-food-ready')).toBeNull();
  });

  it('an order another driver took offers no Accept under the words that say so', async () => {
    const rejection = { outboxId: 'o1', move: 'accept' as const, code: 'ORDER_TAKEN', words: 'Another driver already took this order.', at: Date.now() };
    await openOrder({ status: 2, list: 'taken', rejection });
    expect(await screen.findByTestId('driver-rejection', {}, SLOW)).toHaveTextContent('Another driver already took this order.');
    expect(screen.queryByTestId('driver-action')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept to deliver' })).toBeNull();
  });

  it('a delivered or cancelled order offers no step; a cancelled one earns nothing', async () => {
    await openOrder({ status: 6, rejection: null });
    expect(await screen.findByTestId('driver-order-status', {}, SLOW)).toHaveTextContent('Cancelled');
    expect(screen.queryByTestId('driver-action')).toBeNull();
    expect(screen.queryByTestId('driver-collect')).toBeNull();
    expect(screen.queryByTestId('driver-earning')).toBeNull();
  });

  it('an order the driver may no longer see says so, with the way back to the list', async () => {
    const refreshDriverOrder = vi.fn(async () => ({ ok: false as const, reason: 'invalid' as const, code: 'NOT_FOUND' as const, message: 'Not found' }));
    await openOrder(null, { worker: { refreshDriverOrder } });
    expect(await screen.findByText(/no longer yours to see/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delivery orders' })).toHaveAttribute('href', '/delivery/orders');
  });
});
