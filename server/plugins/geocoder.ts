/**
 * The reverse geocoder on the instance (`app.reverseGeocoder`): the offline
 * gazetteer plus the popular locations of the database, or, with
 * GEOCODER=nominatim, the online provider with the gazetteer as its fallback.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  createNominatimGeocoder,
  createOfflineGeocoder,
  withFallback,
  type AddressGeocoder,
  type GeocoderKind,
} from '../geo/reverse-geocoder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reverseGeocoder: AddressGeocoder;
  }
}

export interface GeocoderPluginOptions {
  kind?: GeocoderKind | undefined;
}

async function geocoderPlugin(app: FastifyInstance, options: GeocoderPluginOptions): Promise<void> {
  const offline = createOfflineGeocoder(async () =>
    (await app.popularLocationsRepository.list()).map((location) => ({
      address: location.name,
      latitude: location.latitude,
      longitude: location.longitude,
    })),
  );
  const geocoder =
    options.kind === 'nominatim'
      ? withFallback(createNominatimGeocoder({ userAgent: 'FoodPilot/0.1 (self-hosted)' }), offline, (error) =>
          app.log.warn({ err: error }, 'online reverse geocoding failed; answering from the gazetteer'),
        )
      : offline;
  app.decorate('reverseGeocoder', geocoder);
}

export default fp(geocoderPlugin, { name: 'geocoder', dependencies: ['database'] });
