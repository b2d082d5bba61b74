/**
 * The driver area's methods of the worker double (spread into
 * createWorkerDouble): like the worker where the UI can see it. Signing in
 * writes the `driver` session row of a demo driver, signing out removes it,
 * going on or off duty sets the profile's switch; the rest answers ok and
 * leaves the replica to the test (fixtures in tests/unit/features/driver).
 */
import { vi } from 'vitest';
import type { DriverActionOutcome, DriverFix, DriverMove, DriverProfileRow, DriverSignIn, DriverWorkerApi } from '../../../src/api/driver/worker-api.ts';
import type { LoginSummary, SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase, SessionRow } from '../../../src/db/schema.ts';
import { DRIVER_SESSION_ID } from '../../../src/db/session.ts';

export const TEST_DRIVER = { userId: 31, name: 'Dana Okafor', email: 'driver@foodpilot.test' } as const;

export function driverSessionRow(row: Partial<SessionRow> = {}): SessionRow {
  return {
    id: DRIVER_SESSION_ID,
    userId: TEST_DRIVER.userId,
    token: 'driver-token',
    role: 'driver',
    data: { name: TEST_DRIVER.name, email: TEST_DRIVER.email, phone: null },
    savedAt: Date.now(),
    ...row,
  };
}

const DONE: DriverActionOutcome = { pending: false, rejection: null };

export function driverWorkerDefaults(db: ReplicaDatabase) {
  return {
    driverLogin: vi.fn(async (_input: DriverSignIn): Promise<SyncResult<LoginSummary>> => {
      await db.session.put(driverSessionRow());
      return { ok: true as const, value: { userId: TEST_DRIVER.userId, name: TEST_DRIVER.name, role: 'driver' } };
    }),
    driverLogout: vi.fn(async (): Promise<void> => {
      await db.session.delete(DRIVER_SESSION_ID);
    }),
    refreshDriver: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    refreshDriverOrder: vi.fn(async (_uniqueOrderId: string): Promise<SyncResult> => ({ ok: true as const })),
    refreshCompletedOrders: vi.fn(async (_before?: number): Promise<SyncResult<{ nextBefore: number | null }>> => ({
      ok: true as const,
      value: { nextBefore: null },
    })),
    setDriverOnline: vi.fn(async (online: boolean): Promise<SyncResult<DriverActionOutcome>> => {
      const profile = (await db.driverProfile.get('driver')) as DriverProfileRow | undefined;
      if (profile) await db.driverProfile.put({ ...profile, is_online: online });
      return { ok: true as const, value: DONE };
    }),
    driverMove: vi.fn(
      async (_uniqueOrderId: string, _move: DriverMove, _deliveryPin?: string): Promise<SyncResult<DriverActionOutcome>> => ({ ok: true as const, value: DONE }),
    ),
    recordDriverFix: vi.fn(async (_fix: DriverFix): Promise<void> => {}),
    dismissDriverRejection: vi.fn(async (_uniqueOrderId: string): Promise<void> => {}),
  } satisfies DriverWorkerApi;
}
