/** A signed-in customer's favourite stores: toggled one at a time, listed nearest first. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error.ts';
import { translatorFor } from './catalogue-translations.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { storeListIn } from './store-handlers.ts';
import { userOf } from '../http/caller.ts';

type FavouriteCalls = 'toggle-favorite' | 'get-favorite-stores';

export function createFavouriteHandlers(app: FastifyInstance): Pick<CallHandlers, FavouriteCalls> {
  return {
    'toggle-favorite': async (body, request) => {
      const user = userOf(request);
      if (!(await app.storesRepository.exists(body.id))) throw notFound(`There is no store with id ${body.id}.`);
      return { id: body.id, is_favourite: await app.favouritesRepository.toggle(user.id, body.id) };
    },

    'get-favorite-stores': async (body, request) => {
      const user = userOf(request);
      const ids = await app.favouritesRepository.storeIdsOf(user.id);
      const list = await app.nearbyStores.byIdsJson(ids, { latitude: body.latitude, longitude: body.longitude });
      return storeListIn(await translatorFor(app, body.language), list);
    },
  };
}
