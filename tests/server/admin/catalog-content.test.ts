/**
 * What an administrator arranges around the stores, on each database: store
 * categories, category slides, promo sliders and their slides, content pages
 * and coupons. Each change shows in the customers' calls at once, each rule
 * answers its code, and these calls are for administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategorySlide, AdminCoupon, AdminPage, AdminPromoSlider, AdminStoreCategory, UploadedImage } from '../../../src/api/admin/catalog-entities.ts';
import type { CategorySlide, Page, PromoSlides, Store, StoreCategory } from '../../../src/api/entities.ts';
import { callAs, dataUrl, imageBytes } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { MARKET_SQUARE, addressKmNorth, callWithKey, line } from '../checkout/checkout-fixtures.ts';
import { auditRowsOf, callBy, createCatalogCast, okBy, refusal, type CatalogCast } from './catalog-support.ts';

describe.each(testDatabases())('the catalogue around the stores on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: CatalogCast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCatalogCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const publicCall = async <T>(name: Parameters<typeof injectCall>[1], body: Record<string, unknown> = {}) => (await injectCall(t.app, name, body)).json<T>();

  it('store categories: the stores listed under one show in the filtered list at once', async () => {
    const category = await okBy<AdminStoreCategory>(t.app, 'admin/save-store-category', cast.admin, {
      name: 'Late night',
      image: '/public/images/categories/late.svg',
      restaurant_ids: [cast.store.id],
    });
    expect(category).toMatchObject({ name: 'Late night', sort_order: 0, restaurant_ids: [cast.store.id] });
    expect((await publicCall<StoreCategory[]>('get-all-restaurants-categories')).map((entry) => entry.id)).toContain(category.id);
    const filtered = () => publicCall<Store[]>('get-filtered-restaurants', { ...MARKET_SQUARE, category_ids: [category.id] });
    expect((await filtered()).map((store) => store.id)).toEqual([cast.store.id]);

    await okBy(t.app, 'admin/save-store-category', cast.admin, { id: category.id, restaurant_ids: [cast.otherStore.id] });
    expect((await filtered()).map((store) => store.id)).toEqual([cast.otherStore.id]);
    expect(await refusal(callBy(t.app, 'admin/save-store-category', cast.admin, { id: category.id, restaurant_ids: [999_999] }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await refusal(callBy(t.app, 'admin/save-store-category', cast.admin, { image: 'ftp://x.test/a.png', name: 'x' }))).toEqual({
      status: 400,
      code: 'INVALID_IMAGE_URL',
    });

    await okBy(t.app, 'admin/delete-store-category', cast.admin, { id: category.id });
    expect((await publicCall<StoreCategory[]>('get-all-restaurants-categories')).map((entry) => entry.id)).not.toContain(category.id);
    expect(await filtered()).toEqual([]);
    expect((await auditRowsOf(t.db, 'admin/save-store-category')).map((row) => [row.user_id, row.entity, row.details.restaurant_ids])).toEqual([
      [cast.admin.id, 'restaurant_categories', [cast.store.id]],
      [cast.admin.id, 'restaurant_categories', [cast.otherStore.id]],
    ]);
  });

  it('category slides: shown with the categories they open while active', async () => {
    const categories = await okBy<AdminStoreCategory[]>(t.app, 'admin/list-store-categories', cast.admin);
    const opens = categories.slice(0, 2).map((category) => category.id);
    const slide = await okBy<AdminCategorySlide>(t.app, 'admin/save-category-slide', cast.admin, {
      name: 'Comfort food',
      image: '/public/images/category-slides/comfort.svg',
      sort_order: 99,
      category_ids: opens,
    });
    const shown = () => publicCall<CategorySlide[]>('get-restaurant-category-slides');
    expect((await shown()).find((entry) => entry.id === slide.id)).toEqual({
      id: slide.id,
      name: 'Comfort food',
      image: '/public/images/category-slides/comfort.svg',
      categories_ids: opens,
    });
    expect(await refusal(callBy(t.app, 'admin/save-category-slide', cast.admin, { name: 'No picture' }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });

    await okBy(t.app, 'admin/save-category-slide', cast.admin, { id: slide.id, is_active: false });
    expect((await shown()).some((entry) => entry.id === slide.id)).toBe(false);
    const listed = await okBy<AdminCategorySlide[]>(t.app, 'admin/list-category-slides', cast.admin);
    expect(listed.find((entry) => entry.id === slide.id)).toMatchObject({ is_active: false, category_ids: opens });
    await okBy(t.app, 'admin/delete-category-slide', cast.admin, { id: slide.id });
    expect((await okBy<AdminCategorySlide[]>(t.app, 'admin/list-category-slides', cast.admin)).some((entry) => entry.id === slide.id)).toBe(false);
  });

  it('promo sliders and slides: a slide opening a store shows where that store serves; links must be app paths or https', async () => {
    const slider = await okBy<AdminPromoSlider>(t.app, 'admin/save-promo-slider', cast.admin, { name: 'Weekend', is_main: true, size: 2 });
    expect(slider).toMatchObject({ is_main: true, position_id: 0, size: 2, is_active: true, slides: [] });
    const withSlide = await okBy<AdminPromoSlider>(t.app, 'admin/save-promo-slide', cast.admin, {
      promo_slider_id: slider.id,
      name: 'Console Kitchen deals',
      image: '/public/images/promos/deals.svg',
      model: 'restaurant',
      model_id: cast.store.id,
    });
    const slide = withSlide.slides[0];
    expect(slide).toMatchObject({ model: 'restaurant', model_id: cast.store.id, url: null, sort_order: 0 });
    const promos = () => publicCall<PromoSlides>('promo-slider', MARKET_SQUARE);
    expect((await promos()).mainSlides.find((entry) => entry.data.id === slide?.id)).toMatchObject({
      promo_slider: { id: slider.id, size: 2 },
      data: { model: 'restaurant', model_id: cast.store.id },
    });
    expect((await publicCall<PromoSlides>('promo-slider', { latitude: -33.86, longitude: 151.2 })).mainSlides.some((entry) => entry.data.id === slide?.id)).toBe(false);

    const saveSlide = (fields: Record<string, unknown>) => refusal(callBy(t.app, 'admin/save-promo-slide', cast.admin, { id: slide?.id, ...fields }));
    expect(await saveSlide({ model: null, url: 'javascript:alert(1)' })).toEqual({ status: 400, code: 'INVALID_LINK' });
    expect(await saveSlide({ model: 'item' })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await saveSlide({ model: 'restaurant', model_id: 999_999 })).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await saveSlide({ promo_slider_id: 999_999 })).toEqual({ status: 404, code: 'NOT_FOUND' });

    const moved = await okBy<AdminPromoSlider>(t.app, 'admin/save-promo-slide', cast.admin, { id: slide?.id, model: null, url: 'https://example.test/deals' });
    expect(moved.slides[0]).toMatchObject({ model: null, model_id: null, url: 'https://example.test/deals' });
    await okBy(t.app, 'admin/save-promo-slider', cast.admin, { id: slider.id, is_main: false, position_id: 3 });
    expect((await promos()).otherSlides.find((entry) => entry.data.id === slide?.id)).toMatchObject({
      url: 'https://example.test/deals',
      promo_slider: { id: slider.id, position_id: 3 },
    });
    await okBy(t.app, 'admin/save-promo-slider', cast.admin, { id: slider.id, is_active: false });
    expect((await promos()).otherSlides.some((entry) => entry.data.id === slide?.id)).toBe(false);

    await okBy(t.app, 'admin/delete-promo-slide', cast.admin, { id: slide?.id });
    expect((await okBy<AdminPromoSlider[]>(t.app, 'admin/list-promo-sliders', cast.admin)).find((entry) => entry.id === slider.id)?.slides).toEqual([]);
    await okBy(t.app, 'admin/delete-promo-slider', cast.admin, { id: slider.id });
    expect(await refusal(callBy(t.app, 'admin/delete-promo-slider', cast.admin, { id: slider.id }))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('content pages: the body is sanitised before it is stored, slugs are unique, and the audit keeps the size, not the body', async () => {
    const page = await okBy<AdminPage>(t.app, 'admin/save-page', cast.admin, {
      name: 'Allergens',
      slug: 'allergens',
      body: '<h2 onclick="steal()">Allergens</h2><script>alert(1)</script><p>Ask us <a href="javascript:x">here</a>.</p>',
    });
    expect(page.body).toBe('<h2>Allergens</h2><p>Ask us <a>here</a>.</p>');
    const shown = await injectCall(t.app, 'get-single-page', { slug: 'allergens' });
    expect(shown.json<Page>()).toMatchObject({ name: 'Allergens', body: page.body });
    expect(await refusal(callBy(t.app, 'admin/save-page', cast.admin, { id: page.id, slug: 'terms' }))).toEqual({ status: 409, code: 'SLUG_TAKEN' });
    expect(await refusal(callBy(t.app, 'admin/save-page', cast.admin, { name: 'x', slug: 'Not A Slug', body: '' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });

    const renamed = await okBy<AdminPage>(t.app, 'admin/save-page', cast.admin, { id: page.id, name: 'Allergens and diets', sort_order: 9 });
    expect(renamed).toMatchObject({ name: 'Allergens and diets', body: page.body, sort_order: 9 });
    const [audit] = await auditRowsOf(t.db, 'admin/save-page');
    expect(audit?.details).toMatchObject({ slug: 'allergens', body_chars: page.body.length, body_changed_by_sanitiser: true });
    expect(audit?.details).not.toHaveProperty('body');

    await okBy(t.app, 'admin/delete-page', cast.admin, { id: page.id });
    expect((await injectCall(t.app, 'get-single-page', { slug: 'allergens' })).statusCode).toBe(404);
  });

  it('coupons: codes kept upper case and unique; customers can use a new one at once; the discount and date rules have codes', async () => {
    const coupon = await okBy<AdminCoupon>(t.app, 'admin/save-coupon', cast.admin, {
      code: 'lunch20',
      description: '20 % off lunch',
      discount_type: 'PERCENT',
      discount_value: 20,
      max_discount: 500,
      restaurant_id: cast.store.id,
      expires_at: '2099-12-31',
    });
    expect(coupon).toMatchObject({ code: 'LUNCH20', restaurant_id: cast.store.id, expires_at: '2099-12-31T00:00:00.000Z', used_count: 0, is_active: true });
    const cart = { restaurant_id: cast.store.id, items: [line(cast.store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1) };
    const applied = await callAs(t.app, 'apply-coupon', { token: cast.customer.token, ...cart, coupon_code: 'Lunch20' });
    expect(applied.json()).toMatchObject({ success: true, coupon: { code: 'LUNCH20' }, quote: { coupon_discount: 400 } });

    const save = (fields: Record<string, unknown>) => refusal(callBy(t.app, 'admin/save-coupon', cast.admin, fields));
    expect(await save({ code: 'LUNCH20', discount_type: 'FIXED', discount_value: 100 })).toEqual({ status: 409, code: 'CODE_TAKEN' });
    expect(await save({ code: 'lunch20', discount_type: 'FIXED', discount_value: 100 })).toEqual({ status: 409, code: 'CODE_TAKEN' });
    expect(await save({ id: coupon.id, discount_value: 150 })).toEqual({ status: 400, code: 'INVALID_DISCOUNT' });
    expect(await save({ id: coupon.id, discount_type: 'FIXED' })).toEqual({ status: 400, code: 'INVALID_DISCOUNT' });
    expect(await save({ id: coupon.id, starts_at: '2100-01-01T00:00:00Z' })).toEqual({ status: 400, code: 'INVALID_DATE_RANGE' });
    expect(await save({ id: coupon.id, starts_at: '2025-13-01' })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await save({ id: coupon.id, restaurant_id: 999_999 })).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await save({ code: 'no spaces', discount_type: 'FIXED', discount_value: 100 })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });

    const off = await okBy<AdminCoupon>(t.app, 'admin/save-coupon', cast.admin, { id: coupon.id, is_active: false });
    expect(off.is_active).toBe(false);
    const refused = await callAs(t.app, 'apply-coupon', { token: cast.customer.token, ...cart, coupon_code: 'LUNCH20' });
    expect(refused.json()).toMatchObject({ code: 'COUPON_INACTIVE' });
    const forStore = await okBy<AdminCoupon[]>(t.app, 'admin/list-coupons', cast.admin, { restaurant_id: cast.otherStore.id });
    expect(forStore.some((entry) => entry.id === coupon.id)).toBe(false);
  });

  it('a coupon an order used cannot be deleted (IN_USE); an unused one can', async () => {
    const used = await okBy<AdminCoupon>(t.app, 'admin/save-coupon', cast.admin, { code: 'ONEOFF', discount_type: 'FIXED', discount_value: 100 });
    const order = await callWithKey(t.app, 'place-order', {
      token: cast.customer.token,
      restaurant_id: cast.store.id,
      items: [line(cast.store.menu.burger, 2)],
      order_type: 'DELIVERY',
      address: addressKmNorth(1),
      payment_mode: 'COD',
      coupon_code: 'oneoff',
    });
    expect(order.statusCode).toBe(200);
    expect(await refusal(callBy(t.app, 'admin/delete-coupon', cast.admin, { id: used.id }))).toEqual({ status: 409, code: 'IN_USE' });

    const unused = await okBy<AdminCoupon>(t.app, 'admin/save-coupon', cast.admin, { code: 'NEVER', discount_type: 'FIXED', discount_value: 100 });
    expect(await okBy(t.app, 'admin/delete-coupon', cast.admin, { id: unused.id })).toEqual({ id: unused.id, deleted: true });
    expect((await okBy<AdminCoupon[]>(t.app, 'admin/list-coupons', cast.admin)).map((entry) => entry.code)).toContain('ONEOFF');
    expect((await auditRowsOf(t.db, 'admin/delete-coupon')).map((row) => row.details)).toEqual([{ code: 'NEVER' }]);
  });

  it('catalogue pictures: an owner uploads one and gets the address it is served at; only real images, only staff', async () => {
    const uploaded = await okBy<UploadedImage>(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(imageBytes('png', 256)) });
    expect(uploaded.url).toMatch(/^\/public\/images\/catalog\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.url });
    expect(served.statusCode).toBe(200);
    // Stored re-encoded (issue 13): the same 1×1 PNG picture, without the upload's trailing bytes.
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(0, 8)).toEqual(imageBytes('png').subarray(0, 8));
    expect(served.rawPayload.length).toBeLessThan(256);
    await okBy(t.app, 'admin/save-item', cast.owner, { id: cast.store.menu.burger, image: uploaded.url });
    expect((await auditRowsOf(t.db, 'admin/upload-image')).map((row) => [row.user_id, row.entity, row.details])).toEqual([
      [cast.owner.id, 'images', { url: uploaded.url }],
    ]);

    expect(await refusal(callBy(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(imageBytes('gif'), 'image/gif') }))).toEqual({
      status: 415,
      code: 'IMAGE_TYPE',
    });
    expect(await refusal(callBy(t.app, 'admin/upload-image', cast.customer, { image: dataUrl(imageBytes('png')) }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('these calls are for administrators: store owners, customers and drivers are FORBIDDEN, no token is 401', async () => {
    const adminOnly = [
      ['admin/list-store-categories', {}],
      ['admin/save-store-category', { name: 'Mine' }],
      ['admin/list-category-slides', {}],
      ['admin/save-category-slide', { name: 'Mine', image: '/x.png' }],
      ['admin/list-promo-sliders', {}],
      ['admin/save-promo-slider', { name: 'Mine' }],
      ['admin/list-pages', {}],
      ['admin/save-page', { name: 'Mine', slug: 'mine', body: 'x' }],
      ['admin/list-coupons', {}],
      ['admin/save-coupon', { code: 'MINE', discount_type: 'FIXED', discount_value: 1 }],
      ['admin/delete-coupon', { id: 1 }],
    ] as const;
    for (const [name, body] of adminOnly) {
      for (const who of [cast.owner, cast.customer, cast.driver]) {
        expect(await refusal(callBy(t.app, name, who, body)), `${name}`).toEqual({ status: 403, code: 'FORBIDDEN' });
      }
      expect(await refusal(callAs(t.app, name, body)), `${name}`).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    }
    const sliders = await t.db.selectFrom('promo_sliders').select('name').where('name', '=', 'Mine').execute();
    expect(sliders).toEqual([]);
  });
});
