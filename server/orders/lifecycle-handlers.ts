/**
 * The order lifecycle's calls: the store's moves (its owner or an admin),
 * the driver's moves, the store's order list, the order's live status and
 * the driver's position. Every move goes through moveOrder
 * (server/orders/transitions.ts); this module decides who may ask.
 *
 * Reads of an order that the caller may not read answer NOT_FOUND (they
 * learn nothing of it); moves on an order they may not act on answer
 * FORBIDDEN.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { OrderMoveResult } from '../../src/api/orders/entities.ts';
import { OrderStatus, type OrderStatusCode } from '../../src/api/orders/status.ts';
import { DRIVER_MOVES } from '../../src/api/driver/moves.ts';
import { forbidden } from '../account/authenticate.ts';
import { checkDriverMayTake } from '../driver/accept-rules.ts';
import { readDriverSettings } from '../driver/driver-settings.ts';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/http-error.ts';
import { saveDriverFix } from '../driver/driver-location.ts';
import { DeliveryPinGuard, wrongDeliveryPin } from '../driver/pin-guard.ts';
import { storeOrdersFor } from './lifecycle-store-orders.ts';
import { driverIsOnTheWay, readDriverPosition, readTracking } from './lifecycle-tracking.ts';
import { canActForStore, canReadOrder, loadOrderFacts, type OrderFacts } from './order-access.ts';
import { orderEvents } from './order-events.ts';
import { moveOrder, type OrderMove } from './transitions.ts';
import { storeAnswerWithin } from '../http/idempotency.ts';
import { checkedTime } from '../driver/checked-time.ts';
import { moveOrderAudited } from './audited-order-move.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';
import { markFoodReady } from './food-ready.ts';

export type LifecycleCalls =
  | 'accept-order'
  | 'mark-order-ready'
  | 'complete-pickup-order'
  | 'store-cancel-order'
  | 'get-store-orders'
  | 'accept-to-deliver'
  | 'pickedup-order'
  | 'deliver-order'
  | 'set-delivery-guy-gps-location'
  | 'get-delivery-guy-gps-location'
  | 'get-order-status';

interface OrderRef {
  token?: string | undefined;
  unique_order_id: string;
}

interface DriverAction extends OrderRef {
  acted_at?: string | undefined;
}

export function createLifecycleHandlers(app: FastifyInstance): Pick<CallHandlers, LifecycleCalls> {
  const pins = new DeliveryPinGuard();

  async function orderNamed(uniqueOrderId: string): Promise<OrderFacts> {
    const order = await loadOrderFacts(app, uniqueOrderId);
    if (!order) throw notFound(`There is no order ${uniqueOrderId}.`);
    return order;
  }

  /** The order, if the caller may read it; NOT_FOUND otherwise. */
  async function readableOrder(request: FastifyRequest, body: OrderRef): Promise<OrderFacts> {
    const user = userOf(request);
    const order = await loadOrderFacts(app, body.unique_order_id);
    if (!order || !canReadOrder(user, order)) throw notFound(`There is no order ${body.unique_order_id}.`);
    return order;
  }

  /** The answer to a move, read and stored (the call's Idempotency-Key) in the move's own transaction. */
  async function answerWithin(request: FastifyRequest, trx: Kysely<Database>, orderId: number, changed: boolean): Promise<OrderMoveResult> {
    const tracking = await readTracking(app, trx, orderId);
    if (!tracking) throw notFound('This order no longer exists.');
    const result = { changed, tracking };
    await storeAnswerWithin(request, trx, result);
    return result;
  }

  async function answer(request: FastifyRequest, move: OrderMove): Promise<OrderMoveResult> {
    const { result, orderId } = await app.db.transaction().execute(async (trx) => {
      const { order, changed } = await moveOrder(app, trx, move);
      return { result: await answerWithin(request, trx, Number(order.id), changed), orderId: Number(order.id) };
    });
    // Committed: the live streams see it at once.
    if (result.changed) orderEvents.announce(orderId);
    return result;
  }

  /** A move of the order's store (its owner, or an admin), audited as the call that made it (moveOrderAudited). */
  async function storeMove(
    request: FastifyRequest,
    body: OrderRef,
    action: LifecycleCalls,
    to: OrderStatusCode,
    extra: Pick<OrderMove, 'note' | 'prepMinutes'> = {},
  ): Promise<OrderMoveResult> {
    const user = userOf(request);
    const order = await orderNamed(body.unique_order_id);
    if (!canActForStore(user, order)) throw forbidden("Only the order's store or an admin can do this.");
    const move: OrderMove = { orderId: order.id, to, actor: user.role === 'admin' ? 'admin' : 'store', actorUserId: user.id, ...extra };
    let result: OrderMoveResult | undefined;
    await moveOrderAudited(app, user, action, move, async (trx, moved) => {
      result = await answerWithin(request, trx, order.id, moved.changed);
    });
    if (!result) throw new Error('moveOrderAudited did not answer');
    return result;
  }

  /** A delivery order's food ready at the counter (food-ready.ts): the store's word, audited like its moves. */
  async function foodReady(request: FastifyRequest, order: OrderFacts): Promise<OrderMoveResult> {
    const user = userOf(request);
    if (!canActForStore(user, order)) throw forbidden("Only the order's store or an admin can do this.");
    const result = await app.db.transaction().execute(async (trx) => {
      const { changed } = await markFoodReady(app, trx, order.id, new Date());
      if (changed) {
        await app.auditRepository.record({
          userId: user.id,
          role: user.role,
          action: 'mark-order-ready',
          entity: 'orders',
          entityId: order.unique_order_id,
          details: { food_ready: true, restaurant_id: order.restaurant_id },
        }, trx);
      }
      return answerWithin(request, trx, order.id, changed);
    });
    if (result.changed) orderEvents.announce(order.id);
    return result;
  }

  /**
   * A driver's move on an order they have (or, for accept-to-deliver, want:
   * then they must be on duty, deliver for its store and hold fewer orders
   * than their limit, checked in the move's transaction, after a replay of
   * their own accept has answered changed: false and another driver's order
   * ORDER_TAKEN).
   */
  async function driverMove(
    request: FastifyRequest,
    body: DriverAction,
    to: OrderStatusCode,
    beforeMove?: (order: OrderFacts) => Promise<void>,
  ): Promise<OrderMoveResult> {
    const driver = userOf(request);
    const actedAt = checkedTime(body.acted_at, 'acted_at');
    const order = await orderNamed(body.unique_order_id);
    const accepting = to === OrderStatus.DRIVER_ASSIGNED;
    if (!accepting && order.driver_user_id !== driver.id) throw forbidden('This order is not assigned to you.');
    await beforeMove?.(order);
    return answer(request, {
      orderId: order.id,
      to,
      actor: 'driver',
      actorUserId: driver.id,
      happenedAt: actedAt,
      ...(accepting ? { precondition: (trx, row) => checkDriverMayTake(app, trx, driver.id, row) } : {}),
    });
  }

  return {
    'accept-order': (body, request) =>
      storeMove(request, body, 'accept-order', OrderStatus.PREPARING, body.prep_minutes === undefined ? {} : { prepMinutes: body.prep_minutes }),
    'mark-order-ready': async (body, request) => {
      const order = await orderNamed(body.unique_order_id);
      // Self pickup: ready at the counter is the step before collection. Delivery: a time on the order, the driver's cue.
      if (order.order_type === 'DELIVERY') return foodReady(request, order);
      return storeMove(request, body, 'mark-order-ready', OrderStatus.READY_FOR_PICKUP);
    },
    'complete-pickup-order': (body, request) => storeMove(request, body, 'complete-pickup-order', OrderStatus.DELIVERED),
    'store-cancel-order': (body, request) => {
      const reason = body.reason.trim();
      return storeMove(request, body, 'store-cancel-order', OrderStatus.CANCELLED, reason === '' ? {} : { note: reason });
    },

    'get-store-orders': async (body, request) => {
      const user = userOf(request);
      const updatedSince = checkedTime(body.updated_since, 'updated_since');
      const orders = await storeOrdersFor(app, user, { restaurantId: body.restaurant_id, statuses: body.status, limit: body.limit, updatedSince });
      return { orders };
    },

    [DRIVER_MOVES.accept.call]: (body, request) => driverMove(request, body, DRIVER_MOVES.accept.to),
    [DRIVER_MOVES.pickup.call]: (body, request) => driverMove(request, body, DRIVER_MOVES.pickup.to),
    [DRIVER_MOVES.deliver.call]: (body, request) =>
      driverMove(request, body, DRIVER_MOVES.deliver.to, async (order) => {
        if (!(await readDriverSettings(app)).pinRequired) return;
        if (body.delivery_pin === undefined) throw wrongDeliveryPin();
        const row = await app.ordersRepository.deliveryPinOf(order.id);
        pins.check(order.id, body.delivery_pin, row.delivery_pin);
      }),

    'set-delivery-guy-gps-location': async (body, request) => {
      const driver = userOf(request);
      return saveDriverFix(app, driver.id, {
        latitude: body.latitude,
        longitude: body.longitude,
        heading: body.heading ?? null,
        recordedAt: checkedTime(body.recorded_at, 'recorded_at'),
      });
    },

    'get-delivery-guy-gps-location': async (body, request) => {
      const order = await readableOrder(request, body);
      if (order.driver_user_id === null) return { unique_order_id: order.unique_order_id, driver_name: null, position: null };
      const [driver, position] = await Promise.all([
        app.usersRepository.nameOf(order.driver_user_id),
        driverIsOnTheWay(order.status) ? readDriverPosition(app, app.db, order.driver_user_id) : Promise.resolve(null),
      ]);
      return { unique_order_id: order.unique_order_id, driver_name: driver?.name ?? null, position };
    },

    'get-order-status': async (body, request) => {
      const order = await readableOrder(request, body);
      const tracking = await readTracking(app, app.db, order.id);
      if (!tracking) throw notFound(`There is no order ${body.unique_order_id}.`);
      return tracking;
    },
  };
}
