/**
 * What the account calls need beyond the database plugin: the messaging
 * transports (SMS, e-mail, push) with their development outbox (printed in
 * the console), the push dispatcher, the account repositories, the sign-in
 * guard and the message budget (issue 13), and the development outbox route
 * when the operator turned it on (devOutboxRouteVerdict).
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMessaging, type Messaging } from '../messaging/index.ts';
import { DEV_MESSAGING, usesOnlyDevOutbox, type MessagingConfig } from '../messaging/config.ts';
import { PushDispatcher } from '../messaging/push-dispatcher.ts';
import { createAddressesRepository, type AddressesRepository } from './addresses-repository.ts';
import { createNotificationsRepository, type NotificationsRepository } from './notifications-repository.ts';
import { createOneTimeCodesRepository, type OneTimeCodesRepository } from './one-time-codes-repository.ts';
import { createWalletRepository, type WalletRepository } from './wallet-repository.ts';
import { isLoopbackHost, registerDevOutboxRoute } from '../messaging/dev-outbox-route.ts';
import { addRetryAfterHeader, createSignInGuard, type SignInGuard } from './sign-in-guard.ts';
import { createMessageBudget, type MessageBudget } from '../messaging/message-budget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
    pushDispatcher: PushDispatcher;
    oneTimeCodesRepository: OneTimeCodesRepository;
    walletRepository: WalletRepository;
    notificationsRepository: NotificationsRepository;
    addressesRepository: AddressesRepository;
    /** Sign-in guesses per account and per address (account/sign-in-guard.ts). */
    signInGuard: SignInGuard;
    /** Codes sent per recipient and per address (messaging/message-budget.ts). */
    messageBudget: MessageBudget;
    accounts: {
      /** Whether GET /public/api/dev/outbox is served. */
      devOutboxRoute: boolean;
    };
  }
}

export interface AccountsPluginOptions {
  dataDir: string;
  messaging?: MessagingConfig | undefined;
  /** NODE_ENV=production: never serve the development outbox. */
  production?: boolean | undefined;
  /** DEV_OUTBOX_HTTP=1: serve the development outbox route (to loopback callers), if devOutboxRouteVerdict allows. */
  devOutboxHttp?: boolean | undefined;
  /** The address the server listens on (HOST). */
  host?: string | undefined;
  /** Prints each development-outbox message in the console; nothing when absent. */
  printDevMessage?: ((line: string) => void) | undefined;
  /** The time the sign-in guard and the message budget count by; tests move it instead of sleeping. */
  clock?: (() => Date) | undefined;
}

/**
 * Whether GET /public/api/dev/outbox is served, and if not while it was asked
 * for, why. It hands out sign-in codes: only on the operator's explicit
 * switch, never in production, never while the server listens beyond this
 * machine, and only while every channel writes to the development outbox.
 * Asked for where it may not be, the server still starts (the codes are in
 * its console) and logs why the route is off.
 */
export function devOutboxRouteVerdict(
  options: Pick<AccountsPluginOptions, 'devOutboxHttp' | 'production' | 'host'>,
  config: MessagingConfig,
): { serve: true } | { serve: false; reason?: string } {
  if (!options.devOutboxHttp) return { serve: false };
  if (options.production) return { serve: false, reason: 'DEV_OUTBOX_HTTP is ignored under NODE_ENV=production.' };
  if (!isLoopbackHost(options.host ?? '127.0.0.1')) {
    return {
      serve: false,
      reason: `DEV_OUTBOX_HTTP is ignored while HOST=${options.host} is not a loopback address: anyone on the network could read sign-in codes. The codes are printed in this console.`,
    };
  }
  if (!usesOnlyDevOutbox(config)) return { serve: false, reason: 'DEV_OUTBOX_HTTP is ignored while a real SMS, e-mail or push transport is configured.' };
  return { serve: true };
}

async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const config = options.messaging ?? DEV_MESSAGING;
  const messaging = createMessaging(config, app.messagingRepository, path.join(options.dataDir, 'outbox'), options.printDevMessage);
  const notifications = createNotificationsRepository(app.db);
  const dispatcher = new PushDispatcher(notifications, messaging.push, app.log);
  notifications.onQueued(() => dispatcher.kick());
  dispatcher.start();
  app.addHook('onClose', async () => {
    await dispatcher.stop();
  });

  const verdict = devOutboxRouteVerdict(options, config);
  const devOutboxRoute = verdict.serve;
  if (!verdict.serve && verdict.reason) app.log.warn(verdict.reason);
  if (verdict.serve) app.log.info('DEV_OUTBOX_HTTP=1: the development outbox is served to callers on this machine only');
  app.decorate('messaging', messaging);
  app.decorate('pushDispatcher', dispatcher);
  app.decorate('notificationsRepository', notifications);
  app.decorate('oneTimeCodesRepository', createOneTimeCodesRepository(app.db));
  app.decorate('walletRepository', createWalletRepository(app.db));
  app.decorate('addressesRepository', createAddressesRepository(app.db));
  app.decorate('signInGuard', createSignInGuard(app, options.clock));
  app.decorate('messageBudget', createMessageBudget(app, options.clock));
  addRetryAfterHeader(app);
  app.decorate('accounts', { devOutboxRoute });
  if (devOutboxRoute) registerDevOutboxRoute(app, messaging.outbox);
}

export default fp(accountsPlugin, { name: 'accounts', dependencies: ['database'] });
