/** A menu section of one store: its name and where it sits on the menu. */
import { useState, type FormEvent } from 'react';
import type { AdminItemCategory } from '../../../api/admin/catalog-entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { FormButtons } from '../CrudList.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { numberText, parseNumber } from '../console-values.ts';
import { useConsoleForm } from '../use-console-form.ts';

const FIELDS = ['name', 'sort_order'] as const;

export function ItemCategoryForm({ storeId, section, onSaved, onCancel }: { storeId: number; section: AdminItemCategory | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(FIELDS);
  const [name, setName] = useState(section?.name ?? '');
  const [sortOrder, setSortOrder] = useState(numberText(section?.sort_order ?? 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sort = parseNumber(sortOrder, { integer: true });
    if (sort === undefined) return form.report({ sort_order: t('consoleNeedWholeNumber') });
    const saved = await form.submit(() =>
      section
        ? call('admin/save-item-category', { id: section.id, name: name.trim(), sort_order: sort ?? 0 })
        : call('admin/save-item-category', { restaurant_id: storeId, name: name.trim(), sort_order: sort ?? 0 }),
    );
    if (saved) onSaved();
  };

  return (
    <>
      <form className="form console-card" onSubmit={submit} noValidate data-testid="section-form">
        <h3>{section ? t('consoleEditNamed', { name: section.name }) : t('consoleAddSection')}</h3>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
        <FormField {...form.field('sort_order')} label={t('consoleSortOrder')} hint={t('consoleSortOrderHint')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
        <FormButtons sending={form.sending} isNew={!section} onCancel={onCancel} />
      </form>
      {section && <CatalogueTranslations kind="item_category" id={section.id} />}
    </>
  );
}
