/**
 * Whether a driver is on duty (driver_status). New orders are offered, and
 * accept-to-deliver works, only while they are.
 *
 * A toggle queued offline may arrive after a newer one, so each carries the
 * time the driver switched and is applied only when that is later than the
 * time stored: the upsert's WHERE compares them in the database, so two
 * toggles racing cannot undo the newer either. A time equal to the stored
 * one is the same toggle again and changes nothing (a flip replayed must
 * not flip back).
 */
import type { FastifyInstance } from 'fastify';

export interface DutyState {
  isOnline: boolean;
  /** When the driver last set it; null if they never did. */
  onlineChangedAt: string | null;
}

export interface DutyToggle {
  /** On (true) or off duty; undefined flips the current state. */
  isOnline?: boolean | undefined;
  /** When the driver switched (a toggle queued offline); default now, and never later than now. */
  actedAt?: string | undefined;
}

export async function readDuty(app: FastifyInstance, driverUserId: number): Promise<DutyState> {
  const row = await app.driversRepository.dutyOf(driverUserId);
  return { isOnline: Number(row?.is_online ?? 0) === 1, onlineChangedAt: row?.online_changed_at ?? null };
}

/** Applies the toggle unless a later one is stored; answers the state as it ends up. */
export async function toggleDuty(app: FastifyInstance, driverUserId: number, toggle: DutyToggle, now: Date = new Date()): Promise<DutyState> {
  const asked = toggle.actedAt === undefined ? Number.NaN : Date.parse(toggle.actedAt);
  const at = new Date(Number.isNaN(asked) ? now.getTime() : Math.min(asked, now.getTime())).toISOString();
  await app.driversRepository.toggleDutyAt(driverUserId, toggle.isOnline, at);
  return readDuty(app, driverUserId);
}
