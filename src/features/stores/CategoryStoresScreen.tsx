/** /categories/stores?ids=1,2: stores near the address in any of these categories (get-filtered-restaurants). */
import { Link } from 'react-router-dom';
import { useCurrentAddress } from '../../base/hooks/use-replica-rows.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { filteredStoreListKey } from '../../db/keys.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { StoreCardList } from './StoreCardList.tsx';
import { useOrderType, useStoreList } from './store-rows.ts';
import { useQueryParam } from '../../ui/use-query-param.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';

/** '1,2,x,2' → [1, 2]: positive integers, once each. */
export function parseCategoryIds(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

export function CategoryStoresScreen() {
  const t = useT();
  const [idsParam] = useQueryParam('ids');
  const ids = parseCategoryIds(idsParam);
  const address = useCurrentAddress();
  const { worker } = useServices();
  const orderType = useOrderType();
  const key = address && ids.length > 0 ? filteredStoreListKey(address, ids) : null;
  const saved = useStoreList(key);
  const { result, retry } = useWorkerRefresh(ids.join(','), () => worker.refreshFilteredStores(ids), ids.length > 0 && !!address);
  const title = t('screenCategoryStores');

  if (ids.length === 0) return <Message title={title} text={t('categoryStoresNoIds')} />;
  if (address === null) return <Message title={title} text={t('needAddress')} link />;
  if (saved) {
    return (
      <ScreenShell title={title}>
        <SavedNote fetchedAt={saved.list.fetchedAt} />
        {saved.stores.length === 0 ? (
          <EmptyState>{t('categoryStoresEmpty')}</EmptyState>
        ) : (
          <StoreCardList stores={saved.stores} orderType={orderType} headingLevel={2} />
        )}
      </ScreenShell>
    );
  }
  if (address === undefined || saved === null || result === null) return <ScreenFallback />;
  // The worker answered ok but wrote no list: say so rather than spin.
  if (result.ok) return <Message title={title} text={t('categoryStoresEmpty')} />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
  return <LoadFailedScreen onRetry={retry} />;
}

function Message({ title, text, link = false }: { title: string; text: string; link?: boolean }) {
  const t = useT();
  return (
    <ScreenShell title={title}>
      <EmptyState
        action={
          link && (
            <Link className="button button-primary" to="/search-location">
              {t('chooseLocation')}
            </Link>
          )
        }
      >
        {text}
      </EmptyState>
    </ScreenShell>
  );
}
