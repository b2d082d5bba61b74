/**
 * The payment calls' common steps around the adapters: find the customer's
 * order and its payments row, check it is a gateway order still awaiting
 * payment, open the provider's payment (start) or ask the provider where it
 * stands and settle it (confirm), and answer where the payment stands.
 *
 * Starting needs the gateway switched on and configured; confirming needs
 * only its credentials, so a payment begun before the admin switched the
 * gateway off can still be settled.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { PaymentAction, PaymentState } from '../../src/api/checkout/payment-entities.ts';
import { isPaymentGatewayId, isPaymentMethodId, type PaymentGatewayId } from '../../src/api/checkout/payment-limits.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { readSetting, type SettingsMap } from '../../src/api/settings/defaults.ts';
import type { OrdersTable, PaymentsTable } from '../db/tables.ts';
import { uniqueViolationOf } from '../db/unique-violation.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { SessionUser } from '../account/users-repository.ts';
import { NO_ACTION, type GatewayVerdict, type PaymentAttempt } from './gateway.ts';
import { isAvailable, storeCurrency } from './gateways.ts';
import { settlePayment } from './settle.ts';

type OrderRow = Selectable<OrdersTable>;
type PaymentRow = Selectable<PaymentsTable>;

export interface OrderPayment {
  order: OrderRow;
  /** The newest payments row of the order; undefined for an order paid without a gateway. */
  payment: PaymentRow | undefined;
  settings: SettingsMap;
}

export interface ReturnTo {
  /** e.g. https://food.example */
  origin: string;
  /** An app path; default /running-order/<unique_order_id>. */
  path?: string | undefined;
}

/** The app's origin as the customer's browser reached it: where providers send the customer back to. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The user's order by its public id with its payment; another user's order is a 404, as if it did not exist. */
export async function loadOrderPayment(app: FastifyInstance, user: Pick<SessionUser, 'id'>, uniqueOrderId: string): Promise<OrderPayment> {
  const order = await app.ordersRepository.findByUniqueId(uniqueOrderId);
  if (!order || Number(order.user_id) !== user.id) throw notFound(`You have no order ${uniqueOrderId}.`);
  return { order, payment: await latestPaymentOf(app, Number(order.id)), settings: await settingsOf(app) };
}

/** The order a gateway's payment reference belongs to, when it is the user's (stripe-redirect-capture). */
export async function loadOrderPaymentByReference(
  app: FastifyInstance,
  user: Pick<SessionUser, 'id'>,
  gateway: PaymentGatewayId,
  reference: string,
): Promise<OrderPayment> {
  const row = await app.paymentsRepository.orderOfReference(gateway, reference);
  if (!row || Number(row.user_id) !== user.id) throw notFound(`You have no ${gateway} payment ${reference}.`);
  return loadOrderPayment(app, user, row.unique_order_id);
}

export async function startOrderPayment(
  app: FastifyInstance,
  found: OrderPayment,
  returnTo: ReturnTo,
  expected?: PaymentGatewayId,
): Promise<PaymentState> {
  const { order, settings } = found;
  const gatewayId = gatewayOf(order, expected);
  const payment = found.payment;
  if (Number(order.status) !== OrderStatus.AWAITING_PAYMENT || !payment || payment.status !== 'PENDING') {
    throw new HttpError(409, 'ORDER_NOT_AWAITING_PAYMENT', `Order ${order.unique_order_id} is not awaiting a payment.`);
  }
  if (!isAvailable(app.payments.gateways, settings, gatewayId)) {
    throw new HttpError(422, 'PAYMENT_METHOD_UNAVAILABLE', `Paying by ${gatewayId} is not offered at the moment. Choose another way to pay.`);
  }
  const attempt = await attemptOf(app, order, payment, settings);
  const started = await app.payments.gateways[gatewayId].startPayment({
    attempt,
    returnUrls: returnUrlsOf(returnTo, order, gatewayId),
    siteUrl: returnTo.origin,
    merchantName: readSetting(settings, 'storeName'),
  });
  if (started.reference !== payment.gateway_reference) await recordReference(app, payment, started.reference);
  return stateOf(app, Number(order.id), started.action);
}

/**
 * Asks the provider (through `ask`) where the order's payment stands and
 * settles a final answer. A payment already settled is answered as it is,
 * without asking: a second confirm changes nothing.
 */
