/**
 * place-order: one transaction that re-prices the cart from the database
 * (prepareCheckout, with the customer's row locked first so their wallet and
 * points cannot move underneath) and writes everything the order is made
 * of: the order with a copy of every price part, its lines, its first
 * history row, the coupon use, the wallet debit and the points redeemed
 * (each a ledger row), the payment row of a card order, the customer's
 * alert, the agent's audit row, and the move to preparing when the store
 * accepts orders automatically. Any refusal rolls all of it back.
 *
 * Payment: COD pays on delivery or at the counter (use_wallet takes what
 * the wallet holds first); WALLET pays the whole total from the wallet
 * (INSUFFICIENT_BALANCE otherwise); a gateway leaves the order awaiting
 * payment (status 8, a PENDING payments row) until the gateway confirms. A
 * total the wallet or the discounts cover entirely needs no payment at all:
 * the order is placed and paid.
 *
 * Locks are always taken in the same order (the customer's row, then the
 * coupon's), so concurrent orders on PostgreSQL wait for each other instead
 * of deadlocking; SQLite runs one write transaction at a time anyway.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Order } from '../../src/api/orders/entities.ts';
import { DELIVERY_PIN_DIGITS, UNIQUE_ORDER_ID_PREFIX, type PaymentMode } from '../../src/api/orders/limits.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { isPaymentGatewayId, type OrderPaymentStatus } from '../../src/api/checkout/payment-limits.ts';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import { actorIdOf } from '../account/agent-actions-repository.ts';
import type { NotificationsRepository } from '../account/notifications-repository.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { SessionUser } from '../account/users-repository.ts';
import { formatMoney, type CheckoutSettings } from './checkout-settings.ts';
import { customerBalances, prepareCheckout, type Checkout, type CheckoutRequest } from './checkout.ts';
import { redeemCoupon } from './coupons.ts';
import { redeemLoyaltyPoints } from './loyalty.ts';
import { orderPlacedAlert } from './order-placed-alert.ts';
import { historyOf, orderEntity, type OrderHistoryRow } from '../orders/order-view.ts';
import { moveOrder } from '../orders/transitions.ts';

export interface PlaceOrderRequest extends CheckoutRequest {
  payment_mode: PaymentMode;
  /** The total the customer was shown; another price now refuses the order (PRICE_CHANGED). */
  expected_total?: number | undefined;
}

export interface PlaceOrderContext {
  /** The session: the customer, or an agent acting for them (acting_user_id). */
  customer: Pick<SessionUser, 'id' | 'acting_user_id'>;
  settings: CheckoutSettings;
  notifications: Pick<NotificationsRepository, 'notifyUser'>;
  now?: Date;
  /**
   * Runs last inside the order's transaction, with the order as it will be
   * answered: the call stores its answer there (its Idempotency-Key), so the
   * order and the answer that names it commit together. Throwing rolls the
   * order back.
   */
  beforeCommit?: (trx: Kysely<Database>, placed: PlacedOrder) => Promise<void>;
}

/** No 0/O, 1/I/L: an id read out over the phone is never misheard. */
const ORDER_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const ORDER_ID_LENGTH = 8;

/**
 * 'FP-' and 8 random characters: ~8.5 × 10¹¹ ids, so the unique index
 * practically never refuses one; if it ever does, the 500 releases the
 * Idempotency-Key and the app's retry places the order under a new id.
 */
export function newUniqueOrderId(): string {
  let id = '';
  for (let i = 0; i < ORDER_ID_LENGTH; i += 1) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return `${UNIQUE_ORDER_ID_PREFIX}${id}`;
}

export function newDeliveryPin(): string {
  return String(randomInt(10 ** DELIVERY_PIN_DIGITS)).padStart(DELIVERY_PIN_DIGITS, '0');
}

function unavailableMethod(message: string): HttpError {
  return new HttpError(422, 'PAYMENT_METHOD_UNAVAILABLE', message);
}

