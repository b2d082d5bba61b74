/** An item of one store's menu: what the customer reads and pays, its section, its add-on groups, and whether it is on sale. */
import { useState, type FormEvent } from 'react';
import type { AdminAddonCategory, AdminItem, AdminItemCategory } from '../../../api/admin/catalog-entities.ts';
import { useSettings, useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { ChecklistField, SelectField, SwitchField, TextAreaField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { moneyText, parseMoney } from '../console-values.ts';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { FormButtons } from '../CrudList.tsx';
import { ImageField } from '../ImageField.tsx';
import { useConsoleForm } from '../use-console-form.ts';

const FIELDS = ['name', 'description', 'price', 'image', 'item_category_id', 'is_veg', 'is_recommended', 'is_active', 'addon_category_ids'] as const;

interface ItemFormProps {
  storeId: number;
  item: AdminItem | null;
  sections: AdminItemCategory[];
  groups: AdminAddonCategory[];
  onSaved(): void;
  onCancel(): void;
}

export function ItemForm({ storeId, item, sections, groups, onSaved, onCancel }: ItemFormProps) {
  const t = useT();
  const call = useConsoleCall();
  const currency = useSettings().get('currencySymbol');
  const form = useConsoleForm(FIELDS, { codeFields: { INVALID_IMAGE_URL: 'image', WRONG_STORE: 'item_category_id' }, moneyFields: ['price'] });
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(moneyText(item?.price ?? null));
  const [image, setImage] = useState(item?.image ?? '');
  const [sectionId, setSectionId] = useState(item?.item_category_id ? String(item.item_category_id) : '');
  const [veg, setVeg] = useState(item?.is_veg ?? false);
  const [recommended, setRecommended] = useState(item?.is_recommended ?? false);
  const [active, setActive] = useState(item?.is_active ?? true);
  const [groupIds, setGroupIds] = useState((item?.addon_category_ids ?? []).map(String));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(price);
    if (cents === undefined) return form.report({ price: t('consoleNeedAmount') });
    const body = {
      name: name.trim(),
      description,
      ...(cents === null ? {} : { price: cents }),
      image: image.trim() || null,
      item_category_id: sectionId ? Number(sectionId) : null,
      is_veg: veg,
      is_recommended: recommended,
      is_active: active,
      addon_category_ids: groupIds.map(Number),
    };
    const saved = await form.submit(() => call('admin/save-item', item ? { id: item.id, ...body } : { restaurant_id: storeId, ...body }));
    if (saved) onSaved();
  };

  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="item-form">
        <h3>{item ? t('consoleEditNamed', { name: item.name }) : t('consoleAddItem')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <TextAreaField {...form.field('description')} label={t('consoleDescription')} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        <FormField {...form.field('price')} label={t('consolePrice')} hint={t('consoleMoneyHint', { symbol: currency })} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        <ImageField {...form.field('image')} label={t('consoleImageOptional')} value={image} onChange={setImage} />
        <SelectField
          {...form.field('item_category_id')}
          label={t('consoleMenuSection')}
          value={sectionId}
          choices={[{ value: '', label: t('consoleNoSection') }, ...sections.map((section) => ({ value: String(section.id), label: section.name }))]}
          onChange={(e) => setSectionId(e.target.value)}
        />
        <SwitchField {...form.field('is_active')} label={t('consoleAvailable')} checked={active} onChange={setActive} />
        <SwitchField {...form.field('is_recommended')} label={t('consoleRecommended')} checked={recommended} onChange={setRecommended} />
        <SwitchField {...form.field('is_veg')} label={t('consoleVegetarian')} checked={veg} onChange={setVeg} />
        <ChecklistField
          {...form.field('addon_category_ids')}
          label={t('consoleAddonGroups')}
          empty={t('consoleNoAddonGroups')}
          choices={groups.map((group) => ({ value: String(group.id), label: group.name }))}
          selected={groupIds}
          onChange={setGroupIds}
        />
        <FormButtons sending={form.sending} isNew={!item} onCancel={onCancel} />
      </form>
      {item && <CatalogueTranslations kind="item" id={item.id} />}
    </>
  );
}
