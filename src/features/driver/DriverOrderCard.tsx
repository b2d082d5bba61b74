/** One order in the driver's lists: where from and to, what they earn, how it is paid and what to collect, where it stands. */
import { Link } from 'react-router-dom';
import type { DriverOrderRow } from '../../api/driver/worker-api.ts';
import { isFoodWaiting } from '../../api/orders/status.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { paymentMethodText } from '../../lib/order-words.ts';
import { distanceText } from '../../lib/map-geometry.ts';
import { useMoney } from '../../ui/use-money.ts';
import { driverOrderPath } from './driver-paths.ts';
import { driverStatusText } from './driver-words.ts';
import { PendingMark } from './PendingMark.tsx';
import { deliveredAt } from './use-driver-rows.ts';

export function DriverOrderCard({ order }: { order: DriverOrderRow }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const completed = order.list === 'completed';
  return (
    <li>
      <Link className="driver-order" to={driverOrderPath(order.unique_order_id)} data-testid="driver-order">
        <span className="driver-order-head">
          <span className="driver-order-store">{order.restaurant.name}</span>
          <span className="driver-order-earning">{t('driverEarning', { amount: money(order.earning) })}</span>
        </span>
        <span className="driver-order-where">
          {completed ? (
            <time dateTime={deliveredAt(order)}>{t('driverDeliveredAt', { time: formatDate(deliveredAt(order), locale, true) })}</time>
          ) : (
            t('driverOrderWhere', { address: order.address, distance: distanceText(order.distance_km, t) })
          )}
        </span>
        <span className="driver-order-pay">
          {t(paymentMethodText(order.payment_mode, 'DELIVERY'))}
          {!completed && order.cash_to_collect > 0 && (
            <strong className="driver-cash" data-testid="driver-order-cash">
              {t('driverCashToCollect', { amount: money(order.cash_to_collect) })}
            </strong>
          )}
        </span>
        <span className="driver-order-state">
          <span className={`driver-status is-${order.status}`}>{t(driverStatusText(order.status))}</span>
          {isFoodWaiting(order) && (
            <span className="driver-food-ready" data-testid="driver-food-ready">
              {t('driverFoodReady')}
            </span>
          )}
          {order.pending.length > 0 && <PendingMark />}
          <span className="driver-order-id">{t('orderNumber', { order: order.unique_order_id })}</span>
        </span>
        {order.rejection && (
          <span className="driver-order-rejection" data-testid="driver-order-rejection">
            {order.rejection.words}
          </span>
        )}
      </Link>
    </li>
  );
}
