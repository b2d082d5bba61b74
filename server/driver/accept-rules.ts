/**
 * What a driver needs to take an order (accept-to-deliver), beyond the state
 * machine: to be on duty (DRIVER_OFF_DUTY), to deliver for the order's store
 * (STORE_NOT_LINKED), and to hold fewer orders than driverMaxActiveOrders
 * (DRIVER_ORDER_LIMIT).
 *
 * Checked inside the move's transaction, after moveOrder has found the move
 * is neither a no-op (their own order again) nor another driver's order
 * (ORDER_TAKEN). The duty check is an UPDATE of the driver's status row, so
 * it also locks that row: two accepts of one driver racing for two orders
 * line up, and the second counts the first's order (PostgreSQL reads what
 * committed before each statement; SQLite runs one write at a time), so the
 * limit holds under concurrency.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import { readDriverSettings } from './driver-settings.ts';

/** Who is told: the driver taking an order themselves, or an administrator giving it to them. */
export type TakerWords = 'driver' | 'admin';

export async function checkDriverMayTake(
  app: FastifyInstance,
  trx: Kysely<Database>,
  driverUserId: number,
  order: Pick<Selectable<OrdersTable>, 'restaurant_id'>,
  told: TakerWords = 'driver',
): Promise<void> {
  const self = told === 'driver';
  const onDuty = await app.driversRepository.lockIfOnDuty(driverUserId, trx);
  if (!onDuty) {
    throw new HttpError(409, 'DRIVER_OFF_DUTY', self ? 'You are off duty. Go on duty to take orders.' : 'This driver is off duty: they take no orders now.');
  }
  if (!(await app.driversRepository.isLinkedToStore(driverUserId, Number(order.restaurant_id), trx))) {
    throw new HttpError(403, 'STORE_NOT_LINKED', self ? 'You do not deliver for this store.' : "This driver does not deliver for this order's store.");
  }
  const { maxActiveOrders } = await readDriverSettings(app, trx);
  const held = await app.ordersRepository.countHeldByDriver(driverUserId, trx);
  if (held >= maxActiveOrders) {
    const count = `${held} order${held === 1 ? '' : 's'}`;
    throw new HttpError(
      409,
      'DRIVER_ORDER_LIMIT',
      self
        ? `You already hold ${count}, the most you may at once. Deliver one before taking another.`
        : `This driver already holds ${count}, the most they may at once.`,
    );
  }
}
