/** Replica rows for the checkout's component tests: a signed-in customer, a cart at Green Bowl, its store row, a quote and the ways to pay. */
import type { CheckoutQuoteRow, PaymentGatewaysRow, PendingPaymentRow } from '../../../../src/api/checkout/worker-api.ts';
import type { OrderQuote } from '../../../../src/api/orders/entities.ts';
import type { PaymentMethodId } from '../../../../src/api/checkout/payment-limits.ts';
import { PrefKey, type CartMetaRow, type ReplicaDatabase } from '../../../../src/db/schema.ts';
import { CUSTOMER_ID, signIn } from '../alerts/fixtures.ts';
import { GREEN_BOWL_REF, line, putCart } from '../cart/fixtures.ts';
import { storeRow } from '../stores/fixtures.ts';

export { CUSTOMER_ID, signIn };

/** Market Square, delivering 5 km around. */
export const STORE_POINT = { latitude: 40.4406, longitude: -79.9959 };

export const BOWL = line({ id: '101:', itemId: 101, name: 'Falafel bowl', quantity: 2, unitPrice: 1000, addedAt: 1 });
export const LEMONADE = line({
  id: '102:21',
  itemId: 102,
  name: 'Lemonade',
  quantity: 1,
  unitPrice: 350,
  addedAt: 2,
  addons: [{ id: 21, name: 'Mint', price: 0, groupId: 2, groupName: 'Extras' }],
});

export function orderQuote(overrides: Partial<OrderQuote> = {}): OrderQuote {
  return {
    subtotal: 2350,
    store_charge: 100,
    delivery_fee: 250,
    tax: 188,
    tip: 0,
    coupon_discount: 0,
    loyalty_points_redeemed: 0,
    loyalty_discount: 0,
    total: 2888,
    wallet_amount: 0,
    payable_amount: 2888,
    restaurant_id: 1,
    order_type: 'DELIVERY',
    lines: [],
    distance_km: 1.2,
    coupon: null,
    tax_basis_points: 800,
    min_order_subtotal: 1500,
    free_delivery_subtotal: null,
    tips_enabled: true,
    wallet_balance: 0,
    loyalty: {
      enabled: true,
      points: 0,
      point_value: 1,
      min_redeem_points: 100,
      max_redeemable_points: 0,
      max_redeem_percent: 50,
      points_per_currency_unit: 1,
      points_to_earn: 23,
    },
    ...overrides,
  };
}

export async function putQuote(db: ReplicaDatabase, quote: OrderQuote | null, row: Partial<CheckoutQuoteRow> = {}): Promise<void> {
  const value: CheckoutQuoteRow = { userId: CUSTOMER_ID, storeId: 1, quote, refusal: null, dropped: { coupon: null, loyalty: null }, fetchedAt: Date.now(), ...row };
  await db.prefs.put({ key: PrefKey.checkoutQuote, value });
}

export async function putGateways(db: ReplicaDatabase, ids: PaymentMethodId[] = ['COD', 'WALLET']): Promise<void> {
  const value: PaymentGatewaysRow = {
    gateways: ids.map((id) => {
      const client: Record<string, string> = id === 'STRIPE' ? { publishable_key: 'pk_test_1' } : {};
      return { id, name: id, kind: id === 'COD' || id === 'WALLET' ? 'built_in' : 'gateway', client };
    }),
    fetchedAt: Date.now(),
  };
  await db.prefs.put({ key: PrefKey.paymentGateways, value });
}

export async function putPending(db: ReplicaDatabase, row: Partial<PendingPaymentRow> = {}): Promise<void> {
  const value: PendingPaymentRow = { userId: CUSTOMER_ID, uniqueOrderId: 'FP-CARD2345', gateway: 'STRIPE', amount: 2888, state: null, updatedAt: Date.now(), ...row };
  await db.prefs.put({ key: PrefKey.pendingPayment, value });
}

export interface ReadyOptions {
  deliveryType?: 1 | 2 | 3;
  quote?: OrderQuote | null;
  gateways?: PaymentMethodId[];
  meta?: Partial<CartMetaRow>;
  signedIn?: boolean;
}

/** A signed-in customer with two bowls and a lemonade from Green Bowl, its store row, a quote and cash and wallet offered. */
export async function checkoutReady(db: ReplicaDatabase, options: ReadyOptions = {}): Promise<void> {
  if (options.signedIn ?? true) await signIn(db);
  await db.stores.put(storeRow({ delivery_type: options.deliveryType ?? 3, ...STORE_POINT, delivery_radius_km: 5 }));
  await putCart(db, GREEN_BOWL_REF, [BOWL, LEMONADE], options.meta ?? {});
  if (options.quote !== null) await putQuote(db, options.quote ?? orderQuote());
  await putGateways(db, options.gateways);
}
