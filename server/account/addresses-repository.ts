/**
 * Saved addresses of a user. Accounts save the address a customer signs up
 * with and answer them to a call-centre agent; the address calls
 * (get-addresses, save-address, delete-address, set-default-address) change
 * them.
 *
 * A user with addresses has exactly one default. The changes that touch
 * more than one row (create, remove, makeDefault) must run inside the
 * caller's transaction: they first lock the user's row, so two concurrent
 * changes for the same user cannot both decide which address is the default.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { MAX_SAVED_ADDRESSES } from '../../src/api/account/address-calls.ts';
import type { Address, AddressInput } from '../../src/api/account/entities.ts';
import type { AddressesTable, Database } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';

/** An address as the address calls save it, already checked and trimmed. */
export interface AddressFields {
  latitude: number;
  longitude: number;
  address: string;
  house: string | null;
  tag: string | null;
}

const ADDRESS_COLUMNS = ['id', 'latitude', 'longitude', 'address', 'house', 'tag', 'is_default'] as const;

export function createAddressesRepository(db: Kysely<Database>) {
  async function lockOwner(userId: number, trx: Kysely<Database>): Promise<void> {
    // An UPDATE that changes nothing takes the row lock on PostgreSQL (as place-order does);
    // on SQLite the transaction already holds the only write lock.
    await trx.updateTable('users').set((eb) => ({ wallet_balance: eb.ref('wallet_balance') })).where('id', '=', userId).execute();
  }

  return {
    /** Adds an address; the first one of a user becomes the default. */
    async add(userId: number, input: AddressInput, now: Date = new Date(), trx: Kysely<Database> = db): Promise<Address> {
      const existing = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
      const row = await trx
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
        .returning(ADDRESS_COLUMNS)
        .executeTakeFirstOrThrow();
      return toAddress(row);
    },

    /** The default first, then oldest first. */
    async listOf(userId: number, trx: Kysely<Database> = db): Promise<Address[]> {
      const rows = await trx
        .selectFrom('addresses')
        .select(ADDRESS_COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toAddress);
    },

    /**
     * Saves a new address (in the caller's transaction): the first becomes
     * the default; past MAX_SAVED_ADDRESSES it is a 409 TOO_MANY_ADDRESSES.
     */
    async create(userId: number, fields: AddressFields, now: Date = new Date(), trx: Kysely<Database> = db): Promise<number> {
      await lockOwner(userId, trx);
      const { count } = await trx
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_SAVED_ADDRESSES) {
        throw new HttpError(409, 'TOO_MANY_ADDRESSES', `At most ${MAX_SAVED_ADDRESSES} addresses can be saved. Delete one first.`);
      }
      const { id } = await trx
        .insertInto('addresses')
        .values({ user_id: userId, ...fields, is_default: Number(count) === 0 ? 1 : 0, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Changes one of the user's addresses; false when the user has no address with this id. */
    async update(userId: number, id: number, fields: AddressFields, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx.updateTable('addresses').set(fields).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Deletes one of the user's addresses (in the caller's transaction); when
     * it was the default, the newest remaining one becomes the default.
     * False when the user has no address with this id.
     */
    async remove(userId: number, id: number, trx: Kysely<Database> = db): Promise<boolean> {
      await lockOwner(userId, trx);
      const removed = await trx
        .deleteFrom('addresses')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('is_default')
        .executeTakeFirst();
      if (!removed) return false;
      if (Number(removed.is_default) === 1) {
        const newest = await trx
          .selectFrom('addresses')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (newest) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', newest.id).execute();
      }
      return true;
    },

    /** Makes one of the user's addresses the only default, in one statement. False when the user has no address with this id. */
    async makeDefault(userId: number, id: number, trx: Kysely<Database> = db): Promise<boolean> {
      await lockOwner(userId, trx);
      const owned = await trx.selectFrom('addresses').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!owned) return false;
      await trx
        .updateTable('addresses')
        .set({ is_default: sql<number>`case when id = ${id} then 1 else 0 end` })
        .where('user_id', '=', userId)
        .execute();
      return true;
    },

    // Methods go above this line.
  };
}

/** The one row → entity function for saved addresses (the address calls and login-as-customer answer the same shape). */
export function toAddress(row: Pick<Selectable<AddressesTable>, (typeof ADDRESS_COLUMNS)[number]>): Address {
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
