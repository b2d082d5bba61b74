/**
 * The geocoders on the instance: `app.reverseGeocoder` (coordinate-to-address)
 * and `app.placeSearch` (search-places). Both answer offline from the embedded
 * gazetteer plus the popular locations of the database; with GEOCODER=nominatim
 * (GEOCODER_URL for a self-hosted instance) they ask the online provider first
 * and fall back to the gazetteer when it fails or has nothing.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createNominatimPlaceSearcher, createPlaceSearch, type PlaceSearch } from './place-search.ts';
import {
  createNominatimGeocoder,
  createOfflineGeocoder,
  withFallback,
  type AddressGeocoder,
  type GeocoderKind,
  type NominatimOptions,
} from './reverse-geocoder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reverseGeocoder: AddressGeocoder;
    placeSearch: PlaceSearch;
  }
}

export interface GeocoderPluginOptions {
  kind?: GeocoderKind | undefined;
  /** The online provider's base URL; default its public instance. */
  baseUrl?: string | undefined;
}

async function geocoderPlugin(app: FastifyInstance, options: GeocoderPluginOptions): Promise<void> {
  const popularLocations = async () => app.popularLocationsRepository.list();
  const offline = createOfflineGeocoder(async () =>
    (await popularLocations()).map((location) => ({
      address: location.name,
      latitude: location.latitude,
      longitude: location.longitude,
    })),
  );
  const online: NominatimOptions | undefined =
    options.kind === 'nominatim'
      ? { userAgent: 'FoodPilot/0.1 (self-hosted)', ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) }
      : undefined;
  const geocoder = online
    ? withFallback(createNominatimGeocoder(online), offline, (error) =>
        app.log.warn({ err: error }, 'online reverse geocoding failed; answering from the gazetteer'),
      )
    : offline;
  app.decorate('reverseGeocoder', geocoder);
  app.decorate(
    'placeSearch',
    createPlaceSearch({
      popular: async () =>
        (await popularLocations()).map((location) => ({
          name: location.name,
          label: location.name,
          latitude: location.latitude,
          longitude: location.longitude,
        })),
      online: online ? createNominatimPlaceSearcher(online) : undefined,
      onError: (error) => app.log.warn({ err: error }, 'online place search failed; answering from the gazetteer'),
    }),
  );
}

export default fp(geocoderPlugin, { name: 'geocoder', dependencies: ['database'] });
