/** A fake navigator.geolocation whose watches the test feeds with fixes or errors. */
import { vi } from 'vitest';

interface Watch {
  success: PositionCallback;
  failure?: PositionErrorCallback | null;
  options?: PositionOptions;
}

export function installFakeGeolocation() {
  const watches = new Map<number, Watch>();
  let nextId = 1;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      const id = nextId++;
      watches.set(id, { success, failure, options });
      return id;
    }),
    clearWatch: vi.fn((id: number) => {
      watches.delete(id);
    }),
    getCurrentPosition: vi.fn(),
    /** How many watches are open now. */
    watching: () => watches.size,
    fix(latitude: number, longitude: number, heading: number | null = null) {
      const coords = { latitude, longitude, heading, accuracy: 5, altitude: null, altitudeAccuracy: null, speed: null };
      for (const watch of watches.values()) watch.success({ coords, timestamp: Date.now() } as unknown as GeolocationPosition);
    },
    fail(code: number) {
      const error = { code, message: 'fake', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
      for (const watch of [...watches.values()]) watch.failure?.(error);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}

export function removeFakeGeolocation(): void {
  Reflect.deleteProperty(navigator, 'geolocation');
}
