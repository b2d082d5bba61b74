import { useLiveQuery } from '../../db/live-query.ts';
import type { SettingsMap } from '../../api/settings/defaults.ts';
import { NEVER_FETCHED } from '../../db/schema.ts';
import type { BootHomeSnapshot } from '../../features/home/home-snapshot.ts';
import { useReplica } from '../services.tsx';

export interface ReplicaSettings {
  /** False until the first read of the replica finished. */
  loaded: boolean;
  /** Key → value: the server's, over the built-in defaults the worker writes. */
  values: SettingsMap;
  /** When the settings were last fetched (the newest row), or null if never. */
  fetchedAt: number | null;
  /** True until settings ever came from the server (built-in defaults do not count). */
  isEmpty: boolean;
  /** Set while the values are the home snapshot's, before the replica answered: hooks mounted meanwhile start from it. */
  homeSnapshot?: BootHomeSnapshot;
}

const NOT_LOADED: ReplicaSettings = { loaded: false, values: {}, fetchedAt: null, isEmpty: true };

function fromSnapshot(snapshot: BootHomeSnapshot): ReplicaSettings {
  const fetchedAt = snapshot.settingsFetchedAt;
  return { loaded: true, values: snapshot.settings, fetchedAt, isEmpty: fetchedAt === null, homeSnapshot: snapshot };
}

/** All settings rows as one map; read once near the top and shared by context. Until the replica answers: the snapshot's, if any. */
export function useReplicaSettings(snapshot: BootHomeSnapshot | null = null): ReplicaSettings {
  const db = useReplica();
  return useLiveQuery(
    async (): Promise<ReplicaSettings> => {
      const rows = await db.settings.toArray();
      const values: SettingsMap = {};
      let fetchedAt: number | null = null;
      for (const row of rows) {
        values[row.key] = row.value;
        if (row.fetchedAt !== NEVER_FETCHED && (fetchedAt === null || row.fetchedAt > fetchedAt)) fetchedAt = row.fetchedAt;
      }
      return { loaded: true, values, fetchedAt, isEmpty: fetchedAt === null };
    },
    [db],
    snapshot ? fromSnapshot(snapshot) : NOT_LOADED,
  );
}
