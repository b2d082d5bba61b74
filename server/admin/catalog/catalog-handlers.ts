/**
 * The console's catalogue calls (src/api/admin/catalog-calls.ts): who may
 * ask, then the module under server/admin/catalog-*.ts that does it. Every
 * write there runs with its audit row in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { catalogAdminCalls } from '../../../src/api/admin/catalog-calls.ts';
import { ADMIN_STORES_PAGE_SIZE } from '../../../src/api/admin/catalog-limits.ts';
import type { CallName } from '../../../src/api/calls.ts';
import { notFound } from '../../http/http-error.ts';
import { assertStoreAccess } from './catalog-access.ts';
import { deleteAddonCategory, listAddonCategories, saveAddonCategory } from './catalog-addons.ts';
import type { CatalogActor } from './catalog-change.ts';
import { deleteCoupon, listCoupons, saveCoupon } from './catalog-coupons.ts';
import { storeCatalogImage } from './catalog-images.ts';
import { deleteItem, deleteItemCategory, listItemCategories, listItems, saveItem, saveItemCategory } from './catalog-menu.ts';
import { deletePage, listPages, savePage } from './catalog-pages.ts';
import { deletePromoSlide, deletePromoSlider, listPromoSliders, savePromoSlide, savePromoSlider } from './catalog-promos.ts';
import {
  deleteCategorySlide,
  deleteStoreCategory,
  listCategorySlides,
  listStoreCategories,
  saveCategorySlide,
  saveStoreCategory,
} from './catalog-store-categories.ts';
import { deleteStore, listStores, readAdminStore, saveStore } from './catalog-stores.ts';
import { assertTranslationAccess, readCatalogueTranslations, saveCatalogueTranslations } from './catalog-translations.ts';
import { myStores, setItemAvailability, setStoreOpen } from './catalog-switches.ts';
import type { CallHandlers } from '../../http/call-handler.ts';
import { staffOf } from '../../http/caller.ts';

type CatalogAdminCalls = keyof typeof catalogAdminCalls;

const deleted = (id: number) => ({ id, deleted: true as const });

export function createCatalogAdminHandlers(app: FastifyInstance): Pick<CallHandlers, CatalogAdminCalls> {
  const db = app.db;

  /** The caller as an actor of `action` (the call's access admitted only staff, or administrators). */
  const actorOf = (request: FastifyRequest, action: CallName): CatalogActor => ({ user: staffOf(request), action });

  async function storeAnswer(id: number) {
    const store = await readAdminStore(app, id);
    if (!store) throw notFound(`There is no store with id ${id}.`);
    return store;
  }

  return {
    'admin/list-stores': async (body, request) => {
      const user = staffOf(request);
      return listStores(app, user, { q: body.q, after: body.after, limit: body.limit ?? ADMIN_STORES_PAGE_SIZE });
    },
    'admin/get-store': async (body, request) => {
      await assertStoreAccess(app, staffOf(request), body.id);
      return storeAnswer(body.id);
    },
    'admin/save-store': async (body, request) =>
      storeAnswer(await saveStore(app, actorOf(request, 'admin/save-store'), body)),
    'admin/delete-store': async (body, request) => {
      await deleteStore(app, actorOf(request, 'admin/delete-store'), body.id);
      return deleted(body.id);
    },
    'admin/get-my-stores': async (body, request) => myStores(app, staffOf(request)),
    'admin/set-store-open': async (body, request) =>
      setStoreOpen(app, actorOf(request, 'admin/set-store-open'), body.restaurant_id, body.is_active),
    'admin/set-item-availability': async (body, request) =>
      setItemAvailability(app, actorOf(request, 'admin/set-item-availability'), body.item_id, body.is_active),

    'admin/list-store-categories': async () => listStoreCategories(app),
    'admin/save-store-category': async (body, request) =>
      saveStoreCategory(app, actorOf(request, 'admin/save-store-category'), body),
    'admin/delete-store-category': async (body, request) => {
      await deleteStoreCategory(app, actorOf(request, 'admin/delete-store-category'), body.id);
      return deleted(body.id);
    },
    'admin/list-category-slides': async () => listCategorySlides(app),
    'admin/save-category-slide': async (body, request) =>
      saveCategorySlide(app, actorOf(request, 'admin/save-category-slide'), body),
    'admin/delete-category-slide': async (body, request) => {
      await deleteCategorySlide(app, actorOf(request, 'admin/delete-category-slide'), body.id);
      return deleted(body.id);
    },

    'admin/list-item-categories': async (body, request) => {
      await assertStoreAccess(app, staffOf(request), body.restaurant_id);
      return listItemCategories(app, body.restaurant_id);
    },
    'admin/save-item-category': async (body, request) =>
      saveItemCategory(app, actorOf(request, 'admin/save-item-category'), body),
    'admin/delete-item-category': async (body, request) => {
      await deleteItemCategory(app, actorOf(request, 'admin/delete-item-category'), body.id);
      return deleted(body.id);
    },
    'admin/list-items': async (body, request) => {
      await assertStoreAccess(app, staffOf(request), body.restaurant_id);
      return listItems(app, body.restaurant_id);
    },
    'admin/save-item': async (body, request) => saveItem(app, actorOf(request, 'admin/save-item'), body),
    'admin/delete-item': async (body, request) => {
      await deleteItem(app, actorOf(request, 'admin/delete-item'), body.id);
      return deleted(body.id);
    },
    'admin/list-addon-categories': async (body, request) => {
      await assertStoreAccess(app, staffOf(request), body.restaurant_id);
      return listAddonCategories(app, body.restaurant_id);
    },
    'admin/save-addon-category': async (body, request) =>
      saveAddonCategory(app, actorOf(request, 'admin/save-addon-category'), body),
    'admin/delete-addon-category': async (body, request) => {
      await deleteAddonCategory(app, actorOf(request, 'admin/delete-addon-category'), body.id);
      return deleted(body.id);
    },

    'admin/list-promo-sliders': async () => listPromoSliders(app),
    'admin/save-promo-slider': async (body, request) =>
      savePromoSlider(app, actorOf(request, 'admin/save-promo-slider'), body),
    'admin/delete-promo-slider': async (body, request) => {
      await deletePromoSlider(app, actorOf(request, 'admin/delete-promo-slider'), body.id);
      return deleted(body.id);
    },
    'admin/save-promo-slide': async (body, request) =>
      savePromoSlide(app, actorOf(request, 'admin/save-promo-slide'), body),
    'admin/delete-promo-slide': async (body, request) => {
      await deletePromoSlide(app, actorOf(request, 'admin/delete-promo-slide'), body.id);
      return deleted(body.id);
    },

    'admin/list-pages': async () => listPages(app),
    'admin/save-page': async (body, request) => savePage(app, actorOf(request, 'admin/save-page'), body),
    'admin/delete-page': async (body, request) => {
      await deletePage(app, actorOf(request, 'admin/delete-page'), body.id);
      return deleted(body.id);
    },

    'admin/list-coupons': async (body) => listCoupons(app, body.restaurant_id),
    'admin/save-coupon': async (body, request) => saveCoupon(app, actorOf(request, 'admin/save-coupon'), body),
    'admin/delete-coupon': async (body, request) => {
      await deleteCoupon(app, actorOf(request, 'admin/delete-coupon'), body.id);
      return deleted(body.id);
    },

    'admin/get-catalogue-translations': async (body, request) => {
      await assertTranslationAccess(app, staffOf(request), body.kind, body.id);
      return readCatalogueTranslations(app, body.kind, body.id);
    },
    'admin/save-catalogue-translations': async (body, request) =>
      saveCatalogueTranslations(app, actorOf(request, 'admin/save-catalogue-translations'), body),

    'admin/upload-image': async (body, request) => {
      const actor = actorOf(request, 'admin/upload-image');
      const url = await storeCatalogImage(app, app.imageStore, actor.user, body.image);
      // Nothing refers to the picture yet; the audit still says who put it on the server.
      await app.auditRepository.record({ userId: actor.user.id, role: actor.user.role, action: actor.action, entity: 'images', details: { url } }, db);
      return { url };
    },
  };
}
