/**
 * The signed-in customer's own things: the account (/my-account), the
 * wallet (/my-wallet), alerts (/alerts), the push token, the ban check and
 * the running-order check, and logout (this session only). Calls that name a user_id must name the token's
 * user (requireSelf). What an agent does with a customer's session is also
 * written to the agent audit.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, requireSelf, requireUser, tokenOf, unauthorized } from '../../auth/authenticate.ts';
import { hashToken } from '../../auth/tokens.ts';
import { decodeAvatar, removeAvatar, storeAvatar } from '../../accounts/avatar.ts';
import { normaliseTaxNumber } from '../../accounts/identifiers.ts';
import { notFound } from '../../http-error.ts';
import { recordIfActing } from '../../repositories/agent-actions-repository.ts';
import type { Account } from '../../../src/api/index.ts';
import type { CallHandlers } from './handlers.ts';

export type ProfileCalls =
  | 'check-ban'
  | 'update-user-info'
  | 'check-running-order'
  | 'delete-user'
  | 'change-avatar'
  | 'update-tax-number'
  | 'get-wallet-transactions'
  | 'get-user-notifications'
  | 'mark-all-notifications-read'
  | 'mark-one-notification-read'
  | 'save-notification-token'
  | 'logout';

export function createProfileHandlers(app: FastifyInstance): Pick<CallHandlers, ProfileCalls> {
  async function accountOf(userId: number): Promise<Account> {
    const account = await app.usersRepository.accountOf(userId);
    // The session was checked a moment ago; the account went away since.
    if (!account) throw notFound('This account no longer exists.');
    return account;
  }

  return {
    'check-ban': async (body, request) => {
      const user = await requireUser(app, request, body, { allowBanned: true });
      return { is_banned: Number(user.is_banned) === 1 };
    },

    'update-user-info': async (body, request) => {
      const user = await requireSelf(app, request, body);
      // The order asked about, when it is the user's own (another user's order is simply not reported).
      const order = body.unique_order_id ? await app.ordersRepository.findByUniqueId(body.unique_order_id) : undefined;
      const own = order && Number(order.user_id) === user.id ? { unique_order_id: order.unique_order_id, orderstatus_id: Number(order.status) } : null;
      return { success: true as const, data: await accountOf(user.id), order: own };
    },

    'check-running-order': async (body, request) => {
      const user = await requireSelf(app, request, body);
      const running = await app.ordersRepository.runningOf(user.id);
      if (!running) return { running: false, order: null };
      return { running: true, order: { unique_order_id: running.unique_order_id, orderstatus_id: Number(running.status) } };
    },

    'delete-user': async (body, request) => {
      const user = await requireSelf(app, request, body);
      if (user.acting_user_id !== null) throw forbidden('Only the customer can delete their own account.');
      const avatar = await app.usersRepository.softDelete(user.id);
      await removeAvatar(app.accounts.imagesDir, avatar);
      return { success: true as const };
    },

    'change-avatar': async (body, request) => {
      const user = await requireUser(app, request, body);
      const { bytes, extension } = decodeAvatar(body.avatar);
      const url = await storeAvatar(app.accounts.imagesDir, bytes, extension);
      const previous = await app.usersRepository.setAvatar(user.id, url);
      await removeAvatar(app.accounts.imagesDir, previous);
      await recordIfActing(app.db, user, 'change-avatar', { avatar: url });
      return { success: true as const, data: await accountOf(user.id) };
    },

    'update-tax-number': async (body, request) => {
      const user = await requireUser(app, request, body);
      const taxNumber = normaliseTaxNumber(body.tax_number);
      await app.usersRepository.setTaxNumber(user.id, taxNumber);
      await recordIfActing(app.db, user, 'update-tax-number', { tax_number: taxNumber });
      return { success: true as const, data: await accountOf(user.id) };
    },

    'get-wallet-transactions': async (body, request) => {
      const user = await requireSelf(app, request, body);
      return app.walletRepository.walletOf(user.id);
    },

    'get-user-notifications': async (body, request) => {
      const user = await requireSelf(app, request, body);
      return app.notificationsRepository.listOf(user.id);
    },

    'mark-all-notifications-read': async (body, request) => {
      const user = await requireSelf(app, request, body);
      const updated = await app.notificationsRepository.markAllRead(user.id);
      await recordIfActing(app.db, user, 'mark-all-notifications-read', { updated });
      return { success: true as const, updated };
    },

    'mark-one-notification-read': async (body, request) => {
      const user = await requireSelf(app, request, body);
      const notification = await app.notificationsRepository.markOneRead(user.id, body.notification_id);
      if (!notification) throw notFound(`There is no alert ${body.notification_id} for this user.`);
      await recordIfActing(app.db, user, 'mark-one-notification-read', { notification_id: body.notification_id });
      return notification;
    },

    'save-notification-token': async (body, request) => {
      const user = await requireSelf(app, request, body);
      // An agent's browser must not receive the customer's pushes.
      if (user.acting_user_id !== null) throw forbidden('An agent acting for a customer cannot receive their notifications.');
      await app.notificationsRepository.savePushToken(user.id, body.push_token);
      return { success: true as const };
    },

    logout: async (body, request) => {
      const token = tokenOf(request, body);
      if (!token) throw unauthorized();
      const tokenHash = hashToken(token);
      // A banned user may still end their session; an ended one is already what was asked.
      const user = await app.usersRepository.userByTokenHash(tokenHash);
      if (!user) return { success: true as const };
      if (body.push_token) await app.notificationsRepository.forgetPushTokenOf(user.id, body.push_token);
      await app.usersRepository.revokeToken(tokenHash);
      return { success: true as const };
    },
  };
}
