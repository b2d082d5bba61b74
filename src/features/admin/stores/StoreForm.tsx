/**
 * Every field of a store: what its card shows (name, picture, featured
 * ribbon, messages, price range, delivery time, rating), where drivers
 * collect the food (street address, phone), how it delivers (type,
 * coordinates on a map, radius), who owns it, its categories, its
 * prices and fees, and its opening hours in its own time zone.
 */
import { useState, type FormEvent } from 'react';
import type { AdminStore } from '../../../api/admin/catalog-entities.ts';
import { useSettings, useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { ChecklistField, SelectField, SwitchField, TextAreaField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { ImageField } from '../ImageField.tsx';
import { MapPreview } from '../MapPreview.tsx';
import { parseNumber } from '../console-values.ts';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';
import { OpeningHoursField } from './OpeningHoursField.tsx';
import { bodyOf, DELIVERY_TYPE_CHOICES, STORE_FIELDS, STORE_MONEY_FIELDS, storeFieldOfDetail, type StoreDraft, type StoreField } from './store-draft.ts';

interface StoreFormProps {
  /** null: a new store. */
  storeId: number | null;
  initial: StoreDraft;
  onSaved(store: AdminStore): void;
}

export function StoreForm({ storeId, initial, onSaved }: StoreFormProps) {
  const t = useT();
  const call = useConsoleCall();
  const currency = useSettings().get('currencySymbol');
  const owners = useConsoleQuery('admin/get-users', { role: 'store_owner', limit: 200 });
  const categories = useConsoleQuery('admin/list-store-categories', {});
  const form = useConsoleForm(STORE_FIELDS, {
    fieldOf: storeFieldOfDetail,
    moneyFields: STORE_MONEY_FIELDS,
    codeFields: {
      SLUG_TAKEN: 'slug',
      INVALID_COORDINATES: 'latitude',
      INVALID_OPENING_HOURS: 'opening_hours',
      INVALID_TIME_ZONE: 'timezone',
      INVALID_IMAGE_URL: 'image',
      INVALID_PHONE: 'phone',
      NOT_A_STORE_OWNER: 'owner_user_id',
    },
  });
  const [draft, setDraft] = useState(initial);
  const set = <K extends StoreField>(field: K, value: StoreDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };
  const text = (field: StoreField) => ({
    ...form.field(field),
    value: draft[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
  });
  const moneyHint = t('consoleMoneyHint', { symbol: currency });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const made = bodyOf(draft);
    if (!made.ok) {
      return form.report(Object.fromEntries(Object.entries(made.problems).map(([field, key]) => [field, t(key)])));
    }
    const saved = await form.submit(() => call('admin/save-store', storeId ? { id: storeId, ...made.body } : made.body));
    if (saved) onSaved(saved);
  };

  const lat = parseNumber(draft.latitude);
  const lng = parseNumber(draft.longitude);
  const radius = parseNumber(draft.delivery_radius_km);

  return (
    <form className="form console-form" onSubmit={submit} noValidate data-testid="store-form">
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <fieldset className="console-card console-group">
        <legend>{t('consoleStoreCard')}</legend>
        <div className="console-field-grid">
          <FormField {...text('name')} label={t('consoleName')} />
          <FormField {...text('slug')} label={t('consoleSlug')} hint={t('consoleSlugHint')} spellCheck={false} />
          <FormField {...text('city')} label={t('consoleCity')} />
          <SelectField
            {...form.field('delivery_type')}
            label={t('consoleDeliveryType')}
            value={draft.delivery_type}
            choices={DELIVERY_TYPE_CHOICES.map(({ value, words }) => ({ value, label: t(words) }))}
            onChange={(e) => set('delivery_type', e.target.value as StoreDraft['delivery_type'])}
          />
        </div>
        <TextAreaField {...text('description')} label={t('consoleDescription')} rows={3} />
        <ImageField {...form.field('image')} label={t('consoleImage')} value={draft.image} onChange={(value) => set('image', value)} />
        <div className="console-field-grid">
          <SwitchField {...form.field('is_active')} label={t('consoleTakingOrders')} checked={draft.is_active} onChange={(on) => set('is_active', on)} />
          <SwitchField {...form.field('is_featured')} label={t('consoleFeatured')} checked={draft.is_featured} onChange={(on) => set('is_featured', on)} />
          <FormField {...text('custom_featured_name')} label={t('consoleFeaturedName')} hint={t('consoleOptional')} />
          <FormField {...text('custom_message_on_list')} label={t('consoleListMessage')} hint={t('consoleOptional')} />
          <FormField {...text('price_range')} label={t('consolePriceRange')} hint={moneyHint} inputMode="decimal" />
          <FormField {...text('delivery_time')} label={t('consoleDeliveryTime')} hint={t('consoleMinutes')} inputMode="numeric" />
          <FormField {...text('rating')} label={t('consoleRating')} hint={t('consoleRatingHint')} inputMode="decimal" />
          <FormField {...text('store_color')} label={t('consoleStoreColour')} hint={t('consoleStoreColourHint')} spellCheck={false} />
        </div>
      </fieldset>

      <fieldset className="console-card console-group">
        <legend>{t('consoleWhereItDelivers')}</legend>
        <div className="console-field-grid">
          <FormField {...text('address')} label={t('consoleStreetAddress')} hint={t('consoleStreetAddressHint')} autoComplete="off" />
          <FormField {...text('phone')} label={t('consoleStorePhone')} hint={t('consoleStorePhoneHint')} type="tel" autoComplete="off" />
        </div>
        <div className="console-field-grid">
          <FormField {...text('latitude')} label={t('consoleLatitude')} inputMode="decimal" />
          <FormField {...text('longitude')} label={t('consoleLongitude')} inputMode="decimal" />
          <FormField {...text('delivery_radius_km')} label={t('consoleRadius')} hint={t('consoleKilometres')} inputMode="decimal" />
        </div>
        {typeof lat === 'number' && typeof lng === 'number' ? (
          <MapPreview
            latitude={lat}
            longitude={lng}
            radiusKm={typeof radius === 'number' ? radius : null}
            label={draft.name}
            onPick={(point) => {
              set('latitude', String(point.latitude));
              set('longitude', String(point.longitude));
            }}
          />
        ) : (
          <p className="form-hint">{t('consoleMapNeedsPoint')}</p>
        )}
      </fieldset>

      <fieldset className="console-card console-group">
        <legend>{t('consoleOwnerAndCategories')}</legend>
        <SelectField
          {...form.field('owner_user_id')}
          label={t('consoleOwner')}
          value={draft.owner_user_id}
          choices={[
            { value: '', label: t('consoleNoOwner') },
            ...(owners.data?.users ?? []).map((user) => ({ value: String(user.id), label: `${user.name} · ${user.email}` })),
          ]}
          onChange={(e) => set('owner_user_id', e.target.value)}
        />
        <ChecklistField
          {...form.field('category_ids')}
          label={t('consoleStoreCategories')}
          empty={t('consoleNoCategories')}
          choices={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
          selected={draft.category_ids}
          onChange={(ids) => set('category_ids', ids)}
        />
      </fieldset>

      <fieldset className="console-card console-group">
        <legend>{t('consolePricesAndFees')}</legend>
        <div className="console-field-grid">
          <FormField {...text('min_order_subtotal')} label={t('consoleMinOrder')} hint={moneyHint} inputMode="decimal" />
          <FormField {...text('store_charge')} label={t('consoleStoreCharge')} hint={moneyHint} inputMode="decimal" />
          <FormField {...text('tax_percent')} label={t('consoleTaxPercent')} hint={t('consolePercentHint')} inputMode="decimal" />
          <FormField {...text('delivery_fee_base')} label={t('consoleFeeBase')} hint={moneyHint} inputMode="decimal" />
          <FormField {...text('delivery_fee_base_km')} label={t('consoleFeeBaseKm')} hint={t('consoleKilometres')} inputMode="decimal" />
          <FormField {...text('delivery_fee_per_km')} label={t('consoleFeePerKm')} hint={moneyHint} inputMode="decimal" />
          <FormField {...text('free_delivery_subtotal')} label={t('consoleFreeDeliveryFrom')} hint={t('consoleEmptyForNever')} inputMode="decimal" />
          <SwitchField
            {...form.field('auto_accept_orders')}
            label={t('consoleAutoAccept')}
            checked={draft.auto_accept_orders}
            onChange={(on) => set('auto_accept_orders', on)}
          />
        </div>
      </fieldset>

      <fieldset className="console-card console-group">
        <legend>{t('consoleOpeningHours')}</legend>
        <FormField {...text('timezone')} label={t('consoleTimeZone')} hint={t('consoleTimeZoneHint')} spellCheck={false} />
        <OpeningHoursField {...form.field('opening_hours')} windows={draft.opening_hours} onChange={(windows) => set('opening_hours', windows)} />
      </fieldset>

      <div className="console-form-actions console-sticky-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('consoleSaving') : storeId ? t('consoleSave') : t('consoleCreateStore')}
        </button>
      </div>
    </form>
  );
}
