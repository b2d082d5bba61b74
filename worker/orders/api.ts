/**
 * The customer's orders: the /my-orders list and an order's standing,
 * cancelling, the running order (check-running-order, live tracking over the
 * order-events stream) and rating a delivered order. Also what other areas
 * use: the boot checks the running order (checkRunningOrder); the checkout
 * writes the order it placed or paid (putOrder, patchOrderPayment,
 * refreshOrder); the composition makes the trackers (OrderTrackers).
 */
import type { SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { SyncContext } from '../replica/context.ts';
import { cancelOrder, loadMoreOrders, refreshOrder, refreshOrders } from './orders.ts';
import { openRatableOrder, rateOrder } from './ratings.ts';
import { checkRunningOrder } from './running-order.ts';
import type { OrderTrackers } from './tracking.ts';

export { refreshOrder } from './orders.ts';
export { patchOrderPayment, putOrder } from './rows.ts';
export { checkRunningOrder } from './running-order.ts';
export { OrderTrackers, type TrackingOptions } from './tracking.ts';

export interface OrdersApiDeps {
  ctx: SyncContext;
  trackers: OrderTrackers;
}

export type OrdersHandlers = SyncWorkerAreas['orders'];

export function ordersApi({ ctx, trackers }: OrdersApiDeps): OrdersHandlers {
  // The rows check-running-order must keep: orders watched live, and finished ones a page has open.
  const watchedOrders = () => trackers.keptIds();
  return {
    checkRunningOrder: () => checkRunningOrder(ctx, watchedOrders),
    trackOrder: (uniqueOrderId) => trackers.track(uniqueOrderId),
    stopTracking: (uniqueOrderId) => trackers.stopTracking(uniqueOrderId),
    openRatableOrder: (uniqueOrderId) => openRatableOrder(ctx, uniqueOrderId),
    rateOrder: (input) => rateOrder(ctx, input),
    refreshOrders: () => refreshOrders(ctx),
    loadMoreOrders: () => loadMoreOrders(ctx),
    refreshOrder: (uniqueOrderId) => refreshOrder(ctx, uniqueOrderId),
    cancelOrder: (uniqueOrderId, reason) => cancelOrder(ctx, uniqueOrderId, reason),
  };
}
