/**
 * /admin/store-categories: the store categories (which stores each lists)
 * and the category slides at the top of the store list (which categories a
 * tap opens, and whether the slide shows).
 */
import { useState, type FormEvent } from 'react';
import type { AdminCategorySlide, AdminStoreCategory } from '../../../api/admin/catalog-entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { ChecklistField, SwitchField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { numberText, parseNumber } from '../console-values.ts';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { CrudList, FormButtons } from '../CrudList.tsx';
import { ImageField } from '../ImageField.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';
import { storeChoicesOf, useStoreChoices } from '../use-store-choices.ts';

export default function StoreCategoriesSection() {
  const t = useT();
  const call = useConsoleCall();
  const categories = useConsoleQuery('admin/list-store-categories', {});
  const slides = useConsoleQuery('admin/list-category-slides', {});
  return (
    <>
      <SectionHeader title={t('consoleStoreCategories')} intro={t('consoleStoreCategoriesIntro')} />
      <QueryView state={categories.state} reload={categories.reload}>
        {(list) => (
          <CrudList
            title={t('consoleStoreCategories')}
            testId="store-categories"
            items={list}
            nameOf={(category) => category.name}
            row={(category) => (
              <>
                <strong>{category.name}</strong>
                <p className="form-hint">{t('consoleStoresCount', { count: category.restaurant_ids.length })}</p>
              </>
            )}
            form={(category, close) => (
              <CategoryForm
                category={category}
                onSaved={() => {
                  categories.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(category) => call('admin/delete-store-category', { id: category.id })}
            onRemoved={categories.reload}
            addLabel={t('consoleAddCategory')}
            emptyText={t('consoleNoCategories')}
          />
        )}
      </QueryView>
      <QueryView state={slides.state} reload={slides.reload}>
        {(list) => (
          <CrudList
            title={t('consoleCategorySlides')}
            testId="category-slides"
            items={list}
            nameOf={(slide) => slide.name}
            row={(slide) => (
              <div className="console-row-with-image">
                <img src={slide.image} alt="" className="console-thumb" width={48} height={48} />
                <div>
                  <strong>{slide.name}</strong> {!slide.is_active && <Pill tone="neutral">{t('consoleHidden')}</Pill>}
                  <p className="form-hint">{t('consoleCategoriesCount', { count: slide.category_ids.length })}</p>
                </div>
              </div>
            )}
            form={(slide, close) => (
              <SlideForm
                slide={slide}
                categories={categories.data ?? []}
                onSaved={() => {
                  slides.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(slide) => call('admin/delete-category-slide', { id: slide.id })}
            onRemoved={slides.reload}
            addLabel={t('consoleAddSlide')}
            emptyText={t('consoleNoSlides')}
          />
        )}
      </QueryView>
    </>
  );
}

const CATEGORY_FIELDS = ['name', 'image', 'sort_order', 'restaurant_ids'] as const;

function CategoryForm({ category, onSaved, onCancel }: { category: AdminStoreCategory | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const stores = storeChoicesOf(useStoreChoices());
  const form = useConsoleForm(CATEGORY_FIELDS, { codeFields: { INVALID_IMAGE_URL: 'image' } });
  const [name, setName] = useState(category?.name ?? '');
  const [image, setImage] = useState(category?.image ?? '');
  const [sortOrder, setSortOrder] = useState(numberText(category?.sort_order ?? 0));
  const [storeIds, setStoreIds] = useState((category?.restaurant_ids ?? []).map(String));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sort = parseNumber(sortOrder, { integer: true });
    if (sort === undefined) return form.report({ sort_order: t('consoleNeedWholeNumber') });
    const body = { name: name.trim(), image: image.trim() || null, sort_order: sort ?? 0, restaurant_ids: storeIds.map(Number) };
    const saved = await form.submit(() => call('admin/save-store-category', category ? { id: category.id, ...body } : body));
    if (saved) onSaved();
  };

  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="category-form">
        <h3>{category ? t('consoleEditNamed', { name: category.name }) : t('consoleAddCategory')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <ImageField {...form.field('image')} label={t('consoleImageOptional')} value={image} onChange={setImage} />
        <FormField {...form.field('sort_order')} label={t('consoleSortOrder')} hint={t('consoleSortOrderHint')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        <ChecklistField
          {...form.field('restaurant_ids')}
          label={t('consoleStoresInCategory')}
          empty={t('consoleNoStoresYet')}
          choices={stores.map((store) => ({ value: String(store.id), label: store.name }))}
          selected={storeIds}
          onChange={setStoreIds}
        />
        <FormButtons sending={form.sending} isNew={!category} onCancel={onCancel} />
      </form>
      {category && <CatalogueTranslations kind="store_category" id={category.id} />}
    </>
  );
}

const SLIDE_FIELDS = ['name', 'image', 'sort_order', 'is_active', 'category_ids'] as const;

function SlideForm({
  slide,
  categories,
  onSaved,
  onCancel,
}: {
  slide: AdminCategorySlide | null;
  categories: AdminStoreCategory[];
  onSaved(): void;
  onCancel(): void;
}) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(SLIDE_FIELDS, { codeFields: { INVALID_IMAGE_URL: 'image' } });
  const [name, setName] = useState(slide?.name ?? '');
  const [image, setImage] = useState(slide?.image ?? '');
  const [sortOrder, setSortOrder] = useState(numberText(slide?.sort_order ?? 0));
  const [active, setActive] = useState(slide?.is_active ?? true);
  const [categoryIds, setCategoryIds] = useState((slide?.category_ids ?? []).map(String));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sort = parseNumber(sortOrder, { integer: true });
    if (sort === undefined) return form.report({ sort_order: t('consoleNeedWholeNumber') });
    const body = { name: name.trim(), image: image.trim(), sort_order: sort ?? 0, is_active: active, category_ids: categoryIds.map(Number) };
    const saved = await form.submit(() => call('admin/save-category-slide', slide ? { id: slide.id, ...body } : body));
    if (saved) onSaved();
  };

  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="slide-form">
        <h3>{slide ? t('consoleEditNamed', { name: slide.name }) : t('consoleAddSlide')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <ImageField {...form.field('image')} label={t('consoleImage')} value={image} onChange={setImage} />
        <FormField {...form.field('sort_order')} label={t('consoleSortOrder')} hint={t('consoleSortOrderHint')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        <SwitchField {...form.field('is_active')} label={t('consoleShown')} checked={active} onChange={setActive} />
        <ChecklistField
          {...form.field('category_ids')}
          label={t('consoleSlideOpens')}
          empty={t('consoleNoCategories')}
          choices={categories.map((category) => ({ value: String(category.id), label: category.name }))}
          selected={categoryIds}
          onChange={setCategoryIds}
        />
        <FormButtons sending={form.sending} isNew={!slide} onCancel={onCancel} />
      </form>
      {slide && <CatalogueTranslations kind="category_slide" id={slide.id} />}
    </>
  );
}
