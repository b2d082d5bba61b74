/** The order lifecycle of DESIGN §6: codes, names and the legal transitions. */
export const OrderStatus = {
  PLACED: 1,
  PREPARING: 2,
  DRIVER_ASSIGNED: 3,
  PICKED_UP: 4,
  DELIVERED: 5,
  CANCELLED: 6,
  READY_FOR_PICKUP: 7,
  AWAITING_PAYMENT: 8,
  PAYMENT_FAILED: 9,
} as const;
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];

export type OrderActor = 'customer' | 'store' | 'admin' | 'driver' | 'gateway' | 'system';

interface Transition {
  from: readonly OrderStatusCode[];
  to: OrderStatusCode;
  by: readonly OrderActor[];
}

export const ORDER_TRANSITIONS: readonly Transition[] = [
  { from: [OrderStatus.AWAITING_PAYMENT], to: OrderStatus.PLACED, by: ['gateway'] },
  { from: [OrderStatus.AWAITING_PAYMENT], to: OrderStatus.PAYMENT_FAILED, by: ['gateway'] },
  { from: [OrderStatus.PLACED], to: OrderStatus.PREPARING, by: ['store', 'admin', 'system'] },
  { from: [OrderStatus.PREPARING], to: OrderStatus.DRIVER_ASSIGNED, by: ['driver', 'admin'] },
  { from: [OrderStatus.PREPARING], to: OrderStatus.READY_FOR_PICKUP, by: ['store', 'admin'] },
  { from: [OrderStatus.DRIVER_ASSIGNED], to: OrderStatus.PICKED_UP, by: ['driver'] },
  { from: [OrderStatus.PICKED_UP], to: OrderStatus.DELIVERED, by: ['driver'] },
  { from: [OrderStatus.READY_FOR_PICKUP], to: OrderStatus.DELIVERED, by: ['store', 'admin'] },
  { from: [OrderStatus.PLACED], to: OrderStatus.CANCELLED, by: ['customer', 'store', 'admin'] },
  // A customer who gives up on a card payment cancels the order that waits for it (cancel-order).
  { from: [OrderStatus.AWAITING_PAYMENT], to: OrderStatus.CANCELLED, by: ['customer'] },
  {
    from: [OrderStatus.PREPARING, OrderStatus.DRIVER_ASSIGNED, OrderStatus.READY_FOR_PICKUP],
    to: OrderStatus.CANCELLED,
    by: ['store', 'admin'],
  },
];

export type TransitionCheck =
  | { ok: true; noop: boolean }
  | { ok: false; reason: 'ILLEGAL_TRANSITION' | 'NOT_ALLOWED_FOR_ACTOR' };

/** A move to the state the order is already in is a harmless no-op (replays). */
export function checkTransition(from: OrderStatusCode, to: OrderStatusCode, actor: OrderActor): TransitionCheck {
  if (from === to) return { ok: true, noop: true };
  const matching = ORDER_TRANSITIONS.filter((t) => t.to === to && t.from.includes(from));
  if (matching.length === 0) return { ok: false, reason: 'ILLEGAL_TRANSITION' };
  if (!matching.some((t) => t.by.includes(actor))) return { ok: false, reason: 'NOT_ALLOWED_FOR_ACTOR' };
  return { ok: true, noop: false };
}

/**
 * True when the table lets `actor` move an order from `from` (any number, e.g.
 * an Order's status) to another status `to`; staying put is not a move.
 */
export function canMove(from: number, to: OrderStatusCode, actor: OrderActor): boolean {
  const check = checkTransition(from as OrderStatusCode, to, actor);
  return check.ok && !check.noop;
}

/** Where `actor` may move an order from `from`, in code order (what a screen offers). */
export function nextStatusesFor(from: number, actor: OrderActor): OrderStatusCode[] {
  return ALL_STATUSES.filter((to) => canMove(from, to, actor));
}

