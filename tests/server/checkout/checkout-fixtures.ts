/**
 * What the checkout tests build on: a store of their own with known prices
 * (always open unless told otherwise, at Market Square), its menu with
 * add-on groups, coupons, money and points for a customer, addresses at a
 * chosen distance, and calls with an Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { EARTH_RADIUS_KM } from '../../../server/geo/distance.ts';
import type { CouponsTable, Database, RestaurantsTable } from '../../../server/db/tables.ts';
import { createLoyaltyRepository } from '../../../server/checkout/loyalty-repository.ts';
import { createWalletRepository } from '../../../server/account/wallet-repository.ts';
import { callAs } from '../../support/accounts.ts';
import type { PaymentsConfig } from '../../../server/payments/config.ts';

export const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };

/** Prices of the test store, cents: easy to add up by hand. */
export const TEST_STORE_PRICES = {
  min_order_subtotal: 1500,
  store_charge: 100,
  // 8 %
  tax_basis_points: 800,
  // $2.00 covers 2 km, then $0.50 per km started; free from $50.
  delivery_fee_base: 200,
  delivery_fee_base_km: 2,
  delivery_fee_per_km: 50,
  free_delivery_subtotal: 5000,
} as const;

export interface TestMenu {
  /** $10.00, no add-ons. */
  burger: number;
  /** $12.00; Size (SINGLE, required): regular +0, large +4.00; Toppings (MULTI, 0–2): olives +1.00, cheese +2.50, truffle (switched off) +3.00. */
  pizza: number;
  /** $3.00, switched off. */
  soldOut: number;
  regular: number;
  large: number;
  olives: number;
  cheese: number;
  truffle: number;
}

export interface TestStore {
  id: number;
  name: string;
  menu: TestMenu;
}

let storeCount = 0;

