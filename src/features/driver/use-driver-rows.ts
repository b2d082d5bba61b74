/**
 * Live reads of the driver's rows in the replica (STYLE habit 3): the
 * driver's session, profile and orders, and their actions still waiting in
 * the outbox. Rows of another driver (signed in before on this device) are
 * never shown. Each hook answers undefined while the replica is read.
 */
import { useLiveQuery } from '../../db/live-query.ts';
import { driverGpsUserKey, driverUserKey, type DriverOrderRow, type DriverProfileRow } from '../../api/driver/worker-api.ts';
import { OrderStatus, WITH_DRIVER_STATUSES, isStatusIn } from '../../api/orders/status.ts';
import type { OutboxEntry, OutboxStatus } from '../../api/outbox.ts';
import { useReplica } from '../../base/services.tsx';
import type { SessionRow } from '../../db/schema.ts';
import { DRIVER_SESSION_ID } from '../../db/session.ts';

export interface DriverSession {
  userId: number;
  name: string;
}

/** The signed-in driver: null when none, undefined while reading. */
export function useDriverSession(): DriverSession | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => {
    const row = await db.session.get(DRIVER_SESSION_ID);
    return row ? sessionOf(row) : null;
  }, [db]);
}

function sessionOf(row: SessionRow): DriverSession {
  return { userId: row.userId, name: typeof row.data.name === 'string' ? row.data.name : '' };
}

/** An order of theirs on the way: accepted (go to the store) or picked up (go to the customer). */
export function isActiveDelivery(row: DriverOrderRow): boolean {
  return isStatusIn(WITH_DRIVER_STATUSES, row.status);
}

/** When a delivered order was delivered: its history's step, else its last change. */
export function deliveredAt(row: DriverOrderRow): string {
  return row.history.filter((step) => step.status === OrderStatus.DELIVERED).at(-1)?.at ?? row.updated_at;
}

export interface DriverView {
  driver: DriverSession;
  /** Null until the profile was fetched once on this device. */
  profile: DriverProfileRow | null;
  /** Orders offered to them (list 'new'), waiting longest first. */
  offered: DriverOrderRow[];
  /** Their orders on the way (list 'active'), oldest first. */
  mine: DriverOrderRow[];
  /** Delivered, newest first. */
  completed: DriverOrderRow[];
}

function oldestFirst(a: DriverOrderRow, b: DriverOrderRow): number {
  return a.created_at.localeCompare(b.created_at);
}

/** Everything the driver's screens list; null when no driver is signed in, undefined while reading. */
export function useDriverView(): DriverView | null | undefined {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.driverProfile, db.driverOrders], async (): Promise<DriverView | null> => {
        const row = await db.session.get(DRIVER_SESSION_ID);
        if (!row) return null;
        const [profile, orders] = await Promise.all([db.driverProfile.get('driver'), db.driverOrders.toArray()]);
        const own = (orders as unknown as DriverOrderRow[]).filter((order) => order.driverId === row.userId);
        const ownProfile = profile as unknown as DriverProfileRow | undefined;
        return {
          driver: sessionOf(row),
          profile: ownProfile?.userId === row.userId ? ownProfile : null,
          offered: own.filter((order) => order.list === 'new').sort(oldestFirst),
          mine: own.filter((order) => order.list === 'active').sort(oldestFirst),
          completed: own.filter((order) => order.list === 'completed').sort((a, b) => deliveredAt(b).localeCompare(deliveredAt(a))),
        };
      }),
    [db],
  );
}

export interface DriverOrderView {
  driver: DriverSession;
  order: DriverOrderRow | null;
}

/** One of the driver's orders; null when no driver is signed in, undefined while reading. */
export function useDriverOrder(uniqueOrderId: string): DriverOrderView | null | undefined {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.driverOrders], async (): Promise<DriverOrderView | null> => {
        const row = await db.session.get(DRIVER_SESSION_ID);
        if (!row) return null;
        const order = (await db.driverOrders.get(uniqueOrderId)) as DriverOrderRow | undefined;
        return { driver: sessionOf(row), order: order?.driverId === row.userId ? order : null };
      }),
    [db, uniqueOrderId],
  );
}

/** Statuses of an outbox row that has not reached the server yet. */
const WAITING: readonly OutboxStatus[] = ['pending', 'sending', 'queued'];

/** The driver's outbox lines: their actions (`driver:<id>`) and their GPS batches (`driver:<id>:gps`). */
function isDriverLine(userKey: string, userId: number): boolean {
  return userKey === driverUserKey(userId) || userKey === driverGpsUserKey(userId);
}

/** The signed-in driver's actions waiting for the network, in the order they acted. */
export function useDriverOutbox(userId: number | null): OutboxEntry[] {
  const db = useReplica();
  return useLiveQuery(
    async () => {
      if (userId === null) return [];
      const rows = await db.outbox.where('status').anyOf(WAITING).toArray();
      return rows
        .filter((row) => isDriverLine(row.userKey, userId))
        .sort((a, b) => a.actedAt.localeCompare(b.actedAt) || (a.createdSeq ?? 0) - (b.createdSeq ?? 0));
    },
    [db, userId],
    [],
  );
}
