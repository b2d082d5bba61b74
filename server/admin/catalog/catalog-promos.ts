/**
 * Promo sliders (main at the top of home, the others between stores at
 * their position) and their slides. A slide opens a store or an item
 * (model, model_id), or a link: a path in the app or an https address.
 * Administrators only. promo-slider reads them from the database on every
 * call, so a change shows at once.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminPromoSlide, AdminPromoSlider } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag } from '../../db/tables.ts';
import { notFound } from '../../http/http-error.ts';
import {
  assertAllExist,
  auditedWrite,
  checkImageUrl,
  checkLink,
  definedOnly,
  fieldError,
  flagOf,
  givenFields,
  requireOnCreate,
  type CatalogActor,
} from './catalog-change.ts';

type SaveSlider = CallBody<'admin/save-promo-slider'>;
type SaveSlide = CallBody<'admin/save-promo-slide'>;

export async function listPromoSliders(app: FastifyInstance, onlyId?: number): Promise<AdminPromoSlider[]> {
  const { sliderRows, slideRows } = await app.catalogRepository.adminPromoSliders(onlyId);
  return sliderRows.map((slider) => ({
    id: Number(slider.id),
    name: slider.name,
    is_main: fromFlag(slider.is_main),
    position_id: Number(slider.position_id),
    size: Number(slider.size),
    is_active: fromFlag(slider.is_active),
    slides: slideRows
      .filter((slide) => Number(slide.promo_slider_id) === Number(slider.id))
      .map((slide) => ({
        id: Number(slide.id),
        promo_slider_id: Number(slide.promo_slider_id),
        name: slide.name,
        image: slide.image,
        url: slide.url,
        model: slide.model === 'restaurant' || slide.model === 'item' ? slide.model : null,
        model_id: slide.model_id === null ? null : Number(slide.model_id),
        sort_order: Number(slide.sort_order),
      })),
  }));
}

async function sliderNamed(app: FastifyInstance, id: number): Promise<AdminPromoSlider> {
  const [slider] = await listPromoSliders(app, id);
  if (!slider) throw notFound(`There is no promo slider with id ${id}.`);
  return slider;
}

export async function savePromoSlider(app: FastifyInstance, actor: CatalogActor, body: SaveSlider): Promise<AdminPromoSlider> {
  if (body.id === undefined) requireOnCreate(body, ['name']);
  else await sliderNamed(app, body.id);
  const id = await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({
      name: body.name,
      is_main: flagOf(body.is_main),
      position_id: body.position_id,
      size: body.size,
      is_active: flagOf(body.is_active),
    });
    let sliderId = body.id;
    if (sliderId === undefined) {
      const created = await app.catalogRepository.insertPromoSlider(
        { is_main: 0, position_id: 0, size: 1, is_active: 1, ...columns, name: body.name as string },
        trx,
      );
      sliderId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await app.catalogRepository.updatePromoSlider(sliderId, columns, trx);
    }
    return { result: sliderId, entity: 'promo_sliders', entityId: sliderId, details: givenFields(body) };
  });
  return sliderNamed(app, id);
}

export async function deletePromoSlider(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const slider = await sliderNamed(app, id);
  await auditedWrite(app, actor, async (trx) => {
    await app.catalogRepository.deletePromoSlider(id, trx);
    return { result: undefined, entity: 'promo_sliders', entityId: id, details: { name: slider.name } };
  });
}

/** What the slide opens after the save, checked: a store or item that exists, or nothing (its url, if any). */
async function targetAfter(
  app: FastifyInstance,
  body: SaveSlide,
  stored: AdminPromoSlide | undefined,
): Promise<Pick<AdminPromoSlide, 'model' | 'model_id'>> {
  const model = body.model !== undefined ? body.model : (stored?.model ?? null);
  // A slide switched to another kind of target needs the new target's id.
  const modelId = body.model_id !== undefined ? body.model_id : model !== null && model === stored?.model ? stored.model_id : null;
  if (model === null) {
    if (modelId !== null) throw fieldError(400, 'VALIDATION_FAILED', 'model', 'model_id needs a model (restaurant or item).');
    return { model: null, model_id: null };
  }
  if (modelId === null) throw fieldError(400, 'VALIDATION_FAILED', 'model_id', `A slide that opens a ${model} needs its id.`);
  await assertAllExist(app, model === 'restaurant' ? 'restaurants' : 'items', [modelId], 'model_id');
  return { model, model_id: modelId };
}

export async function savePromoSlide(app: FastifyInstance, actor: CatalogActor, body: SaveSlide): Promise<AdminPromoSlider> {
  let stored: AdminPromoSlide | undefined;
  if (body.id === undefined) requireOnCreate(body, ['promo_slider_id', 'name', 'image']);
  else {
    const row = await app.catalogRepository.sliderOfPromoSlide(body.id);
    if (!row) throw notFound(`There is no promo slide with id ${body.id}.`);
    stored = (await sliderNamed(app, Number(row.promo_slider_id))).slides.find((slide) => slide.id === body.id);
  }
  const sliderId = body.promo_slider_id ?? (stored?.promo_slider_id as number);
  await sliderNamed(app, sliderId);
  checkImageUrl(body.image);
  checkLink(body.url);
  const target = await targetAfter(app, body, stored);
  await auditedWrite(app, actor, async (trx) => {
    const columns = definedOnly({ promo_slider_id: body.promo_slider_id, name: body.name, image: body.image, url: body.url, sort_order: body.sort_order });
    let slideId = body.id;
    if (slideId === undefined) {
      const created = await app.catalogRepository.insertPromoSlide(
        { url: null, sort_order: 0, ...columns, ...target, promo_slider_id: sliderId, name: body.name as string, image: body.image as string },
        trx,
      );
      slideId = Number(created.id);
    } else {
      await app.catalogRepository.updatePromoSlide(slideId, { ...columns, ...target }, trx);
    }
    return { result: slideId, entity: 'promo_slides', entityId: slideId, details: givenFields(body) };
  });
  return sliderNamed(app, sliderId);
}

export async function deletePromoSlide(app: FastifyInstance, actor: CatalogActor, id: number): Promise<void> {
  const slide = await app.catalogRepository.promoSlideNameOf(id);
  if (!slide) throw notFound(`There is no promo slide with id ${id}.`);
  await auditedWrite(app, actor, async (trx) => {
    await app.catalogRepository.deletePromoSlide(id, trx);
    return { result: undefined, entity: 'promo_slides', entityId: id, details: { name: slide.name, promo_slider_id: Number(slide.promo_slider_id) } };
  });
}
