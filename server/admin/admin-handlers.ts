/**
 * The console's calls, part A (src/api/admin/calls.ts): who may call is
 * said in the call table and checked before these run (call-access.ts); what
 * each call does lives in server/admin/.
 */
import type { FastifyInstance } from 'fastify';
import type { adminCalls } from '../../src/api/admin/calls.ts';
import { assignDriver } from './orders/assign-driver.ts';
import { auditPage } from './audit-log.ts';
import { createLanguage, deleteLanguage, listAdminLanguages, setDefaultLanguage, updateLanguage } from './settings/languages-admin.ts';
import { createLocation, deleteLocation, setPrimaryLocation, updateLocation } from './settings/locations-admin.ts';
import { ordersPage } from './orders/orders-admin.ts';
import { listAdminSettings, saveSettings } from './settings/settings-admin.ts';
import { adminTranslations, saveTranslations } from './settings/translations-admin.ts';
import { adjustWallet } from './users/user-wallet.ts';
import { createStaff, listUsers, setUserBan, setUserStores, updateUser, userDetail } from './users/users-admin.ts';
import { bumpVersionAudited } from './settings/versions-admin.ts';
import { notFound } from '../http/http-error.ts';
import { readTracking } from '../orders/lifecycle-tracking.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { staffOf, userOf } from '../http/caller.ts';

/** Part B (the catalogue) has its own handlers: catalog-admin-handlers.ts. */
export type AdminCalls = keyof typeof adminCalls;

export function createAdminHandlers(app: FastifyInstance): Pick<CallHandlers, AdminCalls> {
  return {
    'admin/get-settings': async () => ({ settings: await listAdminSettings(app) }),
    'admin/save-settings': async (body, request) => saveSettings(app, userOf(request), body.settings),
    'admin/get-versions': async () => app.versionsRepository.get(),
    'admin/bump-version': async (body, request) => bumpVersionAudited(app, userOf(request), body.kind),

    'admin/get-languages': async () => listAdminLanguages(app),
    'admin/create-language': async (body, request) =>
      createLanguage(app, userOf(request), {
        language_name: body.language_name,
        code: body.code,
        dir: body.dir,
        copyDefault: body.copy_default ?? false,
      }),
    'admin/update-language': async ({ token: _token, id, ...changes }, request) => updateLanguage(app, userOf(request), id, changes),
    'admin/set-default-language': async (body, request) => setDefaultLanguage(app, userOf(request), body.id),
    'admin/delete-language': async (body, request) => {
      await deleteLanguage(app, userOf(request), body.id);
      return { success: true as const };
    },
    'admin/get-translations': async (body) => adminTranslations(app, body.id, body.missing_only ?? false),
    'admin/save-translations': async (body, request) => saveTranslations(app, userOf(request), body.id, body.texts),

    'admin/create-location': async (body, request) =>
      createLocation(app, userOf(request), {
        name: body.name,
        latitude: body.latitude,
        longitude: body.longitude,
        isDefault: body.is_default ?? false,
      }),
    'admin/update-location': async ({ token: _token, id, ...changes }, request) => updateLocation(app, userOf(request), id, changes),
    'admin/set-primary-location': async (body, request) => setPrimaryLocation(app, userOf(request), body.id),
    'admin/delete-location': async (body, request) => deleteLocation(app, userOf(request), body.id),

    'admin/get-users': async ({ token: _token, ...query }) => listUsers(app, query),
    'admin/get-user': async (body) => userDetail(app, body.user_id),
    'admin/create-user': async ({ token: _token, store_ids, ...staff }, request) =>
      createStaff(app, userOf(request), { ...staff, storeIds: store_ids }),
    'admin/update-user': async ({ token: _token, user_id, ...changes }, request) => updateUser(app, userOf(request), user_id, changes),
    'admin/set-user-stores': async (body, request) => setUserStores(app, userOf(request), body.user_id, body.store_ids),
    'admin/set-user-ban': async (body, request) => setUserBan(app, userOf(request), body.user_id, body.is_banned),
    'admin/adjust-wallet': async (body, request) =>
      adjustWallet(app, userOf(request), body.user_id, { amount: body.amount, reason: body.reason }),

    'admin/assign-driver': async (body, request) => {
      const { order, changed } = await assignDriver(app, userOf(request), body.unique_order_id, body.driver_user_id);
      const tracking = await readTracking(app, app.db, Number(order.id));
      if (!tracking) throw notFound('This order no longer exists.');
      return { changed, tracking };
    },

    'admin/get-orders': async (body, request) => {
      const user = staffOf(request);
      return ordersPage(app, user, {
        restaurantId: body.restaurant_id,
        statuses: body.status,
        from: body.from,
        to: body.to,
        q: body.q,
        before: body.before,
        limit: body.limit,
      });
    },
    'admin/get-audit-log': async (body) => auditPage(app, { entity: body.entity, entityId: body.entity_id, userId: body.user_id, before: body.before, limit: body.limit }),
  };
}
