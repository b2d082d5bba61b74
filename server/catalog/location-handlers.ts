/** The calls that choose a location: place search by text (coordinate-to-address sits with the store calls). */
import type { FastifyInstance } from 'fastify';
import { PLACE_SEARCH_LIMIT } from '../../src/api/entities.ts';
import { HttpError } from '../http/http-error.ts';
import type { CallHandlers } from '../http/call-handler.ts';

export function createLocationHandlers(app: FastifyInstance): Pick<CallHandlers, 'search-places'> {
  return {
    'search-places': async ({ q, latitude, longitude }) => {
      if ((latitude === undefined) !== (longitude === undefined)) {
        throw new HttpError(400, 'VALIDATION_FAILED', 'Send latitude and longitude together, or neither.');
      }
      const near = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
      return app.placeSearch.search({ text: q, near, limit: PLACE_SEARCH_LIMIT });
    },
  };
}
