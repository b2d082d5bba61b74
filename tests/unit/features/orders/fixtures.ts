/** Replica rows for the orders screens: the customer's orders as the worker stores them, and the list's cursor. */
import type { OrdersListRow, StoredOrder } from '../../../../src/api/checkout/worker-api.ts';
import { PrefKey, type ReplicaDatabase } from '../../../../src/db/schema.ts';
import { CUSTOMER_ID } from '../alerts/fixtures.ts';

export { CUSTOMER_ID, signIn } from '../alerts/fixtures.ts';

export function storedOrder(overrides: Partial<StoredOrder> & Pick<StoredOrder, 'unique_order_id'>): StoredOrder {
  return {
    id: 1,
    status: 1,
    status_name: 'PLACED',
    order_type: 'DELIVERY',
    restaurant: { id: 1, name: 'Green Bowl', slug: 'green-bowl', city: 'riverton', image: '', latitude: 40.4406, longitude: -79.9959 },
    address: '12 Market Street, Riverton',
    house: 'Flat 2',
    latitude: 40.4412,
    longitude: -79.9951,
    notes: '',
    lines: [
      {
        item_id: 101,
        name: 'Falafel bowl',
        unit_price: 1150,
        quantity: 2,
        addons: [{ id: 11, name: 'Extra feta', price: 150 }],
        line_total: 2300,
      },
    ],
    subtotal: 2300,
    store_charge: 100,
    delivery_fee: 250,
    tax: 184,
    tip: 0,
    coupon_discount: 0,
    loyalty_points_redeemed: 0,
    loyalty_discount: 0,
    total: 2834,
    wallet_amount: 0,
    payable_amount: 2834,
    coupon_code: null,
    loyalty_points_earned: 23,
    payment_mode: 'COD',
    payment_status: 'PENDING',
    delivery_pin: '4821',
    driver: null,
    history: [{ status: 1, at: '2030-01-15T10:00:00.000Z' }],
    cancel_reason: null,
    created_at: '2030-01-15T10:00:00.000Z',
    updated_at: '2030-01-15T10:00:00.000Z',
    can_cancel: true,
    can_rate: false,
    userId: CUSTOMER_ID,
    fetchedAt: Date.now(),
    ...overrides,
  };
}

export async function putOrders(db: ReplicaDatabase, orders: StoredOrder[], list: Partial<OrdersListRow> = {}): Promise<void> {
  await db.orders.bulkPut(orders);
  const value: OrdersListRow = { userId: CUSTOMER_ID, nextBefore: null, fetchedAt: Date.now(), ...list };
  await db.prefs.put({ key: PrefKey.ordersList, value });
}
