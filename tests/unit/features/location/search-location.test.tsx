import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GPS_TIMEOUT_MS } from '../../../../src/api/constants.ts';
import type { Place } from '../../../../src/api/entities.ts';
import { placeSearchKey } from '../../../../src/db/keys.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';

const LOCATIONS = [
  { id: 1, name: 'Riverton Old Town', latitude: 52.1, longitude: 4.3, is_default: true },
  { id: 2, name: 'Harbour District', latitude: 52.2, longitude: 4.4, is_default: false },
];

function mockGeolocation(impl: (success: PositionCallback, failure: PositionErrorCallback, options?: PositionOptions) => void) {
  const getCurrentPosition = vi.fn(impl);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

// The screen loads lazily: transform it once up front, not inside the first test's wait.
beforeAll(async () => {
  await import('../../../../src/features/location/location-screens.tsx');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('choosing the location (/search-location)', () => {
  it('filters the popular locations and saves the tapped one as a business location', async () => {
    const { worker } = await renderApp({ path: '/search-location', popularLocations: LOCATIONS });
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'harb' } });
    expect(worker.refreshPopularLocations).toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Harbour District' }));
    expect(screen.queryByText('Riverton Old Town')).toBeNull();
    await waitFor(() =>
      expect(worker.setAddress).toHaveBeenCalledWith({
        lat: 52.2,
        lng: 4.4,
        address: 'Harbour District',
        house: null,
        tag: null,
        businessLocation: true,
      }),
    );
  });

  it('names a GPS fix (spec time-out), confirms it with a house and a tag, and saves it as the user own', async () => {
    const getCurrentPosition = mockGeolocation((success) =>
      success({ coords: { latitude: 51.5, longitude: 4.1 } } as GeolocationPosition),
    );
    const { worker } = await renderApp({ path: '/my-location', popularLocations: LOCATIONS });
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(worker.reverseGeocode).toHaveBeenCalledWith(51.5, 4.1));
    expect(getCurrentPosition.mock.calls[0]?.[2]?.timeout).toBe(GPS_TIMEOUT_MS);

    const form = await screen.findByRole('form', { name: 'Confirm your address' });
    expect(within(form).getByTestId('confirm-address-place')).toHaveTextContent('Market Square, Riverton');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Confirm your address' })).toHaveFocus());
    await userEvent.type(within(form).getByLabelText('House, flat or floor (optional)'), '  Flat 2 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Home' }));
    expect(within(form).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(worker.setAddress).toHaveBeenCalledWith({
        lat: 51.5,
        lng: 4.1,
        address: 'Market Square, Riverton',
        house: 'Flat 2',
        tag: 'Home',
        businessLocation: false,
      }),
    );
    expect(worker.useGpsFix).not.toHaveBeenCalled();
  });

  it('names a GPS fix by its coordinates when it cannot be named (offline)', async () => {
    mockGeolocation((success) => success({ coords: { latitude: 51.5, longitude: 4.1 } } as GeolocationPosition));
    await renderApp({ path: '/search-location', worker: { reverseGeocode: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByTestId('confirm-address-place')).toHaveTextContent('51.50000, 4.10000');
  });

  it('alerts with the configured text when permission is denied', async () => {
    mockGeolocation((_success, failure) => failure({ code: 1, message: 'denied' } as GeolocationPositionError));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderApp({ path: '/search-location', settings: { storeName: 'Test', gpsAccessNotGrantedMsg: 'Please allow location' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please allow location'));
  });

  it('says so on the page when the lookup times out', async () => {
    mockGeolocation((_success, failure) => failure({ code: 3, message: 'timeout' } as GeolocationPositionError));
    await renderApp({ path: '/search-location' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByTestId('gps-message')).toHaveTextContent('could not find your location in time');
  });
});

const PITTSBURGH: Place = { name: 'Pittsburgh, Pennsylvania, United States', latitude: 40.4406, longitude: -79.9959, kind: 'place' };
const PARIS: Place = { name: 'Paris, Île-de-France, France', latitude: 48.8566, longitude: 2.3522, kind: 'place' };

describe('places by text on /search-location', () => {
  it('asks the worker once typing pauses and lists its places under the popular locations', async () => {
    const { worker, db } = await renderApp({ path: '/search-location', popularLocations: LOCATIONS });
    worker.searchPlaces.mockImplementation(async (query: string) => {
      const places = [{ name: 'Harbour District', latitude: 52.2, longitude: 4.4, kind: 'popular' as const }, PITTSBURGH];
      await db.placeSearches.put({ key: placeSearchKey(query), query, places, fetchedAt: Date.now() });
      return { ok: true as const, value: places };
    });
    const box = await screen.findByRole('searchbox');
    await userEvent.type(box, 'h');
    await userEvent.type(box, 'ar');
    expect(await screen.findByRole('status')).toHaveTextContent('Searching places…');
    const results = await screen.findByTestId('place-results');
    // Debounced: one search for what was typed, none for each key.
    expect(worker.searchPlaces.mock.calls.map(([query]) => query)).toEqual(['har']);
    // The popular location the server also lists shows once, in the popular list.
    expect(within(results).getAllByRole('button').map((button) => button.textContent)).toEqual([PITTSBURGH.name]);
    expect(within(screen.getByTestId('location-list')).getByRole('button', { name: 'Harbour District' })).toBeInTheDocument();
  });

  it('choosing a place confirms it first, then saves house and a tag of the user own as their address', async () => {
    const { worker, db } = await renderApp({ path: '/search-location', popularLocations: LOCATIONS });
    await savePlaces(db, 'paris', [PARIS]);
    await userEvent.type(await screen.findByRole('searchbox'), 'paris');
    await userEvent.click(await screen.findByRole('button', { name: PARIS.name }));

    const form = await screen.findByRole('form', { name: 'Confirm your address' });
    await userEvent.type(within(form).getByLabelText('House, flat or floor (optional)'), '12 Rue de Rivoli, 3rd floor');
    await userEvent.click(within(form).getByRole('button', { name: 'Other' }));
    const tag = within(form).getByLabelText('Or type a label');
    await userEvent.clear(tag);
    await userEvent.type(tag, 'Grandma');
    expect(tag).toHaveAttribute('maxLength', '30');
    expect(within(form).getByLabelText('House, flat or floor (optional)')).toHaveAttribute('maxLength', '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(worker.setAddress).toHaveBeenCalledWith({
        lat: PARIS.latitude,
        lng: PARIS.longitude,
        address: PARIS.name,
        house: '12 Rue de Rivoli, 3rd floor',
        tag: 'Grandma',
        businessLocation: false,
      }),
    );
    // Saved: home.
    expect(await screen.findByTestId('header-address')).toBeInTheDocument();
  });

  it('going back from the confirm step keeps the search, and saves nothing', async () => {
    const { worker, db } = await renderApp({ path: '/search-location', popularLocations: LOCATIONS });
    await savePlaces(db, 'paris', [PARIS]);
    await userEvent.type(await screen.findByRole('searchbox'), 'paris');
    await userEvent.click(await screen.findByRole('button', { name: PARIS.name }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose another place' }));
    expect(await screen.findByRole('searchbox')).toBeInTheDocument();
    expect(worker.setAddress).not.toHaveBeenCalled();
  });

  it('offline, shows what the replica saved for the query, and matches of earlier searches', async () => {
    const { worker, db } = await renderApp({
      path: '/search-location',
      popularLocations: LOCATIONS,
      worker: { searchPlaces: vi.fn(async () => ({ ok: false as const, reason: 'offline' as const })) },
    });
    await savePlaces(db, 'pitts', [PITTSBURGH]);
    await savePlaces(db, 'p', [PARIS, PITTSBURGH]);
    const box = await screen.findByRole('searchbox');
    await userEvent.type(box, 'PITTS');
    expect(await screen.findByTestId('places-offline')).toHaveTextContent('Offline: showing places saved on this device.');
    await waitFor(() => expect(within(screen.getByTestId('place-results')).getAllByRole('button').map((b) => b.textContent)).toEqual([PITTSBURGH.name]));
    expect(worker.searchPlaces).toHaveBeenCalledWith('PITTS');

    // Never searched as such: the places saved for other queries that match it.
    await userEvent.clear(box);
    await userEvent.type(box, 'île');
    await waitFor(() => expect(within(screen.getByTestId('place-results')).getAllByRole('button').map((b) => b.textContent)).toEqual([PARIS.name]));

    await userEvent.clear(box);
    await userEvent.type(box, 'nowhere at all');
    expect(await screen.findByText('No location matches "nowhere at all".')).toBeInTheDocument();
  });
});

/** Writes a place search into the replica, as the worker does. */
async function savePlaces(db: ReplicaDatabase, query: string, places: Place[]) {
  await db.placeSearches.put({ key: placeSearchKey(query), query, places, fetchedAt: Date.now() });
}