/** Refuses a payment choice the shop does not offer, before anything is read or locked. */
function checkPaymentChoice(request: PlaceOrderRequest, settings: CheckoutSettings): void {
  const mode = request.payment_mode;
  if (!settings.paymentEnabled[mode]) throw unavailableMethod(`Paying by ${mode} is not offered at the moment.`);
  if (request.use_wallet && isPaymentGatewayId(mode)) {
    throw unavailableMethod('The wallet can pay part of an order paid in cash, not of one paid online; pay it all online or choose cash.');
  }
  if (request.use_wallet && !settings.paymentEnabled.WALLET) throw unavailableMethod('Paying from the wallet is not offered at the moment.');
}

/**
 * The customer is charged only a total they saw: a price that moved since
 * their quote (a fee, a tax rate, an item's price, a coupon that ran out)
 * refuses the order with the new quote, and the app asks again.
 */
function checkExpectedTotal(request: PlaceOrderRequest, checkout: Checkout, settings: CheckoutSettings): void {
  const expected = request.expected_total;
  const { total } = checkout.price;
  if (expected === undefined || expected === total) return;
  throw new HttpError(
    409,
    'PRICE_CHANGED',
    `This order now comes to ${formatMoney(total, settings)}, not the ${formatMoney(expected, settings)} shown. Check the new total and place the order again.`,
    [{ path: '/total', message: String(total) }],
    checkout.quote,
  );
}

interface PaymentPlan {
  status: typeof OrderStatus.PLACED | typeof OrderStatus.AWAITING_PAYMENT;
  paymentStatus: OrderPaymentStatus;
}

function paymentPlanOf(checkout: Checkout, mode: PaymentMode, settings: CheckoutSettings): PaymentPlan {
  const { total, wallet_amount: fromWallet, payable_amount: payable } = checkout.price;
  if (mode === 'WALLET' && fromWallet < total) {
    throw new HttpError(
      409,
      'INSUFFICIENT_BALANCE',
      `Your wallet holds ${formatMoney(fromWallet, settings)}; this order comes to ${formatMoney(total, settings)}. Pay the rest in cash or another way.`,
    );
  }
  if (payable === 0) return { status: OrderStatus.PLACED, paymentStatus: 'PAID' };
  if (isPaymentGatewayId(mode)) return { status: OrderStatus.AWAITING_PAYMENT, paymentStatus: 'PENDING' };
  return { status: OrderStatus.PLACED, paymentStatus: 'PENDING' };
}

export interface PlacedOrder {
  /** The order as it stands after the transaction (preparing, when the store auto-accepts). */
  order: OrderRow;
  /** What it was priced from: its lines and store, for the answer. */
  checkout: Checkout;
  /** Its history so far, oldest first. */
  history: OrderHistoryRow[];
}

