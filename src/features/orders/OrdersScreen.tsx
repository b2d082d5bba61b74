/**
 * /my-orders: the customer's orders, newest first, from the replica (so the
 * list shows offline with its age), refreshed from get-orders on opening;
 * "Load more" follows the server's cursor to older pages.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StoredOrder } from '../../api/checkout/worker-api.ts';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { orderStatusText } from '../../lib/order-words.ts';
import { useOrders } from './use-orders.ts';
import '../../ui/grouped-list.css';
import './orders.css';

export function orderPath(uniqueOrderId: string): string {
  return `/my-orders/${encodeURIComponent(uniqueOrderId)}`;
}

function OrderItem({ order }: { order: StoredOrder }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  return (
    <li>
      <Link className="order-item" to={orderPath(order.unique_order_id)} data-testid="order-item">
        <span className="order-item-main">
          <span className="order-item-store">{order.restaurant.name}</span>
          <time className="order-item-date" dateTime={order.created_at}>
            {formatDate(order.created_at, locale, true)}
          </time>
          <span className="order-item-id">{t('orderNumber', { order: order.unique_order_id })}</span>
        </span>
        <span className="order-item-side">
          <span className="order-item-total">{money(order.total)}</span>
          <span className={`order-status order-status-${order.status}`} data-testid="order-status">
            {t(orderStatusText(order.status, order.order_type))}
          </span>
        </span>
      </Link>
    </li>
  );
}

function LoadMore() {
  const t = useT();
  const worker = useSyncWorker();
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<SyncFailure | null>(null);
  const load = async () => {
    setLoading(true);
    setFailure(null);
    const result = await worker.loadMoreOrders();
    setLoading(false);
    if (!result.ok) setFailure(result);
  };
  return (
    <div className="orders-more">
      {failure && (
        <p className="orders-problem" role="alert">
          {failure.reason === 'offline' || failure.reason === 'timeout' ? t('ordersLoadMoreOffline') : t(failureTextKey(failure))}
        </p>
      )}
      <button type="button" className="button button-ghost" disabled={loading} onClick={() => void load()}>
        {loading ? t('loading') : t('ordersLoadMore')}
      </button>
    </div>
  );
}

export function OrdersScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const view = useOrders();
  const { result, retry } = useWorkerRefresh(`orders:${view?.userId ?? ''}`, () => worker.refreshOrders(), view?.signedIn === true);
  const title = t('screenOrders');

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) return <SignInFirst title={title} text={t('ordersSignIn')} />;
  if (view.list === null && view.orders.length === 0) {
    // An answer that worked is on its way into the replica.
    if (result === null || result.ok) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    return <LoadFailedScreen onRetry={retry} />;
  }

  return (
    <ScreenShell title={title} className="orders-screen">
      <SavedNote fetchedAt={view.list?.fetchedAt} />
      {view.orders.length === 0 ? (
        <EmptyState
          action={
            <Link className="button button-primary" to="/">
              {t('cartBrowseStores')}
            </Link>
          }
        >
          {t('ordersEmpty')}
        </EmptyState>
      ) : (
        <ul className="grouped-list orders-list" aria-label={title}>
          {view.orders.map((order) => (
            <OrderItem key={order.unique_order_id} order={order} />
          ))}
        </ul>
      )}
      {view.list?.nextBefore != null && <LoadMore />}
    </ScreenShell>
  );
}
