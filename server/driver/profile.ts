/**
 * The driver's profile (delivery/update-user-info, and the answer of
 * toggle-delivery-guy-status): who they are, whether they are on duty, the
 * orders they hold and delivered, their wallet, earnings and cash in hand,
 * their stores, and the settings the driver app works by.
 */
import type { FastifyInstance } from 'fastify';
import type { DriverProfile } from '../../src/api/driver/entities.ts';
import { notFound } from '../http/http-error.ts';
import { readDriverSettings } from './driver-settings.ts';
import { storesOfDriver } from './driver-stores.ts';
import { readDuty } from './duty.ts';
import { moneyOfDriver } from './earnings.ts';

export async function driverProfile(app: FastifyInstance, driverUserId: number, now: Date = new Date()): Promise<DriverProfile> {
  const [user, duty, settings, activeOrders, completedOrders, money, stores] = await Promise.all([
    app.usersRepository.cardOf(driverUserId),
    readDuty(app, driverUserId),
    readDriverSettings(app),
    app.ordersRepository.countHeldByDriver(driverUserId),
    app.ordersRepository.countDeliveredByDriver(driverUserId),
    moneyOfDriver(app, driverUserId, now),
    storesOfDriver(app, driverUserId),
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
