/**
 * The saved-address methods of the sync worker double: each change is
 * answered as the server answers it (the whole list: a new address gets the
 * next id, the first one is the default, deleting the default makes the newest
 * remaining one the default) and written into the test's replica by the
 * worker's own writer, so a screen sees the list move as it would. A test that
 * needs a refusal passes its own method.
 */
import { vi } from 'vitest';
import type { Address } from '../../../src/api/account/entities.ts';
import type { AddressWorkerApi, SavedAddressInput, SavedAddressOutcome } from '../../../src/api/account/address-worker-api.ts';
import type { SyncFailure, SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase, SavedAddressRow } from '../../../src/db/schema.ts';
import { writeAddressList } from '../../../worker/account/address-rows.ts';

const SIGNED_OUT: SyncFailure = { ok: false, reason: 'unauthorized', code: 'UNAUTHORIZED', message: 'Sign in to do this.' };
const NOT_FOUND: SyncFailure = { ok: false, reason: 'invalid', code: 'NOT_FOUND', message: 'You have no saved address with this id.' };

function addressOf({ fetchedAt: _fetchedAt, ...address }: SavedAddressRow): Address {
  return address;
}

export function addressWorkerDefaults(db: ReplicaDatabase) {
  async function current(): Promise<{ userId: number; list: Address[] } | null> {
    const session = await db.session.get('customer');
    if (!session) return null;
    const rows = (await db.addresses.toArray()) as unknown as SavedAddressRow[];
    return { userId: session.userId, list: rows.map(addressOf).sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id) };
  }

  async function answer(userId: number, list: Address[]): Promise<void> {
    await writeAddressList(db, userId, list, Date.now());
  }

  return {
    refreshAddresses: vi.fn(async (): Promise<SyncResult> => ({ ok: true as const })),
    saveAddress: vi.fn(async (input: SavedAddressInput): Promise<SyncResult<SavedAddressOutcome>> => {
      const mine = await current();
      if (!mine) return SIGNED_OUT;
      const fields = {
        latitude: input.latitude,
        longitude: input.longitude,
        address: input.address.trim(),
        house: input.house?.trim() || null,
        tag: input.tag?.trim() || null,
      };
      if (input.id !== undefined) {
        if (!mine.list.some((address) => address.id === input.id)) return NOT_FOUND;
        await answer(mine.userId, mine.list.map((address) => (address.id === input.id ? { ...address, ...fields } : address)));
        return { ok: true as const, value: { addressId: input.id } };
      }
      const id = Math.max(0, ...mine.list.map((address) => address.id)) + 1;
      await answer(mine.userId, [...mine.list, { id, ...fields, is_default: mine.list.length === 0 }]);
      return { ok: true as const, value: { addressId: id } };
    }),
    deleteAddress: vi.fn(async (addressId: number): Promise<SyncResult> => {
      const mine = await current();
      if (!mine) return SIGNED_OUT;
      const removed = mine.list.find((address) => address.id === addressId);
      if (!removed) return NOT_FOUND;
      const rest = mine.list.filter((address) => address.id !== addressId);
      const newest = Math.max(...rest.map((address) => address.id));
      await answer(mine.userId, removed.is_default ? rest.map((address) => ({ ...address, is_default: address.id === newest })) : rest);
      return { ok: true as const };
    }),
    setDefaultAddress: vi.fn(async (addressId: number): Promise<SyncResult> => {
      const mine = await current();
      if (!mine) return SIGNED_OUT;
      if (!mine.list.some((address) => address.id === addressId)) return NOT_FOUND;
      await answer(mine.userId, mine.list.map((address) => ({ ...address, is_default: address.id === addressId })));
      return { ok: true as const };
    }),
  } satisfies AddressWorkerApi;
}
