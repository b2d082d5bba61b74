/**
 * /stores/:city?/:restaurant (and /:id with an item open): the store from the
 * replica at once, refreshed by openStore(slug); choosing it records the
 * order type (spec §4). Never opened here and offline → the offline screen;
 * an unknown slug → not found; a 400 → the spec's reload, once.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from '../../db/live-query.ts';
import { PrefKey, SyncResource, type StoreRow } from '../../db/schema.ts';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { StoreCartBar } from '../cart/StoreCartBar.tsx';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { ItemSheet } from './ItemSheet.tsx';
import { restoreMenuScroll } from './menu-scroll.ts';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { StoreHeader } from './StoreHeader.tsx';
import { StoreMenu } from './StoreMenu.tsx';
import { storePath } from '../../lib/store-paths.ts';
import { useStoreBySlug } from './store-page-rows.ts';
import { useOrderType } from './store-rows.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import './store-page.css';

/** sessionStorage key marking that this tab already reloaded for a store's 400. */
const RELOADED_KEY = 'foodpilot:storeForceReloaded';

export function StoreScreen() {
  const { restaurant = '', id } = useParams();
  const slug = restaurant;
  const { worker } = useServices();
  const store = useStoreBySlug(slug);
  const { result, retry } = useWorkerRefresh(`store:${slug}`, () => worker.openStore(slug));
  useForceReloadRecovery();

  if (store) return <StorePage store={store} itemId={id === undefined ? null : Number(id)} />;
  if (store === null || result === null) return <ScreenFallback />;
  if (!result.ok && result.reason === 'invalid' && result.code === 'NOT_FOUND') return <NotFoundScreen />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
  // ok with no row cannot last: the worker wrote the store before answering.
  if (result.ok) return <ScreenFallback />;
  return <LoadFailedScreen onRetry={retry} />;
}

/** Spec §4: the worker raises prefs.forceReload on a 400; clear it and reload, once per tab. */
function useForceReloadRecovery(): void {
  const { db, reloadPage } = useServices();
  const flag = useLiveQuery(() => db.prefs.get(PrefKey.forceReload), [db]);
  useEffect(() => {
    if (!flag) return;
    void db.prefs.delete(PrefKey.forceReload).then(() => {
      if (sessionStorage.getItem(RELOADED_KEY)) return;
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      reloadPage();
    });
  }, [flag, db, reloadPage]);
}

function StorePage({ store, itemId }: { store: StoreRow; itemId: number | null }) {
  const { worker, db } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const orderType = useOrderType();
  const menuState = useLiveQuery(() => db.syncState.get(SyncResource.menu(store.id)), [db, store.id]);
  const selected = useRef<number | null>(null);

  useEffect(() => {
    if (selected.current === store.id) return;
    selected.current = store.id;
    void worker.selectStore(store.id);
  }, [worker, store.id]);

  useEffect(() => {
    if (itemId === null) restoreMenuScroll();
  }, [itemId]);

  // Opened from the menu: going back closes it; opened from a link: replace it with the store page.
  const openedFromMenu = (location.state as { fromMenu?: boolean } | null)?.fromMenu === true;
  const closeItem = useCallback(() => {
    if (openedFromMenu) void navigate(-1);
    else void navigate(storePath(store), { replace: true });
  }, [navigate, store, openedFromMenu]);

  return (
    <ScreenShell title={store.name} className="store-screen">
      <SavedNote fetchedAt={store.fetchedAt} testId="store-updated" />
      <StoreHeader store={store} orderType={orderType} />
      <StoreMenu store={store} menuSaved={menuState?.fetchedAt != null} />
      <StoreCartBar storeId={store.id} />
      {itemId !== null && Number.isInteger(itemId) && <ItemSheet storeId={store.id} itemId={itemId} onClose={closeItem} />}
    </ScreenShell>
  );
}
