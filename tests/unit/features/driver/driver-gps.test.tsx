/**
 * The GPS watch of the driver area: it runs only while the driver is on duty
 * with an order of theirs on the way, hands the worker at most one fix per
 * gps_interval_seconds (the newest of each interval), stops when the order
 * is delivered, and says in words when location is refused.
 */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../../../src/base/services.tsx';
import { useDriverGps } from '../../../../src/features/driver/use-driver-gps.ts';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { renderApp } from '../../support/render-app.tsx';
import { buildReplica } from '../../support/replica-fixture.ts';
import { SETTINGS, driverOrder, profileRow, putDriverOrders, signInDriver } from './fixtures.ts';
import { installFakeGeolocation, removeFakeGeolocation } from './gps-fake.ts';

const SLOW = { timeout: 5000 };

beforeAll(async () => {
  await import('../../../../src/features/driver/DeliveryArea.tsx');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  removeFakeGeolocation();
});

describe('useDriverGps', () => {
  it('sends at most one fix per interval, the newest, and stops when the order is no longer active', async () => {
    const db = await buildReplica();
    const worker = createWorkerDouble(db);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={{ db, worker, serviceWorker: createServiceWorkerDouble(), reloadPage: vi.fn() }}>{children}</ServicesProvider>
    );
    vi.useFakeTimers({ now: new Date('2030-01-16T12:00:00.000Z') });
    const gps = installFakeGeolocation();
    const { rerender, result } = renderHook(({ active }) => useDriverGps(active, 15), { wrapper, initialProps: { active: true } });

    expect(gps.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ enableHighAccuracy: true, timeout: 5000 }));
    act(() => gps.fix(40.1, -79.1, 90));
    expect(worker.recordDriverFix).toHaveBeenCalledTimes(1);
    expect(worker.recordDriverFix).toHaveBeenLastCalledWith({ latitude: 40.1, longitude: -79.1, heading: 90, recordedAt: '2030-01-16T12:00:00.000Z' });

    act(() => {
      vi.advanceTimersByTime(5_000);
      gps.fix(40.2, -79.2);
      vi.advanceTimersByTime(3_000);
      gps.fix(40.3, -79.3);
    });
    expect(worker.recordDriverFix).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(7_000));
    expect(worker.recordDriverFix).toHaveBeenCalledTimes(2);
    expect(worker.recordDriverFix).toHaveBeenLastCalledWith({ latitude: 40.3, longitude: -79.3, heading: null, recordedAt: '2030-01-16T12:00:08.000Z' });
    expect(result.current).toBeNull();

    rerender({ active: false });
    expect(gps.watching()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(worker.recordDriverFix).toHaveBeenCalledTimes(2);
  });

  it('a refusal is a note, not an alert, and the watch is not asked again', async () => {
    const db = await buildReplica();
    const worker = createWorkerDouble(db);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServicesProvider services={{ db, worker, serviceWorker: createServiceWorkerDouble(), reloadPage: vi.fn() }}>{children}</ServicesProvider>
    );
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const gps = installFakeGeolocation();
    const { result } = renderHook(() => useDriverGps(true, 15), { wrapper });
    act(() => gps.fail(1));
    expect(result.current).toBe('driverGpsDenied');
    expect(gps.watching()).toBe(0);
    expect(gps.watchPosition).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('the GPS watch in the driver area', () => {
  it('watches while the driver carries an order on duty, and stops once it is delivered', async () => {
    const gps = installFakeGeolocation();
    const { db, worker } = await renderApp({ path: '/delivery', settings: SETTINGS });
    await signInDriver(db, { gps_interval_seconds: 20 });
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 4 })]);
    await waitFor(() => expect(gps.watching()).toBe(1), SLOW);
    act(() => gps.fix(40.44, -79.99));
    await waitFor(() => expect(worker.recordDriverFix).toHaveBeenCalledWith(expect.objectContaining({ latitude: 40.44, longitude: -79.99 })));

    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 5 })]);
    await waitFor(() => expect(gps.watching()).toBe(0));
  });

  it('does not watch an off-duty driver, nor one with only offered orders', async () => {
    const gps = installFakeGeolocation();
    const { db } = await renderApp({ path: '/delivery', settings: SETTINGS });
    await signInDriver(db, { is_online: false });
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 3 }), driverOrder({ unique_order_id: 'FP-NEW' })]);
    expect(await screen.findByRole('switch', { name: 'On duty' }, SLOW)).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('driver-ongoing')).toHaveTextContent('On the way1'));
    expect(gps.watchPosition).not.toHaveBeenCalled();
    await db.driverProfile.put(profileRow({ is_online: true }));
    await waitFor(() => expect(gps.watching()).toBe(1));
    await db.driverOrders.delete('FP-MINE');
    await waitFor(() => expect(gps.watching()).toBe(0));
  });

  it('stops watching when the driver signs out', async () => {
    const gps = installFakeGeolocation();
    const { db } = await renderApp({ path: '/delivery/orders', settings: SETTINGS });
    await signInDriver(db);
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 3 })]);
    await waitFor(() => expect(gps.watching()).toBe(1), SLOW);
    await db.session.delete('driver');
    await waitFor(() => expect(gps.watching()).toBe(0));
    expect(await screen.findByRole('heading', { name: 'Sign in to deliver' })).toBeInTheDocument();
  });

  it('says in words on every driver page that location is refused', async () => {
    const gps = installFakeGeolocation();
    const { db } = await renderApp({ path: '/delivery/orders', settings: SETTINGS });
    await signInDriver(db);
    await putDriverOrders(db, [driverOrder({ unique_order_id: 'FP-MINE', status: 3 })]);
    await waitFor(() => expect(gps.watching()).toBe(1), SLOW);
    act(() => gps.fail(1));
    expect(await screen.findByTestId('driver-gps-note')).toHaveTextContent('Location is off for this app');
  });
});
