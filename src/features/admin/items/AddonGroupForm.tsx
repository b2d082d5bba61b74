/**
 * An add-on group of one store: one of (SINGLE) or several of (MULTI) its
 * add-ons, how many a customer must and may pick, and the add-ons
 * themselves in order, each with its price and whether it is on sale. The
 * whole list is saved at once; a row keeps its id so orders keep theirs.
 */
import { useState, type FormEvent } from 'react';
import { ADDON_CATEGORY_TYPES, ADDONS_PER_CATEGORY_MAX } from '../../../api/admin/catalog-limits.ts';
import type { AdminAddonCategory } from '../../../api/admin/catalog-entities.ts';
import { useSettings, useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { moneyText, numberText, parseMoney, parseNumber } from '../console-values.ts';
import { FormButtons } from '../CrudList.tsx';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { useConsoleForm } from '../use-console-form.ts';

const FIELDS = ['name', 'type', 'min_select', 'max_select', 'addons'] as const;

interface AddonRow {
  /** Kept for a saved add-on; a new row has none. */
  id?: number;
  /** React's key for the row, stable while rows are added and removed. */
  key: string;
  name: string;
  price: string;
  is_active: boolean;
}

let rowSerial = 0;
const newRow = (): AddonRow => ({ key: `new-${(rowSerial += 1)}`, name: '', price: '0.00', is_active: true });

interface AddonGroupFormProps {
  storeId: number;
  group: AdminAddonCategory | null;
  onSaved(): void;
  onCancel(): void;
}

export function AddonGroupForm({ storeId, group, onSaved, onCancel }: AddonGroupFormProps) {
  const t = useT();
  const call = useConsoleCall();
  const currency = useSettings().get('currencySymbol');
  const form = useConsoleForm(FIELDS, { codeFields: { INVALID_ADDON_LIMITS: 'max_select' } });
  const [name, setName] = useState(group?.name ?? '');
  const [type, setType] = useState<'SINGLE' | 'MULTI'>(group?.type ?? 'SINGLE');
  const [min, setMin] = useState(numberText(group?.min_select ?? 0));
  const [max, setMax] = useState(numberText(group ? group.max_select : 1));
  const [rows, setRows] = useState<AddonRow[]>(() =>
    group ? group.addons.map((addon) => ({ id: addon.id, key: `saved-${addon.id}`, name: addon.name, price: moneyText(addon.price), is_active: addon.is_active })) : [newRow()],
  );
  const setRow = (key: string, change: Partial<AddonRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    form.clearField('addons');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minSelect = parseNumber(min, { integer: true });
    const maxSelect = parseNumber(max, { integer: true });
    const prices = rows.map((row) => parseMoney(row.price));
    const problems = {
      ...(minSelect === undefined || minSelect === null ? { min_select: t('consoleNeedWholeNumber') } : {}),
      ...(maxSelect === undefined ? { max_select: t('consoleNeedWholeNumber') } : {}),
      ...(prices.some((price) => price === undefined || price === null) || rows.some((row) => !row.name.trim()) ? { addons: t('consoleAddonRowsInvalid') } : {}),
    };
    if (Object.keys(problems).length > 0) return form.report(problems);
    const body = {
      name: name.trim(),
      type,
      min_select: minSelect ?? 0,
      max_select: maxSelect ?? null,
      addons: rows.map((row, index) => ({ ...(row.id ? { id: row.id } : {}), name: row.name.trim(), price: prices[index] ?? 0, is_active: row.is_active })),
    };
    const saved = await form.submit(() => call('admin/save-addon-category', group ? { id: group.id, ...body } : { restaurant_id: storeId, ...body }));
    if (saved) onSaved();
  };

  const { id: addonsId, error: addonsError } = form.field('addons');
  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="addon-group-form">
        <h3>{group ? t('consoleEditNamed', { name: group.name }) : t('consoleAddAddonGroup')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <SelectField
          {...form.field('type')}
          label={t('consoleAddonType')}
          value={type}
          choices={ADDON_CATEGORY_TYPES.map((value) => ({ value, label: t(value === 'SINGLE' ? 'consoleAddonSingle' : 'consoleAddonMulti') }))}
          onChange={(e) => setType(e.target.value as 'SINGLE' | 'MULTI')}
        />
        <div className="console-field-grid">
          <FormField {...form.field('min_select')} label={t('consoleMinSelect')} inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
          <FormField {...form.field('max_select')} label={t('consoleMaxSelect')} hint={t('consoleEmptyForAny')} inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
        </div>
        <fieldset id={addonsId} className="form-field console-addon-rows" tabIndex={-1} aria-describedby={addonsError ? `${addonsId}-error` : undefined}>
          <legend className="form-label">{t('consoleAddons')}</legend>
          {rows.map((row, index) => (
            <div key={row.key} className="console-addon-row">
              <label>
                <span className="visually-hidden">{t('consoleAddonName', { n: index + 1 })}</span>
                <input className="form-input" placeholder={t('consoleName')} value={row.name} onChange={(e) => setRow(row.key, { name: e.target.value })} />
              </label>
              <label>
                <span className="visually-hidden">{t('consoleAddonPrice', { n: index + 1, symbol: currency })}</span>
                <input className="form-input" inputMode="decimal" value={row.price} onChange={(e) => setRow(row.key, { price: e.target.value })} />
              </label>
              <label className="console-check">
                <input type="checkbox" checked={row.is_active} onChange={(e) => setRow(row.key, { is_active: e.target.checked })} />
                <span>{t('consoleAvailable')}</span>
              </label>
              <button type="button" className="button button-ghost" aria-label={t('consoleRemoveAddon', { n: index + 1 })} onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}>
                ✕
              </button>
            </div>
          ))}
          {rows.length < ADDONS_PER_CATEGORY_MAX && (
            <button type="button" className="button-link" onClick={() => setRows((current) => [...current, newRow()])}>
              {t('consoleAddAddon')}
            </button>
          )}
          {addonsError && (
            <p id={`${addonsId}-error`} className="form-error">
              {addonsError}
            </p>
          )}
        </fieldset>
        <FormButtons sending={form.sending} isNew={!group} onCancel={onCancel} />
      </form>
      {/* What a customer reads when choosing, in each language (issue 32.4): the group, then each saved add-on. */}
      {group && <CatalogueTranslations kind="addon_category" id={group.id} of={group.name} />}
      {group?.addons.map((addon) => <CatalogueTranslations key={addon.id} kind="addon" id={addon.id} of={addon.name} />)}
    </>
  );
}
