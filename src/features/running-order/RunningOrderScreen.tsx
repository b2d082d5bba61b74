/**
 * /running-order/:unique_order_id: where the customer's order stands, live.
 * The page reads the replica (the order's `runningOrder` row, and the order
 * from `orders`) and asks the worker to watch the order while it is open
 * (stream, or polling while the stream is down); offline it shows the last
 * known state with its time.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StoredOrder } from '../../api/checkout/worker-api.ts';
import type { Order } from '../../api/orders/entities.ts';
import { IN_KITCHEN_STATUSES, OrderStatus, STOPPED_STATUSES, WITH_DRIVER_STATUSES, isFoodWaiting, isStatusIn, isTerminalStatus } from '../../api/orders/status.ts';
import type { RunningOrderRow } from '../../api/orders/worker-api.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { PhoneLink } from '../../ui/PhoneLink.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { CancelOrder } from '../orders/CancelOrder.tsx';
import { isUnreachable } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { DeliveryPin } from './DeliveryPin.tsx';
import { DriverCard } from './DriverCard.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { statusSentence, stepTimeText } from './order-steps.ts';
import { StatusTimeline } from './StatusTimeline.tsx';
import { TrackingNote } from './TrackingNote.tsx';
import { useOrderTracking, useRunningOrder } from './use-running-order.ts';
import './running-order.css';

const { DELIVERED, CANCELLED } = OrderStatus;
/** How long an answer may take to show in the replica before the page asks again. */
const NOTHING_WRITTEN_GRACE_MS = 1_500;

export function RunningOrderScreen() {
  const { unique_order_id: uniqueOrderId = '' } = useParams();
  const t = useT();
  const view = useRunningOrder(uniqueOrderId);
  const { result, retry } = useOrderTracking(uniqueOrderId, view?.signedIn === true);

  // The worker answered and yet the replica holds neither the order's row nor the order (a check elsewhere
  // cleared it meanwhile): ask once more rather than wait for a row nothing will write.
  const answeredWithNothing = view !== null && view.signedIn && !view.row && !view.order && result?.ok === true;
  // Once more after a moment (the replica may simply not have shown the row yet), then a way out, never a spinner.
  const askedAgain = useRef(false);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!answeredWithNothing) return;
    const timer = setTimeout(() => {
      if (askedAgain.current) setGaveUp(true);
      else {
        askedAgain.current = true;
        retry();
      }
    }, NOTHING_WRITTEN_GRACE_MS);
    return () => clearTimeout(timer);
    // `retry` is rebuilt each render; the answer with nothing is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answeredWithNothing]);

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) return <SignInFirst title={t('screenRunningOrder')} text={t('runningOrderSignIn')} />;
  if (view.row) return <RunningOrderPage row={view.row} order={view.order} />;
  // The order itself is known (the orders list, checkout): show it as last heard while its row is not there.
  if (view.order) return <RunningOrderPage row={rowFromOrder(view.order)} order={view.order} />;
  // Nothing known here yet: the first answer decides.
  if (result === null) return <ScreenFallback />;
  if (result.ok) return gaveUp ? <LoadFailedScreen onRetry={retry} /> : <ScreenFallback />;
  if (result.reason === 'invalid' && result.code === 'NOT_FOUND') return <NotFoundScreen />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
  return <LoadFailedScreen onRetry={retry} />;
}

/** A row for an order the replica has only in `orders`: its status and history as the order was last fetched. */
function rowFromOrder(order: Order): RunningOrderRow {
  const stored = order as Order & { userId?: unknown; fetchedAt?: unknown };
  const fetchedAt = typeof stored.fetchedAt === 'number' ? stored.fetchedAt : Date.parse(order.updated_at) || 0;
  return {
    unique_order_id: order.unique_order_id,
    userId: typeof stored.userId === 'number' ? stored.userId : 0,
    status: order.status,
    tracking: null,
    heading: null,
    link: 'idle',
    fetchedAt,
    // Delivered and no longer ratable: rated already (here or elsewhere).
    ratedAt: order.status === DELIVERED && !order.can_rate ? fetchedAt : null,
  };
}

