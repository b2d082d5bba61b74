/**
 * /delivery/orders/:unique_order_id: one order from the replica (offline
 * with its age), asked for again in the background while it is open. An
 * order the driver may no longer see says so, with the way back to the list.
 */
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { isUnreachable } from '../../base/hooks/use-worker-refresh.ts';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { DRIVER_ORDERS_PATH } from './driver-paths.ts';
import { DriverOrderDetail } from './DriverOrderDetail.tsx';
import { DriverShell } from './DriverShell.tsx';
import { useBackgroundRefresh } from './use-background-refresh.ts';
import { useDriverOrder } from './use-driver-rows.ts';

export function DriverOrderScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const { unique_order_id: uniqueOrderId = '' } = useParams();
  const view = useDriverOrder(uniqueOrderId);
  const { result, retry } = useBackgroundRefresh(
    `driver-order:${uniqueOrderId}:${view?.driver.userId ?? ''}`,
    () => worker.refreshDriverOrder(uniqueOrderId),
    view != null,
  );
  const title = t('screenDeliveryOrder');

  // The layout has the driver; the order's own read is a moment behind it.
  if (!view) return <ScreenFallback />;
  if (!view.order) {
    // An answer that worked is on its way into the replica.
    if (result === null || result.ok) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    return (
      <DriverShell title={title}>
        <EmptyState
          action={
            <Link className="button button-primary" to={DRIVER_ORDERS_PATH}>
              {t('screenDeliveryOrders')}
            </Link>
          }
        >
          {t('driverOrderGone')}
        </EmptyState>
      </DriverShell>
    );
  }
  return (
    <DriverShell title={title}>
      <DriverOrderDetail order={view.order} />
    </DriverShell>
  );
}
