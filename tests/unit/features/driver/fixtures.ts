/** Replica rows of the driver area as the worker writes them: the driver's session, profile and orders, and their outbox rows. */
import type { DriverOrderRow, DriverProfileRow } from '../../../../src/api/driver/worker-api.ts';
import { ORDER_STATUS_NAMES } from '../../../../src/api/orders/limits.ts';
import type { OutboxEntry } from '../../../../src/api/outbox.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { TEST_DRIVER, driverSessionRow } from '../../support/driver-doubles.ts';

export { TEST_DRIVER } from '../../support/driver-doubles.ts';

export const SETTINGS = { currencySymbol: '$', currencySymbolAlign: 'left' };

export function profileRow(overrides: Partial<DriverProfileRow> = {}): DriverProfileRow {
  return {
    id: 'driver',
    userId: TEST_DRIVER.userId,
    name: TEST_DRIVER.name,
    email: TEST_DRIVER.email,
    phone: null,
    is_online: true,
    online_changed_at: '2030-01-16T08:00:00.000Z',
    active_orders: 1,
    max_active_orders: 3,
    completed_orders: 42,
    wallet_balance: 12_550,
    earnings_today: 2_340,
    earnings_total: 98_700,
    cash_in_hand: 4_120,
    stores: [{ id: 5, name: 'Nonna Lucia Trattoria' }],
    gps_interval_seconds: 15,
    delivery_pin_required: true,
    pendingOnline: false,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

export function driverOrder(overrides: Partial<DriverOrderRow> & Pick<DriverOrderRow, 'unique_order_id'>): DriverOrderRow {
  const status = (overrides.status ?? 2) as keyof typeof ORDER_STATUS_NAMES;
  return {
    status,
    status_name: ORDER_STATUS_NAMES[status],
    restaurant: { id: 5, name: 'Nonna Lucia Trattoria', address: '4 Mill Lane, Riverton', phone: '+1 412 555 0190', latitude: 40.4406, longitude: -79.9959 },
    customer: null,
    address: '12 Market Street, Riverton',
    house: 'Flat 2',
    latitude: 40.4512,
    longitude: -79.9851,
    distance_km: 1.4,
    notes: '',
    lines: [{ item_id: 101, name: 'Margherita', unit_price: 1200, quantity: 2, addons: [{ id: 11, name: 'Extra basil', price: 0 }], line_total: 2400 }],
    payment_mode: 'COD',
    payment_status: 'PENDING',
    total: 2_980,
    delivery_fee: 300,
    tip: 100,
    cash_to_collect: 2_980,
    earning: 340,
    assigned_to_me: status !== 2,
    requires_pin: true,
    history: [{ status: 2, at: '2030-01-16T12:01:00.000Z' }],
    created_at: '2030-01-16T12:00:00.000Z',
    updated_at: '2030-01-16T12:01:00.000Z',
    driverId: TEST_DRIVER.userId,
    list: status === 2 ? 'new' : status === 5 ? 'completed' : 'active',
    server_status: status,
    pending: [],
    rejection: null,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

/** A signed-in driver whose profile was fetched (unless `profile` is null). */
export async function signInDriver(db: ReplicaDatabase, profile: Partial<DriverProfileRow> | null = {}): Promise<void> {
  await db.session.put(driverSessionRow());
  if (profile) await db.driverProfile.put(profileRow(profile));
}

export async function putDriverOrders(db: ReplicaDatabase, rows: DriverOrderRow[]): Promise<void> {
  await db.driverOrders.bulkPut(rows);
}

export function outboxRow(overrides: Partial<OutboxEntry> & Pick<OutboxEntry, 'id' | 'call' | 'body'>): OutboxEntry {
  return {
    kind: 'driver-action',
    status: 'pending',
    userKey: `driver:${TEST_DRIVER.userId}`,
    actedAt: '2030-01-16T12:10:00.000Z',
    attempts: 1,
    lastError: 'offline',
    label: 'A driver action',
    ...overrides,
  };
}
