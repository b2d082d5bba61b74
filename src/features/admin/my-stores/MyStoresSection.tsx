/**
 * /admin/my-stores: the daily switches of a store owner's stores (every
 * store for an administrator): taking orders or not, each item available or
 * sold out, and the store's opening hours (issue 32.3: an owner had no way to
 * change their own). A switch flips at once and goes back if the server
 * refuses, saying why.
 */
import { useState, type FormEvent } from 'react';
import type { ItemAvailability, MyStore } from '../../../api/admin/catalog-entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { useMoney } from '../../../ui/use-money.ts';
import { SwitchField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { matchesSearch, Pill, QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { OpeningHoursField } from '../stores/OpeningHoursField.tsx';
import type { OpeningWindowDraft } from '../stores/store-draft.ts';

export default function MyStoresSection() {
  const t = useT();
  const query = useConsoleQuery('admin/get-my-stores', {});
  return (
    <>
      <SectionHeader title={t('consoleMyStores')} intro={t('consoleMyStoresIntro')} />
      <QueryView state={query.state} reload={query.reload}>
        {(stores) =>
          stores.length === 0 ? (
            <p className="console-card">{t('consoleNoStoresYet')}</p>
          ) : (
            stores.map((store) => <StoreSwitches key={store.id} initial={store} />)
          )
        }
      </QueryView>
    </>
  );
}

function StoreSwitches({ initial }: { initial: MyStore }) {
  const t = useT();
  const call = useConsoleCall();
  const money = useMoney();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const [store, setStore] = useState(initial);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const setOpen = async (isActive: boolean) => {
    setProblem(null);
    setStore((current) => ({ ...current, is_active: isActive }));
    const result = await call('admin/set-store-open', { restaurant_id: store.id, is_active: isActive });
    if (!result.ok) {
      setStore((current) => ({ ...current, is_active: !isActive }));
      return setProblem(failureText(result));
    }
    setStore((current) => ({ ...current, is_active: result.value.is_active, is_open: result.value.is_open }));
    announce(t(isActive ? 'consoleStoreNowTaking' : 'consoleStoreNowPaused', { store: store.name }));
  };

  const setItem = async (item: ItemAvailability, isActive: boolean) => {
    setProblem(null);
    const put = (next: ItemAvailability) => setStore((current) => ({ ...current, items: current.items.map((it) => (it.id === next.id ? next : it)) }));
    put({ ...item, is_active: isActive });
    const result = await call('admin/set-item-availability', { item_id: item.id, is_active: isActive });
    if (!result.ok) {
      put(item);
      return setProblem(failureText(result));
    }
    put(result.value);
    announce(t(isActive ? 'consoleItemAvailable' : 'consoleItemSoldOut', { item: item.name }));
  };

  const items = store.items.filter((item) => matchesSearch(search, item.name));
  return (
    <section className="console-card console-my-store" aria-labelledby={`my-store-${store.id}`} data-testid="my-store">
      <header className="console-section-header">
        <div>
          <h2 id={`my-store-${store.id}`}>{store.name}</h2>
          <p className="form-hint">{store.is_open ? t('consoleOpenNow') : t('consoleClosedNow')}</p>
        </div>
        <SwitchField id={`store-open-${store.id}`} label={t('consoleTakingOrders')} checked={store.is_active} onChange={(on) => void setOpen(on)} />
      </header>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <StoreHours storeId={store.id} storeName={store.name} />
      <div className="console-toolbar">
        <SearchBox label={t('consoleSearchItems')} value={search} onChange={setSearch} />
        <p className="form-hint">{t('consoleSoldOutCount', { count: store.items.filter((item) => !item.is_active).length })}</p>
      </div>
      <ul className="console-availability">
        {items.map((item) => (
          <li key={item.id} className="console-list-row">
            <span>
              {item.name} <span className="form-hint">{money(item.price)}</span> {!item.is_active && <Pill tone="bad">{t('consoleSoldOut')}</Pill>}
            </span>
            <SwitchField
              id={`item-${item.id}`}
              label={t('consoleAvailable')}
              ariaLabel={t('consoleItemAvailableSwitch', { item: item.name })}
              checked={item.is_active}
              onChange={(on) => void setItem(item, on)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The store's week, opened on demand: what admin/get-store says now, saved with admin/save-store (the owner's own field). */
function StoreHours({ storeId, storeName }: { storeId: number; storeName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="console-my-store-hours">
      <button type="button" className="button button-secondary" aria-expanded={open} aria-controls={`store-hours-${storeId}`} onClick={() => setOpen(!open)}>
        {t('consoleEditOpeningHours')}
      </button>
      {open && <StoreHoursForm storeId={storeId} storeName={storeName} onSaved={() => setOpen(false)} />}
    </div>
  );
}

function StoreHoursForm({ storeId, storeName, onSaved }: { storeId: number; storeName: string; onSaved(): void }) {
  const query = useConsoleQuery('admin/get-store', { id: storeId });
  return (
    <QueryView state={query.state} reload={query.reload}>
      {(store) => <HoursEditor storeId={storeId} storeName={storeName} initial={store.opening_hours} onSaved={onSaved} />}
    </QueryView>
  );
}

function HoursEditor({ storeId, storeName, initial, onSaved }: { storeId: number; storeName: string; initial: OpeningWindowDraft[]; onSaved(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const [windows, setWindows] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const result = await call('admin/save-store', { id: storeId, opening_hours: windows });
    setSaving(false);
    if (!result.ok) return setError(failureText(result));
    announce(t('consoleOpeningHoursSaved', { store: storeName }));
    onSaved();
  };
  return (
    <form className="form" noValidate onSubmit={(event) => void save(event)} data-testid="store-hours-form">
      <OpeningHoursField id={`store-hours-${storeId}`} error={error} windows={windows} onChange={setWindows} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t('sending') : t('consoleSaveOpeningHours')}
        </button>
      </div>
    </form>
  );
}
