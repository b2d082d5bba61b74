/**
 * What the development transports sent, and the per-recipient message budget: every line of SQL on dev_outbox and message_budget. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OutboxChannel } from '../../src/api/account/limits.ts';
import type { Database, DevOutboxTable } from '../db/tables.ts';

export function createMessagingRepository(db: Kysely<Database>) {
  return {
    /** Stores a message the development transports sent; answers its id. */
    async addOutboxMessage(message: Insertable<DevOutboxTable>, trx: Kysely<Database> = db): Promise<number> {
      const { id } = await trx.insertInto('dev_outbox').values(message).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    /** The development outbox, newest first: to one recipient, on one channel, at most `limit`. */
    async outboxMessages(
      query: { to?: string | undefined; channel?: OutboxChannel | undefined },
      limit: number,
      trx: Kysely<Database> = db,
    ): Promise<Selectable<DevOutboxTable>[]> {
      let select = trx.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(limit);
      if (query.to !== undefined) select = select.where('recipient', '=', query.to);
      if (query.channel !== undefined) select = select.where('channel', '=', query.channel);
      return select.execute();
    },

    /** When messages were spent for this recipient or address since `since`, oldest first. */
    async budgetSpentSince(column: 'recipient' | 'ip_key', key: string, since: string, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('message_budget')
        .select('created_at')
        .where(column, '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.created_at);
    },

    /** Forgets the message budget's entries older than `before`. */
    async pruneBudget(before: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('message_budget').where('created_at', '<', before).execute();
    },

    /** Spends one message to `recipient` from `ipKey`; answers the entry's id. */
    async spendBudget(recipient: string, ipKey: string, at: string, trx: Kysely<Database> = db): Promise<number> {
      const { id } = await trx
        .insertInto('message_budget')
        .values({ recipient, ip_key: ipKey, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Gives back one spent message. */
    async refundBudget(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('message_budget').where('id', '=', id).execute();
    },

    // Methods go above this line.
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
