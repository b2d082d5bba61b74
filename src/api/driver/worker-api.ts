/**
 * The driver area's part of the sync worker's API (SyncWorkerApi extends
 * it), with the rows of `driverOrders` and `driverProfile` both sides share.
 *
 * Every driver action (going on or off duty, accept to deliver, picked up,
 * delivered, GPS fixes) goes through the outbox (DESIGN §4): the worker
 * writes the outbox row and its optimistic effect on these rows in one
 * transaction, so the screen shows the new state at once, marked as
 * waiting for the network, and after a reload. The server's final word puts
 * the row right: applied clears the mark, rejected undoes the step and
 * leaves `rejection` in words for the driver.
 */
import type { DriverOrder, DriverProfile } from './entities.ts';
import type { LoginSummary, SyncResult } from '../sync-result.ts';

import type { DriverMove } from './moves.ts';

export { DRIVER_MOVES, DRIVER_MOVE_CALLS, driverMoveFrom, driverMoveOfCall, type DriverMove, type DriverMoveCall } from './moves.ts';
/** Going on or off duty, and a batch of GPS fixes: the driver's other queued calls. */
export const TOGGLE_DUTY_CALL = 'toggle-delivery-guy-status';
export const GPS_BATCH_CALL = 'set-delivery-guy-gps-locations';
/** The driver's line in the outbox (their steps and duty toggles, in order), and the separate line of their GPS batches. */
export function driverUserKey(driverId: number): string {
  return `driver:${driverId}`;
}
export function driverGpsUserKey(driverId: number): string {
  return `${driverUserKey(driverId)}:gps`;
}

/**
 * Which of the driver's lists a row belongs to. 'taken': another driver was
 * first; offered no more (no list, no Accept), the row stays only until the
 * driver has read why (its rejection).
 */
export type DriverOrderList = 'new' | 'active' | 'completed' | 'taken';

/** A move done on this device that the server has not confirmed yet. */
export interface PendingDriverMove {
  /** The outbox row (its Idempotency-Key). */
  outboxId: string;
  move: DriverMove;
  /** The status the move leads to (orders/status.ts). */
  status: number;
  /** When the driver acted, ISO 8601: the server records this time. */
  actedAt: string;
}

/** A move the server refused (the order was cancelled, another driver took it, a wrong PIN…), in words. */
export interface DriverMoveRejection {
  outboxId: string;
  move: DriverMove;
  /** The error code, when the server gave one. */
  code: string | null;
  /** Words for the driver (the translation of the code, or the server's message). */
  words: string;
  /** When this device heard it, ms since the epoch. */
  at: number;
}

/**
 * A row of `driverOrders` (a type alias, not an interface, so it fits the
 * table's loosely typed OrderRow). `status` is what the driver sees: the
 * server's status with this device's pending moves applied on top;
 * `server_status` is the server's last word.
 */
export type DriverOrderRow = DriverOrder & {
  /** Whose row: a row of another driver is never shown (and logout clears the table). */
  driverId: number;
  list: DriverOrderList;
  server_status: number;
  /** Moves waiting in the outbox, oldest first. */
  pending: PendingDriverMove[];
  rejection: DriverMoveRejection | null;
  /** When the server last confirmed this row, ms since the epoch. */
  fetchedAt: number;
};

/**
 * The one row of `driverProfile` (id 'driver'). `is_online` is what the
 * driver sees, with a toggle still in the outbox applied; `pendingOnline`
 * says one waits.
 */
export type DriverProfileRow = Omit<DriverProfile, 'id'> & {
  id: 'driver';
  /** The driver's user id (DriverProfile.id). */
  userId: number;
  pendingOnline: boolean;
  /** When the server last confirmed it, ms since the epoch. */
  fetchedAt: number;
};

/** What a queued driver action came to after one attempt to send it. */
export interface DriverActionOutcome {
  /** True while it waits in the outbox for the network. */
  pending: boolean;
  /** Set when the server refused it at once (online): the words are also on the row. */
  rejection: DriverMoveRejection | null;
}

export interface DriverSignIn {
  email?: string;
  phone?: string;
  password: string;
}

export interface DriverFix {
  latitude: number;
  longitude: number;
  heading: number | null;
  /** When the device took it, ISO 8601. */
  recordedAt: string;
}

export interface DriverWorkerApi {
  /** delivery/login: a driver-only sign-in; keeps the session as the `driver` session row, apart from a customer's. */
  driverLogin(input: DriverSignIn): Promise<SyncResult<LoginSummary>>;
  /** Forgets the driver session and every driver row; actions still in the outbox stay and are sent with their token. */
  driverLogout(): Promise<void>;
  /** delivery/update-user-info and get-delivery-orders into `driverProfile` and `driverOrders` (new and active). */
  refreshDriver(): Promise<SyncResult>;
  /** get-single-delivery-order into `driverOrders`; an order they may no longer see leaves the replica (NOT_FOUND). */
  refreshDriverOrder(uniqueOrderId: string): Promise<SyncResult>;
  /** get-completed-orders: the first page replaces the completed rows, a later page (before) adds to them. */
  refreshCompletedOrders(before?: number): Promise<SyncResult<{ nextBefore: number | null }>>;
  /** toggle-delivery-guy-status through the outbox (kind driver-action). */
  setDriverOnline(online: boolean): Promise<SyncResult<DriverActionOutcome>>;
  /** accept-to-deliver, pickedup-order or deliver-order through the outbox (kind driver-action). */
  driverMove(uniqueOrderId: string, move: DriverMove, deliveryPin?: string): Promise<SyncResult<DriverActionOutcome>>;
  /**
   * A GPS fix while an order is active: queued (kind driver-gps); fixes
   * waiting unsent are merged into one set-delivery-guy-gps-locations batch.
   */
  recordDriverFix(fix: DriverFix): Promise<void>;
  /** The driver read the rejection: clear it from the row. */
  dismissDriverRejection(uniqueOrderId: string): Promise<void>;
}
