/**
 * What a driver earns and the cash they hold.
 *
 * On delivery (inside the transaction of the move, from
 * lifecycle-settlement.ts), an order with a driver credits their wallet
 * ledger with the commission (driverCommissionRate percent of the subtotal
 * or of the delivery fee, per driverCommissionType) and, as an entry of its
 * own, the tip; the order keeps the sum as driver_earning. On a cash order
 * it also records the cash the driver took at the door (cash_collected),
 * theirs to hand in until cash_settled_at is set. The state machine runs
 * this once per order: delivered is final, and a second deliver is a no-op
 * that never reaches settlement.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { DRIVER_LEDGER_REASONS } from '../../src/api/driver/limits.ts';
import type { Database, OrdersTable } from '../db/tables.ts';
import { readDriverSettings, type DriverSettings } from './driver-settings.ts';

type OrderMoney = Pick<Selectable<OrdersTable>, 'subtotal' | 'delivery_fee' | 'tip'>;

/** The commission on an order, integer minor units, half up. */
export function commissionOf(order: OrderMoney, settings: Pick<DriverSettings, 'commissionType' | 'commissionRate'>): number {
  const base = settings.commissionType === 'ORDER_PERCENT' ? Number(order.subtotal) : Number(order.delivery_fee);
  // In hundredths of a percent, so the product is an integer and x.5 divides exactly: Math.round then rounds half up.
  const rateBasisPoints = Math.round(settings.commissionRate * 100);
  return Math.round((base * rateBasisPoints) / 10_000);
}

/** What the driver earns on the order: commission and tip. */
export function earningOf(order: OrderMoney, settings: Pick<DriverSettings, 'commissionType' | 'commissionRate'>): number {
  return commissionOf(order, settings) + Number(order.tip);
}

/** What a cash order leaves the driver to take at the door: the part not paid from the wallet. */
export function cashToCollect(order: Pick<Selectable<OrdersTable>, 'payment_mode' | 'payment_status' | 'payable_amount'>): number {
  return order.payment_mode === 'COD' && order.payment_status !== 'PAID' ? Number(order.payable_amount) : 0;
}

/** Credits the delivering driver and records the cash they took; nothing for an order without a driver. */
export async function settleDriverOfDeliveredOrder(
  app: FastifyInstance,
  trx: Kysely<Database>,
  order: Selectable<OrdersTable>,
  now: Date,
): Promise<void> {
  if (order.driver_user_id === null) return;
  const driverUserId = Number(order.driver_user_id);
  const settings = await readDriverSettings(app, trx);
  const commission = commissionOf(order, settings);
  const tip = Number(order.tip);
  const credits = [
    { amount: commission, type: DRIVER_LEDGER_REASONS.commission, reason: `Commission for delivering order ${order.unique_order_id}` },
    { amount: tip, type: DRIVER_LEDGER_REASONS.tip, reason: `Tip for delivering order ${order.unique_order_id}` },
  ];
  for (const credit of credits) {
    if (credit.amount > 0) await app.walletRepository.appendEntry({ userId: driverUserId, ...credit, createdBy: null, now }, trx);
  }
  const cash = cashToCollect(order);
  await app.ordersRepository.recordDriverEarning(Number(order.id), commission + tip, cash > 0 ? cash : null, trx);
}

export interface DriverMoney {
  earningsToday: number;
  earningsTotal: number;
  /** Cash collected on cash orders and not handed in yet. */
  cashInHand: number;
}

/** Earnings from the wallet ledger (what was credited, since midnight UTC and ever) and the cash in hand. */
export async function moneyOfDriver(app: FastifyInstance, driverUserId: number, now: Date = new Date()): Promise<DriverMoney> {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const [earnings, cash] = await Promise.all([
    app.walletRepository.sumsSince(driverUserId, Object.values(DRIVER_LEDGER_REASONS), midnight),
    app.ordersRepository.cashInHandOf(driverUserId),
  ]);
  return { earningsToday: Number(earnings.today), earningsTotal: Number(earnings.total), cashInHand: Number(cash.cash) };
}
