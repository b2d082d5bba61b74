/**
 * The customer's alert for each step of their order they care about
 * (preparing, driver assigned, picked up, ready for pickup, delivered or
 * collected, cancelled, payment failed), stored with notifyUser in the
 * transaction of the move, so a move that rolls back alerts no one.
 *
 * Users have no language of their own on the server, so the words are the
 * app's default language's translations of the orderAlert… keys (English
 * and Arabic are seeded, an admin may edit them), falling back to English.
 * The alert's data names the order and the step (unique_order_id,
 * orderstatus_id): the alert opens the running order.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { TextKey } from '../../src/api/language/texts.ts';
import { formatText } from '../../src/api/language/format-text.ts';
import { OrderStatus, type OrderStatusCode } from '../../src/api/orders/status.ts';
import type { Database, OrdersTable } from '../db/tables.ts';

type OrderRow = Selectable<OrdersTable>;

interface AlertWords {
  title: TextKey;
  message: TextKey;
}

function wordsFor(order: OrderRow): AlertWords | null {
  switch (Number(order.status) as OrderStatusCode) {
    case OrderStatus.PREPARING:
      return { title: 'orderAlertPreparingTitle', message: 'orderAlertPreparingMessage' };
    case OrderStatus.DRIVER_ASSIGNED:
      return { title: 'orderAlertDriverAssignedTitle', message: 'orderAlertDriverAssignedMessage' };
    case OrderStatus.PICKED_UP:
      return { title: 'orderAlertPickedUpTitle', message: 'orderAlertPickedUpMessage' };
    case OrderStatus.READY_FOR_PICKUP:
      return { title: 'orderAlertReadyTitle', message: 'orderAlertReadyMessage' };
    case OrderStatus.DELIVERED:
      return order.order_type === 'SELFPICKUP'
        ? { title: 'orderAlertCollectedTitle', message: 'orderAlertCollectedMessage' }
        : { title: 'orderAlertDeliveredTitle', message: 'orderAlertDeliveredMessage' };
    case OrderStatus.CANCELLED:
      return {
        title: 'orderAlertCancelledTitle',
        message: order.cancel_reason ? 'orderAlertCancelledWithReasonMessage' : 'orderAlertCancelledMessage',
      };
    case OrderStatus.PAYMENT_FAILED:
      return { title: 'orderAlertPaymentFailedTitle', message: 'orderAlertPaymentFailedMessage' };
    default:
      // Placed and awaiting payment: the customer is the one who just did that.
      return null;
  }
}

/** Alerts the order's customer of the step it just took; nothing for steps they took themselves. */
export async function alertCustomerOfStep(app: FastifyInstance, trx: Kysely<Database>, order: OrderRow, now: Date): Promise<void> {
  const words = wordsFor(order);
  if (!words) return;
  const [store, driver, texts] = await Promise.all([
    app.storesRepository.nameOf(Number(order.restaurant_id), trx),
    order.driver_user_id === null ? Promise.resolve(undefined) : app.usersRepository.nameOf(Number(order.driver_user_id), trx),
    app.languagesRepository.defaultLanguageTexts([words.title, words.message], trx),
  ]);
  const values = {
    order: order.unique_order_id,
    store: store?.name ?? '',
    driver: driver?.name.split(/\s+/)[0] ?? '',
    reason: order.cancel_reason ?? '',
  };
  // The push dispatcher is kicked after the step commits (lifecycle-plugin.ts); an earlier kick finds nothing new.
  await app.notificationsRepository.notifyUser(
    Number(order.user_id),
    {
      title: formatText(texts[words.title] ?? '', values),
      message: formatText(texts[words.message] ?? '', values),
      data: { unique_order_id: order.unique_order_id, orderstatus_id: Number(order.status) },
    },
    now,
    trx,
  );
}
