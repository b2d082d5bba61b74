import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserAddress } from '../../../../src/api/entities.ts';
import { GPS_TIMEOUT_MS } from '../../../../src/api/constants.ts';
import { AppProviders } from '../../../../src/app/App.tsx';
import { PrefKey, type ReplicaDatabase } from '../../../../src/db/schema.ts';
import { GpsBarSlot } from '../../../../src/features/home/GpsBarSlot.tsx';
import { SHEET_DISMISSED_KEY } from '../../../../src/features/location/home-location.tsx';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { buildReplica, SAMPLE_ADDRESS, type ReplicaFixture } from '../../support/replica-fixture.ts';

// Loaded as the home screen loads them: the sheet lazily from the module's named export, the bar through home's slot.
const HomeLocationSheet = lazy(() => import('../../../../src/features/location/home-location.tsx').then((m) => ({ default: m.HomeLocationSheet })));

const LOCATIONS = [
  { id: 1, name: 'Riverton Old Town', latitude: 52.1, longitude: 4.3, is_default: true },
  { id: 2, name: 'Harbour District', latitude: 52.2, longitude: 4.4, is_default: false },
  { id: 3, name: 'Airport', latitude: 52.3, longitude: 4.5, is_default: false },
];
const PRIMARY: UserAddress = { lat: 52.1, lng: 4.3, address: 'Riverton Old Town', house: null, tag: null, businessLocation: true };

