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
