/** The alerts, wallet and push methods of the sync worker double: they act on the replica as the worker would. */
import { vi } from 'vitest';
import type { AlertsMarked, SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../../src/db/schema.ts';

export function alertsWorkerDefaults(db: ReplicaDatabase) {
  return {
    refreshAlerts: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    markAlertRead: vi.fn(async (alertId: number): Promise<SyncResult<AlertsMarked>> => {
      await db.alerts.update(alertId, { is_read: 1 });
      return { ok: true as const, value: { pending: false } };
    }),
    markAllAlertsRead: vi.fn(async (): Promise<SyncResult<AlertsMarked>> => {
      await db.alerts.where('is_read').equals(0).modify({ is_read: 1 });
      return { ok: true as const, value: { pending: false } };
    }),
    refreshWallet: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    savePushToken: vi.fn(async (_pushToken: string): Promise<SyncResult> => ({ ok: true as const })),
  };
}
