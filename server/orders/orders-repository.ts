/**
 * Orders, their lines and their history rows. Writes take the caller's
 * transaction (an order, its lines, its first history row and its money
 * moves commit together); reads serve the orders list, the running-order
 * check and the Order entity (server/orders/order-view.ts).
 */
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { OrderAddon } from '../../src/api/orders/entities.ts';
import { ACTIVE_STATUSES, FOOD_READY_STATUSES, OrderStatus, WITH_DRIVER_STATUSES } from '../../src/api/orders/status.ts';
import type { Database, OrderHistoryTable, OrdersTable, PaymentStatusColumn } from '../db/tables.ts';

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

/** The order is offered to the driver: the one definition, for the driver's list and single read. */
function offeredToDriverWhere(driverUserId: number) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.and([
      eb('orders.status', '=', OrderStatus.PREPARING),
      eb('orders.order_type', '=', 'DELIVERY'),
      eb('orders.driver_user_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('driver_stores')
          .select('driver_stores.restaurant_id')
          .whereRef('driver_stores.restaurant_id', '=', 'orders.restaurant_id')
          .where('driver_stores.driver_user_id', '=', driverUserId),
      ),
    ]);
}

export function createOrdersRepository(db: Kysely<Database>) {
  return {
    /** A new order, as stored. */
    async insert(order: Insertable<OrdersTable>, trx: Kysely<Database> = db): Promise<OrderRow> {
      return trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
    },

    /** The lines of a new order, as bought. */
    async insertLines(orderId: number, lines: readonly NewOrderLine[], trx: Kysely<Database> = db): Promise<void> {
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
    },

    /** One history row of an order (its first step). */
    async insertHistory(entry: HistoryEntry, trx: Kysely<Database> = db): Promise<void> {
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
    },

    /** The order with this public id. */
    async findByUniqueId(uniqueOrderId: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom('orders').selectAll().where('unique_order_id', '=', uniqueOrderId).executeTakeFirst();
    },

    /** The order with this id. */
    async findById(id: number, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * A page of the customer's orders, newest first: those with an id below
     * `before` (a server sequence, never a client clock), one more than asked
     * to know whether an older page exists.
     */
    async pageOf(
      userId: number,
      page: { before?: number | undefined; limit: number },
      trx: Kysely<Database> = db,
    ): Promise<{ rows: OrderRow[]; nextBefore: number | null }> {
      let query = trx.selectFrom('orders').selectAll().where('user_id', '=', userId);
      if (page.before !== undefined) query = query.where('id', '<', page.before);
      const rows = await query.orderBy('id', 'desc').limit(page.limit + 1).execute();
      const more = rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      return { rows: shown, nextBefore: more ? Number(shown[shown.length - 1]?.id) : null };
    },

    /** The customer's newest order still on its way, if any. */
    async runningOf(userId: number, trx: Kysely<Database> = db): Promise<Pick<OrderRow, 'unique_order_id' | 'status'> | undefined> {
      return trx
        .selectFrom('orders')
        .select(['unique_order_id', 'status'])
        .where('user_id', '=', userId)
        .where('status', 'in', [...ACTIVE_STATUSES])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** What marking an order's food ready needs to know of it. */
    async foodReadyFactsOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('orders').select(['status', 'order_type', 'food_ready_at']).where('id', '=', id).executeTakeFirst();
    },

    /** Marks the food ready once, while it can still be at the counter; answers the rows changed (0 or 1). */
    async markFoodReady(id: number, at: string, trx: Kysely<Database> = db): Promise<number> {
      const updated = await trx
        .updateTable('orders')
        .set({ food_ready_at: at, updated_at: at })
        .where('id', '=', id)
        .where('food_ready_at', 'is', null)
        .where('status', 'in', [...FOOD_READY_STATUSES])
        .executeTakeFirst();
      return Number(updated.numUpdatedRows);
    },

    /** The newest orders of some stores (every store when storeIds is undefined), for the store console. */
    async ofStores(
      filter: { storeIds: readonly number[] | undefined; statuses?: readonly number[] | undefined; updatedSince?: string | undefined; limit: number },
      trx: Kysely<Database> = db,
    ): Promise<OrderRow[]> {
      let select = trx.selectFrom('orders').selectAll();
      if (filter.storeIds !== undefined) select = select.where('restaurant_id', 'in', filter.storeIds);
      if (filter.statuses !== undefined) select = select.where('status', 'in', [...filter.statuses]);
      if (filter.updatedSince !== undefined) select = select.where('updated_at', '>=', new Date(filter.updatedSince).toISOString());
      return select.orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /** What get-order-status shows of the order itself. */
    async trackingOf(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('orders')
        .select(['id', 'unique_order_id', 'status', 'order_type', 'payment_status', 'driver_user_id', 'cancel_reason', 'estimated_ready_at', 'food_ready_at', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The steps of one order, oldest first (status and time only). */
    async stepsOf(orderId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('order_history').select(['status', 'happened_at']).where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** The history of one order, oldest first. */
    async historyOf(orderId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('order_history').select(['order_id', 'status', 'happened_at']).where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** The history of several orders, oldest first. */
    async historyOfOrders(orderIds: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('order_history').select(['order_id', 'status', 'happened_at']).where('order_id', 'in', orderIds).orderBy('id').execute();
    },

    /** The lines of several orders, in the order they were bought. */
    async linesOfOrders(orderIds: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('order_lines')
        .select(['order_id', 'item_id', 'name', 'unit_price', 'quantity', 'addons', 'line_total'])
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute();
    },

    /** The facts of an order the access policy needs, with its store's owner. */
    async accessFactsOf(uniqueOrderId: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('orders as o')
        .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
        .select([
          'o.id',
          'o.unique_order_id',
          'o.user_id',
          'o.restaurant_id',
          'r.owner_user_id as store_owner_user_id',
          'o.driver_user_id',
          'o.status',
          'o.order_type',
          'o.created_at',
        ])
        .where('o.unique_order_id', '=', uniqueOrderId)
        .executeTakeFirst();
    },

    /** Sends a NOTIFY on the channel, on the given connection (in a transaction: delivered when it commits). PostgreSQL only. */
    async announce(channel: string, payload: string, trx: Kysely<Database> = db): Promise<void> {
      await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
    },

    /** The time an order was delivered (its history row), if it was. */
    async deliveredStepOf(orderId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('order_history')
        .select('happened_at')
        .where('order_id', '=', orderId)
        .where('status', '=', OrderStatus.DELIVERED)
        .executeTakeFirst();
    },

    /** The customer's newest delivered order updated since then that has no review. */
    async newestUnratedOf(userId: number, since: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx
        .selectFrom('orders as o')
        .leftJoin('reviews as r', 'r.order_id', 'o.id')
        .selectAll('o')
        .where('o.user_id', '=', userId)
        .where('o.status', '=', OrderStatus.DELIVERED)
        .where('o.updated_at', '>=', since)
        .where('r.id', 'is', null)
        .orderBy('o.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** One history row, as given (a move's step). */
    async insertHistoryRow(row: Insertable<OrderHistoryTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('order_history').values(row).execute();
    },

    /**
     * Writes a move's changes only if the order is still in the status read (and, when
     * onlyWithoutDriver, still has no driver); the order as written, undefined when it moved meanwhile.
     */
    async updateIfStatus(
      id: number,
      status: number,
      changes: Updateable<OrdersTable>,
      onlyWithoutDriver: boolean,
      trx: Kysely<Database> = db,
    ): Promise<OrderRow | undefined> {
      let update = trx.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', status);
      if (onlyWithoutDriver) update = update.where('driver_user_id', 'is', null);
      return update.returningAll().executeTakeFirst();
    },

    /** Sets the payment status; answers the order as it is then. */
    async setPaymentStatus(id: number, paymentStatus: PaymentStatusColumn, trx: Kysely<Database> = db): Promise<OrderRow> {
      return trx.updateTable('orders').set({ payment_status: paymentStatus }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    /** Sets the payment status and the time of the change. */
    async setPaymentStatusAt(id: number, paymentStatus: PaymentStatusColumn, updatedAt: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('orders').set({ payment_status: paymentStatus, updated_at: updatedAt }).where('id', '=', id).execute();
    },

    /** The latest step time of an order so far. */
    async latestStepAt(orderId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('order_history')
        .select((eb) => eb.fn.max('happened_at').as('at'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    /** The delivery PIN of an order. */
    async deliveryPinOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('orders').select('delivery_pin').where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** What a payment's state shows of its order. */
    async paymentFactsOf(id: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('orders')
        .select(['unique_order_id', 'status', 'payment_status', 'payment_mode', 'payable_amount'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /** What settling a payment needs to know of its order. */
    async settlementFactsOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('orders').select(['status', 'user_id', 'unique_order_id']).where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** Gives a driver-assigned order from its driver (previous) to another; the order as written, undefined when it changed meanwhile. */
    async handOver(id: number, previous: number | null, driverUserId: number, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx
        .updateTable('orders')
        .set({ driver_user_id: driverUserId, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', '=', OrderStatus.DRIVER_ASSIGNED)
        .where('driver_user_id', '=', previous)
        .returningAll()
        .executeTakeFirst();
    },

    /** A page of the console's orders list (one more than asked), newest first; a store owner sees only their stores'. */
    async consolePage(
      viewer: { role: string; id: number },
      query: {
        restaurantId?: number | undefined;
        statuses?: readonly number[] | undefined;
        from?: string | undefined;
        to?: string | undefined;
        q?: string | undefined;
        before?: number | undefined;
        limit: number;
      },
      trx: Kysely<Database> = db,
    ): Promise<OrderRow[]> {
      let select = trx.selectFrom('orders as o').selectAll('o');
      if (viewer.role === 'store_owner') {
        select = select.innerJoin('restaurants as r', 'r.id', 'o.restaurant_id').where('r.owner_user_id', '=', viewer.id);
      }
      if (query.restaurantId !== undefined) select = select.where('o.restaurant_id', '=', query.restaurantId);
      if (query.statuses !== undefined) select = select.where('o.status', 'in', [...query.statuses]);
      if (query.from !== undefined) select = select.where('o.created_at', '>=', query.from);
      if (query.to !== undefined) select = select.where('o.created_at', '<', query.to);
      const q = query.q;
      if (q) select = select.where('o.unique_order_id', 'like', `%${q.replace(/[\\%_]/g, '')}%`);
      if (query.before !== undefined) select = select.where('o.id', '<', query.before);
      return select
        .orderBy('o.id', 'desc')
        .limit(query.limit + 1)
        .execute();
    },

    /** Orders changed at or after `from` (every store for an admin, else the viewer's stores), oldest change first. */
    async changedSince(from: string, viewer: { role: string; id: number }, limit: number, trx: Kysely<Database> = db): Promise<OrderRow[]> {
      let select = trx.selectFrom('orders as o').selectAll('o').where('o.updated_at', '>=', from);
      if (viewer.role !== 'admin') {
        select = select.innerJoin('restaurants as r', 'r.id', 'o.restaurant_id').where('r.owner_user_id', '=', viewer.id);
      }
      return select.orderBy('o.updated_at').orderBy('o.id').limit(limit).execute();
    },

    /** An order that used the coupon, if any. */
    async anyWithCoupon(couponId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('orders').select('id').where('coupon_id', '=', couponId).limit(1).executeTakeFirst();
    },

    /** One order of the store (its id), if the store has any: a store with orders cannot be deleted. */
    async anyOfStore(storeId: number, trx: Kysely<Database> = db): Promise<{ id: number } | undefined> {
      return trx.selectFrom('orders').select('id').where('restaurant_id', '=', storeId).limit(1).executeTakeFirst();
    },

    /** How many orders the driver holds (driver assigned, picked up). */
    async countHeldByDriver(driverUserId: number, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('driver_user_id', '=', driverUserId)
        .where('status', 'in', [...WITH_DRIVER_STATUSES])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** How many orders the driver delivered. */
    async countDeliveredByDriver(driverUserId: number, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('driver_user_id', '=', driverUserId)
        .where('status', '=', OrderStatus.DELIVERED)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The ids of the orders the driver holds (driver assigned, picked up). */
    async idsHeldByDriver(driverUserId: number, trx: Kysely<Database> = db): Promise<{ id: number }[]> {
      return trx.selectFrom('orders').select('id').where('driver_user_id', '=', driverUserId).where('status', 'in', [...WITH_DRIVER_STATUSES]).execute();
    },

    /** The cash the driver collected on cash orders and has not handed in yet. */
    async cashInHandOf(driverUserId: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('cash_collected'), eb.lit(0)).as('cash'))
        .where('driver_user_id', '=', driverUserId)
        .where('cash_settled_at', 'is', null)
        .where('cash_collected', 'is not', null)
        .executeTakeFirstOrThrow();
    },

    /** Records what the delivering driver earned on the order and the cash they took (null: none). */
    async recordDriverEarning(id: number, driverEarning: number, cashCollected: number | null, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('orders').set({ driver_earning: driverEarning, cash_collected: cashCollected }).where('id', '=', id).execute();
    },

    /** The orders offered to the driver now (offeredToDriverWhere), oldest first, at most `limit`. */
    async offeredToDriver(driverUserId: number, limit: number, trx: Kysely<Database> = db): Promise<OrderRow[]> {
      return trx.selectFrom('orders').selectAll().where(offeredToDriverWhere(driverUserId)).orderBy('id').limit(limit).execute();
    },

    /** The orders the driver holds (assigned, picked up), oldest first. */
    async heldByDriver(driverUserId: number, trx: Kysely<Database> = db): Promise<OrderRow[]> {
      return trx
        .selectFrom('orders')
        .selectAll()
        .where('driver_user_id', '=', driverUserId)
        .where('status', 'in', [...WITH_DRIVER_STATUSES])
        .orderBy('id')
        .execute();
    },

    /** The order if the driver may see it (offered to them, or theirs in any state). */
    async visibleToDriver(driverUserId: number, uniqueOrderId: string, trx: Kysely<Database> = db): Promise<OrderRow | undefined> {
      return trx
        .selectFrom('orders')
        .selectAll()
        .where('unique_order_id', '=', uniqueOrderId)
        .where((eb) => eb.or([eb('orders.driver_user_id', '=', driverUserId), offeredToDriverWhere(driverUserId)(eb)]))
        .executeTakeFirst();
    },

    /** The driver's delivered orders, newest first, with an id below `before` when given; at most `limit`. */
    async deliveredByDriver(driverUserId: number, before: number | undefined, limit: number, trx: Kysely<Database> = db): Promise<OrderRow[]> {
      let query = trx
        .selectFrom('orders')
        .selectAll()
        .where('driver_user_id', '=', driverUserId)
        .where('status', '=', OrderStatus.DELIVERED);
      if (before !== undefined) query = query.where('id', '<', before);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** How many orders are in each status (the metrics gauge). */
    async countByStatus(trx: Kysely<Database> = db) {
      return trx
        .selectFrom('orders')
        .select(['status', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('status')
        .execute();
    },

    // Methods go above this line.
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
