/**
 * The `addresses` mirror: the server's whole list (every address call answers
 * it) replaces the table, with its fetchedAt in syncState, in one
 * transaction; and which saved address a save-address answer holds.
 */
import type { Address } from '../../src/api/account/entities.ts';
import type { SavedAddressInput } from '../../src/api/account/address-worker-api.ts';
import { SyncResource, type ReplicaDatabase } from '../../src/db/schema.ts';
import { CUSTOMER_SESSION_ID } from '../../src/db/session.ts';
import { replaceAddresses } from '../replica/session.ts';
import { markFetched } from '../replica/sync-state.ts';

/**
 * Replaces the mirror with `userId`'s list. Skipped (false) when someone
 * else signed in, or the user signed out, while the answer was on its way:
 * their addresses must not land under another session.
 */
export async function writeAddressList(db: ReplicaDatabase, userId: number, addresses: readonly Address[], at: number): Promise<boolean> {
  return db.transaction('rw', db.session, db.addresses, db.syncState, async () => {
    const session = await db.session.get(CUSTOMER_SESSION_ID);
    if (session?.userId !== userId) return false;
    await replaceAddresses(db, [...addresses], at);
    await markFetched(db, SyncResource.addresses, at);
    return true;
  });
}

/** Blank means none, as the server stores it. */
function textOrNull(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Coordinates come back through a double column: equal within this. */
const SAME_POINT_DEGREES = 1e-9;

/**
 * The id of the address a save-address answer holds: the edited id, or for a
 * new address the newest (highest id) entry with the fields sent. The answer
 * is only the list, and another device may have added an address meanwhile,
 * so "the one id we did not know" would not do. Undefined when the answer
 * holds no such address.
 */
export function savedAddressId(input: SavedAddressInput, answer: readonly Address[]): number | undefined {
  if (input.id !== undefined) return answer.some((address) => address.id === input.id) ? input.id : undefined;
  const address = input.address.trim();
  const house = textOrNull(input.house);
  const tag = textOrNull(input.tag);
  const matches = answer.filter(
    (row) =>
      Math.abs(row.latitude - input.latitude) < SAME_POINT_DEGREES &&
      Math.abs(row.longitude - input.longitude) < SAME_POINT_DEGREES &&
      row.address === address &&
      row.house === house &&
      row.tag === tag,
  );
  return matches.length === 0 ? undefined : Math.max(...matches.map((row) => row.id));
}