/** Every status code, in code order. */
export const ALL_STATUSES: readonly OrderStatusCode[] = Object.values(OrderStatus).sort((a, b) => a - b);

/** Delivered (or collected), cancelled, payment failed: no transition leaves them, nothing moves any more. */
export const TERMINAL_STATUSES: readonly OrderStatusCode[] = ALL_STATUSES.filter((status) => !ORDER_TRANSITIONS.some((t) => t.from.includes(status)));

/** An order still running (check-running-order, the home banner): every status some transition leaves. */
export const ACTIVE_STATUSES: readonly OrderStatusCode[] = ALL_STATUSES.filter((status) => !TERMINAL_STATUSES.includes(status));

/** Active and past its payment: the orders in the store's hands (the console's live board asks for these). */
export const STORE_ACTIVE_STATUSES: readonly OrderStatusCode[] = ACTIVE_STATUSES.filter((status) => status !== OrderStatus.AWAITING_PAYMENT);

/** Over without arriving (cancelled, payment failed): the running order shows it in red. */
export const STOPPED_STATUSES: readonly OrderStatusCode[] = TERMINAL_STATUSES.filter((status) => status !== OrderStatus.DELIVERED);

/** The customer may cancel themselves: before the store accepts (placed) or while a card payment is pending. */
export const CANCELLABLE_BY_CUSTOMER: readonly OrderStatusCode[] = ACTIVE_STATUSES.filter((status) => canMove(status, OrderStatus.CANCELLED, 'customer'));

/** Accepted, not picked up by a driver yet (preparing, driver assigned): the food is in the kitchen, and an administrator may still give a delivery order to a driver. */
export const IN_KITCHEN_STATUSES: readonly OrderStatusCode[] = [OrderStatus.PREPARING, OrderStatus.DRIVER_ASSIGNED];

/** A driver holds the order (driver assigned, picked up): the customer sees where they are; it counts against the driver's limit. */
export const WITH_DRIVER_STATUSES: readonly OrderStatusCode[] = [OrderStatus.DRIVER_ASSIGNED, OrderStatus.PICKED_UP];

/** The steps a delivery order shows the customer, in order: placed → preparing → driver assigned → picked up → delivered. */
export const DELIVERY_STEP_PATH: readonly OrderStatusCode[] = [
  OrderStatus.PLACED,
  OrderStatus.PREPARING,
  OrderStatus.DRIVER_ASSIGNED,
  OrderStatus.PICKED_UP,
  OrderStatus.DELIVERED,
];

/** The steps a self-pickup order shows the customer, in order: placed → preparing → ready for pickup → collected. */
export const PICKUP_STEP_PATH: readonly OrderStatusCode[] = [OrderStatus.PLACED, OrderStatus.PREPARING, OrderStatus.READY_FOR_PICKUP, OrderStatus.DELIVERED];

/** `status` (any number, e.g. a stored row's) is one of `set`. */
export function isStatusIn(set: readonly OrderStatusCode[], status: number): boolean {
  return (set as readonly number[]).includes(status);
}

/** Delivered, cancelled or payment failed: nothing moves any more. */
export function isTerminalStatus(status: number): boolean {
  return isStatusIn(TERMINAL_STATUSES, status);
}

/**
 * Where a delivery order's food may be marked ready at the counter
 * (mark-order-ready): while it is prepared, whether or not a driver has
 * taken it yet; once the driver has it, the food has left.
 */
export const FOOD_READY_STATUSES: readonly OrderStatusCode[] = [OrderStatus.PREPARING, OrderStatus.DRIVER_ASSIGNED];

/** The food waits at the counter for its driver: marked ready, and not picked up yet. */
export function isFoodWaiting(order: { status: number; food_ready_at?: string | null | undefined }): boolean {
  return Boolean(order.food_ready_at) && (FOOD_READY_STATUSES as readonly number[]).includes(order.status);
}
