/**
 * The driver's rows in the replica (`driverOrders`, `driverProfile`) and the
 * outbox effects of their actions (DESIGN §4 point 1). The rule throughout:
 * a row is the server's last word with the moves still in the outbox applied
 * on top, so a refresh never makes a step the driver took offline jump back,
 * and the server's final word (applied, rejected, expired) puts it right.
 * Everything here runs inside the caller's transaction.
 */
import { isApiError } from '../../src/api/errors.ts';
import type { DriverOrder, DriverProfile } from '../../src/api/driver/entities.ts';
import {
  DRIVER_MOVES,
  TOGGLE_DUTY_CALL,
  driverMoveOfCall,
  type DriverMoveRejection,
  type DriverOrderList,
  type DriverOrderRow,
  type DriverProfileRow,
  type PendingDriverMove,
} from '../../src/api/driver/worker-api.ts';
import type { OrderMoveResult } from '../../src/api/orders/entities.ts';
import { ORDER_STATUS_NAMES } from '../../src/api/orders/limits.ts';
import { DELIVERY_STEP_PATH, OrderStatus } from '../../src/api/orders/status.ts';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import { EXPIRED_WORDS, type OutboxEffect, type OutboxOutcome } from '../outbox/api.ts';

export const DRIVER_PROFILE_ID = 'driver';


export interface DriverMoveBody {
  token: string;
  unique_order_id: string;
  acted_at: string;
  delivery_pin?: string;
}

export interface ToggleDutyBody {
  token: string;
  is_online: boolean;
  acted_at: string;
}

function orderIdOf(entry: OutboxEntry): string | undefined {
  const id = (entry.body as Partial<DriverMoveBody> | null)?.unique_order_id;
  return typeof id === 'string' ? id : undefined;
}

const IN_LINE = ['pending', 'sending', 'queued'] as const;

/** This order's moves still in the outbox, in the order the driver made them. */
export async function movesInLine(db: ReplicaDatabase, uniqueOrderId?: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('status').anyOf(IN_LINE).toArray();
  return rows
    .filter((row) => driverMoveOfCall(row.call) !== undefined && (uniqueOrderId === undefined || orderIdOf(row) === uniqueOrderId))
    .sort((a, b) => (a.createdSeq ?? 0) - (b.createdSeq ?? 0));
}

function pendingOf(entry: OutboxEntry): PendingDriverMove | undefined {
  const move = driverMoveOfCall(entry.call);
  return move ? { outboxId: entry.id, move, status: DRIVER_MOVES[move].to, actedAt: entry.actedAt } : undefined;
}

/** Steps of a delivery in order from the store's accept on: a pending move shows only while it is ahead of the server's status. */
const FLOW: readonly number[] = DELIVERY_STEP_PATH.filter((status) => status !== OrderStatus.PLACED);

export function shownStatus(serverStatus: number, pending: readonly PendingDriverMove[]): number {
  const last = pending.at(-1);
  if (!last) return serverStatus;
  const serverStep = FLOW.indexOf(serverStatus);
  // Cancelled, or another state off the delivery flow: the server's word stands; the moves will be refused.
  if (serverStep < 0) return serverStatus;
  return FLOW.indexOf(last.status) > serverStep ? last.status : serverStatus;
}

/** The list a row belongs to by what the driver sees. */
export function listFor(status: number, mine: boolean): DriverOrderList {
  if (status === OrderStatus.DELIVERED && mine) return 'completed';
  if (mine) return 'active';
  return 'new';
}

function statusNameOf(status: number, fallback: DriverOrder['status_name']): DriverOrder['status_name'] {
  return (ORDER_STATUS_NAMES as Record<number, DriverOrder['status_name'] | undefined>)[status] ?? fallback;
}

/** A row from the server's order with this device's moves in line on top. */
export function rowOf(
  order: DriverOrder,
  driverId: number,
  pending: readonly PendingDriverMove[],
  rejection: DriverMoveRejection | null,
  at: number,
): DriverOrderRow {
  const status = shownStatus(order.status, pending);
  const mine = order.assigned_to_me || pending.some((move) => move.move === 'accept');
  return {
    ...order,
    status,
    status_name: statusNameOf(status, order.status_name),
    driverId,
    list: listFor(status, mine),
    server_status: order.status,
    pending: [...pending],
    rejection,
    fetchedAt: at,
  };
}

/** Writes the server's orders for this driver, rebased on the moves still in line; keeps an unread rejection. */
export async function putServerOrders(db: ReplicaDatabase, orders: readonly DriverOrder[], driverId: number, at: number): Promise<void> {
  const inLine = await movesInLine(db);
  const rows = await Promise.all(
    orders.map(async (order) => {
      const existing = (await db.driverOrders.get(order.unique_order_id)) as DriverOrderRow | undefined;
      const pending = inLine.filter((entry) => orderIdOf(entry) === order.unique_order_id).flatMap((entry) => pendingOf(entry) ?? []);
      const row = rowOf(order, driverId, pending, existing?.driverId === driverId ? existing.rejection : null, at);
      // The server may list an order another driver took a moment ago: it is still not this driver's to accept.
      return existing?.list === 'taken' && row.list === 'new' && row.rejection !== null ? { ...row, list: 'taken' as const } : row;
    }),
  );
  await db.driverOrders.bulkPut(rows);
}

/**
 * After a full refresh of the new and active lists: rows of those lists the
 * server no longer named leave, unless a move of the driver still waits on
 * them or a rejection waits to be read (the screen must explain it first).
 */
export async function dropUnlisted(db: ReplicaDatabase, listed: ReadonlySet<string>): Promise<void> {
  const rows = (await db.driverOrders.toArray()) as DriverOrderRow[];
  const gone = rows.filter(
    (row) => row.list !== 'completed' && !listed.has(row.unique_order_id) && row.pending.length === 0 && row.rejection === null,
  );
  await db.driverOrders.bulkDelete(gone.map((row) => row.unique_order_id));
}

