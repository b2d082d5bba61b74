/**
 * /delivery/orders: the orders offered to the driver and the ones they
 * carry, from the replica (offline with "Updated N min ago"), refreshed in
 * the background so a new order shows without a tap.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DriverOrderRow } from '../../api/driver/worker-api.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { DRIVER_HOME_PATH } from './driver-paths.ts';
import { DriverOrderCard } from './DriverOrderCard.tsx';
import { useSignedInDriver } from './DriverLayout.tsx';
import { DriverShell } from './DriverShell.tsx';
import { NotYetLoaded } from './NotYetLoaded.tsx';
import { useBackgroundRefresh } from './use-background-refresh.ts';

export function DriverOrdersScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const view = useSignedInDriver();
  const { result, retry } = useBackgroundRefresh(`driver:${view.driver.userId}`, () => worker.refreshDriver(), true);

  if (!view.profile) return <NotYetLoaded result={result} onRetry={retry} />;
  const onDuty = view.profile.is_online;
  return (
    <DriverShell title={t('screenDeliveryOrders')}>
      <SavedNote fetchedAt={view.profile.fetchedAt} />
      <OrderSection
        id="driver-new-orders"
        title="driverNewOrders"
        orders={view.offered}
        empty={
          onDuty ? (
            t('driverNoNewOrders')
          ) : (
            <>
              {t('driverNoNewOrdersOffDuty')} <Link to={DRIVER_HOME_PATH}>{t('driverGoOnDuty')}</Link>
            </>
          )
        }
      />
      <OrderSection id="driver-my-orders" title="driverMyOrders" orders={view.mine} empty={t('driverNoMyOrders')} />
    </DriverShell>
  );
}

function OrderSection({ id, title, orders, empty }: { id: string; title: TextKey; orders: DriverOrderRow[]; empty: ReactNode }) {
  const t = useT();
  return (
    <section className="driver-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="driver-section-title">
        {t(title)} <span className="driver-section-count">({orders.length})</span>
      </h2>
      {orders.length === 0 ? (
        <p className="driver-empty">{empty}</p>
      ) : (
        <ul className="grouped-list driver-order-list">
          {orders.map((order) => (
            <DriverOrderCard key={order.unique_order_id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
