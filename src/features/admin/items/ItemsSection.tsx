/**
 * /admin/items: one store's menu at a time (chosen above): its items, its
 * menu sections and its add-on groups, each listed with a search and edited
 * beside the list.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../base/settings-and-language.tsx';
import { useMoney } from '../../../ui/use-money.ts';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { CrudList } from '../CrudList.tsx';
import { useConsoleQuery } from '../use-console-query.ts';
import { useStoreChoices } from '../use-store-choices.ts';
import { AddonGroupForm } from './AddonGroupForm.tsx';
import { ItemCategoryForm } from './ItemCategoryForm.tsx';
import { ItemForm } from './ItemForm.tsx';

type Tab = 'items' | 'sections' | 'addons';
const TABS: readonly { id: Tab; title: 'consoleItems' | 'consoleMenuSections' | 'consoleAddonGroups' }[] = [
  { id: 'items', title: 'consoleItems' },
  { id: 'sections', title: 'consoleMenuSections' },
  { id: 'addons', title: 'consoleAddonGroups' },
];

export default function ItemsSection() {
  const t = useT();
  const choices = useStoreChoices();
  // The store is in the address, so a reload or a shared link opens the same menu.
  const [params, setParams] = useSearchParams();
  const stores = choices.status === 'ready' ? choices.stores : [];
  const storeId = Number(params.get('store') ?? stores[0]?.id ?? 0);
  const [tab, setTab] = useState<Tab>('items');

  return (
    <>
      <SectionHeader title={t('consoleItems')} intro={t('consoleItemsIntro')} />
      <div className="console-toolbar">
        <SelectField
          id="items-store"
          label={t('consoleStore')}
          value={storeId ? String(storeId) : ''}
          choices={stores.map((store) => ({ value: String(store.id), label: store.name }))}
          onChange={(event) => setParams({ store: event.target.value })}
        />
        <div className="segmented console-tabs" role="group" aria-label={t('consoleMenuParts')}>
          {TABS.map((entry) => (
            <button key={entry.id} type="button" aria-pressed={tab === entry.id} onClick={() => setTab(entry.id)}>
              {t(entry.title)}
            </button>
          ))}
        </div>
      </div>
      {choices.status === 'ready' && stores.length === 0 && <p className="console-card">{t('consoleNoStoresYet')}</p>}
      {storeId > 0 && <StoreMenu key={storeId} storeId={storeId} tab={tab} />}
    </>
  );
}

function StoreMenu({ storeId, tab }: { storeId: number; tab: Tab }) {
  const t = useT();
  const call = useConsoleCall();
  const money = useMoney();
  const items = useConsoleQuery('admin/list-items', { restaurant_id: storeId });
  const sections = useConsoleQuery('admin/list-item-categories', { restaurant_id: storeId });
  const groups = useConsoleQuery('admin/list-addon-categories', { restaurant_id: storeId });
  const sectionName = (id: number | null) => sections.data?.find((section) => section.id === id)?.name ?? t('consoleNoSection');

  if (tab === 'sections') {
    return (
      <QueryView state={sections.state} reload={sections.reload}>
        {(list) => (
          <CrudList
            title={t('consoleMenuSections')}
            testId="menu-sections"
            items={list}
            nameOf={(section) => section.name}
            row={(section) => (
              <>
                <strong>{section.name}</strong>
                <p className="form-hint">{t('consoleItemsCount', { count: section.items_count })}</p>
              </>
            )}
            form={(section, close) => (
              <ItemCategoryForm
                storeId={storeId}
                section={section}
                onSaved={() => {
                  sections.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(section) => call('admin/delete-item-category', { id: section.id })}
            onRemoved={sections.reload}
            addLabel={t('consoleAddSection')}
            emptyText={t('consoleNoSections')}
          />
        )}
      </QueryView>
    );
  }
  if (tab === 'addons') {
    return (
      <QueryView state={groups.state} reload={groups.reload}>
        {(list) => (
          <CrudList
            title={t('consoleAddonGroups')}
            testId="addon-groups"
            items={list}
            nameOf={(group) => group.name}
            row={(group) => (
              <>
                <strong>{group.name}</strong>
                <p className="form-hint">
                  {t(group.type === 'SINGLE' ? 'consoleAddonSingle' : 'consoleAddonMulti')} ·{' '}
                  {group.addons.map((addon) => `${addon.name} ${money(addon.price)}`).join(', ')}
                </p>
              </>
            )}
            form={(group, close) => (
              <AddonGroupForm
                storeId={storeId}
                group={group}
                onSaved={() => {
                  groups.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(group) => call('admin/delete-addon-category', { id: group.id })}
            onRemoved={groups.reload}
            addLabel={t('consoleAddAddonGroup')}
            emptyText={t('consoleNoAddonGroups')}
          />
        )}
      </QueryView>
    );
  }
  return (
    <QueryView state={items.state} reload={items.reload}>
      {(list) => (
        <CrudList
          title={t('consoleItems')}
          testId="menu-items"
          items={list}
          nameOf={(item) => item.name}
          row={(item) => (
            <div className="console-row-with-image">
              {item.image ? <img src={item.image} alt="" className="console-thumb" width={48} height={48} /> : <span className="console-thumb" aria-hidden="true" />}
              <div>
                <strong>{item.name}</strong> {!item.is_active && <Pill tone="bad">{t('consoleSoldOut')}</Pill>}{' '}
                {item.is_recommended && <Pill tone="brand">{t('consoleRecommended')}</Pill>}
                <p className="form-hint">
                  {money(item.price)} · {sectionName(item.item_category_id)}
                </p>
              </div>
            </div>
          )}
          form={(item, close) => (
            <ItemForm
              storeId={storeId}
              item={item}
              sections={sections.data ?? []}
              groups={groups.data ?? []}
              onSaved={() => {
                items.reload();
                sections.reload();
                close();
              }}
              onCancel={close}
            />
          )}
          remove={(item) => call('admin/delete-item', { id: item.id })}
          onRemoved={items.reload}
          addLabel={t('consoleAddItem')}
          emptyText={t('consoleNoItems')}
        />
      )}
    </QueryView>
  );
}
