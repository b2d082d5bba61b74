/** Replica rows for the running-order page, the home banner and the rating form: built by helpers, with only what a test changes named. */
import type { Order, OrderTracking } from '../../../../src/api/orders/entities.ts';
import type { RunningOrderRow } from '../../../../src/api/orders/worker-api.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { CUSTOMER_ID } from '../alerts/fixtures.ts';

export { CUSTOMER_ID, signIn } from '../alerts/fixtures.ts';

export const ORDER_ID = 'FP-7K3QX9MD';
/** The store, and a delivery address 1 km due north of it. */
export const STORE_POINT = { latitude: 40.4406, longitude: -79.9959 };
export const ADDRESS_POINT = { latitude: 40.449593, longitude: -79.9959 };

const NAMES = { 1: 'PLACED', 2: 'PREPARING', 3: 'DRIVER_ASSIGNED', 4: 'PICKED_UP', 5: 'DELIVERED', 6: 'CANCELLED', 7: 'READY_FOR_PICKUP', 8: 'AWAITING_PAYMENT', 9: 'PAYMENT_FAILED' } as const;

/** Steps a minute apart from 12:00 UTC on 16 January 2030. */
export function historyOf(...statuses: number[]): OrderTracking['history'] {
  return statuses.map((status, index) => ({ status, at: `2030-01-16T12:0${index}:00.000Z` }));
}

export function tracking(fields: Partial<OrderTracking> & { status: keyof typeof NAMES }): OrderTracking {
  return {
    unique_order_id: ORDER_ID,
    status_name: NAMES[fields.status],
    order_type: 'DELIVERY',
    payment_status: 'PENDING',
    history: historyOf(1),
    driver: null,
    cancel_reason: null,
    updated_at: '2030-01-16T12:00:00.000Z',
    ...fields,
  };
}

export function runningRow(fields: Partial<RunningOrderRow> = {}): RunningOrderRow {
  const status = fields.tracking?.status ?? fields.status ?? 1;
  return {
    unique_order_id: ORDER_ID,
    userId: CUSTOMER_ID,
    status,
    tracking: null,
    heading: null,
    link: 'live',
    fetchedAt: Date.now(),
    ratedAt: null,
    ...fields,
  };
}

export function placedOrder(fields: Partial<Order> = {}): Order & { userId: number; fetchedAt: number } {
  return {
    id: 41,
    unique_order_id: ORDER_ID,
    status: 1,
    status_name: 'PLACED',
    order_type: 'DELIVERY',
    restaurant: { id: 7, name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria', city: 'riverton', image: '/public/images/stores/nonna.svg', ...STORE_POINT },
    address: '1 km north of Market Square',
    house: 'Flat 2',
    ...ADDRESS_POINT,
    notes: '',
    lines: [
      { item_id: 3, name: 'Margherita', unit_price: 1200, quantity: 2, addons: [{ id: 9, name: 'Extra basil', price: 0 }], line_total: 2400 },
      { item_id: 5, name: 'Tiramisu', unit_price: 650, quantity: 1, addons: [], line_total: 650 },
    ],
    subtotal: 3050,
    store_charge: 100,
    delivery_fee: 0,
    tax: 214,
    tip: 0,
    coupon_discount: 0,
    loyalty_points_redeemed: 0,
    loyalty_discount: 0,
    total: 3364,
    wallet_amount: 0,
    payable_amount: 3364,
    coupon_code: null,
    loyalty_points_earned: 30,
    payment_mode: 'COD',
    payment_status: 'PENDING',
    delivery_pin: '4217',
    driver: null,
    history: historyOf(1),
    cancel_reason: null,
    created_at: '2030-01-16T12:00:00.000Z',
    updated_at: '2030-01-16T12:00:00.000Z',
    can_cancel: true,
    can_rate: false,
    userId: CUSTOMER_ID,
    fetchedAt: Date.now(),
    ...fields,
  };
}

export async function putRunningOrder(db: ReplicaDatabase, row: RunningOrderRow, order?: Order | null): Promise<void> {
  await db.runningOrder.put(row);
  if (order) await db.orders.put({ ...order, fetchedAt: Date.now() });
}
