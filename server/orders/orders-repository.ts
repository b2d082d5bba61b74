/**
 * Orders, their lines and their history rows. Writes take the caller's
 * transaction (an order, its lines, its first history row and its money
 * moves commit together); reads serve the orders list, the running-order
 * check and the Order entity (server/orders/order-view.ts).
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OrderAddon } from '../../src/api/orders/entities.ts';
import { ACTIVE_STATUSES } from '../../src/api/orders/status.ts';
import type { Database, OrdersTable } from '../db/tables.ts';

export type OrderRow = Selectable<OrdersTable>;

export interface NewOrderLine {
  itemId: number | null;
  name: string;
  unitPrice: number;
  quantity: number;
  addons: OrderAddon[];
  lineTotal: number;
}

export interface HistoryEntry {
  orderId: number;
  status: number;
  /** 'customer', 'store', 'admin', 'driver', 'gateway' or 'system'. */
  actor: string;
  actorUserId: number | null;
  note?: string | null;
  happenedAt: Date;
  now?: Date;
}

export async function insertOrder(trx: Kysely<Database>, order: Insertable<OrdersTable>): Promise<OrderRow> {
  return trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderLines(trx: Kysely<Database>, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values(
      lines.map((line) => ({
        order_id: orderId,
        item_id: line.itemId,
        name: line.name,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        addons: JSON.stringify(line.addons),
        line_total: line.lineTotal,
      })),
    )
    .execute();
}

export async function insertOrderHistory(trx: Kysely<Database>, entry: HistoryEntry): Promise<void> {
  await trx
    .insertInto('order_history')
    .values({
      order_id: entry.orderId,
      status: entry.status,
      actor: entry.actor,
      actor_user_id: entry.actorUserId,
      note: entry.note ?? null,
      happened_at: entry.happenedAt.toISOString(),
      created_at: (entry.now ?? new Date()).toISOString(),
    })
    .execute();
}

export async function findOrderByUniqueId(db: Kysely<Database>, uniqueOrderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('unique_order_id', '=', uniqueOrderId).executeTakeFirst();
}

export async function findOrderById(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function createOrdersRepository(db: Kysely<Database>) {
  return {
    findByUniqueId: (uniqueOrderId: string) => findOrderByUniqueId(db, uniqueOrderId),

    /**
     * A page of the customer's orders, newest first: those with an id below
     * `before` (a server sequence, never a client clock), one more than asked
     * to know whether an older page exists.
     */
    async pageOf(userId: number, page: { before?: number | undefined; limit: number }): Promise<{ rows: OrderRow[]; nextBefore: number | null }> {
      let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      const rows = await query.orderBy('id', 'desc').limit(page.limit + 1).execute();
      const more = rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      return { rows: shown, nextBefore: more ? Number(shown[shown.length - 1]?.id) : null };
    },

    /** The customer's newest order still on its way, if any. */
    async runningOf(userId: number): Promise<Pick<OrderRow, 'unique_order_id' | 'status'> | undefined> {
      return db
        .selectFrom('orders')
        .select(['unique_order_id', 'status'])
        .where('user_id', '=', userId)
        .where('status', 'in', [...ACTIVE_STATUSES])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
