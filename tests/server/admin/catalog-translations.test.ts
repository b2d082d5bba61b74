/**
 * Catalogue texts in other languages (issue 15.7), on each database: the
 * console writes a store's, item's, section's, category's and slide's texts
 * per language (who may as for the record itself; bounded as its own
 * fields), and the public calls answer them for the customer's language,
 * the record's own text where a language has none, and as stored without a
 * language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAddonCategory, AdminItemCategory, AdminPromoSlider, CatalogueTranslations } from '../../../src/api/admin/catalog-entities.ts';
import type { Item, PromoSlides, SearchResults, Store, StoreCategory, StoreDetail, StoreMenu } from '../../../src/api/entities.ts';
import { CATALOG_DESCRIPTION_MAX, CATALOG_NAME_MAX } from '../../../src/api/admin/catalog-entities.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { MARKET_SQUARE } from '../checkout/checkout-fixtures.ts';
import { auditRowsOf, callBy, createCatalogCast, okBy, refusal, type CatalogCast } from './catalog-support.ts';

describe.each(testDatabases())('catalogue translations on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: CatalogCast;
  let arabicId: number;
  let frenchId: number;
  let englishId: number;
  let slug: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCatalogCast(t.app, t.db);
    const languages = await t.db.selectFrom('languages').select(['id', 'code']).execute();
    arabicId = Number(languages.find((row) => row.code === 'ar')?.id);
    englishId = Number(languages.find((row) => row.code === 'en')?.id);
    // A language nobody translated the catalogue into: its customers see the default texts.
    const french = await t.db
      .insertInto('languages')
      .values({ language_name: 'Français', code: 'fr', dir: 'ltr', is_default: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    frenchId = Number(french.id);
    const store = await t.db.selectFrom('restaurants').select('slug').where('id', '=', cast.store.id).executeTakeFirstOrThrow();
    slug = store.slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  const publicCall = async <T>(name: Parameters<typeof injectCall>[1], body: Record<string, unknown> = {}, params?: Record<string, string>) => {
    const response = await injectCall(t.app, name, body, params ? { params: params as never } : {});
    if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
    return response.json<T>();
  };

  it('an owner translates their menu; customers see it in Arabic, and the base text in French or with no language', async () => {
    const section = await okBy<AdminItemCategory>(t.app, 'admin/save-item-category', cast.owner, { restaurant_id: cast.store.id, name: 'Burgers' });
    await okBy(t.app, 'admin/save-item', cast.owner, { id: cast.store.menu.burger, item_category_id: section.id, description: 'Beef and bun' });

    const saved = await okBy<CatalogueTranslations>(t.app, 'admin/save-catalogue-translations', cast.owner, {
      kind: 'item',
      id: cast.store.menu.burger,
      texts: [{ language_id: arabicId, name: '  برغر  ', description: 'لحم وخبز' }],
    });
    expect(saved).toEqual({ kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: arabicId, name: 'برغر', description: 'لحم وخبز' }] });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'item_category', id: section.id, texts: [{ language_id: arabicId, name: 'برغر' }] });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, {
      kind: 'store',
      id: cast.store.id,
      texts: [{ language_id: arabicId, description: 'مطبخ تجريبي' }],
    });
    expect(await okBy(t.app, 'admin/get-catalogue-translations', cast.owner, { kind: 'item', id: cast.store.menu.burger })).toEqual(saved);

    const menuIn = (language?: string) =>
      publicCall<StoreMenu>('get-restaurant-items', language ? { language } : {}, { id: String(cast.store.id) });
    const burgerOf = (menu: StoreMenu) => menu.categories.flatMap((entry) => entry.items).find((item) => item.id === cast.store.menu.burger);
    const arabic = await menuIn('ar');
    expect(arabic.categories.find((entry) => entry.id === section.id)?.name).toBe('برغر');
    expect(burgerOf(arabic)).toMatchObject({ name: 'برغر', description: 'لحم وخبز' });
    for (const menu of [await menuIn('fr'), await menuIn(), await menuIn('en'), await menuIn('de')]) {
      expect(menu.categories.find((entry) => entry.id === section.id)?.name).toBe('Burgers');
      expect(burgerOf(menu)).toMatchObject({ name: expect.not.stringMatching(/برغر/) as string, description: 'Beef and bun' });
    }

    expect(await publicCall<Item>('get-single-item', { id: cast.store.menu.burger, language: 'ar' })).toMatchObject({ name: 'برغر' });
    expect((await publicCall<Item>('get-single-item', { id: cast.store.menu.burger, language: 'fr' })).description).toBe('Beef and bun');

    const storeIn = async (language?: string) =>
      (await publicCall<StoreDetail>('get-restaurant-info', language ? { language } : {}, { slug })).description;
    expect(await storeIn('ar')).toBe('مطبخ تجريبي');
    expect(await storeIn('fr')).not.toBe('مطبخ تجريبي');
    expect(await storeIn()).not.toBe('مطبخ تجريبي');
    const listed = async (language?: string) =>
      (await publicCall<Store[]>('get-delivery-restaurants', { ...MARKET_SQUARE, ...(language ? { language } : {}) })).find(
        (store) => store.id === cast.store.id,
      )?.description;
    expect(await listed('ar')).toBe('مطبخ تجريبي');
    expect(await listed()).not.toBe('مطبخ تجريبي');
    const found = await publicCall<SearchResults>('search-restaurants', { q: 'burger', ...MARKET_SQUARE, language: 'ar' });
    expect(found.items.find((item) => item.id === cast.store.menu.burger)?.name).toBe('برغر');

    // An empty text removes the translation: the base text again.
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: arabicId, name: '' }] });
    expect(burgerOf(await menuIn('ar'))).toMatchObject({ name: expect.not.stringMatching(/برغر/) as string, description: 'لحم وخبز' });

    expect((await auditRowsOf(t.db, 'admin/save-catalogue-translations')).map((row) => [row.user_id, row.entity, row.details.kind])).toEqual([
      [cast.owner.id, 'catalogue_translations', 'item'],
      [cast.owner.id, 'catalogue_translations', 'item_category'],
      [cast.owner.id, 'catalogue_translations', 'store'],
      [cast.owner.id, 'catalogue_translations', 'item'],
    ]);
  });

  it('an owner translates an add-on group and each of its add-ons; customers choose them in Arabic (issue 32.4)', async () => {
    const group = await okBy<AdminAddonCategory>(t.app, 'admin/save-addon-category', cast.owner, {
      restaurant_id: cast.store.id,
      name: 'Pizza size',
      type: 'SINGLE',
      min_select: 1,
      max_select: 1,
      addons: [
        { name: 'Regular 11"', price: 0 },
        { name: 'Large 14"', price: 400 },
      ],
    });
    const [regular, large] = group.addons;
    await okBy(t.app, 'admin/save-item', cast.owner, { id: cast.store.menu.burger, addon_category_ids: [group.id] });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'addon_category', id: group.id, texts: [{ language_id: arabicId, name: 'حجم البيتزا' }] });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'addon', id: Number(regular?.id), texts: [{ language_id: arabicId, name: 'عادية ١١ إنش' }] });

    const groupIn = async (language?: string) => {
      const menu = await publicCall<StoreMenu>('get-restaurant-items', language ? { language } : {}, { id: String(cast.store.id) });
      const item = menu.categories.flatMap((entry) => entry.items).find((entry) => entry.id === cast.store.menu.burger);
      return item?.addon_categories.find((entry) => entry.id === group.id);
    };
    // An add-on with no translation keeps its own name; prices and rules are untouched.
    expect(await groupIn('ar')).toMatchObject({
      name: 'حجم البيتزا',
      type: 'SINGLE',
      addons: [
        { id: regular?.id, name: 'عادية ١١ إنش', price: 0 },
        { id: large?.id, name: 'Large 14"', price: 400 },
      ],
    });
    for (const language of ['fr', undefined]) expect((await groupIn(language))?.addons.map((addon) => addon.name)).toEqual(['Regular 11"', 'Large 14"']);
    const single = await publicCall<Item>('get-single-item', { id: cast.store.menu.burger, language: 'ar' });
    expect(single.addon_categories.find((entry) => entry.id === group.id)?.name).toBe('حجم البيتزا');

    // Only the add-on's store (or an administrator) writes its words.
    const stranger = await callBy(t.app, 'admin/save-catalogue-translations', cast.otherOwner, { kind: 'addon', id: Number(regular?.id), texts: [{ language_id: arabicId, name: 'x' }] });
    expect(stranger.statusCode).toBe(403);
    const missing = await callBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'addon', id: 999_999, texts: [{ language_id: arabicId, name: 'x' }] });
    expect(missing.statusCode).toBe(404);
  });

  it('the section of the items in none is named in the language when the app has that text (menuOther), else "Other"', async () => {
    await t.db.deleteFrom('translations').where('key', '=', 'menuOther').where('language_id', 'in', [arabicId, frenchId]).execute();
    await t.db.insertInto('translations').values({ language_id: arabicId, key: 'menuOther', value: 'أخرى' }).execute();
    const otherOf = async (language?: string) =>
      (await publicCall<StoreMenu>('get-restaurant-items', language ? { language } : {}, { id: String(cast.otherStore.id) })).categories.find(
        (entry) => entry.id === 0,
      );
    const arabic = await otherOf('ar');
    expect(arabic?.name).toBe('أخرى');
    expect(arabic?.items.map((item) => item.id)).toContain(cast.otherStore.menu.pizza);
    for (const language of ['fr', 'en', undefined]) expect((await otherOf(language))?.name).toBe('Other');
  });

  it('who may: another owner 403, a store name the administrators, categories and slides the administrators', async () => {
    const body = { kind: 'item', id: cast.store.menu.pizza, texts: [{ language_id: arabicId, name: 'بيتزا' }] };
    expect(await refusal(callBy(t.app, 'admin/save-catalogue-translations', cast.otherOwner, body))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(callBy(t.app, 'admin/get-catalogue-translations', cast.otherOwner, { kind: 'item', id: cast.store.menu.pizza }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await refusal(callBy(t.app, 'admin/save-catalogue-translations', cast.customer, body))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(injectCall(t.app, 'admin/save-catalogue-translations', body))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.admin, body);

    const storeName = { kind: 'store', id: cast.store.id, texts: [{ language_id: arabicId, name: 'مطبخ' }] };
    expect(await refusal(callBy(t.app, 'admin/save-catalogue-translations', cast.owner, storeName))).toEqual({ status: 403, code: 'FORBIDDEN' });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.admin, storeName);

    const [category] = await publicCall<StoreCategory[]>('get-all-restaurants-categories');
    const categoryBody = { kind: 'store_category', id: category?.id, texts: [{ language_id: arabicId, name: 'فئة' }] };
    expect(await refusal(callBy(t.app, 'admin/save-catalogue-translations', cast.owner, categoryBody))).toEqual({ status: 403, code: 'FORBIDDEN' });
    await okBy(t.app, 'admin/save-catalogue-translations', cast.admin, categoryBody);
    const categoriesIn = async (language?: string) =>
      (await publicCall<StoreCategory[]>('get-all-restaurants-categories', language ? { language } : {})).find((entry) => entry.id === category?.id)
        ?.name;
    expect(await categoriesIn('ar')).toBe('فئة');
    expect(await categoriesIn('fr')).toBe(category?.name);
    expect(await categoriesIn()).toBe(category?.name);

    const [slider] = await okBy<AdminPromoSlider[]>(t.app, 'admin/list-promo-sliders', cast.admin);
    const slide = slider?.slides[0];
    await okBy(t.app, 'admin/save-catalogue-translations', cast.admin, { kind: 'promo_slide', id: slide?.id, texts: [{ language_id: arabicId, name: 'عرض' }] });
    const slidesIn = async (language?: string) => {
      const slides = await publicCall<PromoSlides>('promo-slider', { ...MARKET_SQUARE, ...(language ? { language } : {}) });
      return [...slides.mainSlides, ...slides.otherSlides].find((entry) => entry.data.id === slide?.id)?.data.name;
    };
    if ((await slidesIn()) !== undefined) {
      expect(await slidesIn('ar')).toBe('عرض');
      expect(await slidesIn()).toBe(slide?.name);
    }
  });

  it('bad input: too long 400 VALIDATION_FAILED with a message, fields a kind lacks, the default language, unknown records and languages', async () => {
    const save = (body: Record<string, unknown>) => callBy(t.app, 'admin/save-catalogue-translations', cast.admin, body);
    const tooLong = await save({ kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: arabicId, name: 'x'.repeat(CATALOG_NAME_MAX + 1) }] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) as string });
    expect(
      await refusal(save({ kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: arabicId, description: 'x'.repeat(CATALOG_DESCRIPTION_MAX + 1) }] })),
    ).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await refusal(save({ kind: 'item_category', id: 1, texts: [{ language_id: arabicId, description: 'وصف' }] }))).toMatchObject({ status: 400 });
    expect(await refusal(save({ kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: englishId, name: 'Burger' }] }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refusal(save({ kind: 'item', id: 999_999, texts: [{ language_id: arabicId, name: 'x' }] }))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(save({ kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: 999_999, name: 'x' }] }))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await refusal(save({ kind: 'dish', id: 1, texts: [] }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(frenchId).toBeGreaterThan(0);
  });

  it("finds the customer's language by its code in any case: pt-br asks for pt-BR", async () => {
    const brazilian = await t.db.insertInto('languages').values({ language_name: 'Português', code: 'pt-BR', dir: 'ltr', is_default: 0 }).returning('id').executeTakeFirstOrThrow();
    await okBy(t.app, 'admin/save-catalogue-translations', cast.owner, { kind: 'item', id: cast.store.menu.burger, texts: [{ language_id: Number(brazilian.id), name: 'Hambúrguer' }] });
    for (const code of ['pt-BR', 'pt-br']) {
      expect(await publicCall<Item>('get-single-item', { id: cast.store.menu.burger, language: code })).toMatchObject({ name: 'Hambúrguer' });
    }
  });
});
