/**
 * /admin/stores: the stores with a search (name, slug or city) and more on
 * demand; /admin/stores/new and /admin/stores/:id hold the store's form.
 */
import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { AdminStoreSummary } from '../../../api/admin/catalog-entities.ts';
import { ADMIN_STORES_PAGE_SIZE } from '../../../api/admin/catalog-limits.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { ConsoleTable, Pill, QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { LoadMore, useMorePages } from '../use-more-pages.tsx';
import { useDebounced } from '../use-debounced.ts';
import { CatalogueTranslations } from '../CatalogueTranslations.tsx';
import { DELIVERY_TYPE_WORDS, draftOf, EMPTY_STORE } from './store-draft.ts';
import { StoreForm } from './StoreForm.tsx';

export default function StoresSection() {
  return (
    <Routes>
      <Route index element={<StoreList />} />
      <Route path="new" element={<NewStore />} />
      <Route path=":id" element={<EditStore />} />
    </Routes>
  );
}


function StoreList() {
  const t = useT();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const first = useConsoleQuery('admin/list-stores', { q, limit: ADMIN_STORES_PAGE_SIZE });
  const call = useConsoleCall();
  const failureText = useFailureText();
  // The pages loaded after the first belong to one search; a new search starts from its first page.
  const more = useMorePages<AdminStoreSummary>(q, async (after) => {
    const result = await call('admin/list-stores', { q, after, limit: ADMIN_STORES_PAGE_SIZE });
    return result.ok ? { rows: result.value.stores, next: result.value.next_after } : { error: failureText(result) };
  });

  return (
    <>
      <SectionHeader title={t('consoleStores')}>
        <Link className="button button-primary" to="new">
          {t('consoleAddStore')}
        </Link>
      </SectionHeader>
      <div className="console-toolbar">
        <SearchBox label={t('consoleSearchStores')} value={search} onChange={setSearch} />
      </div>
      <QueryView state={first.state} reload={first.reload}>
        {(page) => {
          const stores = [...page.stores, ...more.rows];
          const next = more.nextAfter(page.next_after);
          return (
            <>
              <ConsoleTable
                caption={t('consoleStores')}
                testId="stores-table"
                headings={[t('consoleName'), t('consoleCity'), t('consoleDeliveryType'), t('consoleOwner'), t('consoleState')]}
                empty={stores.length === 0 ? t('consoleNoMatches') : null}
              >
                {stores.map((store) => (
                  <tr key={store.id}>
                    <th scope="row">
                      <Link to={`${store.id}`}>{store.name}</Link>
                      <div className="form-hint">{store.slug}</div>
                    </th>
                    <td>{store.city}</td>
                    <td>{t(DELIVERY_TYPE_WORDS[store.delivery_type])}</td>
                    <td>{store.owner_name ?? '—'}</td>
                    <td>
                      {store.is_active ? <Pill tone="good">{t('consoleActive')}</Pill> : <Pill tone="bad">{t('consoleInactive')}</Pill>}{' '}
                      {store.is_featured && <Pill tone="brand">{t('consoleFeatured')}</Pill>}
                    </td>
                  </tr>
                ))}
              </ConsoleTable>
              <LoadMore pages={more} next={next} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

function NewStore() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <SectionHeader title={t('consoleAddStore')}>
        <Link to="/admin/stores">{t('consoleBackToStores')}</Link>
      </SectionHeader>
      <StoreForm storeId={null} initial={EMPTY_STORE} onSaved={(store) => navigate(`/admin/stores/${store.id}`, { replace: true })} />
    </>
  );
}

function EditStore() {
  const t = useT();
  const navigate = useNavigate();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const id = Number(useParams().id);
  const query = useConsoleQuery('admin/get-store', Number.isInteger(id) && id > 0 ? { id } : null);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async () => {
    const result = await call('admin/delete-store', { id });
    setDeleting(false);
    if (!result.ok) return setProblem(failureText(result));
    announce(t('consoleDeleted'));
    navigate('/admin/stores', { replace: true });
  };

  return (
    <QueryView state={query.state} reload={query.reload}>
      {(store) => (
        <>
          <SectionHeader title={store.name} intro={store.is_open ? t('consoleOpenNow') : t('consoleClosedNow')}>
            <Link to="/admin/stores">{t('consoleBackToStores')}</Link>
            <button type="button" className="button button-ghost console-danger-text" onClick={() => setDeleting(true)}>
              {t('consoleDelete')}
            </button>
          </SectionHeader>
          {problem && (
            <p className="form-alert" role="alert">
              {problem}
            </p>
          )}
          <StoreForm key={store.id} storeId={store.id} initial={draftOf(store)} onSaved={query.replace} />
          <CatalogueTranslations key={`translations-${store.id}`} kind="store" id={store.id} headingLevel={2} />
          {deleting && (
            <ConfirmDialog
              title={t('consoleDeleteTitle', { name: store.name })}
              confirmLabel={t('consoleDelete')}
              cancelLabel={t('consoleCancel')}
              onConfirm={() => void remove()}
              onCancel={() => setDeleting(false)}
            >
              <p>{t('consoleDeleteStoreBody')}</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </QueryView>
  );
}
