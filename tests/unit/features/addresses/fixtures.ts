/** Replica rows for the saved-addresses screen and picker. */
import type { Address } from '../../../../src/api/entities.ts';
import { SyncResource, type ReplicaDatabase } from '../../../../src/db/schema.ts';

export { CUSTOMER_ID, signIn } from '../alerts/fixtures.ts';

export function savedAddress(fields: Partial<Address> & { id: number }): Address {
  return {
    latitude: 40.4406,
    longitude: -79.9959,
    address: `${fields.id} Market Street, Riverton`,
    house: null,
    tag: null,
    is_default: false,
    ...fields,
  };
}

/** The list as the worker writes it after get-addresses. */
export async function putAddresses(db: ReplicaDatabase, addresses: Address[], fetchedAt = Date.now()): Promise<void> {
  await db.addresses.bulkPut(addresses.map((address) => ({ ...address, fetchedAt })));
  await db.syncState.put({ resource: SyncResource.addresses, fetchedAt, version: null, error: null, errorAt: null });
}
