/**
 * What each call of the contract does. The mapped type makes a call without a
 * handler a compile error, so the server always answers every call in
 * src/api/calls.ts.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http-error.ts';
import type { CallHandlers } from './call-handler.ts';
import { createAccountHandlers } from './account-handlers.ts';
import { createAddressHandlers } from './address-handlers.ts';
import { createCatalogAdminHandlers } from './catalog-admin-handlers.ts';
import { createAdminHandlers } from './admin-handlers.ts';
import { createDriverHandlers } from './driver-handlers.ts';
import { createLifecycleHandlers } from './lifecycle-handlers.ts';
import { createLocationHandlers } from './location-handlers.ts';
import { createOrderHandlers } from './order-handlers.ts';
import { createPaymentHandlers } from './payment-handlers.ts';
import { createRatingHandlers } from './rating-handlers.ts';
import { createStoreHandlers } from './store-handlers.ts';

export function createCallHandlers(app: FastifyInstance): CallHandlers {
  return {
    ...createStoreHandlers(app),
    ...createAccountHandlers(app),
    ...createAddressHandlers(app),
    ...createPaymentHandlers(app),
    ...createLocationHandlers(app),
    ...createOrderHandlers(app),
    ...createLifecycleHandlers(app),
    ...createDriverHandlers(app),
    ...createRatingHandlers(app),
    ...createCatalogAdminHandlers(app),
    ...createAdminHandlers(app),
    'get-settings': async () => app.settingsRepository.list(),

    'get-all-languages': async () => app.languagesRepository.list(),

    'get-single-language': async ({ id }) => {
      const language = await app.languagesRepository.findWithData(id);
      if (!language) throw notFound(`There is no language with id ${id}.`);
      return language;
    },

    'popular-geo-locations': async () => app.popularLocationsRepository.list(),

    'get-pages': async () => app.pagesRepository.list(),

    'get-single-page': async ({ slug }) => {
      const page = await app.pagesRepository.findBySlug(slug);
      if (!page) throw notFound(`There is no page '${slug}'.`);
      return page;
    },
  };
}
