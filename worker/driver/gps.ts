/**
 * The driver's GPS fixes through the outbox (kind driver-gps). Online, each
 * fix goes out as it comes. Offline, fixes gather in the newest unsent
 * batch row (its body grows until DRIVER_GPS_BATCH_MAX points) instead of
 * one request per fix, so the network's return sends a handful of
 * set-delivery-guy-gps-locations batches, not hundreds of requests, and
 * nothing is lost. Fixes have their own line in the outbox, so a long
 * batch never holds up the driver's moves.
 */
import type { DriverFixInput } from '../../src/api/driver/entities.ts';
import { DRIVER_GPS_BATCH_MAX } from '../../src/api/driver/limits.ts';
import { GPS_BATCH_CALL, driverGpsUserKey, type DriverFix } from '../../src/api/driver/worker-api.ts';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import type { ReplicaDatabase, SessionRow } from '../../src/db/schema.ts';
import { type OutboxEffects, queueAction } from '../outbox/api.ts';

export interface GpsBatchBody {
  token: string;
  points: DriverFixInput[];
}

function pointOf(fix: DriverFix): DriverFixInput {
  return { latitude: fix.latitude, longitude: fix.longitude, heading: fix.heading, recorded_at: fix.recordedAt };
}

/**
 * Adds the fix to the batch still waiting to be sent, or queues a new batch.
 * Answers true when a new row was queued (worth a drain now). Only a row
 * still `pending` grows: one being sent or held by the service worker has
 * left with the body it had.
 */
export async function queueFix(db: ReplicaDatabase, effects: OutboxEffects, session: SessionRow, fix: DriverFix, now: number): Promise<boolean> {
  const userKey = driverGpsUserKey(session.userId);
  return db.transaction('rw', [db.outbox, db.prefs], async () => {
    const open = (await db.outbox.where('status').equals('pending').toArray())
      .filter((row): row is OutboxEntry & { body: GpsBatchBody } => row.userKey === userKey && row.call === GPS_BATCH_CALL)
      .sort((a, b) => (b.createdSeq ?? 0) - (a.createdSeq ?? 0))[0];
    if (open && open.body.token === session.token && open.body.points.length < DRIVER_GPS_BATCH_MAX) {
      await db.outbox.put({ ...open, body: { ...open.body, points: [...open.body.points, pointOf(fix)] } });
      return false;
    }
    const body: GpsBatchBody = { token: session.token, points: [pointOf(fix)] };
    await queueAction(db, effects, { kind: 'driver-gps', call: GPS_BATCH_CALL, body, userKey, label: 'Location updates' }, now);
    return true;
  });
}
