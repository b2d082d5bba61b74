/**
 * What each call of the contract does. The mapped type makes a call without a
 * handler a compile error, so the server always answers every call in
 * src/api/calls.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallBody, CallName, CallParams, CallResponse } from '../../../src/api/index.ts';
import { notFound } from '../../http-error.ts';
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

/**
 * An answer already serialised as JSON (the nearby engine's store lists, as UTF-8 bytes): sent as it
 * is, with no second serialisation. The type parameter keeps the handler
 * table honest about what the text holds.
 */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(
    readonly json: Buffer | string,
    /** Called once the response has been handed to the kernel: the bytes may then be reused. */
    readonly release?: () => void,
  ) {}

  static of<T>(answer: { bytes: Buffer; release: () => void }): JsonText<T> {
    return new JsonText<T>(answer.bytes, answer.release);
  }
}

export type CallHandler<N extends CallName> = (
  body: CallBody<N>,
  request: FastifyRequest,
  /** The path parameters, for calls that have them (validated by the call's `params` schema). */
  params: CallParams<N>,
) => Promise<CallResponse<N> | JsonText<CallResponse<N>>>;

export type CallHandlers = { [N in CallName]: CallHandler<N> };

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
