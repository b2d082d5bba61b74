/**
 * The wallet: a ledger of signed integer amounts (minor units) per user,
 * and users.wallet_balance, which always equals the newest entry's
 * balance_after. appendEntry changes both inside the caller's
 * transaction, so an order and its payment (or refund) commit together or
 * not at all.
 */
import { sql, type Kysely } from 'kysely';
import type { Wallet, WalletTransaction } from '../../src/api/account/entities.ts';
import type { WalletEntryType } from '../../src/api/account/limits.ts';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';

export interface WalletEntry {
  userId: number;
  /** Signed minor units: positive credits the wallet, negative debits it. Never 0. */
  amount: number;
  type: WalletEntryType;
  /** Words for the customer, e.g. "Payment for order #A1B2". */
  reason: string;
  /** Who made the entry (the user, an agent, an admin); null for the system. */
  createdBy: number | null;
  now?: Date;
}

export function createWalletRepository(db: Kysely<Database>) {
  return {
    /** The balance and the ledger, newest first. */
    async walletOf(userId: number, trx: Kysely<Database> = db): Promise<Wallet> {
      const [user, rows] = await Promise.all([
        trx.selectFrom('users').select('wallet_balance').where('id', '=', userId).executeTakeFirst(),
        trx
          .selectFrom('wallet_transactions')
          .select(['id', 'amount', 'balance_after', 'type', 'reason', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .execute(),
      ]);
      return {
        balance: Number(user?.wallet_balance ?? 0),
        transactions: rows.map((row) => ({
          id: Number(row.id),
          amount: Number(row.amount),
          balance_after: Number(row.balance_after),
          type: row.type as WalletEntryType,
          reason: row.reason,
          created_at: row.created_at,
        })),
      };
    },

    /**
     * Adds one ledger row and moves the balance by its amount, atomically: the
     * UPDATE … RETURNING takes the user's row lock (PostgreSQL) or the write
     * lock (SQLite), so concurrent entries line up and every balance_after is
     * right. A debit past zero is a 409 INSUFFICIENT_BALANCE and changes nothing.
     * Call it with the transaction of what caused the entry.
     */
    async appendEntry(entry: WalletEntry, trx: Kysely<Database> = db): Promise<WalletTransaction> {
      if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
        throw new Error(`A wallet entry needs a non-zero integer amount, got ${entry.amount}`);
      }
      const updated = await trx
        .updateTable('users')
        .set({ wallet_balance: sql<number>`wallet_balance + ${entry.amount}` })
        .where('id', '=', entry.userId)
        .where(sql<boolean>`wallet_balance + ${entry.amount} >= 0`)
        .returning('wallet_balance')
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx.selectFrom('users').select('id').where('id', '=', entry.userId).executeTakeFirst();
        if (!exists) throw new Error(`No user ${entry.userId} for a wallet entry`);
        throw new HttpError(409, 'INSUFFICIENT_BALANCE', 'The wallet balance is too low for this.');
      }
      const createdAt = (entry.now ?? new Date()).toISOString();
      const balanceAfter = Number(updated.wallet_balance);
      const { id } = await trx
        .insertInto('wallet_transactions')
        .values({
          user_id: entry.userId,
          amount: entry.amount,
          balance_after: balanceAfter,
          type: entry.type,
          reason: entry.reason,
          created_by: entry.createdBy,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(id), amount: entry.amount, balance_after: balanceAfter, type: entry.type, reason: entry.reason, created_at: createdAt };
    },

    /** Sums of the user's entries of these types: ever (total), and since `since` (today). */
    async sumsSince(userId: number, types: readonly string[], since: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('wallet_transactions')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'),
          eb.fn
            .coalesce(eb.fn.sum<string | number>(eb.case().when('created_at', '>=', since).then(eb.ref('amount')).else(0).end()), eb.lit(0))
            .as('today'),
        ])
        .where('user_id', '=', userId)
        .where('type', 'in', types)
        .executeTakeFirstOrThrow();
    },

    /** The user's newest ledger entries, newest first, at most `limit`. */
    async newestOf(userId: number, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('wallet_transactions')
        .select(['id', 'amount', 'balance_after', 'type', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    // Methods go above this line.
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
