/**
 * Promo sliders (main at the top of home, the others between stores at
 * their position) and their slides. A slide opens a store or an item
 * (model, model_id), or a link: a path in the app or an https address.
 * Administrators only. promo-slider reads them from the database on every
 * call, so a change shows at once.
 */
import type { Kysely } from 'kysely';
import type { AdminPromoSlide, AdminPromoSlider } from '../../../src/api/admin/catalog-entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { fromFlag, type Database } from '../../db/tables.ts';
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

export async function listPromoSliders(db: Kysely<Database>, onlyId?: number): Promise<AdminPromoSlider[]> {
  let sliders = db.selectFrom('promo_sliders').selectAll();
  let slides = db.selectFrom('promo_slides').selectAll();
  if (onlyId !== undefined) {
    sliders = sliders.where('id', '=', onlyId);
    slides = slides.where('promo_slider_id', '=', onlyId);
  }
  const [sliderRows, slideRows] = await Promise.all([
    sliders.orderBy('is_main', 'desc').orderBy('position_id').orderBy('id').execute(),
    slides.orderBy('sort_order').orderBy('id').execute(),
  ]);
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

async function sliderNamed(db: Kysely<Database>, id: number): Promise<AdminPromoSlider> {
  const [slider] = await listPromoSliders(db, id);
  if (!slider) throw notFound(`There is no promo slider with id ${id}.`);
  return slider;
}

export async function savePromoSlider(db: Kysely<Database>, actor: CatalogActor, body: SaveSlider): Promise<AdminPromoSlider> {
  if (body.id === undefined) requireOnCreate(body, ['name']);
  else await sliderNamed(db, body.id);
  const id = await auditedWrite(db, actor, async (trx) => {
    const columns = definedOnly({
      name: body.name,
      is_main: flagOf(body.is_main),
      position_id: body.position_id,
      size: body.size,
      is_active: flagOf(body.is_active),
    });
    let sliderId = body.id;
    if (sliderId === undefined) {
      const created = await trx
        .insertInto('promo_sliders')
        .values({ is_main: 0, position_id: 0, size: 1, is_active: 1, ...columns, name: body.name as string })
        .returning('id')
        .executeTakeFirstOrThrow();
      sliderId = Number(created.id);
    } else if (Object.keys(columns).length > 0) {
      await trx.updateTable('promo_sliders').set(columns).where('id', '=', sliderId).execute();
    }
    return { result: sliderId, entity: 'promo_sliders', entityId: sliderId, details: givenFields(body) };
  });
  return sliderNamed(db, id);
}

export async function deletePromoSlider(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const slider = await sliderNamed(db, id);
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('promo_sliders').where('id', '=', id).execute();
    return { result: undefined, entity: 'promo_sliders', entityId: id, details: { name: slider.name } };
  });
}

/** What the slide opens after the save, checked: a store or item that exists, or nothing (its url, if any). */
async function targetAfter(
  db: Kysely<Database>,
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
  await assertAllExist(db, model === 'restaurant' ? 'restaurants' : 'items', [modelId], 'model_id');
  return { model, model_id: modelId };
}

export async function savePromoSlide(db: Kysely<Database>, actor: CatalogActor, body: SaveSlide): Promise<AdminPromoSlider> {
  let stored: AdminPromoSlide | undefined;
  if (body.id === undefined) requireOnCreate(body, ['promo_slider_id', 'name', 'image']);
  else {
    const row = await db.selectFrom('promo_slides').select('promo_slider_id').where('id', '=', body.id).executeTakeFirst();
    if (!row) throw notFound(`There is no promo slide with id ${body.id}.`);
    stored = (await sliderNamed(db, Number(row.promo_slider_id))).slides.find((slide) => slide.id === body.id);
  }
  const sliderId = body.promo_slider_id ?? (stored?.promo_slider_id as number);
  await sliderNamed(db, sliderId);
  checkImageUrl(body.image);
  checkLink(body.url);
  const target = await targetAfter(db, body, stored);
  await auditedWrite(db, actor, async (trx) => {
    const columns = definedOnly({ promo_slider_id: body.promo_slider_id, name: body.name, image: body.image, url: body.url, sort_order: body.sort_order });
    let slideId = body.id;
    if (slideId === undefined) {
      const created = await trx
        .insertInto('promo_slides')
        .values({ url: null, sort_order: 0, ...columns, ...target, promo_slider_id: sliderId, name: body.name as string, image: body.image as string })
        .returning('id')
        .executeTakeFirstOrThrow();
      slideId = Number(created.id);
    } else {
      await trx.updateTable('promo_slides').set({ ...columns, ...target }).where('id', '=', slideId).execute();
    }
    return { result: slideId, entity: 'promo_slides', entityId: slideId, details: givenFields(body) };
  });
  return sliderNamed(db, sliderId);
}

export async function deletePromoSlide(db: Kysely<Database>, actor: CatalogActor, id: number): Promise<void> {
  const slide = await db.selectFrom('promo_slides').select(['id', 'name', 'promo_slider_id']).where('id', '=', id).executeTakeFirst();
  if (!slide) throw notFound(`There is no promo slide with id ${id}.`);
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('promo_slides').where('id', '=', id).execute();
    return { result: undefined, entity: 'promo_slides', entityId: id, details: { name: slide.name, promo_slider_id: Number(slide.promo_slider_id) } };
  });
}
