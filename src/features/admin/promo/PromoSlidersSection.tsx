/**
 * /admin/promo-sliders: the promo sliders (the main one at the top of home,
 * the others between stores at their position), and each slider's slides:
 * a picture that opens a store, an item, or a link.
 */
import { useState, type FormEvent } from 'react';
import { PROMO_SLIDE_MODELS, PROMO_SLIDER_SIZE_MAX } from '../../../api/admin/catalog-limits.ts';
import type { AdminPromoSlide, AdminPromoSlider } from '../../../api/admin/catalog-entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { SelectField, SwitchField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { numberText, optionalText, parseNumber } from '../console-values.ts';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { CrudList, FormButtons } from '../CrudList.tsx';
import { ImageField } from '../ImageField.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';

export default function PromoSlidersSection() {
  const t = useT();
  const call = useConsoleCall();
  const query = useConsoleQuery('admin/list-promo-sliders', {});
  return (
    <>
      <SectionHeader title={t('consolePromoSliders')} intro={t('consolePromoSlidersIntro')} />
      <QueryView state={query.state} reload={query.reload}>
        {(sliders) => (
          <CrudList
            title={t('consolePromoSliders')}
            testId="promo-sliders"
            items={sliders}
            nameOf={(slider) => slider.name}
            row={(slider) => (
              <>
                <strong>{slider.name}</strong> {slider.is_main ? <Pill tone="brand">{t('consoleMainSlider')}</Pill> : null}{' '}
                {!slider.is_active && <Pill tone="neutral">{t('consoleHidden')}</Pill>}
                <p className="form-hint">
                  {slider.is_main ? t('consoleAtTop') : t('consoleAfterStores', { position: slider.position_id })} ·{' '}
                  {t('consoleSlidesCount', { count: slider.slides.length })}
                </p>
              </>
            )}
            form={(slider, close) => (
              <>
                <SliderForm
                  slider={slider}
                  onSaved={() => {
                    query.reload();
                    if (!slider) close();
                  }}
                  onCancel={close}
                />
                {slider && <SlidesEditor slider={sliders.find((s) => s.id === slider.id) ?? slider} onChanged={query.reload} />}
              </>
            )}
            remove={(slider) => call('admin/delete-promo-slider', { id: slider.id })}
            onRemoved={query.reload}
            addLabel={t('consoleAddSlider')}
            emptyText={t('consoleNoSliders')}
          />
        )}
      </QueryView>
    </>
  );
}

const SLIDER_FIELDS = ['name', 'is_main', 'position_id', 'size', 'is_active'] as const;