function mockGeolocation(impl: (success: PositionCallback, failure: PositionErrorCallback, options?: PositionOptions) => void) {
  const getCurrentPosition = vi.fn(impl);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** The worker's setAddress where the UI sees it: the address and the 'chosen' pref. */
function savingSetAddress(db: ReplicaDatabase) {
  return vi.fn(async (address: UserAddress) => {
    await db.address.put({ ...address, id: 'current', savedAt: Date.now() });
    await db.prefs.put({ key: PrefKey.locationChosenByUser, value: true });
  });
}

async function renderHome(fixture: ReplicaFixture = {}) {
  const db = await buildReplica({ popularLocations: LOCATIONS, address: PRIMARY, ...fixture });
  const worker = createWorkerDouble(db, { setAddress: savingSetAddress(db) });
  const reloadPage = vi.fn();
  const view = render(
    <AppProviders services={{ db, worker, serviceWorker: createServiceWorkerDouble(), reloadPage }}>
      <MemoryRouter>
        <button type="button">Before the sheet</button>
        <Suspense fallback={null}>
          <GpsBarSlot />
          <HomeLocationSheet />
        </Suspense>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, db, worker, reloadPage };
}

const sheet = () => screen.findByRole('dialog', { name: 'Where should we deliver?' });
/** Lets the lazy module load and the live queries answer. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

beforeAll(async () => {
  await import('../../../../src/features/location/home-location.tsx');
});
beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the popular-locations sheet on home', () => {
  it('opens while the user never chose a location and the address is a business location', async () => {
    await renderHome();
    const dialog = await sheet();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const list = within(dialog).getByTestId('location-sheet-list');
    await within(list).findByRole('button', { name: 'Harbour District' });
    // Primary first, then by name.
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Riverton Old Town', 'Airport', 'Harbour District']);
    expect(within(dialog).getByRole('button', { name: 'Use my current location' })).toBeInTheDocument();
  });

  it('stays closed once the user chose a location', async () => {
    await renderHome({ prefs: { [PrefKey.locationChosenByUser]: true } });
    // The bar shows (the address is still a business location), the sheet does not.
    expect(await screen.findByTestId('use-gps-bar')).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed when the address is the user own', async () => {
    await renderHome({ address: SAMPLE_ADDRESS });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('use-gps-bar')).toBeNull();
  });

  it('takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    await renderHome();
    const before = screen.getByRole('button', { name: 'Before the sheet' });
    before.focus();
    const dialog = await sheet();
    await waitFor(() => expect(dialog).toHaveFocus());

    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = await within(dialog).findByRole('button', { name: 'Harbour District' });
    await user.tab();
    expect(close).toHaveFocus();
    last.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(before).toHaveFocus();
    expect(sessionStorage.getItem(SHEET_DISMISSED_KEY)).toBe('1');
  });

  it('closes with its close button or the backdrop, and stays closed for the visit', async () => {
    const first = await renderHome();
    await userEvent.click(within(await sheet()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    sessionStorage.clear();
    const second = await renderHome();
    await sheet();
    await userEvent.click(screen.getByTestId('location-sheet-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    second.unmount();

    await renderHome();
    await screen.findByTestId('use-gps-bar');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a GPS fix from the sheet is saved as a business location, with the spec time-out, and the page reloads', async () => {
    const getCurrentPosition = mockGeolocation((success) => success({ coords: { latitude: 51.5, longitude: 4.1 } } as GeolocationPosition));
    const { worker, reloadPage } = await renderHome();
    await userEvent.click(within(await sheet()).getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(worker.useGpsFix).toHaveBeenCalledWith(51.5, 4.1, { asBusinessLocation: true });
    expect(getCurrentPosition.mock.calls[0]?.[2]?.timeout).toBe(GPS_TIMEOUT_MS);
  });

  it('a denied permission alerts with gpsAccessNotGrantedMsg and saves nothing', async () => {
    mockGeolocation((_success, failure) => failure({ code: 1, message: 'denied' } as GeolocationPositionError));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { worker, reloadPage } = await renderHome({ settings: { storeName: 'Test', gpsAccessNotGrantedMsg: 'Please allow location' } });
    await userEvent.click(within(await sheet()).getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please allow location'));
    expect(worker.useGpsFix).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(await sheet()).toBeInTheDocument();
  });

  it('picking a popular location saves it as a business location and closes the sheet for good', async () => {
    const { worker, db } = await renderHome();
    await userEvent.click(await within(await sheet()).findByRole('button', { name: 'Harbour District' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(worker.setAddress).toHaveBeenCalledWith({ lat: 52.2, lng: 4.4, address: 'Harbour District', house: null, tag: null, businessLocation: true });
    expect((await db.prefs.get(PrefKey.locationChosenByUser))?.value).toBe(true);
    expect(sessionStorage.getItem(SHEET_DISMISSED_KEY)).toBeNull();
  });
});

describe('the use-GPS bar on home', () => {
  it('shows while the address is a business location', async () => {
    await renderHome({ prefs: { [PrefKey.locationChosenByUser]: true } });
    // The texts come from the replica: wait for them, not only for the bar.
    await waitFor(() => expect(screen.getByTestId('use-gps-bar')).toHaveTextContent('See the stores near where you are.'));
  });

  it('goes, with its place, once the address is the user own', async () => {
    const { db } = await renderHome({ prefs: { [PrefKey.locationChosenByUser]: true } });
    await screen.findByTestId('use-gps-bar');
    expect(screen.queryByTestId('use-gps-bar-space')).toBeNull();

    await act(() => db.address.put({ ...SAMPLE_ADDRESS, id: 'current', savedAt: Date.now() }));
    await waitFor(() => expect(screen.queryByTestId('use-gps-bar')).toBeNull());
    expect(screen.queryByTestId('use-gps-bar-space')).toBeNull();
  });

  it('runs the GPS flow and saves the fix as the user own address', async () => {
    mockGeolocation((success) => success({ coords: { latitude: 51.5, longitude: 4.1 } } as GeolocationPosition));
    const { worker, reloadPage } = await renderHome({ prefs: { [PrefKey.locationChosenByUser]: true } });
    await userEvent.click(await within(await screen.findByTestId('use-gps-bar')).findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(worker.useGpsFix).toHaveBeenCalledWith(51.5, 4.1, { asBusinessLocation: false }));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('follows the failure rules: an alert when denied, a message in the Android web view and on a time-out', async () => {
    mockGeolocation((_success, failure) => failure({ code: 1, message: 'denied' } as GeolocationPositionError));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const view = await renderHome({ prefs: { [PrefKey.locationChosenByUser]: true }, settings: { storeName: 'Test', gpsAccessNotGrantedMsg: 'Please allow location' } });
    const bar = await screen.findByTestId('use-gps-bar');
    await userEvent.click(await within(bar).findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please allow location'));

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36');
    await userEvent.click(within(bar).getByRole('button', { name: 'Use my location' }));
    expect(await within(bar).findByRole('alert')).toHaveTextContent('Location access is off.');
    expect(alert).toHaveBeenCalledTimes(1);

    mockGeolocation((_success, failure) => failure({ code: 3, message: 'timeout' } as GeolocationPositionError));
    await userEvent.click(within(bar).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(within(bar).getByRole('alert')).toHaveTextContent('could not find your location in time'));
    view.unmount();
  });
});
