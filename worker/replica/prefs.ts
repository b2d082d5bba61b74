/** Typed access to the `prefs` table (key → value). */
import type { ReplicaDatabase } from '../../src/db/schema.ts';

export async function readPref<T>(db: ReplicaDatabase, key: string): Promise<T | undefined> {
  const row = await db.prefs.get(key);
  return row?.value as T | undefined;
}

export async function writePref(db: ReplicaDatabase, key: string, value: unknown): Promise<void> {
  await db.prefs.put({ key, value });
}
