import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SyncResource, type ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { ORDER_ID, placedOrder, putRunningOrder, runningRow, signIn, tracking } from './fixtures.ts';

const SLOW = { timeout: 5000 };

/** What the app's boot leaves once check-running-order answered for the signed-in customer. */
async function runningOrderChecked(db: ReplicaDatabase): Promise<void> {
  await db.syncState.put({ resource: SyncResource.runningOrder, fetchedAt: Date.now(), version: null, error: null, errorAt: null });
}

describe('the running order banner on home', () => {
  it('shows where the running order stands and opens its page', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS });
    await signIn(db);
    await putRunningOrder(db, runningRow({ link: 'idle', status: 2 }), placedOrder({ status: 2 }));

    const banner = await screen.findByTestId('running-order-banner', {}, SLOW);
    expect(banner).toHaveAttribute('href', `/running-order/${ORDER_ID}`);
    expect(banner).toHaveTextContent('The store is preparing your order');
    expect(banner).toHaveTextContent(`Order ${ORDER_ID}`);
    expect(banner).toHaveAccessibleName(`The store is preparing your order Order ${ORDER_ID} Track your order`);

    await userEvent.click(banner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(worker.trackOrder).toHaveBeenCalledWith(ORDER_ID));
  });

  it('follows the status as the worker writes it, and goes once the order is over', async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS });
    await signIn(db);
    await putRunningOrder(db, runningRow({ tracking: tracking({ status: 3 }) }));
    expect(await screen.findByTestId('running-order-banner', {}, SLOW)).toHaveTextContent('A driver is on the way to the store');

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 7, order_type: 'SELFPICKUP' }) })));
    await waitFor(() => expect(screen.getByTestId('running-order-banner')).toHaveTextContent('Your order is ready: collect it at the store'));

    await act(() => putRunningOrder(db, runningRow({ tracking: tracking({ status: 5, order_type: 'SELFPICKUP' }) })));
    await waitFor(() => expect(screen.queryByTestId('running-order-banner')).toBeNull());
  });

  it('shows nothing signed out, or for a row of another customer', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS });
    await putRunningOrder(db, runningRow({ status: 2 }));
    expect(await screen.findByTestId('store-list-area', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('running-order-banner')).toBeNull();

    await act(async () => {
      await runningOrderChecked(db);
      await signIn(db, 99);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('running-order-banner')).toBeNull();
    expect(worker.checkRunningOrder).not.toHaveBeenCalled();
  });

  it('asks once for a customer who signed in after the boot checked (issue 32.5: their order did not show until the app was opened again)', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS });
    expect(await screen.findByTestId('store-list-area', {}, SLOW)).toBeInTheDocument();
    await act(() => signIn(db));
    await waitFor(() => expect(worker.checkRunningOrder).toHaveBeenCalledTimes(1));
    await act(() => runningOrderChecked(db));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(worker.checkRunningOrder).toHaveBeenCalledTimes(1);
  });

  it('asks the worker again when the app comes back to the foreground', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS });
    await runningOrderChecked(db);
    await signIn(db);
    await putRunningOrder(db, runningRow({ status: 1 }));
    await screen.findByTestId('running-order-banner', {}, SLOW);
    expect(worker.checkRunningOrder).not.toHaveBeenCalled();

    // The banner may paint a moment before its listener is in place: come back until it is heard.
    await waitFor(() => {
      fireEvent(document, new Event('visibilitychange'));
      expect(worker.checkRunningOrder).toHaveBeenCalled();
    });
  });

  it('asks again on opening when what it knows is a few minutes old', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS });
    await signIn(db);
    await putRunningOrder(db, runningRow({ status: 2, link: 'idle', fetchedAt: Date.now() - 10 * 60_000 }));
    await screen.findByTestId('running-order-banner', {}, SLOW);
    await waitFor(() => expect(worker.checkRunningOrder).toHaveBeenCalled());
  });
});
