/**
 * Concepts declared once in the contract and read by every runtime (issue
 * 31): a driver's moves (the call, and where it leads; where it may start
 * is the lifecycle's transition table) and the stores' delivery types.
 */
import { describe, expect, it } from 'vitest';
import { appCalls } from '../../../src/api/calls.ts';
import { DELIVERY_TYPES, DeliveryType, offersDelivery, offersPickup } from '../../../src/api/delivery-types.ts';
import { DRIVER_MOVES, DRIVER_MOVE_CALLS, driverMoveFrom, driverMoveOfCall } from '../../../src/api/driver/moves.ts';
import { ALL_STATUSES, OrderStatus } from '../../../src/api/orders/status.ts';

describe("a driver's moves", () => {
  it('offer the next step of a delivery by its status, and nothing where a driver has nothing to do', () => {
    const offered = Object.fromEntries(ALL_STATUSES.map((status) => [status, driverMoveFrom(status) ?? null]));
    expect(offered).toEqual({
      [OrderStatus.PLACED]: null,
      [OrderStatus.PREPARING]: 'accept',
      [OrderStatus.DRIVER_ASSIGNED]: 'pickup',
      [OrderStatus.PICKED_UP]: 'deliver',
      [OrderStatus.DELIVERED]: null,
      [OrderStatus.CANCELLED]: null,
      [OrderStatus.READY_FOR_PICKUP]: null,
      [OrderStatus.AWAITING_PAYMENT]: null,
      [OrderStatus.PAYMENT_FAILED]: null,
    });
  });

  it('are each made by a call of the contract, which names its move back', () => {
    for (const [move, { call }] of Object.entries(DRIVER_MOVES)) {
      expect(appCalls).toHaveProperty([call]);
      expect(driverMoveOfCall(call)).toBe(move);
      expect(DRIVER_MOVE_CALLS[move as keyof typeof DRIVER_MOVES]).toBe(call);
    }
    expect(driverMoveOfCall('toggle-delivery-guy-status')).toBeUndefined();
  });
});

describe('delivery types', () => {
  it('say which stores deliver and which hand over at the counter', () => {
    expect(DELIVERY_TYPES.filter(offersDelivery)).toEqual([DeliveryType.DELIVERY, DeliveryType.BOTH]);
    expect(DELIVERY_TYPES.filter(offersPickup)).toEqual([DeliveryType.SELFPICKUP, DeliveryType.BOTH]);
    expect(offersDelivery(4)).toBe(false);
  });
});
