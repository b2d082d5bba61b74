/** The signed-in customer's alerts and the push state, read from the replica (STYLE habit 3). */
import { useLiveQuery } from '../../db/live-query.ts';
import { PrefKey, SyncResource, type CustomerAlertRow } from '../../db/schema.ts';
import { useReplica } from '../../base/services.tsx';

export interface AlertsView {
  signedIn: boolean;
  userId: number | null;
  /** Newest first. */
  alerts: CustomerAlertRow[];
  unread: number;
  fetchedAt: number | null;
}

/** Newest first: by creation time, then by id (the server's order). */
export function newestFirst(a: CustomerAlertRow, b: CustomerAlertRow): number {
  return String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')) || b.id - a.id;
}

/** Null while loading. */
export function useCustomerAlerts(): AlertsView | null {
  const db = useReplica();
  return useLiveQuery(
    async (): Promise<AlertsView> => {
      const [session, rows, state] = await Promise.all([
        db.session.get('customer'),
        db.alerts.toArray() as Promise<unknown> as Promise<CustomerAlertRow[]>,
        db.syncState.get(SyncResource.alerts),
      ]);
      if (!session) return { signedIn: false, userId: null, alerts: [], unread: 0, fetchedAt: null };
      // Another customer's alerts, left from before a sign-in, are not this one's.
      const alerts = rows.filter((row) => row.userId === undefined || row.userId === session.userId).sort(newestFirst);
      return {
        signedIn: true,
        userId: session.userId,
        alerts,
        unread: alerts.filter((row) => row.is_read === 0).length,
        fetchedAt: state?.fetchedAt ?? null,
      };
    },
    [db],
    null,
  );
}

export interface SavedPushToken {
  token: string;
  userId: number;
}

/** The push token this device saved last (prefs.pushToken), null when none; undefined while loading. */
export function useSavedPushToken(): SavedPushToken | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => {
    const value = (await db.prefs.get(PrefKey.pushToken))?.value as Partial<SavedPushToken> | undefined;
    return typeof value?.token === 'string' && typeof value.userId === 'number' ? { token: value.token, userId: value.userId } : null;
  }, [db]);
}
