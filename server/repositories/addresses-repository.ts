/**
 * Saved addresses of a user. Accounts save the address a customer signs up
 * with and answer them to a call-centre agent; the address calls
 * (get-addresses, save-address…) build on this table.
 */
import type { Kysely } from 'kysely';
import type { Address, AddressInput } from '../../src/api/index.ts';
import type { Database } from '../db/schema.ts';

export function createAddressesRepository(db: Kysely<Database>) {
  return {
    /** Adds an address; the first one of a user becomes the default. */
    async add(userId: number, input: AddressInput, now: Date = new Date()): Promise<Address> {
      const existing = await db.selectFrom('addresses').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
      const row = await db
        .insertInto('addresses')
        .values({
          user_id: userId,
          latitude: input.lat,
          longitude: input.lng,
          address: input.address.trim(),
          house: input.house?.trim() || null,
          tag: input.tag?.trim() || null,
          is_default: existing ? 0 : 1,
          created_at: now.toISOString(),
        })
        .returning(['id', 'latitude', 'longitude', 'address', 'house', 'tag', 'is_default'])
        .executeTakeFirstOrThrow();
      return toAddress(row);
    },

    /** The default first, then oldest first. */
    async listOf(userId: number): Promise<Address[]> {
      const rows = await db
        .selectFrom('addresses')
        .select(['id', 'latitude', 'longitude', 'address', 'house', 'tag', 'is_default'])
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toAddress);
    },
  };
}

function toAddress(row: { id: number; latitude: number; longitude: number; address: string; house: string | null; tag: string | null; is_default: number }): Address {
  return {
    id: Number(row.id),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    address: row.address,
    house: row.house,
    tag: row.tag,
    is_default: Number(row.is_default) === 1,
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
