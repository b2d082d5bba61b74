/**
 * Failed sign-ins and the locks they earn: every line of SQL on sign_in_attempts and sign_in_locks. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export function createSignInRepository(db: Kysely<Database>) {
  return {
    /** Forgets the attempts made before `before`. */
    async pruneAttempts(before: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('sign_in_attempts').where('created_at', '<', before).execute();
    },

    /** Forgets the locks that ended before `now`. */
    async pruneLocks(now: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('sign_in_locks').where('locked_until', '<', now).execute();
    },

    /** Until when the account is locked, if its lock lasts past `now`. */
    async lockedUntil(account: string, now: string, trx: Kysely<Database> = db): Promise<string | undefined> {
      const lock = await trx
        .selectFrom('sign_in_locks')
        .select('locked_until')
        .where('account_key', '=', account)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      return lock?.locked_until;
    },

    /** When the attempts of this account or address since `since` were made, oldest first. */
    async attemptTimes(column: 'account_key' | 'ip_key', key: string, since: string, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('sign_in_attempts')
        .select('created_at')
        .where(column, '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.created_at);
    },

    /** Locks the account's sign-in until `until`. */
    async lock(account: string, until: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('sign_in_locks')
        .values({ account_key: account, locked_until: until })
        .onConflict((conflict) => conflict.column('account_key').doUpdateSet({ locked_until: until }))
        .execute();
    },

    /** Forgets the account's attempts and lock. */
    async clear(account: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('sign_in_attempts').where('account_key', '=', account).execute();
      await trx.deleteFrom('sign_in_locks').where('account_key', '=', account).execute();
    },

    /** Writes one attempt; answers its id. */
    async addAttempt(attempt: { account_key: string; ip_key: string; door: string; created_at: string }, trx: Kysely<Database> = db): Promise<number> {
      const { id } = await trx.insertInto('sign_in_attempts').values(attempt).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Forgets one attempt. */
    async forgetAttempt(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('sign_in_attempts').where('id', '=', id).execute();
    },

    // Methods go above this line.
  };
}

export type SignInRepository = ReturnType<typeof createSignInRepository>;
