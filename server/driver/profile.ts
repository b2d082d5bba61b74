/**
 * The driver's profile (delivery/update-user-info, and the answer of
 * toggle-delivery-guy-status): who they are, whether they are on duty, the
 * orders they hold and delivered, their wallet, earnings and cash in hand,
 * their stores, and the settings the driver app works by.
 */
import type { Kysely } from 'kysely';
import type { DriverProfile } from '../../src/api/driver/entities.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import type { Database } from '../db/tables.ts';
import { notFound } from '../http/http-error.ts';
import { countHeldOrders } from './accept-rules.ts';
import { readDriverSettings } from './driver-settings.ts';
import { storesOfDriver } from './driver-stores.ts';
import { readDuty } from './duty.ts';
import { moneyOfDriver } from './earnings.ts';

async function countDelivered(db: Kysely<Database>, driverUserId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('driver_user_id', '=', driverUserId)
    .where('status', '=', OrderStatus.DELIVERED)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function driverProfile(db: Kysely<Database>, driverUserId: number, now: Date = new Date()): Promise<DriverProfile> {
  const [user, duty, settings, activeOrders, completedOrders, money, stores] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'email', 'phone', 'wallet_balance']).where('id', '=', driverUserId).executeTakeFirst(),
    readDuty(db, driverUserId),
    readDriverSettings(db),
    countHeldOrders(db, driverUserId),
    countDelivered(db, driverUserId),
    moneyOfDriver(db, driverUserId, now),
    storesOfDriver(db, driverUserId),
  ]);
  if (!user) throw notFound('This account no longer exists.');
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone,
    is_online: duty.isOnline,
    online_changed_at: duty.onlineChangedAt,
    active_orders: activeOrders,
    max_active_orders: settings.maxActiveOrders,
    completed_orders: completedOrders,
    wallet_balance: Number(user.wallet_balance),
    earnings_today: money.earningsToday,
    earnings_total: money.earningsTotal,
    cash_in_hand: money.cashInHand,
    stores,
    gps_interval_seconds: settings.gpsIntervalSeconds,
    delivery_pin_required: settings.pinRequired,
  };
}
