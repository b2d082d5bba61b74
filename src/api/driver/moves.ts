/**
 * A driver's moves on an order, declared once for every runtime (issue 31):
 * the call that makes each move and the status it leads to. Where a driver
 * may make a move from is not repeated here: the lifecycle's transition
 * table (orders/status.ts) says it, and driverMoveFrom reads it there.
 */
import { OrderStatus, canMove, type OrderStatusCode } from '../orders/status.ts';

export const DRIVER_MOVES = {
  accept: { call: 'accept-to-deliver', to: OrderStatus.DRIVER_ASSIGNED },
  pickup: { call: 'pickedup-order', to: OrderStatus.PICKED_UP },
  deliver: { call: 'deliver-order', to: OrderStatus.DELIVERED },
} as const satisfies Record<string, { call: string; to: OrderStatusCode }>;

export type DriverMove = keyof typeof DRIVER_MOVES;
export type DriverMoveCall = (typeof DRIVER_MOVES)[DriverMove]['call'];
const MOVES = Object.keys(DRIVER_MOVES) as DriverMove[];

/** The moves a driver makes on an order, by the call that makes them. */
export const DRIVER_MOVE_CALLS = Object.fromEntries(MOVES.map((move) => [move, DRIVER_MOVES[move].call])) as {
  [M in DriverMove]: (typeof DRIVER_MOVES)[M]['call'];
};

/** The move a queued call makes, or undefined for a call that is no move. */
export function driverMoveOfCall(call: string): DriverMove | undefined {
  return MOVES.find((move) => DRIVER_MOVES[move].call === call);
}

/** The move a driver makes next on an order in this status (what the driver's screen offers), if any. */
export function driverMoveFrom(status: number): DriverMove | undefined {
  return MOVES.find((move) => canMove(status, DRIVER_MOVES[move].to, 'driver'));
}
