/**
 * The signed-in customer's own things: the account (/my-account), the
 * wallet (/my-wallet), alerts (/alerts), the push token, the ban check and
 * the running-order check, and logout (this session only). Calls that name a user_id must name the token's
 * user (their access, self, is checked before these run). What an agent does with a customer's session is also
 * written to the agent audit.
 */
import type { FastifyInstance } from 'fastify';
import { forbidden, tokenOf, unauthorized } from './authenticate.ts';
import { hashToken } from './tokens.ts';
import { given, normaliseEmail, normalisePhone, normaliseTaxNumber } from './identifiers.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { emailTaken, phoneTaken, type SessionUser } from './users-repository.ts';
import { CONTACT_CHECK } from './auth-handlers.ts';
import { forgetUpload, storeUploadedImage } from '../uploads/uploaded-images.ts';
import type { Account } from '../../src/api/account/entities.ts';
import type { CallBody } from '../../src/api/calls.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

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

  /**
   * update-user-info's changes: the name as sent; a new e-mail or phone only
   * with the code send-otp sent to that new address or number, used up here,
   * and never one another account holds. The account's own e-mail or phone
   * sent again is no change and needs no code.
   */
  async function changeDetails(user: SessionUser, body: CallBody<'update-user-info'>): Promise<void> {
    const current = await app.usersRepository.findById(user.id);
    if (!current) throw notFound('This account no longer exists.');
    let name: string | undefined;
    if (body.name !== undefined) {
      name = given(body.name)?.replace(/\s+/g, ' ');
      if (!name) throw new HttpError(400, 'DETAILS_REQUIRED', 'A name cannot be empty.');
    }
    const email = body.email !== undefined ? normaliseEmail(body.email) : undefined;
    const phone = body.phone !== undefined ? normalisePhone(body.phone) : undefined;
    const newEmail = email !== undefined && email !== current.email ? email : undefined;
    const newPhone = phone !== undefined && phone !== current.phone ? phone : undefined;
    if (newEmail && newPhone) throw new HttpError(400, 'VALIDATION_FAILED', 'Change the e-mail and the phone one at a time: each is confirmed by its own code.');
    const contact = newEmail ?? newPhone;
    if (contact !== undefined) {
      const holder = newEmail ? await app.usersRepository.findByEmail(newEmail) : await app.usersRepository.findByPhone(contact);
      if (holder && Number(holder.id) !== user.id) throw newEmail ? emailTaken() : phoneTaken();
      const otp = given(body.otp);
      if (!otp) throw new HttpError(400, 'CODE_REQUIRED', `A new ${newEmail ? 'e-mail' : 'phone'} is saved with the code send-otp sent to it: send otp.`);
      await app.oneTimeCodesRepository.check({ purpose: CONTACT_CHECK, recipient: contact, code: otp, mode: 'consume' });
    }
    const changes = { ...(name !== undefined ? { name } : {}), ...(newEmail ? { email: newEmail } : {}), ...(newPhone ? { phone: newPhone } : {}) };
    await app.usersRepository.changeDetails(user.id, changes);
    await app.agentActionsRepository.recordIfActing(user, 'update-user-info', changes);
  }

  return {
    'check-ban': async (body, request) => {
      const user = userOf(request);
      return { is_banned: Number(user.is_banned) === 1 };
    },

    'update-user-info': async (body, request) => {
      const user = userOf(request);
      if (body.name !== undefined || body.email !== undefined || body.phone !== undefined) await changeDetails(user, body);
      // The order asked about, when it is the user's own (another user's order is simply not reported).
      const order = body.unique_order_id ? await app.ordersRepository.findByUniqueId(body.unique_order_id) : undefined;
      const own = order && Number(order.user_id) === user.id ? { unique_order_id: order.unique_order_id, orderstatus_id: Number(order.status) } : null;
      return { success: true as const, data: await accountOf(user.id), order: own };
    },

    'check-running-order': async (body, request) => {
      const user = userOf(request);
      const running = await app.ordersRepository.runningOf(user.id);
      if (!running) return { running: false, order: null };
      return { running: true, order: { unique_order_id: running.unique_order_id, orderstatus_id: Number(running.status) } };
    },

    'delete-user': async (body, request) => {
      const user = userOf(request);
      if (user.acting_user_id !== null) throw forbidden('Only the customer can delete their own account.');
      const avatar = await app.usersRepository.softDelete(user.id);
      await forgetUpload(app, app.imageStore, avatar);
      return { success: true as const };
    },

    'change-avatar': async (body, request) => {
      const user = userOf(request);
      // Re-encoded (pixels only) and counted against the account's storage quota.
      const url = await storeUploadedImage(app, app.imageStore, 'avatar', user, body.avatar);
      const previous = await app.usersRepository.setAvatar(user.id, url);
      await forgetUpload(app, app.imageStore, previous);
      await app.agentActionsRepository.recordIfActing(user, 'change-avatar', { avatar: url });
      return { success: true as const, data: await accountOf(user.id) };
    },

    'update-tax-number': async (body, request) => {
      const user = userOf(request);
      const taxNumber = normaliseTaxNumber(body.tax_number);
      await app.usersRepository.setTaxNumber(user.id, taxNumber);
      await app.agentActionsRepository.recordIfActing(user, 'update-tax-number', { tax_number: taxNumber });
      return { success: true as const, data: await accountOf(user.id) };
    },

    'get-wallet-transactions': async (body, request) => {
      const user = userOf(request);
      return app.walletRepository.walletOf(user.id);
    },

    'get-user-notifications': async (body, request) => {
      const user = userOf(request);
      return app.notificationsRepository.listOf(user.id);
    },

    'mark-all-notifications-read': async (body, request) => {
      const user = userOf(request);
      const updated = await app.notificationsRepository.markAllRead(user.id);
      await app.agentActionsRepository.recordIfActing(user, 'mark-all-notifications-read', { updated });
      return { success: true as const, updated };
    },

    'mark-one-notification-read': async (body, request) => {
      const user = userOf(request);
      const notification = await app.notificationsRepository.markOneRead(user.id, body.notification_id);
      if (!notification) throw notFound(`There is no alert ${body.notification_id} for this user.`);
      await app.agentActionsRepository.recordIfActing(user, 'mark-one-notification-read', { notification_id: body.notification_id });
      return notification;
    },

    'save-notification-token': async (body, request) => {
      const user = userOf(request);
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
