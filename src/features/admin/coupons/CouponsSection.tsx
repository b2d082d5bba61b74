/**
 * /admin/coupons: every coupon with how often it was used, and its form:
 * the code, a percentage (with an optional cap) or a fixed amount off, the
 * smallest order it applies to, the store it is for, when it runs and how
 * many times it may be used.
 */
import { useState, type FormEvent } from 'react';
import { COUPON_DISCOUNT_TYPES } from '../../../api/admin/catalog-limits.ts';
import type { AdminCoupon } from '../../../api/admin/catalog-entities.ts';
import { useSettings, useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { useMoney } from '../../../ui/use-money.ts';
import { SelectField, SwitchField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { isoFromLocal, localDateTimeText, moneyText, numberText, parseMoney, parseNumber } from '../console-values.ts';
import { CrudList, FormButtons } from '../CrudList.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';
import { storeChoicesOf, useStoreChoices } from '../use-store-choices.ts';

export default function CouponsSection() {
  const t = useT();
  const call = useConsoleCall();
  const money = useMoney();
  const query = useConsoleQuery('admin/list-coupons', {});
  const off = (coupon: AdminCoupon) =>
    coupon.discount_type === 'PERCENT' ? `${coupon.discount_value}%` : money(coupon.discount_value);
  return (
    <>
      <SectionHeader title={t('consoleCoupons')} intro={t('consoleCouponsIntro')} />
      <QueryView state={query.state} reload={query.reload}>
        {(coupons) => (
          <CrudList
            title={t('consoleCoupons')}
            testId="coupons"
            items={coupons}
            nameOf={(coupon) => coupon.code}
            searchText={(coupon) => coupon.description}
            row={(coupon) => (
              <>
                <strong>
                  <code>{coupon.code}</code>
                </strong>{' '}
                {!coupon.is_active && <Pill tone="neutral">{t('consoleInactive')}</Pill>}
                <p className="form-hint">
                  {t('consoleCouponOff', { amount: off(coupon) })} · {t('consoleUsedCount', { count: coupon.used_count })}
                </p>
              </>
            )}
            form={(coupon, close) => (
              <CouponForm
                coupon={coupon}
                onSaved={() => {
                  query.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(coupon) => call('admin/delete-coupon', { id: coupon.id })}
            onRemoved={query.reload}
            addLabel={t('consoleAddCoupon')}
            emptyText={t('consoleNoCoupons')}
          />
        )}
      </QueryView>
    </>
  );
}

const FIELDS = [
  'code',
  'description',
  'discount_type',
  'discount_value',
  'max_discount',
  'min_subtotal',
  'restaurant_id',
  'starts_at',
  'expires_at',
  'max_uses',
  'max_uses_per_user',
  'is_active',
] as const;

function CouponForm({ coupon, onSaved, onCancel }: { coupon: AdminCoupon | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const currency = useSettings().get('currencySymbol');
  const stores = storeChoicesOf(useStoreChoices());
  const [code, setCode] = useState(coupon?.code ?? '');
  const [description, setDescription] = useState(coupon?.description ?? '');
  const [type, setType] = useState<'PERCENT' | 'FIXED'>(coupon?.discount_type ?? 'PERCENT');
  const form = useConsoleForm(FIELDS, {
    codeFields: { CODE_TAKEN: 'code', INVALID_DISCOUNT: 'discount_value', INVALID_DATE_RANGE: 'expires_at', NOT_FOUND: 'restaurant_id' },
    moneyFields: type === 'PERCENT' ? ['max_discount', 'min_subtotal'] : ['discount_value', 'max_discount', 'min_subtotal'],
  });
  const [value, setValue] = useState(coupon ? (coupon.discount_type === 'PERCENT' ? String(coupon.discount_value) : moneyText(coupon.discount_value)) : '');
  const [cap, setCap] = useState(moneyText(coupon?.max_discount));
  const [minSubtotal, setMinSubtotal] = useState(moneyText(coupon?.min_subtotal ?? 0));
  const [storeId, setStoreId] = useState(coupon?.restaurant_id ? String(coupon.restaurant_id) : '');
  const [startsAt, setStartsAt] = useState(localDateTimeText(coupon?.starts_at ?? null));
  const [expiresAt, setExpiresAt] = useState(localDateTimeText(coupon?.expires_at ?? null));
  const [maxUses, setMaxUses] = useState(numberText(coupon?.max_uses));
  const [maxPerUser, setMaxPerUser] = useState(numberText(coupon?.max_uses_per_user));
  const [active, setActive] = useState(coupon?.is_active ?? true);
  const moneyHint = t('consoleMoneyHint', { symbol: currency });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const discount = type === 'PERCENT' ? parseNumber(value, { integer: true }) : parseMoney(value);
    const maxDiscount = type === 'PERCENT' ? parseMoney(cap) : null;
    const minimum = parseMoney(minSubtotal);
    const uses = parseNumber(maxUses, { integer: true });
    const perUser = parseNumber(maxPerUser, { integer: true });
    const problems = {
      ...(discount === undefined || discount === null ? { discount_value: t(type === 'PERCENT' ? 'consoleNeedWholeNumber' : 'consoleNeedAmount') } : {}),
      ...(maxDiscount === undefined ? { max_discount: t('consoleNeedAmount') } : {}),
      ...(minimum === undefined ? { min_subtotal: t('consoleNeedAmount') } : {}),
      ...(uses === undefined ? { max_uses: t('consoleNeedWholeNumber') } : {}),
      ...(perUser === undefined ? { max_uses_per_user: t('consoleNeedWholeNumber') } : {}),
    };
    if (Object.keys(problems).length > 0) return form.report(problems);
    const body = {
      code: code.trim(),
      description,
      discount_type: type,
      discount_value: discount ?? 0,
      max_discount: maxDiscount ?? null,
      min_subtotal: minimum ?? 0,
      restaurant_id: storeId ? Number(storeId) : null,
      starts_at: isoFromLocal(startsAt),
      expires_at: isoFromLocal(expiresAt),
      max_uses: uses ?? null,
      max_uses_per_user: perUser ?? null,
      is_active: active,
    };
    const saved = await form.submit(() => call('admin/save-coupon', coupon ? { id: coupon.id, ...body } : body));
    if (saved) onSaved();
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="coupon-form">
      <h3>{coupon ? t('consoleEditNamed', { name: coupon.code }) : t('consoleAddCoupon')}</h3>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('code')} label={t('consoleCouponCode')} hint={t('consoleCouponCodeHint')} spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />
      <FormField {...form.field('description')} label={t('consoleDescription')} value={description} onChange={(e) => setDescription(e.target.value)} />
      <div className="console-field-grid">
        <SelectField
          {...form.field('discount_type')}
          label={t('consoleDiscountType')}
          value={type}
          choices={COUPON_DISCOUNT_TYPES.map((kind) => ({ value: kind, label: t(kind === 'PERCENT' ? 'consolePercentOff' : 'consoleAmountOff') }))}
          onChange={(e) => setType(e.target.value as 'PERCENT' | 'FIXED')}
        />
        <FormField
          {...form.field('discount_value')}
          label={t('consoleDiscount')}
          hint={type === 'PERCENT' ? t('consolePercentRange') : moneyHint}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        {type === 'PERCENT' && (
          <FormField {...form.field('max_discount')} label={t('consoleMaxDiscount')} hint={t('consoleEmptyForNoCap')} inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
        )}
        <FormField {...form.field('min_subtotal')} label={t('consoleMinOrder')} hint={moneyHint} inputMode="decimal" value={minSubtotal} onChange={(e) => setMinSubtotal(e.target.value)} />
      </div>
      <SelectField
        {...form.field('restaurant_id')}
        label={t('consoleStore')}
        value={storeId}
        choices={[{ value: '', label: t('consoleAnyStore') }, ...stores.map((store) => ({ value: String(store.id), label: store.name }))]}
        onChange={(e) => setStoreId(e.target.value)}
      />
      <div className="console-field-grid">
        <FormField {...form.field('starts_at')} label={t('consoleStartsAt')} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        <FormField {...form.field('expires_at')} label={t('consoleExpiresAt')} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        <FormField {...form.field('max_uses')} label={t('consoleMaxUses')} hint={t('consoleEmptyForUnlimited')} inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
        <FormField {...form.field('max_uses_per_user')} label={t('consoleMaxUsesPerUser')} hint={t('consoleEmptyForUnlimited')} inputMode="numeric" value={maxPerUser} onChange={(e) => setMaxPerUser(e.target.value)} />
      </div>
      <SwitchField {...form.field('is_active')} label={t('consoleActive')} checked={active} onChange={setActive} />
      <FormButtons sending={form.sending} isNew={!coupon} onCancel={onCancel} />
    </form>
  );
}
