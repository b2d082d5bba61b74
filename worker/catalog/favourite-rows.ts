/**
 * The `favourites` rows and the toggle-favorite outbox effect. The server only
 * toggles, so the replica is the server's last word with every toggle still in
 * the outbox applied on top: each write from the server is rebased on them,
 * and the screen never jumps back while an action waits for the network.
 * Everything here runs inside the caller's transaction (favourites + outbox).
 */
import type { Store } from '../../src/api/entities.ts';
import type { OutboxEntry } from '../../src/api/outbox.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import { CUSTOMER_SESSION_ID } from '../../src/db/session.ts';
import type { OutboxEffect } from '../outbox/api.ts';

export const TOGGLE_FAVOURITE_CALL = 'toggle-favorite';
/** A favourite added on this device sorts after those the server listed. */
const NOT_LISTED_YET = Number.MAX_SAFE_INTEGER;

export interface ToggleFavouriteBody {
  token: string;
  id: number;
}

function storeIdOf(entry: OutboxEntry): number | undefined {
  const id = (entry.body as Partial<ToggleFavouriteBody> | null)?.id;
  return typeof id === 'number' ? id : undefined;
}

/** Whose toggles a customer's are in the outbox. */
export function favouriteUserKey(userId: number): string {
  return `customer:${userId}`;
}

/**
 * The signed-in customer's outbox key, or null. The replica's favourites are
 * theirs alone: a toggle another customer queued on this device (an agent's
 * previous caller) is still sent for that customer, but never shows here.
 */
async function currentUserKey(db: ReplicaDatabase): Promise<string | null> {
  const session = await db.session.get(CUSTOMER_SESSION_ID);
  return session ? favouriteUserKey(session.userId) : null;
}

/** This customer's toggles (of this store) still in line (not yet answered), in the order they were made. */
async function togglesInLine(db: ReplicaDatabase, userKey: string, storeId?: number): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('status').anyOf('pending', 'sending', 'queued').toArray();
  return rows
    .filter((row) => row.call === TOGGLE_FAVOURITE_CALL && row.userKey === userKey && (storeId === undefined || storeIdOf(row) === storeId))
    .sort((a, b) => (a.createdSeq ?? 0) - (b.createdSeq ?? 0));
}

export async function flipFavourite(db: ReplicaDatabase, storeId: number, at: number): Promise<boolean> {
  if (await db.favourites.get(storeId)) {
    await db.favourites.delete(storeId);
    return false;
  }
  await db.favourites.put({ id: storeId, position: NOT_LISTED_YET, fetchedAt: at, pending: true });
  return true;
}

async function showFavourite(db: ReplicaDatabase, storeId: number, favourite: boolean, pending: boolean, at: number) {
  const row = await db.favourites.get(storeId);
  if (!favourite) {
    if (row) await db.favourites.delete(storeId);
    return;
  }
  await db.favourites.put({ id: storeId, position: row?.position ?? NOT_LISTED_YET, fetchedAt: at, pending });
}

/** The server says whether the store is a favourite; toggles still in line (but `except`) flip it again. */
export async function setFavouriteFromServer(
  db: ReplicaDatabase,
  storeId: number,
  serverState: boolean,
  at: number,
  except?: string,
): Promise<void> {
  const userKey = await currentUserKey(db);
  if (userKey === null) return;
  const waiting = (await togglesInLine(db, userKey, storeId)).filter((row) => row.id !== except);
  await showFavourite(db, storeId, waiting.length % 2 === 1 ? !serverState : serverState, waiting.length > 0, at);
}

/** The whole list from the server (nearest first), with the toggles in line applied on top. */
export async function replaceFavourites(db: ReplicaDatabase, stores: readonly Store[], at: number, userKey: string): Promise<void> {
  await db.favourites.clear();
  await db.favourites.bulkPut(stores.map((store, position) => ({ id: store.id, position, fetchedAt: at })));
  for (const row of await togglesInLine(db, userKey)) {
    const storeId = storeIdOf(row);
    if (storeId !== undefined) await flipFavourite(db, storeId, at);
  }
}

/**
 * apply: flip at once. settle: an answer sets the server's state (rebased on
 * later toggles); a rejection or an expiry undoes this toggle's flip. (An
 * action that expired and is rejected later would be undone twice; expiry
 * takes a week offline, and the next refreshFavourites puts it right.)
 */
export function favouriteEffect(db: ReplicaDatabase, now: () => number): OutboxEffect {
  return {
    tables: ['favourites', 'session'],
    async apply(_tx, entry) {
      const storeId = storeIdOf(entry);
      if (storeId !== undefined && entry.userKey === (await currentUserKey(db))) await flipFavourite(db, storeId, now());
    },
    async settle(_tx, entry, outcome) {
      const storeId = storeIdOf(entry);
      // Another customer's toggle (an agent's previous caller): sent for them, and nothing of it shows here.
      if (storeId === undefined || entry.userKey !== (await currentUserKey(db))) return;
      const answer = entry.response?.body as { is_favourite?: unknown } | undefined;
      if (outcome === 'applied' && typeof answer?.is_favourite === 'boolean') {
        await setFavouriteFromServer(db, storeId, answer.is_favourite, now(), entry.id);
      } else if (outcome !== 'applied') {
        await flipFavourite(db, storeId, now());
      }
    },
  };
}
