/**
 * The running order and ratings part of the sync worker's API (SyncWorkerApi
 * extends it), with the `runningOrder` row both sides share.
 *
 * The worker keeps one `runningOrder` row per order it knows to be running
 * (check-running-order) or that the UI watches (trackOrder): its status, its
 * tracking (get-order-status and the order-events stream, the same shape),
 * and how live that is. The UI reads the row with useLiveQuery; comlink
 * passes no cheap callbacks, so the worker tracks by order id and the UI
 * says when it stops watching (stopTracking).
 *
 * Besides types this file holds a few pure helpers both sides use (which
 * statuses are final, reading a row written by an older version, distances):
 * the shared contract may hold plain code, never platform code.
 */
import type { OrderTracking, RatableOrder, RateOrderResult } from './entities.ts';
import type { SyncResult } from '../sync-result.ts';

/**
 * How fresh the row is:
 * - `connecting`: the first answer of this watch is on its way;
 * - `live`: the order-events stream is open, every step arrives as it happens;
 * - `reconnecting`: the stream is down (offline, a proxy); the worker polls
 *   get-order-status with backoff and keeps trying the stream;
 * - `idle`: nobody watches (or the order is final): the row is what was last known.
 */
export type TrackingLink = 'connecting' | 'live' | 'reconnecting' | 'idle';

/**
 * A row of `runningOrder` (a type alias, not an interface, so it fits the
 * table's loosely typed OrderRow).
 */
export type RunningOrderRow = {
  unique_order_id: string;
  /** Whose order: a row of another user is never shown (and logout clears the table). */
  userId: number;
  /** The status code (orders/status.ts), the newest the worker heard. */
  status: number;
  /**
   * Where the order stands in full; null while only check-running-order's
   * status is known. The order itself (lines, total, PIN, the map's points)
   * is the `orders` row, which the worker patches with each step too.
   */
  tracking: OrderTracking | null;
  /** The driver's heading, degrees clockwise from north (from their moves); null when unknown. */
  heading: number | null;
  link: TrackingLink;
  /** When the server last confirmed this state (an answer, a stream message or heartbeat), ms since the epoch. */
  fetchedAt: number;
  /** When this device sent the customer's rating of the order (rate-order), ms since the epoch. */
  ratedAt: number | null;
};

/** check-running-order's word: the order still on its way, or null. */
export interface RunningOrderRef {
  uniqueOrderId: string;
  status: number;
}

export interface RatingInput {
  uniqueOrderId: string;
  /** RATING_MIN…RATING_MAX stars for the store. */
  rating: number;
  /** At most MAX_RATING_COMMENT_LENGTH characters; blank for none. */
  comment: string;
  /** Stars for the driver, only for an order a driver delivered; null for none. */
  driverRating: number | null;
}

export interface TrackingWorkerApi {
  /**
   * check-running-order for the signed-in customer: the running order's row
   * is written (kept with its tracking when it is the same order), every
   * other row the UI does not watch goes. Offline nothing changes: the last
   * known state stays with its time. Boot runs it for a signed-in customer.
   */
  checkRunningOrder(): Promise<SyncResult<RunningOrderRef | null>>;
  /**
   * get-order-status now into the order's row (and its `orders` row, fetched
   * with the customer's orders when the replica lacks it), then live updates
   * from the order-events stream (polling get-order-status with backoff while the
   * stream is down) until the order is final or stopTracking. Calling it
   * again for a watched order adds a watcher and retries a sleeping
   * connection at once (the page came back to the foreground, or online).
   * NOT_FOUND for an order the customer may not read.
   */
  trackOrder(uniqueOrderId: string): Promise<SyncResult>;
  /** One watcher fewer; the last one closes the stream and stops polling. */
  stopTracking(uniqueOrderId: string): Promise<void>;
  /** get-ratable-order for this order: NOT_FOUND, ORDER_NOT_RATABLE, ALREADY_RATED say why not. Online only. */
  openRatableOrder(uniqueOrderId: string): Promise<SyncResult<RatableOrder>>;
  /** rate-order (online only; ALREADY_RATED, ORDER_NOT_RATABLE); the order's row remembers it was rated. */
  rateOrder(input: RatingInput): Promise<SyncResult<RateOrderResult>>;
}

// ---------------------------------------------------------------------------
// Helpers shared by the worker and the UI.
// ---------------------------------------------------------------------------

const LINKS: readonly string[] = ['connecting', 'live', 'reconnecting', 'idle'] satisfies readonly TrackingLink[];

/**
 * A stored row as this version reads it, or null for a row it cannot use
 * (written by an older version, or by a test, with only an id).
 */
export function runningOrderRowOf(row: Record<string, unknown> | undefined): RunningOrderRow | null {
  if (!row) return null;
  const { unique_order_id: id, userId, status, fetchedAt } = row;
  if (typeof id !== 'string' || typeof userId !== 'number' || typeof status !== 'number' || typeof fetchedAt !== 'number') return null;
  return {
    unique_order_id: id,
    userId,
    status,
    fetchedAt,
    tracking: (row.tracking as OrderTracking | null | undefined) ?? null,
    heading: typeof row.heading === 'number' ? row.heading : null,
    link: typeof row.link === 'string' && LINKS.includes(row.link) ? (row.link as TrackingLink) : 'idle',
    ratedAt: typeof row.ratedAt === 'number' ? row.ratedAt : null,
  };
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

/** Great-circle distance, km (haversine). */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = (to.latitude - from.latitude) * RADIANS;
  const dLng = (to.longitude - from.longitude) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * RADIANS) * Math.cos(to.latitude * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The initial bearing from one point to another, degrees clockwise from north (0–360). */
export function bearingDegrees(from: GeoPoint, to: GeoPoint): number {
  const lat1 = from.latitude * RADIANS;
  const lat2 = to.latitude * RADIANS;
  const dLng = (to.longitude - from.longitude) * RADIANS;
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (Math.atan2(y, x) / RADIANS + 360) % 360;
}