function RunningOrderPage({ row, order }: { row: RunningOrderRow; order: Order | null }) {
  const t = useT();
  const { tracking, status } = row;
  const orderType = tracking?.order_type ?? order?.order_type ?? 'DELIVERY';
  const history = tracking?.history ?? order?.history ?? [];
  const final = isTerminalStatus(status);
  const pin = orderType === 'DELIVERY' && !final ? order?.delivery_pin : null;
  const driver = isStatusIn(WITH_DRIVER_STATUSES, status) ? tracking?.driver : null;
  // The store's word on when the food is ready (accepted with a preparation time), while it cooks: until pickup.
  // Once the store says the food is ready (a delivery waiting for its driver), that time replaces its estimate.
  const foodReadyAt = tracking?.food_ready_at ?? order?.food_ready_at ?? null;
  const foodWaiting = orderType === 'DELIVERY' && isFoodWaiting({ status, food_ready_at: foodReadyAt });
  const estimatedReadyAt = isStatusIn(IN_KITCHEN_STATUSES, status) ? (tracking?.estimated_ready_at ?? order?.estimated_ready_at ?? null) : null;
  const readyAt = foodWaiting ? null : estimatedReadyAt;
  const arrivesAt = orderType === 'DELIVERY' && !final && status !== DELIVERED && order ? arrivalTime(order, foodWaiting ? foodReadyAt : readyAt) : null;
  const id = row.unique_order_id;
  return (
    <ScreenShell title={t('screenRunningOrder')} className="running-order-screen">
      <section className="card running-order-head" aria-labelledby="running-order-number">
        <h2 id="running-order-number" className="running-order-number">
          {t('runningOrderNumber', { order: id })}
        </h2>
        {order && <p className="running-order-store">{t('runningOrderFrom', { store: order.restaurant.name })}</p>}
        {order?.restaurant.phone && !final && <PhoneLink phone={order.restaurant.phone} name={order.restaurant.name} />}
        <p className={`running-order-now${isStatusIn(STOPPED_STATUSES, status) ? ' is-stop' : ''}`} aria-live="polite" data-testid="order-status">
          {t(statusSentence(status, orderType))}
        </p>
        {readyAt && <AroundTime at={readyAt} text="runningOrderReadyAround" testId="order-ready-at" />}
        {foodWaiting && (
          <p className="running-order-ready" data-testid="order-food-ready">
            {t('runningOrderFoodReady')}
          </p>
        )}
        {arrivesAt && <AroundTime at={arrivesAt} text="runningOrderArrivesAround" testId="order-arrives-at" />}
        {status === CANCELLED && tracking?.cancel_reason && <p className="running-order-reason">{t('runningOrderCancelReason', { reason: tracking.cancel_reason })}</p>}
        <TrackingNote link={row.link} fetchedAt={row.fetchedAt} final={final} />
      </section>
      {pin && <DeliveryPin pin={pin} />}
      {status === DELIVERED && order && order.loyalty_points_earned > 0 && (
        <p className="running-order-points card" data-testid="order-points-earned">
          {t('runningOrderPointsEarned', { points: order.loyalty_points_earned })}
        </p>
      )}
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
      {order && order.can_cancel && !final && <CancelOrder order={storedOrderOf(order)} />}
    </ScreenShell>
  );
}

/**
 * When a delivery should reach the door: the store's ready time plus the ride
 * once it accepted with a time, else its promised delivery time from when the
 * order was placed. Null while the order does not say (older replicas).
 */
export function arrivalTime(order: Order, readyAt: string | null): string | null {
  const ready = readyAt ? Date.parse(readyAt) : Number.NaN;
  if (Number.isFinite(ready) && order.travel_minutes !== undefined) return new Date(ready + order.travel_minutes * 60_000).toISOString();
  const placed = Date.parse(order.created_at);
  if (Number.isFinite(placed) && order.delivery_minutes !== undefined) return new Date(placed + order.delivery_minutes * 60_000).toISOString();
  return null;
}

function storedOrderOf(order: Order): StoredOrder {
  const stored = order as Partial<StoredOrder>;
  return { ...order, userId: stored.userId ?? 0, fetchedAt: stored.fetchedAt ?? 0 };
}

/** A sentence with a time in it ("…ready around {time}"): the time a <time> element, in the language's format. */
function AroundTime({ at, text, testId }: { at: string; text: 'runningOrderReadyAround' | 'runningOrderArrivesAround'; testId: string }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const [before, after = ''] = t(text).split('{time}');
  return (
    <p className="running-order-ready" data-testid={testId}>
      {before}
      <time dateTime={at}>{stepTimeText(at, locale)}</time>
      {after}
    </p>
  );
}
