/**
 * /my-orders/:unique_order_id: one order from the replica (offline with its
 * age): where it stands and how it got there, what was ordered with the
 * add-ons, the price part by part, where it goes and how it is paid; a way
 * to follow it while it runs, to cancel it while the store has not accepted,
 * and to rate it once delivered.
 */
import { Link, useParams } from 'react-router-dom';
import type { StoredOrder } from '../../api/checkout/worker-api.ts';
import { ACTIVE_STATUSES, isStatusIn } from '../../api/orders/status.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { storePath } from '../../lib/store-paths.ts';
import { useMoney } from '../../ui/use-money.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { CancelOrder } from './CancelOrder.tsx';
import { deliveryAddressText, orderStatusText, paymentMethodText, paymentStatusText } from '../../lib/order-words.ts';
import { PriceBreakdown } from './PriceBreakdown.tsx';
import { useOrder } from './use-orders.ts';
import './orders.css';

function isRunning(order: StoredOrder): boolean {
  return isStatusIn(ACTIVE_STATUSES, order.status);
}

function OrderDetail({ order }: { order: StoredOrder }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const running = isRunning(order);
  const delivery = order.order_type === 'DELIVERY';
  return (
    <div className="order-detail" data-testid="order-detail">
      <SavedNote fetchedAt={order.fetchedAt} />
      <section className="card order-summary" aria-labelledby="order-store">
        <h2 id="order-store" className="order-store">
          <Link to={storePath(order.restaurant)}>{order.restaurant.name}</Link>
        </h2>
        <p className="order-meta">
          {t('orderNumber', { order: order.unique_order_id })} ·{' '}
          <time dateTime={order.created_at}>{formatDate(order.created_at, locale, true)}</time>
        </p>
        <p className={`order-status order-status-${order.status}`} data-testid="order-status">
          {t(orderStatusText(order.status, order.order_type))}
        </p>
        {order.cancel_reason && <p className="order-meta">{t('orderCancelReason', { reason: order.cancel_reason })}</p>}
        {running && delivery && order.delivery_pin && (
          <p className="order-pin" data-testid="order-pin">
            {t('orderPin', { pin: order.delivery_pin })}
          </p>
        )}
        <div className="order-actions">
          {running && (
            <Link className="button button-primary" to={`/running-order/${encodeURIComponent(order.unique_order_id)}`}>
              {t('orderTrack')}
            </Link>
          )}
          {order.can_rate && (
            <Link className="button button-primary" to={`/rate-order/${encodeURIComponent(order.unique_order_id)}`}>
              {t('orderRate')}
            </Link>
          )}
        </div>
        {order.can_cancel && <CancelOrder order={order} />}
      </section>

      <section className="order-section" aria-labelledby="order-lines">
        <h2 id="order-lines" className="order-heading">
          {t('orderLines')}
        </h2>
        <ul className="order-lines">
          {order.lines.map((line, index) => (
            <li key={`${line.item_id ?? 'gone'}-${index}`} className="order-line" data-testid="order-line">
              <span className="order-line-text">
                <span className="order-line-name">{t('checkoutLine', { quantity: line.quantity, name: line.name })}</span>
                {line.addons.length > 0 && <span className="order-line-addons">{line.addons.map((addon) => addon.name).join(', ')}</span>}
              </span>
              <span className="order-line-total">{money(line.line_total)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-label={t('priceBreakdown')}>
        <PriceBreakdown price={order} orderType={order.order_type} couponCode={order.coupon_code} />
      </section>

      <section className="order-section">
        <h2 className="order-heading">{delivery ? t(deliveryAddressText(order.status)) : t('orderPickup')}</h2>
        <p>{delivery ? [order.house, order.address].filter(Boolean).join(', ') : t('checkoutPickupAt', { store: order.restaurant.name })}</p>
        <h2 className="order-heading">{t('orderPayment')}</h2>
        <p data-testid="order-payment">
          {t('orderPaymentLine', { mode: t(paymentMethodText(order.payment_mode, order.order_type)), status: t(paymentStatusText(order.payment_status)) })}
        </p>
        {order.notes && (
          <>
            <h2 className="order-heading">{t('orderNotes')}</h2>
            <p className="order-notes">{order.notes}</p>
          </>
        )}
      </section>

      <section className="order-section" aria-labelledby="order-history">
        <h2 id="order-history" className="order-heading">
          {t('orderHistory')}
        </h2>
        <ol className="order-history">
          {order.history.map((step, index) => (
            <li key={`${step.status}-${index}`} data-testid="order-history-step">
              <span>{t(orderStatusText(step.status, order.order_type))}</span>
              <time dateTime={step.at}>{formatDate(step.at, locale, true)}</time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function OrderDetailScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const { unique_order_id: uniqueOrderId = '' } = useParams();
  const view = useOrder(uniqueOrderId);
  const title = t('screenOrder');
  const known = view?.order != null;
  // Where it stands now; an order not on this device yet (a link from an alert) comes with the newest orders.
  const { result, retry } = useWorkerRefresh(
    `order:${uniqueOrderId}:${view?.userId ?? ''}`,
    () => (known ? worker.refreshOrder(uniqueOrderId) : worker.refreshOrders()),
    view?.signedIn === true,
  );

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) return <SignInFirst title={title} text={t('ordersSignIn')} />;
  if (!view.order) {
    if (result === null) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    return (
      <ScreenShell title={title}>
        <EmptyState
          action={
            <Link className="button button-primary" to="/my-orders">
              {t('screenOrders')}
            </Link>
          }
        >
          {t('orderNotFound')}
        </EmptyState>
      </ScreenShell>
    );
  }
  return (
    <ScreenShell title={title} className="orders-screen">
      <OrderDetail order={view.order} />
    </ScreenShell>
  );
}
