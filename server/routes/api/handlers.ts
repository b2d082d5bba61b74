/**
 * What each call of the contract does. The mapped type makes a call without a
 * handler a compile error, so the server always answers every call in
 * src/api/calls.ts. Each domain folder answers its own calls (its
 * `*-handlers.ts`); this file only puts them together.
 */
import type { FastifyInstance } from 'fastify';
import type { CallHandlers } from '../../http/call-handler.ts';
import { createFavouriteHandlers } from '../../catalog/favourite-handlers.ts';
import { createAddressHandlers } from '../../account/address-handlers.ts';
import { createCatalogAdminHandlers } from '../../admin/catalog/catalog-handlers.ts';
import { createAdminHandlers } from '../../admin/admin-handlers.ts';
import { createDriverHandlers } from '../../driver/driver-handlers.ts';
import { createLifecycleHandlers } from '../../orders/lifecycle-handlers.ts';
import { createLocationHandlers } from '../../catalog/location-handlers.ts';
import { createCheckoutHandlers } from '../../checkout/checkout-handlers.ts';
import { createPaymentHandlers } from '../../payments/payment-handlers.ts';
import { createRatingHandlers } from '../../orders/rating-handlers.ts';
import { createStoreHandlers } from '../../catalog/store-handlers.ts';
import { createSettingsHandlers } from '../../settings/settings-handlers.ts';

export function createCallHandlers(app: FastifyInstance): CallHandlers {
  return {
    ...createStoreHandlers(app),
    ...createFavouriteHandlers(app),
    ...createAddressHandlers(app),
    ...createPaymentHandlers(app),
    ...createLocationHandlers(app),
    ...createCheckoutHandlers(app),
    ...createLifecycleHandlers(app),
    ...createDriverHandlers(app),
    ...createRatingHandlers(app),
    ...createCatalogAdminHandlers(app),
    ...createAdminHandlers(app),
    ...createSettingsHandlers(app),
  };
}