export async function createTestStore(db: Kysely<Database>, overrides: Partial<Insertable<RestaurantsTable>> = {}): Promise<TestStore> {
  storeCount += 1;
  const slug = `checkout-test-${storeCount}-${randomUUID().slice(0, 8)}`;
  const name = overrides.name ?? `Checkout Test Kitchen ${storeCount}`;
  const { id } = await db
    .insertInto('restaurants')
    .values({
      name,
      slug,
      city: 'Riverton',
      description: 'A store of the checkout tests.',
      image: '/public/images/stores/test.svg',
      is_active: 1,
      is_featured: 0,
      custom_featured_name: null,
      custom_message_on_list: null,
      rating: 4.5,
      delivery_time: 30,
      price_range: 3000,
      delivery_type: 3,
      ...MARKET_SQUARE,
      delivery_radius_km: 5,
      store_color: null,
      owner_user_id: null,
      created_at: new Date().toISOString(),
      timezone: 'UTC',
      ...TEST_STORE_PRICES,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storeId = Number(id);
  const item = async (itemName: string, price: number, active = true) =>
    Number(
      (
        await db
          .insertInto('items')
          .values({ restaurant_id: storeId, item_category_id: null, name: itemName, description: '', price, image: null, is_veg: 0, is_recommended: 0, is_active: active ? 1 : 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const burger = await item('Test Burger', 1000);
  const pizza = await item('Test Pizza', 1200);
  const soldOut = await item('Sold-out Pie', 300, false);
  const group = async (groupName: string, type: 'SINGLE' | 'MULTI', min: number, max: number | null, addons: [string, number, boolean][]) => {
    const { id: groupId } = await db
      .insertInto('addon_categories')
      .values({ restaurant_id: storeId, name: groupName, type, min_select: min, max_select: max })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('item_addon_categories').values({ item_id: pizza, addon_category_id: Number(groupId), sort_order: 0 }).execute();
    const ids: number[] = [];
    for (const [index, [addonName, price, active]] of addons.entries()) {
      const row = await db
        .insertInto('addons')
        .values({ addon_category_id: Number(groupId), name: addonName, price, sort_order: index, is_active: active ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    return ids;
  };
  const [regular, large] = await group('Size', 'SINGLE', 1, 1, [['Regular', 0, true], ['Large', 400, true]]);
  const [olives, cheese, truffle] = await group('Toppings', 'MULTI', 0, 2, [['Olives', 100, true], ['Cheese', 250, true], ['Truffle', 300, false]]);
  return {
    id: storeId,
    name,
    menu: { burger, pizza, soldOut, regular: regular ?? 0, large: large ?? 0, olives: olives ?? 0, cheese: cheese ?? 0, truffle: truffle ?? 0 },
  };
}

/** Opening hours that do not include now (one hour, three days from today, in UTC). */
export async function closeStoreNow(db: Kysely<Database>, storeId: number): Promise<void> {
  const day = (new Date().getUTCDay() + 3) % 7;
  await db.insertInto('restaurant_opening_hours').values({ restaurant_id: storeId, day_of_week: day, opens_minute: 600, closes_minute: 660 }).execute();
}

/** A delivery address this many km due north of Market Square (the test store's spot). */
export function addressKmNorth(km: number) {
  const lat = MARKET_SQUARE.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  return { lat, lng: MARKET_SQUARE.longitude, address: `${km} km north of Market Square`, house: 'Flat 2' };
}

export function line(id: number, quantity = 1, addonIds: number[] = []) {
  return { id, quantity, addon_ids: addonIds };
}

export async function createCoupon(db: Kysely<Database>, coupon: Partial<Insertable<CouponsTable>> & Pick<Insertable<CouponsTable>, 'code'>): Promise<number> {
  const { id } = await db
    .insertInto('coupons')
    .values({ discount_type: 'FIXED', discount_value: 500, created_at: new Date().toISOString(), ...coupon })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function fundWallet(db: Kysely<Database>, userId: number, amount: number): Promise<void> {
  await createWalletRepository(db).appendEntry({ userId, amount, type: 'top_up', reason: 'Test top-up', createdBy: null });
}

export async function givePoints(db: Kysely<Database>, userId: number, points: number): Promise<void> {
  await createLoyaltyRepository(db).appendEntry({ userId, points, orderId: null, reason: 'Test points' });
}

/** Balance and the sum of the ledger, which must always agree. */
export async function walletOf(db: Kysely<Database>, userId: number): Promise<{ balance: number; ledgerSum: number; entries: { amount: number; type: string; balance_after: number }[] }> {
  const user = await db.selectFrom('users').select('wallet_balance').where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('wallet_transactions').select(['amount', 'type', 'balance_after']).where('user_id', '=', userId).orderBy('id').execute();
  return {
    balance: Number(user.wallet_balance),
    ledgerSum: rows.reduce((sum, row) => sum + Number(row.amount), 0),
    entries: rows.map((row) => ({ amount: Number(row.amount), type: row.type, balance_after: Number(row.balance_after) })),
  };
}

export async function pointsOf(db: Kysely<Database>, userId: number): Promise<{ points: number; ledgerSum: number }> {
  const user = await db.selectFrom('users').select('loyalty_points').where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('loyalty_transactions').select('points').where('user_id', '=', userId).execute();
  return { points: Number(user.loyalty_points), ledgerSum: rows.reduce((sum, row) => sum + Number(row.points), 0) };
}

export async function setSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/** A call with a fresh (or the given) Idempotency-Key. */
export function callWithKey(app: FastifyInstance, name: CallName, payload: unknown, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return callAs(app, name, payload, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

export async function ordersOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Stripe's credentials for an app whose tests place card orders: placing one
 * only awaits the payment and calls nothing at Stripe, so no Stripe (fake or
 * real) needs to listen at apiUrl.
 */
export const CARD_READY_PAYMENTS: PaymentsConfig = {
  stripe: { secretKey: 'sk_test_checkout', publishableKey: 'pk_test_checkout', webhookSecret: 'whsec_checkout', apiUrl: 'http://127.0.0.1:9' },
};
