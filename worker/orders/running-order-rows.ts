/**
 * Writes of the `runningOrder` table (RunningOrderRow). Each write checks,
 * in its transaction, that the customer it was made for is still the one
 * signed in: an answer arriving after logout must not bring back a row that
 * logout cleared (worker/replica/session.ts). Each step also patches the
 * order's `orders` row (rows.ts, the orders list's own patch), so
 * /my-orders moves with the running order.
 */
import type { OrderTracking } from '../../src/api/orders/entities.ts';
import { isTerminalStatus } from '../../src/api/orders/status.ts';
import { bearingDegrees, distanceKm, runningOrderRowOf, type RunningOrderRow, type TrackingLink } from '../../src/api/orders/worker-api.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import { CUSTOMER_SESSION_ID } from '../../src/db/session.ts';
import { patchOrderTracking } from './rows.ts';

/** The customer a watch or a check runs for. */
export interface Viewer {
  userId: number;
  token: string;
}

/** Closer moves than this say nothing reliable about the driver's direction (GPS jitter). */
const MIN_MOVE_FOR_HEADING_KM = 0.01;

async function stillSignedIn(db: ReplicaDatabase, viewer: Viewer): Promise<boolean> {
  return (await db.session.get(CUSTOMER_SESSION_ID))?.userId === viewer.userId;
}

export async function readRunningOrderRow(db: ReplicaDatabase, uniqueOrderId: string): Promise<RunningOrderRow | null> {
  return runningOrderRowOf(await db.runningOrder.get(uniqueOrderId));
}

export function newRunningOrderRow(viewer: Viewer, uniqueOrderId: string, status: number, at: number): RunningOrderRow {
  return { unique_order_id: uniqueOrderId, userId: viewer.userId, status, tracking: null, heading: null, link: 'idle', fetchedAt: at, ratedAt: null };
}

/** The driver's direction: from their move since the last known position, else what was known. */
function headingAfter(previous: RunningOrderRow | null, tracking: OrderTracking): number | null {
  const driver = tracking.driver;
  if (!driver || driver.latitude === null || driver.longitude === null) return null;
  const before = previous?.tracking?.driver;
  if (before && before.latitude !== null && before.longitude !== null) {
    const from = { latitude: before.latitude, longitude: before.longitude };
    const to = { latitude: driver.latitude, longitude: driver.longitude };
    if (distanceKm(from, to) >= MIN_MOVE_FOR_HEADING_KM) return bearingDegrees(from, to);
  }
  return previous?.heading ?? null;
}

/**
 * Where the order stands now, as get-order-status or a stream message said
 * (a final order is watched no more: its link is idle). Answers false when
 * the customer signed out meanwhile (nothing written).
 */
export async function writeTracking(db: ReplicaDatabase, viewer: Viewer, tracking: OrderTracking, link: TrackingLink, at: number): Promise<boolean> {
  return db.transaction('rw', [db.runningOrder, db.session, db.orders], async () => {
    if (!(await stillSignedIn(db, viewer))) return false;
    await patchOrderTracking(db, tracking, at);
    const stored = await readRunningOrderRow(db, tracking.unique_order_id);
    const previous = stored?.userId === viewer.userId ? stored : null;
    const base = previous ?? newRunningOrderRow(viewer, tracking.unique_order_id, tracking.status, at);
    await db.runningOrder.put({ ...base, status: tracking.status, tracking, heading: headingAfter(previous, tracking), link: isTerminalStatus(tracking.status) ? 'idle' : link, fetchedAt: at });
    return true;
  });
}

/**
 * A change to the order's row (a heartbeat's time, the link, a heading),
 * computed from the row as stored. False when the customer signed out.
 */
export async function updateRunningOrder(
  db: ReplicaDatabase,
  viewer: Viewer,
  uniqueOrderId: string,
  change: (row: RunningOrderRow) => Partial<RunningOrderRow>,
): Promise<boolean> {
  return db.transaction('rw', db.runningOrder, db.session, async () => {
    if (!(await stillSignedIn(db, viewer))) return false;
    const row = await readRunningOrderRow(db, uniqueOrderId);
    if (row && row.userId === viewer.userId) await db.runningOrder.put({ ...row, ...change(row) });
    return true;
  });
}
