/**
 * The reverse geocoder behind coordinate-to-address. Offline by default (the
 * embedded gazetteer); an online provider can be switched on with
 * GEOCODER=nominatim and falls back to the gazetteer whenever it fails or is
 * slow, so the call always answers, with or without a network.
 */
import type { GeoPoint } from './distance.ts';
import { formatAddress, type LocalPlace } from './gazetteer.ts';

export interface ReverseGeocoder {
  readonly name: string;
  /** A formatted address, or null when this geocoder has none for the point. */
  reverse(point: GeoPoint): Promise<string | null>;
}

/** A geocoder that always has an answer (the gazetteer, or a chain ending in it). */
export interface AddressGeocoder extends ReverseGeocoder {
  reverse(point: GeoPoint): Promise<string>;
}

export type GeocoderKind = 'offline' | 'nominatim';

/** The gazetteer; `localPlaces` gives the popular locations of the moment. */
export function createOfflineGeocoder(localPlaces: () => Promise<readonly LocalPlace[]>): AddressGeocoder {
  return {
    name: 'offline',
    async reverse(point) {
      return formatAddress(point, await localPlaces());
    },
  };
}

export interface NominatimOptions {
  /** Default the public OpenStreetMap instance; its policy asks for a real User-Agent and ≤ 1 request/s. */
  baseUrl?: string;
  userAgent: string;
  timeoutMs?: number;
}

export function createNominatimGeocoder(options: NominatimOptions): ReverseGeocoder {
  const baseUrl = options.baseUrl ?? 'https://nominatim.openstreetmap.org';
  return {
    name: 'nominatim',
    async reverse(point) {
      const url = new URL('/reverse', baseUrl);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        lat: String(point.latitude),
        lon: String(point.longitude),
      }).toString();
      const response = await fetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { display_name?: unknown };
      return typeof body.display_name === 'string' && body.display_name !== '' ? body.display_name : null;
    },
  };
}

/** Tries `primary`, and answers from `fallback` when it throws or has nothing. */
export function withFallback(
  primary: ReverseGeocoder,
  fallback: AddressGeocoder,
  onError: (error: unknown) => void = () => {},
): AddressGeocoder {
  return {
    name: `${primary.name}+${fallback.name}`,
    async reverse(point) {
      try {
        const address = await primary.reverse(point);
        if (address) return address;
      } catch (error) {
        onError(error);
      }
      return fallback.reverse(point);
    },
  };
}
