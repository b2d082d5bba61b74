/**
 * Card and gateway payments of orders: every line of SQL on payments. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../db/tables.ts';

export type PaymentRow = Selectable<PaymentsTable>;

export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    /** A new payment row (a card order waiting for its gateway). */
    async insert(payment: Insertable<PaymentsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('payments').values(payment).execute();
    },

    /** The gateway's payment with this reference. */
    async findByReference(gateway: string, reference: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('payments')
        .select(['id', 'order_id', 'amount', 'status'])
        .where('gateway', '=', gateway)
        .where('gateway_reference', '=', reference)
        .executeTakeFirst();
    },

    /** Settles a payment only if it is still in the status read; answers the rows changed (0 or 1). */
    async settle(id: number, from: PaymentRow['status'], to: PaymentRow['status'], now: string, trx: Kysely<Database> = db): Promise<number> {
      const claimed = await trx.updateTable('payments').set({ status: to, updated_at: now }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
      return Number(claimed.numUpdatedRows);
    },

    /** The order (public id and customer) a gateway's payment reference belongs to. */
    async orderOfReference(gateway: string, reference: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select(['orders.unique_order_id', 'orders.user_id'])
        .where('payments.gateway', '=', gateway)
        .where('payments.gateway_reference', '=', reference)
        .executeTakeFirst();
    },

    /** The newest payment of an order. */
    async latestOf(orderId: number, trx: Kysely<Database> = db): Promise<PaymentRow | undefined> {
      return trx.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /** Records the gateway's reference of a payment still pending; answers the rows changed (0 or 1). */
    async setReference(id: number, reference: string, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable('payments')
        .set({ gateway_reference: reference, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    // Methods go above this line.
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