function SliderForm({ slider, onSaved, onCancel }: { slider: AdminPromoSlider | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(SLIDER_FIELDS);
  const [name, setName] = useState(slider?.name ?? '');
  const [main, setMain] = useState(slider?.is_main ?? false);
  const [position, setPosition] = useState(numberText(slider?.position_id ?? 0));
  const [size, setSize] = useState(String(slider?.size ?? 1));
  const [active, setActive] = useState(slider?.is_active ?? true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const positionId = parseNumber(position, { integer: true });
    if (positionId === undefined) return form.report({ position_id: t('consoleNeedWholeNumber') });
    const body = { name: name.trim(), is_main: main, position_id: positionId ?? 0, size: Number(size), is_active: active };
    const saved = await form.submit(() => call('admin/save-promo-slider', slider ? { id: slider.id, ...body } : body));
    if (saved) onSaved();
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="slider-form">
      <h3>{slider ? t('consoleEditNamed', { name: slider.name }) : t('consoleAddSlider')}</h3>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
      <SwitchField {...form.field('is_main')} label={t('consoleMainSlider')} hint={t('consoleMainSliderHint')} checked={main} onChange={setMain} />
      {!main && (
        <FormField
          {...form.field('position_id')}
          label={t('consolePosition')}
          hint={t('consolePositionHint')}
          inputMode="numeric"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
        />
      )}
      <SelectField
        {...form.field('size')}
        label={t('consoleSliderSize')}
        value={size}
        choices={Array.from({ length: PROMO_SLIDER_SIZE_MAX }, (_, index) => ({ value: String(index + 1), label: `× ${index + 1}` }))}
        onChange={(e) => setSize(e.target.value)}
      />
      <SwitchField {...form.field('is_active')} label={t('consoleShown')} checked={active} onChange={setActive} />
      <FormButtons sending={form.sending} isNew={!slider} onCancel={onCancel} />
    </form>
  );
}

function SlidesEditor({ slider, onChanged }: { slider: AdminPromoSlider; onChanged(): void }) {
  const t = useT();
  const call = useConsoleCall();
  return (
    <CrudList
      title={t('consoleSlidesOf', { name: slider.name })}
      testId="promo-slides"
      items={slider.slides}
      nameOf={(slide) => slide.name}
      row={(slide) => (
        <div className="console-row-with-image">
          <img src={slide.image} alt="" className="console-thumb" width={48} height={48} />
          <div>
            <strong>{slide.name}</strong>
            <p className="form-hint">{slide.model ? `${slide.model} #${slide.model_id ?? ''}` : (slide.url ?? t('consolePictureOnly'))}</p>
          </div>
        </div>
      )}
      form={(slide, close) => (
        <SlideForm
          sliderId={slider.id}
          slide={slide}
          onSaved={() => {
            onChanged();
            close();
          }}
          onCancel={close}
        />
      )}
      remove={(slide) => call('admin/delete-promo-slide', { id: slide.id })}
      onRemoved={onChanged}
      addLabel={t('consoleAddSlide')}
      emptyText={t('consoleNoSlides')}
    />
  );
}

const SLIDE_FIELDS = ['name', 'image', 'model', 'model_id', 'url', 'sort_order'] as const;

function SlideForm({ sliderId, slide, onSaved, onCancel }: { sliderId: number; slide: AdminPromoSlide | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(SLIDE_FIELDS, { codeFields: { INVALID_IMAGE_URL: 'image', INVALID_LINK: 'url', NOT_FOUND: 'model_id' } });
  const [name, setName] = useState(slide?.name ?? '');
  const [image, setImage] = useState(slide?.image ?? '');
  const [model, setModel] = useState<string>(slide?.model ?? '');
  const [modelId, setModelId] = useState(numberText(slide?.model_id));
  const [url, setUrl] = useState(slide?.url ?? '');
  const [sortOrder, setSortOrder] = useState(numberText(slide?.sort_order ?? 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = parseNumber(modelId, { integer: true });
    const sort = parseNumber(sortOrder, { integer: true });
    if (model && (target === undefined || target === null)) return form.report({ model_id: t('consoleNeedWholeNumber') });
    if (sort === undefined) return form.report({ sort_order: t('consoleNeedWholeNumber') });
    const body = {
      name: name.trim(),
      image: image.trim(),
      model: model ? (model as AdminPromoSlide['model']) : null,
      model_id: model ? (target ?? null) : null,
      url: model ? null : optionalText(url.trim()),
      sort_order: sort ?? 0,
    };
    const saved = await form.submit(() => call('admin/save-promo-slide', slide ? { id: slide.id, ...body } : { promo_slider_id: sliderId, ...body }));
    if (saved) onSaved();
  };

  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="promo-slide-form">
        <h3>{slide ? t('consoleEditNamed', { name: slide.name }) : t('consoleAddSlide')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <ImageField {...form.field('image')} label={t('consoleImage')} value={image} onChange={setImage} />
        <SelectField
          {...form.field('model')}
          label={t('consoleSlideOpensWhat')}
          value={model}
          choices={[
            { value: '', label: t('consoleSlideOpensLink') },
            ...PROMO_SLIDE_MODELS.map((value) => ({ value, label: t(value === 'restaurant' ? 'consoleSlideOpensStore' : 'consoleSlideOpensItem') })),
          ]}
          onChange={(e) => setModel(e.target.value)}
        />
        {model ? (
          <FormField {...form.field('model_id')} label={t(model === 'restaurant' ? 'consoleStoreNumber' : 'consoleItemNumber')} inputMode="numeric" value={modelId} onChange={(e) => setModelId(e.target.value)} />
        ) : (
          <FormField {...form.field('url')} label={t('consoleLink')} hint={t('consoleLinkHint')} value={url} spellCheck={false} onChange={(e) => setUrl(e.target.value)} />
        )}
        <FormField {...form.field('sort_order')} label={t('consoleSortOrder')} hint={t('consoleSortOrderHint')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        <FormButtons sending={form.sending} isNew={!slide} onCancel={onCancel} />
      </form>
      {slide && <CatalogueTranslations kind="promo_slide" id={slide.id} />}
    </>
  );
}
