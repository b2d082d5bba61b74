/**
 * What the account calls need beyond the database plugin: the messaging
 * transports (SMS, e-mail, push) with their development outbox, the push
 * dispatcher, the account repositories, and the development outbox route
 * (outside production, while no real transport is configured).
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMessaging, type Messaging } from '../messaging/index.ts';
import { DEV_MESSAGING, usesOnlyDevOutbox, type MessagingConfig } from '../messaging/config.ts';
import { PushDispatcher } from '../messaging/push-dispatcher.ts';
import { createAddressesRepository, type AddressesRepository } from '../repositories/addresses-repository.ts';
import { createNotificationsRepository, type NotificationsRepository } from '../repositories/notifications-repository.ts';
import { createOneTimeCodesRepository, type OneTimeCodesRepository } from '../repositories/one-time-codes-repository.ts';
import { createWalletRepository, type WalletRepository } from '../repositories/wallet-repository.ts';
import { registerDevOutboxRoute } from '../routes/dev-outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
    pushDispatcher: PushDispatcher;
    oneTimeCodesRepository: OneTimeCodesRepository;
    walletRepository: WalletRepository;
    notificationsRepository: NotificationsRepository;
    addressesRepository: AddressesRepository;
    accounts: {
      /** DATA_DIR/images: avatars are written under avatars/. */
      imagesDir: string;
      /** Whether GET /public/api/dev/outbox is served. */
      devOutboxRoute: boolean;
    };
  }
}

export interface AccountsPluginOptions {
  dataDir: string;
  imagesDir: string;
  messaging?: MessagingConfig | undefined;
  /** NODE_ENV=production: never serve the development outbox. */
  production?: boolean | undefined;
}

async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const config = options.messaging ?? DEV_MESSAGING;
  const messaging = createMessaging(config, app.db, path.join(options.dataDir, 'outbox'));
  const notifications = createNotificationsRepository(app.db);
  const dispatcher = new PushDispatcher(app.db, notifications, messaging.push, app.log);
  notifications.onQueued(() => dispatcher.kick());
  dispatcher.start();
  app.addHook('onClose', async () => {
    await dispatcher.stop();
  });

  const devOutboxRoute = !options.production && usesOnlyDevOutbox(config);
  app.decorate('messaging', messaging);
  app.decorate('pushDispatcher', dispatcher);
  app.decorate('notificationsRepository', notifications);
  app.decorate('oneTimeCodesRepository', createOneTimeCodesRepository(app.db));
  app.decorate('walletRepository', createWalletRepository(app.db));
  app.decorate('addressesRepository', createAddressesRepository(app.db));
  app.decorate('accounts', { imagesDir: options.imagesDir, devOutboxRoute });
  if (devOutboxRoute) registerDevOutboxRoute(app, messaging.outbox);
}

export default fp(accountsPlugin, { name: 'accounts', dependencies: ['database'] });
