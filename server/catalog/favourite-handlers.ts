/**
 * Accounts and favourites: the handlers of every account call (sign-in and
 * sign-up in auth-handlers.ts, the customer's own account, wallet and
 * alerts in profile-handlers.ts, the call centre in
 * call-centre-handlers.ts) and the favourites that need a signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/http-error.ts';
import { createAuthHandlers, type AuthCalls } from '../account/auth-handlers.ts';
import { createCallCentreHandlers, type CallCentreCalls } from '../account/call-centre-handlers.ts';
import { translatorFor } from './catalogue-translations.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { createProfileHandlers, type ProfileCalls } from '../account/profile-handlers.ts';
import { storeListIn } from './store-handlers.ts';
import { userOf } from '../http/caller.ts';

type AccountCalls = AuthCalls | ProfileCalls | CallCentreCalls | 'toggle-favorite' | 'get-favorite-stores';

export function createFavouriteHandlers(app: FastifyInstance): Pick<CallHandlers, AccountCalls> {
  return {
    ...createAuthHandlers(app),
    ...createProfileHandlers(app),
    ...createCallCentreHandlers(app),

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