function rejectionOf(entry: OutboxEntry, outcome: OutboxOutcome, at: number): DriverMoveRejection | null {
  const move = driverMoveOfCall(entry.call);
  if (!move) return null;
  const body = entry.response?.body;
  const code = isApiError(body) ? body.code : null;
  const words = outcome === 'expired' ? EXPIRED_WORDS : (entry.lastError ?? 'The server refused this step.');
  return { outboxId: entry.id, move, code, words, at };
}

/**
 * The effect of accept-to-deliver, pickedup-order and deliver-order.
 * apply: the step shows at once, marked pending. settle: applied takes the
 * server's tracking (status, history) and drops the mark; rejected or
 * expired drops the mark, goes back to the server's status, and leaves the
 * words for the driver (the first refusal of a run is kept: "the order was
 * cancelled" explains the refusals of the steps queued after it).
 */
export function driverMoveEffect(db: ReplicaDatabase, now: () => number): OutboxEffect {
  return {
    tables: ['driverOrders'],
    async apply(_tx, entry) {
      const id = orderIdOf(entry);
      const pending = pendingOf(entry);
      if (!id || !pending) return;
      const row = (await db.driverOrders.get(id)) as DriverOrderRow | undefined;
      if (!row) return;
      const moves = [...row.pending, pending];
      const status = shownStatus(row.server_status, moves);
      const mine = row.assigned_to_me || moves.some((move) => move.move === 'accept');
      await db.driverOrders.put({
        ...row,
        pending: moves,
        status,
        status_name: statusNameOf(status, row.status_name),
        list: listFor(status, mine),
        rejection: null,
      } satisfies DriverOrderRow);
    },
    async settle(_tx, entry, outcome) {
      const id = orderIdOf(entry);
      if (!id) return;
      const row = (await db.driverOrders.get(id)) as DriverOrderRow | undefined;
      if (!row) return;
      const moves = row.pending.filter((move) => move.outboxId !== entry.id);
      let next: DriverOrderRow = { ...row, pending: moves };
      if (outcome === 'applied') {
        const tracking = (entry.response?.body as Partial<OrderMoveResult> | undefined)?.tracking;
        if (tracking && typeof tracking.status === 'number') {
          next = {
            ...next,
            server_status: tracking.status,
            history: tracking.history ?? row.history,
            updated_at: tracking.updated_at ?? row.updated_at,
            assigned_to_me: row.assigned_to_me || pendingOf(entry)?.move === 'accept',
          };
        }
      } else {
        next = { ...next, rejection: row.rejection ?? rejectionOf(entry, outcome, now()) };
      }
      const status = shownStatus(next.server_status, moves);
      const mine = next.assigned_to_me || moves.some((move) => move.move === 'accept');
      const list = !mine && next.rejection?.code === 'ORDER_TAKEN' ? 'taken' : listFor(status, mine);
      await db.driverOrders.put({ ...next, status, status_name: statusNameOf(status, next.status_name), list });
    },
  };
}

function toggleBodyOf(entry: OutboxEntry): Partial<ToggleDutyBody> {
  return (entry.body as Partial<ToggleDutyBody> | null) ?? {};
}

/** Duty toggles still in the outbox, oldest first. */
async function togglesInLine(db: ReplicaDatabase): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('status').anyOf(IN_LINE).toArray();
  return rows.filter((row) => row.call === TOGGLE_DUTY_CALL).sort((a, b) => (a.createdSeq ?? 0) - (b.createdSeq ?? 0));
}

/** The server's profile with the newest toggle still in line on top. */
export async function putServerProfile(db: ReplicaDatabase, profile: DriverProfile, at: number, except?: string): Promise<void> {
  const waiting = (await togglesInLine(db)).filter((row) => row.id !== except);
  const newest = waiting.at(-1);
  const online = newest ? toggleBodyOf(newest).is_online === true : profile.is_online;
  const { id: userId, ...rest } = profile;
  await db.driverProfile.put({ ...rest, id: DRIVER_PROFILE_ID, userId, is_online: online, pendingOnline: newest !== undefined, fetchedAt: at } satisfies DriverProfileRow);
}

/**
 * The effect of toggle-delivery-guy-status. apply: the switch shows at once.
 * settle: the answer is the server's profile; a refusal goes back to the
 * state before this toggle (the next refresh confirms it).
 */
export function dutyToggleEffect(db: ReplicaDatabase, now: () => number): OutboxEffect {
  return {
    tables: ['driverProfile'],
    async apply(_tx, entry) {
      const row = (await db.driverProfile.get(DRIVER_PROFILE_ID)) as DriverProfileRow | undefined;
      if (!row) return;
      await db.driverProfile.put({ ...row, is_online: toggleBodyOf(entry).is_online === true, pendingOnline: true });
    },
    async settle(_tx, entry, outcome) {
      const row = (await db.driverProfile.get(DRIVER_PROFILE_ID)) as DriverProfileRow | undefined;
      if (!row) return;
      const answer = entry.response?.body as DriverProfile | undefined;
      if (outcome === 'applied' && answer && typeof answer.is_online === 'boolean') {
        await putServerProfile(db, answer, now(), entry.id);
        return;
      }
      const waiting = (await togglesInLine(db)).filter((other) => other.id !== entry.id);
      const newest = waiting.at(-1);
      const online = newest ? toggleBodyOf(newest).is_online === true : toggleBodyOf(entry).is_online !== true;
      await db.driverProfile.put({ ...row, is_online: online, pendingOnline: newest !== undefined });
    },
  };
}
