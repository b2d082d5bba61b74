/**
 * The customer's alert for an order just placed (or waiting for its card
 * payment): a receipt on every device of theirs, which matters most when a
 * call-centre agent placed it for them. Worded like the lifecycle's alerts
 * (lifecycle-alerts.ts): the default language's orderAlert… texts, English
 * where it has none, with data that opens the running order.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { TextKey } from '../../src/api/language/texts.ts';
import { formatText } from '../../src/api/language/format-text.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import type { Database, OrdersTable } from '../db/tables.ts';
import type { Alert } from '../account/notifications-repository.ts';

export async function orderPlacedAlert(
  app: FastifyInstance,
  order: Pick<Selectable<OrdersTable>, 'unique_order_id' | 'status'>,
  storeName: string,
  trx: Kysely<Database> = app.db,
): Promise<Alert> {
  const awaitingPayment = Number(order.status) === OrderStatus.AWAITING_PAYMENT;
  const title: TextKey = awaitingPayment ? 'orderAlertAwaitingPaymentTitle' : 'orderAlertPlacedTitle';
  const message: TextKey = awaitingPayment ? 'orderAlertAwaitingPaymentMessage' : 'orderAlertPlacedMessage';
  const words = await app.languagesRepository.defaultLanguageTexts([title, message], trx);
  const values = { order: order.unique_order_id, store: storeName };
  return {
    title: formatText(words[title] ?? '', values),
    message: formatText(words[message] ?? '', values),
    data: { unique_order_id: order.unique_order_id, orderstatus_id: Number(order.status) },
  };
}
