/**
 * The console's catalogue calls (src/api/admin/catalog-calls.ts): who may
 * ask, then the module under server/admin/catalog-*.ts that does it. Every
 * write there runs with its audit row in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { catalogAdminCalls } from '../../../src/api/admin/catalog-calls.ts';
import { ADMIN_STORES_PAGE_SIZE } from '../../../src/api/admin/catalog-limits.ts';
import type { CallName } from '../../../src/api/calls.ts';
import { recordAudit } from '../../admin/audit.ts';
import { notFound } from '../../http-error.ts';
import { assertStoreAccess, requireCatalogAdmin, requireCatalogStaff, type CatalogStaff } from '../../admin/catalog-access.ts';
import { deleteAddonCategory, listAddonCategories, saveAddonCategory } from '../../admin/catalog-addons.ts';
import type { CatalogActor } from '../../admin/catalog-change.ts';
import { deleteCoupon, listCoupons, saveCoupon } from '../../admin/catalog-coupons.ts';
import { storeCatalogImage } from '../../admin/catalog-images.ts';
import { deleteItem, deleteItemCategory, listItemCategories, listItems, saveItem, saveItemCategory } from '../../admin/catalog-menu.ts';
import { deletePage, listPages, savePage } from '../../admin/catalog-pages.ts';
import { deletePromoSlide, deletePromoSlider, listPromoSliders, savePromoSlide, savePromoSlider } from '../../admin/catalog-promos.ts';
import {
  deleteCategorySlide,
  deleteStoreCategory,
  listCategorySlides,
  listStoreCategories,
  saveCategorySlide,
  saveStoreCategory,
} from '../../admin/catalog-store-categories.ts';
import { deleteStore, listStores, readAdminStore, saveStore } from '../../admin/catalog-stores.ts';
import { assertTranslationAccess, readCatalogueTranslations, saveCatalogueTranslations } from '../../admin/catalog-translations.ts';
import { myStores, setItemAvailability, setStoreOpen } from '../../admin/catalog-switches.ts';
import type { CallHandlers } from './call-handler.ts';

type CatalogAdminCalls = keyof typeof catalogAdminCalls;

const deleted = (id: number) => ({ id, deleted: true as const });

export function createCatalogAdminHandlers(app: FastifyInstance): Pick<CallHandlers, CatalogAdminCalls> {
  const db = app.db;

  /** The caller as an actor of `action`: administrators and store owners (adminOnly: administrators). */
  async function actorOf(
    request: FastifyRequest,
    body: { token?: string | undefined },
    action: CallName,
    adminOnly = false,
  ): Promise<CatalogActor> {
    const user = adminOnly ? await requireCatalogAdmin(app, request, body) : await requireCatalogStaff(app, request, body);
    return { user, action };
  }

  /** A store the caller manages (NOT_FOUND, FORBIDDEN otherwise). */
  async function staffForStore(request: FastifyRequest, body: { token?: string | undefined }, storeId: number): Promise<CatalogStaff> {
    const user = await requireCatalogStaff(app, request, body);
    await assertStoreAccess(db, user, storeId);
    return user;
  }

  async function storeAnswer(id: number) {
    const store = await readAdminStore(db, id);
    if (!store) throw notFound(`There is no store with id ${id}.`);
    return store;
  }

  return {
    'admin/list-stores': async (body, request) => {
      const user = await requireCatalogStaff(app, request, body);
      return listStores(db, user, { q: body.q, after: body.after, limit: body.limit ?? ADMIN_STORES_PAGE_SIZE });
    },
    'admin/get-store': async (body, request) => {
      await staffForStore(request, body, body.id);
      return storeAnswer(body.id);
    },
    'admin/save-store': async (body, request) =>
      storeAnswer(await saveStore(db, await actorOf(request, body, 'admin/save-store'), body)),
    'admin/delete-store': async (body, request) => {
      await deleteStore(db, await actorOf(request, body, 'admin/delete-store', true), body.id);
      return deleted(body.id);
    },
    'admin/get-my-stores': async (body, request) => myStores(db, await requireCatalogStaff(app, request, body)),
    'admin/set-store-open': async (body, request) =>
      setStoreOpen(db, await actorOf(request, body, 'admin/set-store-open'), body.restaurant_id, body.is_active),
    'admin/set-item-availability': async (body, request) =>
      setItemAvailability(db, await actorOf(request, body, 'admin/set-item-availability'), body.item_id, body.is_active),

    'admin/list-store-categories': async (body, request) => {
      await requireCatalogAdmin(app, request, body);
      return listStoreCategories(db);
    },
    'admin/save-store-category': async (body, request) =>
      saveStoreCategory(db, await actorOf(request, body, 'admin/save-store-category', true), body),
    'admin/delete-store-category': async (body, request) => {
      await deleteStoreCategory(db, await actorOf(request, body, 'admin/delete-store-category', true), body.id);
      return deleted(body.id);
    },
    'admin/list-category-slides': async (body, request) => {
      await requireCatalogAdmin(app, request, body);
      return listCategorySlides(db);
    },
    'admin/save-category-slide': async (body, request) =>
      saveCategorySlide(db, await actorOf(request, body, 'admin/save-category-slide', true), body),
    'admin/delete-category-slide': async (body, request) => {
      await deleteCategorySlide(db, await actorOf(request, body, 'admin/delete-category-slide', true), body.id);
      return deleted(body.id);
    },

    'admin/list-item-categories': async (body, request) => {
      await staffForStore(request, body, body.restaurant_id);
      return listItemCategories(db, body.restaurant_id);
    },
    'admin/save-item-category': async (body, request) =>
      saveItemCategory(db, await actorOf(request, body, 'admin/save-item-category'), body),
    'admin/delete-item-category': async (body, request) => {
      await deleteItemCategory(db, await actorOf(request, body, 'admin/delete-item-category'), body.id);
      return deleted(body.id);
    },
    'admin/list-items': async (body, request) => {
      await staffForStore(request, body, body.restaurant_id);
      return listItems(db, body.restaurant_id);
    },
    'admin/save-item': async (body, request) => saveItem(db, await actorOf(request, body, 'admin/save-item'), body),
    'admin/delete-item': async (body, request) => {
      await deleteItem(db, await actorOf(request, body, 'admin/delete-item'), body.id);
      return deleted(body.id);
    },
    'admin/list-addon-categories': async (body, request) => {
      await staffForStore(request, body, body.restaurant_id);
      return listAddonCategories(db, body.restaurant_id);
    },
    'admin/save-addon-category': async (body, request) =>
      saveAddonCategory(db, await actorOf(request, body, 'admin/save-addon-category'), body),
    'admin/delete-addon-category': async (body, request) => {
      await deleteAddonCategory(db, await actorOf(request, body, 'admin/delete-addon-category'), body.id);
      return deleted(body.id);
    },

    'admin/list-promo-sliders': async (body, request) => {
      await requireCatalogAdmin(app, request, body);
      return listPromoSliders(db);
    },
    'admin/save-promo-slider': async (body, request) =>
      savePromoSlider(db, await actorOf(request, body, 'admin/save-promo-slider', true), body),
    'admin/delete-promo-slider': async (body, request) => {
      await deletePromoSlider(db, await actorOf(request, body, 'admin/delete-promo-slider', true), body.id);
      return deleted(body.id);
    },
    'admin/save-promo-slide': async (body, request) =>
      savePromoSlide(db, await actorOf(request, body, 'admin/save-promo-slide', true), body),
    'admin/delete-promo-slide': async (body, request) => {
      await deletePromoSlide(db, await actorOf(request, body, 'admin/delete-promo-slide', true), body.id);
      return deleted(body.id);
    },

    'admin/list-pages': async (body, request) => {
      await requireCatalogAdmin(app, request, body);
      return listPages(db);
    },
    'admin/save-page': async (body, request) => savePage(db, await actorOf(request, body, 'admin/save-page', true), body),
    'admin/delete-page': async (body, request) => {
      await deletePage(db, await actorOf(request, body, 'admin/delete-page', true), body.id);
      return deleted(body.id);
    },

    'admin/list-coupons': async (body, request) => {
      await requireCatalogAdmin(app, request, body);
      return listCoupons(db, body.restaurant_id);
    },
    'admin/save-coupon': async (body, request) => saveCoupon(db, await actorOf(request, body, 'admin/save-coupon', true), body),
    'admin/delete-coupon': async (body, request) => {
      await deleteCoupon(db, await actorOf(request, body, 'admin/delete-coupon', true), body.id);
      return deleted(body.id);
    },

    'admin/get-catalogue-translations': async (body, request) => {
      await assertTranslationAccess(db, await requireCatalogStaff(app, request, body), body.kind, body.id);
      return readCatalogueTranslations(db, body.kind, body.id);
    },
    'admin/save-catalogue-translations': async (body, request) =>
      saveCatalogueTranslations(db, await actorOf(request, body, 'admin/save-catalogue-translations'), body),

    'admin/upload-image': async (body, request) => {
      const actor = await actorOf(request, body, 'admin/upload-image');
      const url = await storeCatalogImage(db, app.imageStore, actor.user, body.image);
      // Nothing refers to the picture yet; the audit still says who put it on the server.
      await recordAudit(db, { userId: actor.user.id, role: actor.user.role, action: actor.action, entity: 'images', details: { url } });
      return { url };
    },
  };
}
