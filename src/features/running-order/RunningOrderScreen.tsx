/**
 * /running-order/:unique_order_id: where the customer's order stands, live.
 * The page reads the replica (the order's `runningOrder` row, and the order
 * from `orders`) and asks the worker to watch the order while it is open
 * (stream, or polling while the stream is down); offline it shows the last
 * known state with its time.
 */
import { Link, useParams } from 'react-router-dom';
import type { Order } from '../../api/order-entities.ts';
import { isFinalStatus, type RunningOrderRow } from '../../api/tracking-worker-api.ts';
import { useLanguage, useT } from '../../app/look.tsx';
import { ScreenFallback } from '../../app/ScreenFallback.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { isUnreachable } from '../stores/use-worker-refresh.ts';
import { LoadFailedScreen } from '../system/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../system/NotFoundScreen.tsx';
import { OfflineScreen } from '../system/OfflineScreen.tsx';
import { DeliveryPin } from './DeliveryPin.tsx';
import { DriverCard } from './DriverCard.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { statusSentence, stepTimeText } from './order-steps.ts';
import { StatusTimeline } from './StatusTimeline.tsx';
import { TrackingNote } from './TrackingNote.tsx';
import { useOrderTracking, useRunningOrder } from './use-running-order.ts';
import './running-order.css';

/** Preparing, driver assigned: the food is still in the kitchen. */
const BEFORE_PICKUP: readonly number[] = [2, 3];
const DELIVERED = 5;
const CANCELLED = 6;
const PAYMENT_FAILED = 9;
/** Driver assigned, picked up: the driver has the order and the customer sees where they are. */
const DRIVER_ON_THE_WAY: readonly number[] = [3, 4];

export function RunningOrderScreen() {
  const { unique_order_id: uniqueOrderId = '' } = useParams();
  const t = useT();
  const view = useRunningOrder(uniqueOrderId);
  const { result, retry } = useOrderTracking(uniqueOrderId, view?.signedIn === true);

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) return <SignInFirst title={t('screenRunningOrder')} text={t('runningOrderSignIn')} />;
  if (view.row) return <RunningOrderPage row={view.row} order={view.order} />;
  // Nothing known here yet: the first answer decides.
  if (result === null || result.ok) return <ScreenFallback />;
  if (result.reason === 'invalid' && result.code === 'NOT_FOUND') return <NotFoundScreen />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
  return <LoadFailedScreen onRetry={retry} />;
}

function RunningOrderPage({ row, order }: { row: RunningOrderRow; order: Order | null }) {
  const t = useT();
  const { tracking, status } = row;
  const orderType = tracking?.order_type ?? order?.order_type ?? 'DELIVERY';
  const history = tracking?.history ?? order?.history ?? [];
  const final = isFinalStatus(status);
  const pin = orderType === 'DELIVERY' && !final ? order?.delivery_pin : null;
  const driver = DRIVER_ON_THE_WAY.includes(status) ? tracking?.driver : null;
  // The store's word on when the food is ready (accepted with a preparation time), while it cooks: until pickup.
  const readyAt = BEFORE_PICKUP.includes(status) ? (tracking?.estimated_ready_at ?? order?.estimated_ready_at ?? null) : null;
  const id = row.unique_order_id;
  return (
    <ScreenShell title={t('screenRunningOrder')} className="running-order-screen">
      <section className="card running-order-head" aria-labelledby="running-order-number">
        <h2 id="running-order-number" className="running-order-number">
          {t('runningOrderNumber', { order: id })}
        </h2>
        {order && <p className="running-order-store">{t('runningOrderFrom', { store: order.restaurant.name })}</p>}
        <p className={`running-order-now${status === CANCELLED || status === PAYMENT_FAILED ? ' is-stop' : ''}`} aria-live="polite" data-testid="order-status">
          {t(statusSentence(status, orderType))}
        </p>
        {readyAt && <ReadyAround at={readyAt} />}
        {status === CANCELLED && tracking?.cancel_reason && <p className="running-order-reason">{t('runningOrderCancelReason', { reason: tracking.cancel_reason })}</p>}
        <TrackingNote link={row.link} fetchedAt={row.fetchedAt} final={final} />
      </section>
      {pin && <DeliveryPin pin={pin} />}
      {status === DELIVERED &&
        (row.ratedAt !== null ? (
          <p className="running-order-rated card">{t('runningOrderRated')}</p>
        ) : (
          <Link className="button button-primary button-large" to={`/rate-order/${encodeURIComponent(id)}`} data-testid="rate-order-link">
            {t('runningOrderRate')}
          </Link>
        ))}
      {driver && (
        <DriverCard
          driver={driver}
          heading={row.heading}
          store={order ? { latitude: order.restaurant.latitude, longitude: order.restaurant.longitude } : null}
          address={order && order.latitude !== null && order.longitude !== null ? { latitude: order.latitude, longitude: order.longitude } : null}
        />
      )}
      <StatusTimeline orderType={orderType} status={status} history={history} />
      {order && <OrderSummary order={order} />}
    </ScreenShell>
  );
}

function ReadyAround({ at }: { at: string }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const [before, after = ''] = t('runningOrderReadyAround').split('{time}');
  return (
    <p className="running-order-ready" data-testid="order-ready-at">
      {before}
      <time dateTime={at}>{stepTimeText(at, locale)}</time>
      {after}
    </p>
  );
}
