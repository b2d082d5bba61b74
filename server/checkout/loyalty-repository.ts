/**
 * The loyalty ledger, kept like the wallet's: signed points per user with
 * the balance after each entry, and users.loyalty_points always equal to the
 * newest entry's balance_after. appendEntry changes both inside the
 * caller's transaction, so points move with the order that moved them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';

export interface LoyaltyEntry {
  userId: number;
  /** Signed: positive earns or gives back, negative redeems. Never 0. */
  points: number;
  orderId: number | null;
  /** Words for the customer, e.g. "Redeemed on order FP-7K3QX9MD". */
  reason: string;
  now?: Date;
}

export interface LoyaltyLedgerRow {
  points: number;
  balanceAfter: number;
}

export function createLoyaltyRepository(db: Kysely<Database>) {
  return {
    async pointsOf(userId: number, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx.selectFrom('users').select('loyalty_points').where('id', '=', userId).executeTakeFirst();
      return Number(row?.loyalty_points ?? 0);
    },

    /** Newest first. */
    async ledgerOf(userId: number, trx: Kysely<Database> = db) {
      const rows = await trx
        .selectFrom('loyalty_transactions')
        .select(['id', 'points', 'balance_after', 'order_id', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        points: Number(row.points),
        balance_after: Number(row.balance_after),
        order_id: row.order_id === null ? null : Number(row.order_id),
        reason: row.reason,
        created_at: row.created_at,
      }));
    },

    /**
     * One ledger row and the balance moved by it, atomically (the UPDATE …
     * RETURNING holds the user's row lock on PostgreSQL, the write lock on
     * SQLite). Redeeming more than held is a 409 LOYALTY_POINTS_INVALID and
     * changes nothing.
     */
    async appendEntry(entry: LoyaltyEntry, trx: Kysely<Database> = db): Promise<LoyaltyLedgerRow> {
      if (!Number.isSafeInteger(entry.points) || entry.points === 0) {
        throw new Error(`A loyalty entry needs a non-zero integer of points, got ${entry.points}`);
      }
      const updated = await trx
        .updateTable('users')
        .set({ loyalty_points: sql<number>`loyalty_points + ${entry.points}` })
        .where('id', '=', entry.userId)
        .where(sql<boolean>`loyalty_points + ${entry.points} >= 0`)
        .returning('loyalty_points')
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx.selectFrom('users').select('id').where('id', '=', entry.userId).executeTakeFirst();
        if (!exists) throw new Error(`No user ${entry.userId} for a loyalty entry`);
        throw new HttpError(409, 'LOYALTY_POINTS_INVALID', 'You do not hold that many loyalty points any more.');
      }
      const balanceAfter = Number(updated.loyalty_points);
      await trx
        .insertInto('loyalty_transactions')
        .values({
          user_id: entry.userId,
          points: entry.points,
          balance_after: balanceAfter,
          order_id: entry.orderId,
          reason: entry.reason,
          created_at: (entry.now ?? new Date()).toISOString(),
        })
        .execute();
      return { points: entry.points, balanceAfter };
    },

    /** The credit a delivered order earned, if it was credited. */
    async earnedCreditOf(orderId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('loyalty_transactions')
        .select('id')
        .where('order_id', '=', orderId)
        .where('points', '>', 0)
        .executeTakeFirst();
    },

    // Methods go above this line.
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
