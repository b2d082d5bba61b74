/** The named sets of order statuses say what the transition table says, in the ways a customer, a store or a driver would notice. */
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  ALL_STATUSES,
  CANCELLABLE_BY_CUSTOMER,
  DELIVERY_STEP_PATH,
  IN_KITCHEN_STATUSES,
  ORDER_TRANSITIONS,
  OrderStatus,
  PICKUP_STEP_PATH,
  STOPPED_STATUSES,
  STORE_ACTIVE_STATUSES,
  TERMINAL_STATUSES,
  WITH_DRIVER_STATUSES,
  canMove,
  checkTransition,
  isTerminalStatus,
  nextStatusesFor,
  type OrderActor,
  type OrderStatusCode,
} from '../../../src/api/orders/status.ts';

const ACTORS: readonly OrderActor[] = ['customer', 'store', 'admin', 'driver', 'gateway', 'system'];
const { PLACED, PREPARING, DRIVER_ASSIGNED, PICKED_UP, DELIVERED, CANCELLED, READY_FOR_PICKUP, AWAITING_PAYMENT, PAYMENT_FAILED } = OrderStatus;

/** Where any actor can take an order from `from`, by any number of moves. */
function reachable(from: OrderStatusCode): Set<OrderStatusCode> {
  const seen = new Set<OrderStatusCode>();
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const t of ORDER_TRANSITIONS) {
      if (t.from.includes(at) && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

describe('the named sets of order statuses', () => {
  it('splits every status into active and terminal: a terminal order never moves again, an active one can still end', () => {
    expect([...ACTIVE_STATUSES, ...TERMINAL_STATUSES].sort()).toEqual([...ALL_STATUSES].sort());
    expect(TERMINAL_STATUSES).toEqual([DELIVERED, CANCELLED, PAYMENT_FAILED]);
    expect(ACTIVE_STATUSES).toEqual([PLACED, PREPARING, DRIVER_ASSIGNED, PICKED_UP, READY_FOR_PICKUP, AWAITING_PAYMENT]);
    for (const status of TERMINAL_STATUSES) {
      expect(isTerminalStatus(status)).toBe(true);
      for (const to of ALL_STATUSES) for (const actor of ACTORS) expect(canMove(status, to, actor)).toBe(false);
    }
    for (const status of ACTIVE_STATUSES) {
      expect(isTerminalStatus(status)).toBe(false);
      expect([...reachable(status)].some((to) => isTerminalStatus(to)), `status ${status} has a way to an end`).toBe(true);
    }
  });

  it('lets the customer cancel exactly where the table lets them (placed, awaiting payment)', () => {
    for (const status of ALL_STATUSES) {
      const table = status !== CANCELLED && checkTransition(status, CANCELLED, 'customer').ok;
      expect(CANCELLABLE_BY_CUSTOMER.includes(status), `status ${status}`).toBe(table);
    }
    expect(CANCELLABLE_BY_CUSTOMER).toEqual([PLACED, AWAITING_PAYMENT]);
  });

  it('shows the customer step paths made of the moves the table has, ending delivered', () => {
    for (const path of [DELIVERY_STEP_PATH, PICKUP_STEP_PATH]) {
      expect(path[0]).toBe(PLACED);
      expect(path.at(-1)).toBe(DELIVERED);
      for (let i = 1; i < path.length; i += 1) {
        expect(ACTORS.some((actor) => canMove(path[i - 1]!, path[i]!, actor)), `${path[i - 1]} → ${path[i]}`).toBe(true);
      }
    }
    expect(DELIVERY_STEP_PATH).toEqual([PLACED, PREPARING, DRIVER_ASSIGNED, PICKED_UP, DELIVERED]);
    expect(PICKUP_STEP_PATH).toEqual([PLACED, PREPARING, READY_FOR_PICKUP, DELIVERED]);
  });

  it('names the stages of a delivery the screens single out', () => {
    // In the kitchen: from the store's accept until a driver picks it up.
    expect(IN_KITCHEN_STATUSES).toEqual(DELIVERY_STEP_PATH.slice(DELIVERY_STEP_PATH.indexOf(PREPARING), DELIVERY_STEP_PATH.indexOf(PICKED_UP)));
    // With a driver: from their accept until they deliver; only the driver moves it on.
    expect(WITH_DRIVER_STATUSES).toEqual(DELIVERY_STEP_PATH.slice(DELIVERY_STEP_PATH.indexOf(DRIVER_ASSIGNED), -1));
    expect(canMove(PREPARING, DRIVER_ASSIGNED, 'driver')).toBe(true);
    expect(canMove(PICKED_UP, DELIVERED, 'driver')).toBe(true);
    // Stopped: over without arriving; the board of a store leaves out orders not paid yet.
    expect(STOPPED_STATUSES).toEqual([CANCELLED, PAYMENT_FAILED]);
    expect(STORE_ACTIVE_STATUSES).toEqual(ACTIVE_STATUSES.filter((status) => status !== AWAITING_PAYMENT));
  });

  it("offers a store and an administrator the table's moves, the same for both apart from giving an order to a driver", () => {
    for (const actor of ['store', 'admin'] as const) {
      for (const from of ALL_STATUSES) {
        expect(nextStatusesFor(from, actor)).toEqual(ALL_STATUSES.filter((to) => to !== from && checkTransition(from, to, actor).ok));
      }
    }
    expect(nextStatusesFor(PLACED, 'store')).toEqual([PREPARING, CANCELLED]);
    expect(nextStatusesFor(PREPARING, 'store')).toEqual([CANCELLED, READY_FOR_PICKUP]);
    expect(nextStatusesFor(PREPARING, 'admin')).toEqual([DRIVER_ASSIGNED, CANCELLED, READY_FOR_PICKUP]);
    expect(nextStatusesFor(DRIVER_ASSIGNED, 'store')).toEqual([CANCELLED]);
    expect(nextStatusesFor(READY_FOR_PICKUP, 'store')).toEqual([DELIVERED, CANCELLED]);
    expect(nextStatusesFor(PICKED_UP, 'store')).toEqual([]);
    expect(nextStatusesFor(AWAITING_PAYMENT, 'store')).toEqual([]);
    // Staying put is not a move, and an unknown code moves nowhere.
    expect(canMove(PLACED, PLACED, 'store')).toBe(false);
    expect(nextStatusesFor(42, 'admin')).toEqual([]);
  });
});
