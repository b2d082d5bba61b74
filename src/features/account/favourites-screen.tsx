/** /my-favorite-stores: the signed-in customer's favourite stores as cards (spec §6: customers only). */
import { useLiveQuery } from '../../db/live-query.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { SyncResource } from '../../db/schema.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { StoreCardList } from '../stores/StoreCardList.tsx';
import { storesInOrder, useOrderType } from '../stores/store-rows.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { SignInFirst } from '../../ui/SignInFirst.tsx';

function useFavouriteStores() {
  const { db } = useServices();
  return useLiveQuery(
    async () => {
      const [session, rows, state] = await Promise.all([
        db.session.get('customer'),
        db.favourites.orderBy('id').toArray(),
        db.syncState.get(SyncResource.favourites),
      ]);
      const ordered = rows.sort((a, b) => a.position - b.position);
      const stores = await storesInOrder(db, ordered.map((row) => row.id));
      return { signedIn: !!session, stores, fetchedAt: state?.fetchedAt ?? null };
    },
    [db],
    null,
  );
}

export function FavoriteStoresScreen() {
  const t = useT();
  const { worker } = useServices();
  const data = useFavouriteStores();
  const orderType = useOrderType();
  const { result, retry } = useWorkerRefresh('favourites', () => worker.refreshFavourites(), data?.signedIn === true);
  const title = t('screenFavoriteStores');

  if (data === null) return <ScreenFallback />;
  if (!data.signedIn) {
    return <SignInFirst title={title} text={t('favouritesSignIn')} />;
  }
  // Never fetched and the answer is not in yet, or it failed.
  if (data.fetchedAt === null && data.stores.length === 0) {
    if (result === null) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    if (!result.ok) return <LoadFailedScreen onRetry={retry} />;
  }
  return (
    <ScreenShell title={title}>
      <SavedNote fetchedAt={data.fetchedAt} />
      {data.stores.length === 0 ? (
        <EmptyState>{t('favouritesEmpty')}</EmptyState>
      ) : (
        <StoreCardList stores={data.stores} orderType={orderType} />
      )}
    </ScreenShell>
  );
}
