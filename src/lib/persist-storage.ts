/**
 * DESIGN §2: once a user has an account on this device, ask the browser to
 * keep the replica (cart, outbox, session) through storage pressure. Asked
 * once, from the page (a worker cannot), after the first successful sign-in.
 */
import { PrefKey, type ReplicaDatabase } from '../db/schema.ts';

export async function askPersistentStorageOnce(db: ReplicaDatabase, storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<void> {
  try {
    if ((await db.prefs.get(PrefKey.storagePersistAsked))?.value === true) return;
    await db.prefs.put({ key: PrefKey.storagePersistAsked, value: true });
    if (typeof storage?.persist !== 'function') return;
    if (await storage.persisted?.()) return;
    await storage.persist();
  } catch {
    // Refused or unsupported: the app works the same, the browser may just evict sooner.
  }
}
