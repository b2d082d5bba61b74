/**
 * The rules a move must pass beyond the state machine's table
 * (src/api/orders/status.ts checkTransition), and the words of each refusal:
 * the 409 messages say where the order is ("This order was already picked
 * up."), so the app can show them as they are.
 */
import { checkTransition, ORDER_TRANSITIONS, OrderStatus, type OrderActor, type OrderStatusCode } from '../../src/api/orders/status.ts';
import { forbidden } from '../account/authenticate.ts';
import type { OrderTypeColumn } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';

export interface MoveRequest {
  to: OrderStatusCode;
  actor: OrderActor;
  actorUserId: number | null;
  /** An administrator giving the order to a driver (→ driver assigned): who gets it. */
  driverUserId?: number;
}

export interface OrderPosition {
  status: number;
  order_type: OrderTypeColumn;
  driver_user_id: number | null;
}

const STEP_NAMES: Record<OrderStatusCode, string> = {
  [OrderStatus.PLACED]: 'placed',
  [OrderStatus.PREPARING]: 'preparing',
  [OrderStatus.DRIVER_ASSIGNED]: 'driver assigned',
  [OrderStatus.PICKED_UP]: 'picked up',
  [OrderStatus.DELIVERED]: 'delivered',
  [OrderStatus.CANCELLED]: 'cancelled',
  [OrderStatus.READY_FOR_PICKUP]: 'ready for pickup',
  [OrderStatus.AWAITING_PAYMENT]: 'awaiting payment',
  [OrderStatus.PAYMENT_FAILED]: 'payment failed',
};

const ACTOR_NAMES: Record<OrderActor, string> = {
  customer: 'the customer',
  store: 'the store',
  admin: 'an admin',
  driver: 'the driver',
  gateway: 'the payment gateway',
  system: 'the system',
};

/** Where the order is, in words a refused user understands. */
export function whereTheOrderIs(order: Pick<OrderPosition, 'status' | 'order_type'>): string {
  switch (order.status) {
    case OrderStatus.PLACED:
      return 'The store has not accepted this order yet.';
    case OrderStatus.PREPARING:
      return 'The store is preparing this order.';
    case OrderStatus.DRIVER_ASSIGNED:
      return 'A driver already has this order.';
    case OrderStatus.PICKED_UP:
      return 'This order was already picked up.';
    case OrderStatus.DELIVERED:
      return order.order_type === 'SELFPICKUP' ? 'This order was already collected.' : 'This order was already delivered.';
    case OrderStatus.CANCELLED:
      return 'This order was cancelled.';
    case OrderStatus.READY_FOR_PICKUP:
      return 'This order is ready for pickup.';
    case OrderStatus.AWAITING_PAYMENT:
      return 'This order is still waiting for its payment.';
    case OrderStatus.PAYMENT_FAILED:
      return 'The payment for this order failed.';
    default:
      return 'This order is in an unknown state.';
  }
}

/** The move changes nothing: the order is already where it asks (the same driver, for an assignment). */
export function isAlreadyThere(order: OrderPosition, move: MoveRequest): boolean {
  if (order.status !== move.to) return false;
  if (move.to === OrderStatus.DRIVER_ASSIGNED && move.actor === 'driver') return order.driver_user_id === move.actorUserId;
  if (move.to === OrderStatus.DRIVER_ASSIGNED && move.driverUserId !== undefined) return order.driver_user_id === move.driverUserId;
  return true;
}

/** The refusal of a move that is not a no-op, or null when it may go ahead. */
export function refusalOf(order: OrderPosition, move: MoveRequest): HttpError | null {
  const from = order.status as OrderStatusCode;
  // Another driver's order: the same answer whatever step it reached, so a slow driver learns why.
  if (move.to === OrderStatus.DRIVER_ASSIGNED && move.actor === 'driver' && order.driver_user_id !== null && order.driver_user_id !== move.actorUserId) {
    return new HttpError(409, 'ORDER_TAKEN', 'Another driver already took this order.');
  }
  const check = checkTransition(from, move.to, move.actor);
  if (!check.ok && check.reason === 'ILLEGAL_TRANSITION') {
    return new HttpError(409, 'ILLEGAL_TRANSITION', `${whereTheOrderIs(order)} It cannot be moved to ${STEP_NAMES[move.to]}.`);
  }
  if (!check.ok) {
    const allowed = ORDER_TRANSITIONS.filter((t) => t.to === move.to && t.from.includes(from)).flatMap((t) => t.by);
    const who = [...new Set(allowed)].map((actor) => ACTOR_NAMES[actor]).join(' or ');
    return new HttpError(409, 'NOT_ALLOWED_FOR_ACTOR', `Only ${who} can move this order from ${STEP_NAMES[from]} to ${STEP_NAMES[move.to]}.`);
  }
  if (move.to === OrderStatus.DRIVER_ASSIGNED && order.order_type !== 'DELIVERY') {
    return new HttpError(409, 'WRONG_ORDER_TYPE', 'This is a self-pickup order: the customer collects it, no driver delivers it.');
  }
  if (move.to === OrderStatus.DRIVER_ASSIGNED && move.actor !== 'driver' && move.driverUserId === undefined && order.driver_user_id === null) {
    return new HttpError(409, 'ILLEGAL_TRANSITION', 'No driver has taken this order yet.');
  }
  if (move.to === OrderStatus.READY_FOR_PICKUP && order.order_type !== 'SELFPICKUP') {
    return new HttpError(409, 'WRONG_ORDER_TYPE', 'This is a delivery order: a driver collects it, it is not marked ready for pickup.');
  }
  const driverStep = move.to === OrderStatus.PICKED_UP || (move.to === OrderStatus.DELIVERED && from === OrderStatus.PICKED_UP);
  if (driverStep && move.actor === 'driver' && order.driver_user_id !== move.actorUserId) {
    return forbidden('Another driver has this order.');
  }
  return null;
}

export function stepName(status: OrderStatusCode): string {
  return STEP_NAMES[status];
}
