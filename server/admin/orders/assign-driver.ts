/**
 * admin/assign-driver: an administrator gives a delivery order to a driver.
 *
 * - An order the store is preparing takes the state machine's step to
 *   driver assigned (moveOrder, actor 'admin'): its history row, the
 *   customer's alert and the live streams come with it, as for a driver's
 *   own accept.
 * - An order another driver has, not picked up yet, changes hands without
 *   a new step (the timeline already says "driver assigned"): a conditional
 *   UPDATE on the driver it had, so a pickup racing it either lands first
 *   (then the order is picked up and cannot change hands) or is refused
 *   ("This order is not assigned to you.").
 *
 * The driver must pass what they would to take it themselves
 * (checkDriverMayTake: on duty, linked to the store, under their limit),
 * with words for the administrator. Written to the audit trail in the same
 * transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { IN_KITCHEN_STATUSES, OrderStatus, isStatusIn } from '../../../src/api/orders/status.ts';
import type { Database, OrdersTable } from '../../db/tables.ts';
import { checkDriverMayTake } from '../../driver/accept-rules.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { whereTheOrderIs } from '../../orders/lifecycle-rules.ts';
import { orderEvents } from '../../orders/order-events.ts';
import { moveOrder, type MovedOrder } from '../../orders/transitions.ts';
import type { SessionUser } from '../../account/users-repository.ts';

export async function assignDriver(app: FastifyInstance, admin: SessionUser, uniqueOrderId: string, driverUserId: number): Promise<MovedOrder> {
  const moved = await app.db.transaction().execute(async (trx) => {
    await checkIsDriver(app, trx, driverUserId);
    const order = await app.ordersRepository.findByUniqueId(uniqueOrderId, trx);
    if (!order) throw notFound(`There is no order ${uniqueOrderId}.`);
    const previous = order.driver_user_id === null ? null : Number(order.driver_user_id);
    if (previous === driverUserId) return { order, changed: false };
    checkMayChangeHands(order);

    const result =
      Number(order.status) === OrderStatus.PREPARING
        ? await moveOrder(app, trx, {
            orderId: Number(order.id),
            to: OrderStatus.DRIVER_ASSIGNED,
            actor: 'admin',
            actorUserId: admin.id,
            driverUserId,
            precondition: (inner, row) => checkDriverMayTake(app, inner, driverUserId, row, 'admin'),
          })
        : await handOver(app, trx, order, previous, driverUserId);
    if (result.changed) {
      await app.auditRepository.record({
        userId: admin.id,
        role: admin.role,
        action: 'admin/assign-driver',
        entity: 'orders',
        entityId: order.unique_order_id,
        details: { driver_user_id: driverUserId, previous_driver_user_id: previous, restaurant_id: Number(order.restaurant_id) },
      }, trx);
    }
    return result;
  });
  if (moved.changed) orderEvents.announce(Number(moved.order.id));
  return moved;
}

async function checkIsDriver(app: FastifyInstance, trx: Kysely<Database>, userId: number): Promise<void> {
  const user = await app.usersRepository.roleAndBanOf(userId, trx);
  if (!user) throw new HttpError(404, 'UNKNOWN_USER', `There is no user ${userId}.`);
  if (user.role !== 'driver') throw new HttpError(409, 'NOT_A_DRIVER', 'This person is not a driver.');
  if (Number(user.is_banned) === 1) throw new HttpError(409, 'ACCOUNT_BANNED', 'This driver is banned.');
}

/** Only a delivery order, from when the store accepted it until a driver picked it up. */
function checkMayChangeHands(order: Selectable<OrdersTable>): void {
  if (order.order_type !== 'DELIVERY') {
    throw new HttpError(409, 'WRONG_ORDER_TYPE', 'This is a self-pickup order: the customer collects it, no driver delivers it.');
  }
  const status = Number(order.status);
  if (!isStatusIn(IN_KITCHEN_STATUSES, status)) {
    throw new HttpError(409, 'ILLEGAL_TRANSITION', `${whereTheOrderIs({ status, order_type: order.order_type })} It cannot be given to a driver now.`);
  }
}

/** Another driver's order, not picked up yet, to this driver: no new step. */
async function handOver(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  previous: number | null,
  driverUserId: number,
): Promise<MovedOrder> {
  await checkDriverMayTake(app, trx, driverUserId, order, 'admin');
  const changed = await app.ordersRepository.handOver(Number(order.id), previous, driverUserId, trx);
  if (!changed) throw new HttpError(409, 'CONFLICT', 'This order changed meanwhile. Refresh and try again.');
  return { order: changed, changed: true };
}