export async function confirmOrderPayment(
  app: FastifyInstance,
  found: OrderPayment,
  gatewayId: PaymentGatewayId,
  ask: (attempt: PaymentAttempt & { reference: string }) => Promise<GatewayVerdict>,
): Promise<PaymentState> {
  const { order, payment, settings } = found;
  gatewayOf(order, gatewayId);
  if (!payment) throw new HttpError(409, 'ORDER_NOT_AWAITING_PAYMENT', `Order ${order.unique_order_id} has no payment to confirm.`);
  if (payment.status !== 'PENDING') return stateOf(app, Number(order.id), NO_ACTION);
  const reference = payment.gateway_reference;
  if (reference === null) throw new HttpError(409, 'CONFLICT', 'This payment was not started yet: start it first.');
  if (!app.payments.gateways[gatewayId].isConfigured()) {
    throw new HttpError(422, 'PAYMENT_METHOD_UNAVAILABLE', `Paying by ${gatewayId} is not offered at the moment.`);
  }
  const verdict = await ask({ ...(await attemptOf(app, order, payment, settings)), reference });
  await settlePayment(app, app.log, { gateway: gatewayId, verdict, currency: storeCurrency(settings), source: 'confirm' });
  return stateOf(app, Number(order.id), verdict.outcome === 'PENDING' ? verdict.action : NO_ACTION);
}

/** Where the order's payment stands now, with what the client does next. */
export async function stateOf(app: FastifyInstance, orderId: number, action: PaymentAction): Promise<PaymentState> {
  const order = await app.ordersRepository.paymentFactsOf(orderId);
  const payment = await latestPaymentOf(app, orderId);
  const settings = await settingsOf(app);
  const gateway = order.payment_mode;
  if (!isPaymentMethodId(gateway)) throw new Error(`Order ${order.unique_order_id} has an unknown payment mode ${gateway}`);
  return {
    unique_order_id: order.unique_order_id,
    gateway,
    orderstatus_id: Number(order.status),
    payment_status: order.payment_status,
    amount: Number(payment?.amount ?? order.payable_amount),
    currency: storeCurrency(settings),
    action,
  };
}

function gatewayOf(order: OrderRow, expected: PaymentGatewayId | undefined): PaymentGatewayId {
  const mode = order.payment_mode;
  if (!isPaymentGatewayId(mode)) {
    throw new HttpError(409, 'WRONG_PAYMENT_GATEWAY', `Order ${order.unique_order_id} is paid by ${mode}, not online.`);
  }
  if (expected !== undefined && mode !== expected) {
    throw new HttpError(409, 'WRONG_PAYMENT_GATEWAY', `Order ${order.unique_order_id} is paid through ${mode}, not ${expected}.`);
  }
  return mode;
}

async function latestPaymentOf(app: FastifyInstance, orderId: number): Promise<PaymentRow | undefined> {
  return app.paymentsRepository.latestOf(orderId);
}

export async function settingsOf(app: FastifyInstance): Promise<SettingsMap> {
  return Object.fromEntries(await app.settingsRepository.asMap());
}

async function attemptOf(app: FastifyInstance, order: OrderRow, payment: PaymentRow, settings: SettingsMap): Promise<PaymentAttempt> {
  const customer = await app.usersRepository.paymentCustomerOf(Number(order.user_id));
  return {
    paymentId: Number(payment.id),
    uniqueOrderId: order.unique_order_id,
    amount: Number(payment.amount),
    currency: storeCurrency(settings),
    reference: payment.gateway_reference,
    customer: { id: Number(customer.id), name: customer.name, email: customer.email, phone: customer.phone },
  };
}

function returnUrlsOf(returnTo: ReturnTo, order: OrderRow, gateway: PaymentGatewayId): { success: string; cancel: string } {
  const url = new URL(returnTo.path ?? `/running-order/${encodeURIComponent(order.unique_order_id)}`, returnTo.origin);
  // The landing page reads which verify call to make from this.
  url.searchParams.set('payment_gateway', gateway);
  const success = url.toString();
  url.searchParams.set('payment_cancelled', '1');
  return { success, cancel: url.toString() };
}

async function recordReference(app: FastifyInstance, payment: PaymentRow, reference: string): Promise<void> {
  try {
    const result = await app.paymentsRepository.setReference(Number(payment.id), reference);
    if (result === 0) throw new HttpError(409, 'ORDER_NOT_AWAITING_PAYMENT', 'This payment was settled meanwhile.');
  } catch (error) {
    // The provider answered an id another payment already holds: never let two orders share one payment.
    if (uniqueViolationOf(error)) throw new HttpError(409, 'CONFLICT', 'The payment provider answered a payment that belongs to another order.');
    throw error;
  }
}