export async function placeOrder(app: FastifyInstance, request: PlaceOrderRequest, context: PlaceOrderContext): Promise<PlacedOrder> {
  const { customer, settings } = context;
  checkPaymentChoice(request, settings);
  const now = context.now ?? new Date();
  const useWallet = request.payment_mode === 'WALLET' || (request.use_wallet ?? false);

  return app.db.transaction().execute(async (trx) => {
    const balances = await customerBalances(app, trx, customer.id, { lock: true });
    const checkout = await prepareCheckout(app, trx, { ...request, use_wallet: useWallet }, balances, settings, now);
    checkExpectedTotal(request, checkout, settings);
    const plan = paymentPlanOf(checkout, request.payment_mode, settings);
    const { price } = checkout;
    const at = now.toISOString();
    const order = await app.ordersRepository.insert(
      {
        unique_order_id: newUniqueOrderId(),
        user_id: customer.id,
        restaurant_id: checkout.store.id,
        status: plan.status,
        order_type: checkout.orderType,
        address: checkout.address?.address ?? null,
        house: checkout.address?.house ?? null,
        latitude: checkout.address?.lat ?? null,
        longitude: checkout.address?.lng ?? null,
        distance_km: checkout.distanceKm,
        notes: request.notes?.trim() ?? '',
        ...price,
        coupon_id: checkout.coupon ? Number(checkout.coupon.id) : null,
        coupon_code: checkout.coupon?.code ?? null,
        loyalty_points_earned: checkout.quote.loyalty.points_to_earn,
        payment_mode: request.payment_mode,
        payment_status: plan.paymentStatus,
        delivery_pin: newDeliveryPin(),
        driver_user_id: null,
        placed_by_user_id: customer.acting_user_id,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      },
      trx,
    );
    const orderId = Number(order.id);
    await app.ordersRepository.insertLines(orderId, checkout.lines, trx);
    await app.ordersRepository.insertHistory(
      {
        orderId,
        status: plan.status,
        // The agent is a person acting as the customer: the customer's step, signed with the agent's id.
        actor: 'customer',
        actorUserId: actorIdOf(customer),
        note: customer.acting_user_id === null ? null : 'Placed by a call-centre agent',
        happenedAt: now,
        now,
      },
      trx,
    );
    if (checkout.coupon) await redeemCoupon(app, trx, checkout.coupon, { userId: customer.id, orderId, now });
    if (price.wallet_amount > 0) {
      await app.walletRepository.appendEntry(
        {
          userId: customer.id,
          amount: -price.wallet_amount,
          type: 'order_payment',
          reason: `Payment for order ${order.unique_order_id} from ${checkout.store.name}`,
          createdBy: actorIdOf(customer),
          now,
        },
        trx,
      );
    }
    await redeemLoyaltyPoints(app, trx, order);
    if (plan.status === OrderStatus.AWAITING_PAYMENT) {
      await app.paymentsRepository.insert(
        { order_id: orderId, gateway: request.payment_mode, amount: price.payable_amount, status: 'PENDING', gateway_reference: null, created_at: at, updated_at: at },
        trx,
      );
    }
    await context.notifications.notifyUser(customer.id, await orderPlacedAlert(app, order, checkout.store.name, trx), now, trx);
    if (customer.acting_user_id !== null) {
      await app.agentActionsRepository.record(
        {
          agentId: customer.acting_user_id,
          action: 'place-order',
          customerId: customer.id,
          details: { unique_order_id: order.unique_order_id, total: price.total, payment_mode: request.payment_mode },
          now,
        },
        trx,
      );
    }
    let placed: PlacedOrder = { order, checkout, history: [{ order_id: orderId, status: plan.status, happened_at: at }] };
    if (checkout.store.autoAccept && plan.status === OrderStatus.PLACED) {
      const accepted = await moveOrder(app, trx, { orderId, to: OrderStatus.PREPARING, actor: 'system', actorUserId: null, note: 'Accepted automatically' });
      placed = { order: accepted.order, checkout, history: await historyOf(app, trx, orderId) };
    }
    await context.beforeCommit?.(trx, placed);
    return placed;
  });
}

/** The customer's view of an order just placed, from what placing it already holds. */
export function placedOrderView({ order, checkout, history }: PlacedOrder): Order {
  const { store } = checkout;
  return orderEntity(
    order,
    {
      lines: checkout.lines.map((line) => ({
        order_id: order.id,
        item_id: line.itemId,
        name: line.name,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        addons: JSON.stringify(line.addons),
        line_total: line.lineTotal,
      })),
      history,
      store: {
        id: store.id,
        name: store.name,
        slug: store.slug,
        city: store.city,
        image: store.image,
        latitude: store.latitude,
        longitude: store.longitude,
        phone: store.phone,
        delivery_time: store.deliveryMinutes,
      },
      driver: undefined,
      reviewed: false,
    },
    { showPin: true },
  );
}
