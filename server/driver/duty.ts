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
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

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

export async function readDuty(db: Kysely<Database>, driverUserId: number): Promise<DutyState> {
  const row = await db
    .selectFrom('driver_status')
    .select(['is_online', 'online_changed_at'])
    .where('user_id', '=', driverUserId)
    .executeTakeFirst();
  return { isOnline: Number(row?.is_online ?? 0) === 1, onlineChangedAt: row?.online_changed_at ?? null };
}

/** Applies the toggle unless a later one is stored; answers the state as it ends up. */
export async function toggleDuty(db: Kysely<Database>, driverUserId: number, toggle: DutyToggle, now: Date = new Date()): Promise<DutyState> {
  const asked = toggle.actedAt === undefined ? Number.NaN : Date.parse(toggle.actedAt);
  const at = new Date(Number.isNaN(asked) ? now.getTime() : Math.min(asked, now.getTime())).toISOString();
  // No row yet means off duty, so a flip inserts "on".
  const inserted = toggle.isOnline === false ? 0 : 1;
  const updated = toggle.isOnline === undefined ? sql<number>`1 - driver_status.is_online` : sql<number>`${toggle.isOnline ? 1 : 0}`;
  await db
    .insertInto('driver_status')
    .values({ user_id: driverUserId, is_online: inserted, online_changed_at: at })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ is_online: updated, online_changed_at: at })
        .where((eb) => eb.or([eb('driver_status.online_changed_at', 'is', null), eb('driver_status.online_changed_at', '<', at)])),
    )
    .execute();
  return readDuty(db, driverUserId);
}
