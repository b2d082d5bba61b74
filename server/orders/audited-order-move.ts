/**
 * A store's move on an order (accept, ready, collected, cancel) made by a
 * store owner or an administrator, with its audit row in the same
 * transaction (issue 7: every change in the console is audited). The order's
 * history already says who moved it when; the audit keeps it beside every
 * other console change, with the preparation time or the reason given.
 * The live streams are woken after the commit.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ORDER_STATUS_NAMES } from '../../src/api/orders/limits.ts';
import type { OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { orderEvents } from './order-events.ts';
import { moveOrder, type MovedOrder, type OrderMove } from './transitions.ts';
import type { SessionUser } from '../account/users-repository.ts';

export async function moveOrderAudited(
  app: FastifyInstance,
  user: SessionUser,
  action: string,
  move: OrderMove,
  /** Runs last in the move's transaction (the call stores its answer there, with the move). */
  beforeCommit?: (trx: Kysely<Database>, moved: MovedOrder) => Promise<void>,
): Promise<MovedOrder> {
  const moved = await app.db.transaction().execute(async (trx) => {
    const result = await moveOrder(app, trx, move);
    if (result.changed) {
      await app.auditRepository.record({
        userId: user.id,
        role: user.role,
        action,
        entity: 'orders',
        entityId: result.order.unique_order_id,
        details: {
          status: ORDER_STATUS_NAMES[move.to as OrderStatusCode],
          restaurant_id: Number(result.order.restaurant_id),
          ...(move.prepMinutes !== undefined ? { prep_minutes: move.prepMinutes } : {}),
          ...(move.note !== undefined ? { reason: move.note } : {}),
        },
      }, trx);
    }
    await beforeCommit?.(trx, result);
    return result;
  });
  if (moved.changed) orderEvents.announce(Number(moved.order.id));
  return moved;
}
