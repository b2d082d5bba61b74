import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GPS_TIMEOUT_MS } from '../../../../src/api/constants.ts';
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

  it('uses a GPS fix (not a business location) with the spec time-out', async () => {
    const getCurrentPosition = mockGeolocation((success) =>
      success({ coords: { latitude: 51.5, longitude: 4.1 } } as GeolocationPosition),
    );
    const { worker } = await renderApp({ path: '/my-location', popularLocations: LOCATIONS });
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(worker.useGpsFix).toHaveBeenCalledWith(51.5, 4.1, { asBusinessLocation: false }));
    expect(getCurrentPosition.mock.calls[0]?.[2]?.timeout).toBe(GPS_TIMEOUT_MS);
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
