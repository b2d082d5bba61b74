/**
 * moveOrder: the one place an order changes status (DESIGN §6). Every caller
 * (the store's and the driver's calls, the customer's cancel-order, the
 * payment callbacks, auto-accept) moves an order through it, so each change
 * is checked by the state machine, written with its history row, alerts the
 * customer, settles money and points, and wakes the live streams, all in
 * one transaction.
 *
 * - A move to where the order already is changes nothing and answers
 *   changed: false (no history row, no alert): a replayed action is
 *   harmless even without its Idempotency-Key.
 * - The status is written with a conditional UPDATE (WHERE status = the
 *   status read; for a driver's assignment also WHERE no driver yet), so of
 *   two concurrent moves only one wins; the loser reads the order again and
 *   is judged against where it is now (a no-op, ORDER_TAKEN, or a 409 that
 *   says where the order is).
 * - happened_at is the actor's time when given (a driver's action queued
 *   offline), clamped to no later than now and no earlier than the order's
 *   previous step (so the timeline stays in order); created_at is now.
 *
 * Given app.db rather than a transaction, moveOrder opens its own and wakes
 * the streams after the commit.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { OrderStatus, type OrderActor, type OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database, OrdersTable } from '../db/tables.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import { alertCustomerOfStep } from './lifecycle-alerts.ts';
import { isAlreadyThere, refusalOf } from './lifecycle-rules.ts';
import { settleCompletedOrder, settleUnfulfilledOrder } from './lifecycle-settlement.ts';
import { orderEvents } from './order-events.ts';
import { notifyInTransaction } from './order-events-bus.ts';

export interface OrderMove {
  orderId: number;
  to: OrderStatusCode;
  actor: OrderActor;
  /** The user who moved it; null for the system or a gateway. */
  actorUserId: number | null;
  /** ISO time the actor acted (a queued action); default now. */
  happenedAt?: string;
  /** Kept on the history row; for a cancel, the reason the customer reads. */
  note?: string;
  /** An administrator giving the order to a driver (→ driver assigned): who gets it. */
  driverUserId?: number;
  /** Accepting (→ preparing): the minutes the store says the food takes; the order then carries when it should be ready. */
  prepMinutes?: number;
  /**
   * The caller's own rule (a driver's duty, stores and limit for
   * accept-to-deliver): runs in the move's transaction once the move is
   * neither a no-op nor refused by the state machine, and throws to refuse it.
   */
  precondition?: (trx: Kysely<Database>, order: Selectable<OrdersTable>) => Promise<void>;
}

export interface MovedOrder {
  order: Selectable<OrdersTable>;
  changed: boolean;
}

/** Conditional updates lost to concurrent moves before giving up (each loss means the order did move). */
const MAX_ATTEMPTS = 5;

export async function moveOrder(app: FastifyInstance, trx: Kysely<Database>, move: OrderMove): Promise<MovedOrder> {
  if (!trx.isTransaction) {
    const moved = await trx.transaction().execute((own) => moveOrder(app, own, move));
    if (moved.changed) orderEvents.announce(Number(moved.order.id));
    return moved;
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const order = await app.ordersRepository.findById(move.orderId, trx);
    if (!order) throw notFound(`There is no order ${move.orderId}.`);
    const position = { status: Number(order.status), order_type: order.order_type, driver_user_id: nullableId(order.driver_user_id) };
    if (isAlreadyThere(position, move)) return { order, changed: false };
    const refusal = refusalOf(position, move);
    if (refusal) throw refusal;
    await move.precondition?.(trx, order);

    const now = new Date();
    const moved = await writeStatus(app, trx, order, move, now);
    if (!moved) continue;
    await app.ordersRepository.insertHistoryRow(
      {
        order_id: Number(order.id),
        status: move.to,
        actor_user_id: move.actorUserId,
        actor: move.actor,
        note: move.note ?? null,
        happened_at: await stepTime(app, trx, order, move.happenedAt, now),
        created_at: now.toISOString(),
      },
      trx,
    );
    const settled = await settle(app, trx, moved, move, now);
    await alertCustomerOfStep(app, trx, settled, now);
    // Inside the caller's transaction: the other processes hear of it on commit (order-events-bus.ts),
    // this one's streams re-read until they see it committed (order-events.ts).
    await notifyInTransaction(app, trx, Number(order.id));
    orderEvents.announceUncommitted(Number(order.id));
    return { order: settled, changed: true };
  }
  throw new HttpError(409, 'CONFLICT', 'This order keeps changing. Refresh and try again.');
}

/** The status UPDATE, only if nobody moved the order since it was read; undefined when somebody did. */
async function writeStatus(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  move: OrderMove,
  now: Date,
): Promise<Selectable<OrdersTable> | undefined> {
  const changes: Updateable<OrdersTable> = { status: move.to, updated_at: now.toISOString() };
  if (move.to === OrderStatus.DRIVER_ASSIGNED) {
    // The driver who took it, or the one an administrator gave it to.
    const driver = move.actor === 'driver' ? move.actorUserId : move.driverUserId;
    if (driver !== undefined) changes.driver_user_id = driver;
  }
  if (move.to === OrderStatus.CANCELLED) changes.cancel_reason = move.note ?? null;
  if (move.to === OrderStatus.PREPARING && move.prepMinutes !== undefined) {
    changes.prep_minutes = move.prepMinutes;
    changes.estimated_ready_at = new Date(now.getTime() + move.prepMinutes * 60_000).toISOString();
  }
  return app.ordersRepository.updateIfStatus(Number(order.id), Number(order.status), changes, changes.driver_user_id !== undefined, trx);
}

/** Money and points of a final step; answers the order as it ends up. */
async function settle(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  move: OrderMove,
  now: Date,
): Promise<Selectable<OrdersTable>> {
  let paymentStatus = order.payment_status;
  if (move.to === OrderStatus.CANCELLED || move.to === OrderStatus.PAYMENT_FAILED) {
    paymentStatus = await settleUnfulfilledOrder(app, trx, order, move.actorUserId, now);
  }
  if (move.to === OrderStatus.DELIVERED) paymentStatus = await settleCompletedOrder(app, trx, order, now);
  if (paymentStatus === order.payment_status) return order;
  return app.ordersRepository.setPaymentStatus(Number(order.id), paymentStatus, trx);
}

/** When the step happened: the actor's time, kept between the previous step and now. */
async function stepTime(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  requested: string | undefined,
  now: Date,
): Promise<string> {
  const asked = requested === undefined ? Number.NaN : Date.parse(requested);
  if (Number.isNaN(asked) || asked >= now.getTime()) return now.toISOString();
  const previous = await app.ordersRepository.latestStepAt(Number(order.id), trx);
  const floor = Math.max(Date.parse(order.created_at), previous?.at ? Date.parse(previous.at) : 0);
  return new Date(Math.max(asked, floor)).toISOString();
}

function nullableId(value: number | null): number | null {
  return value === null ? null : Number(value);
}
