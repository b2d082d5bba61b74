/**
 * Opens the database, brings its schema to the latest migration, and puts it
 * and the repositories on the instance (`app.db`, `app.settingsRepository`, ...),
 * the way fastify/demo does. The database closes with the app.
 */
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, withPlugin, type DatabaseLocation } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/tables.ts';
import { WriteWatcher } from '../db/write-watcher.ts';
import { createIdempotencyRepository, type IdempotencyRepository } from '../http/idempotency-repository.ts';
import { createLanguagesRepository, type LanguagesRepository } from '../settings/languages-repository.ts';
import {
  createPopularLocationsRepository,
  type PopularLocationsRepository,
} from '../settings/popular-locations-repository.ts';
import { createPagesRepository, type PagesRepository } from '../settings/pages-repository.ts';
import { createSettingsRepository, type SettingsRepository } from '../settings/settings-repository.ts';
import { createVersionsRepository, type VersionsRepository } from '../settings/versions-repository.ts';
import { createCatalogRepository, type CatalogRepository } from '../catalog/catalog-repository.ts';
import { createFavouritesRepository, type FavouritesRepository } from '../catalog/favourites-repository.ts';
import { createMenuRepository, type MenuRepository } from '../catalog/menu-repository.ts';
import { createReviewsRepository, type ReviewsRepository } from '../catalog/reviews-repository.ts';
import { createStoresRepository, type StoresRepository } from '../catalog/stores-repository.ts';
import { createUsersRepository, type UsersRepository } from '../account/users-repository.ts';
import { createCouponsRepository, type CouponsRepository } from '../checkout/coupons-repository.ts';
import { createLoyaltyRepository, type LoyaltyRepository } from '../checkout/loyalty-repository.ts';
import { createOrdersRepository, type OrdersRepository } from '../orders/orders-repository.ts';
import { createCatalogChangesRepository, type CatalogChangesRepository } from '../catalog/catalog-changes-repository.ts';
import { createCatalogueTranslationsRepository, type CatalogueTranslationsRepository } from '../catalog/catalogue-translations-repository.ts';
import { createDriversRepository, type DriversRepository } from '../driver/drivers-repository.ts';
import { createPaymentsRepository, type PaymentsRepository } from '../payments/payments-repository.ts';
import { createAuditRepository, type AuditRepository } from '../admin/audit-repository.ts';
import { createUploadsRepository, type UploadsRepository } from '../uploads/uploads-repository.ts';
import { createMessagingRepository, type MessagingRepository } from '../messaging/messaging-repository.ts';
import { createSignInRepository, type SignInRepository } from '../account/sign-in-repository.ts';
import { createClusterJobsRepository, type ClusterJobsRepository } from '../db/cluster-jobs-repository.ts';
import { createAgentActionsRepository, type AgentActionsRepository } from '../account/agent-actions-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** When this process last wrote (the nearby engine's read-your-writes). */
    dbWrites: WriteWatcher;
    settingsRepository: SettingsRepository;
    languagesRepository: LanguagesRepository;
    popularLocationsRepository: PopularLocationsRepository;
    versionsRepository: VersionsRepository;
    idempotencyRepository: IdempotencyRepository;
    pagesRepository: PagesRepository;
    storesRepository: StoresRepository;
    catalogRepository: CatalogRepository;
    menuRepository: MenuRepository;
    reviewsRepository: ReviewsRepository;
    favouritesRepository: FavouritesRepository;
    usersRepository: UsersRepository;
    ordersRepository: OrdersRepository;
    couponsRepository: CouponsRepository;
    loyaltyRepository: LoyaltyRepository;
    catalogChangesRepository: CatalogChangesRepository;
    catalogueTranslationsRepository: CatalogueTranslationsRepository;
    driversRepository: DriversRepository;
    paymentsRepository: PaymentsRepository;
    auditRepository: AuditRepository;
    uploadsRepository: UploadsRepository;
    messagingRepository: MessagingRepository;
    signInRepository: SignInRepository;
    clusterJobsRepository: ClusterJobsRepository;
    agentActionsRepository: AgentActionsRepository;
  }
}

async function databasePlugin(app: FastifyInstance, location: DatabaseLocation): Promise<void> {
  const opened = openDatabase(location);
  try {
    await migrateToLatest(opened);
  } catch (error) {
    await opened.destroy();
    throw error;
  }
  // Everything the app writes goes through the watcher (see write-watcher.ts).
  const writes = new WriteWatcher();
  const db = withPlugin(opened, writes);
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  app.decorate('db', db);
  app.decorate('dbWrites', writes);
  app.decorate('settingsRepository', createSettingsRepository(db));
  app.decorate('languagesRepository', createLanguagesRepository(db));
  app.decorate('popularLocationsRepository', createPopularLocationsRepository(db));
  app.decorate('versionsRepository', createVersionsRepository(db));
  app.decorate('idempotencyRepository', createIdempotencyRepository(db));
  app.decorate('pagesRepository', createPagesRepository(db));
  app.decorate('storesRepository', createStoresRepository(db));
  app.decorate('catalogRepository', createCatalogRepository(db));
  app.decorate('menuRepository', createMenuRepository(db));
  app.decorate('reviewsRepository', createReviewsRepository(db));
  app.decorate('favouritesRepository', createFavouritesRepository(db));
  app.decorate('usersRepository', createUsersRepository(db));
  app.decorate('ordersRepository', createOrdersRepository(db));
  app.decorate('couponsRepository', createCouponsRepository(db));
  app.decorate('loyaltyRepository', createLoyaltyRepository(db));
  app.decorate('catalogChangesRepository', createCatalogChangesRepository(db));
  app.decorate('catalogueTranslationsRepository', createCatalogueTranslationsRepository(db));
  app.decorate('driversRepository', createDriversRepository(db));
  app.decorate('paymentsRepository', createPaymentsRepository(db));
  app.decorate('auditRepository', createAuditRepository(db));
  app.decorate('uploadsRepository', createUploadsRepository(db));
  app.decorate('messagingRepository', createMessagingRepository(db));
  app.decorate('signInRepository', createSignInRepository(db));
  app.decorate('clusterJobsRepository', createClusterJobsRepository(db));
  app.decorate('agentActionsRepository', createAgentActionsRepository(db));
}

export default fp(databasePlugin, { name: 'database' });
