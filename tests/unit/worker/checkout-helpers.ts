/**
 * Helpers of the checkout and orders worker tests: the checkout tests' store
 * (always open, prices easy to add up: tests/server/checkout/checkout-fixtures.ts)
 * opened through the worker so its menu is in the replica, a fresh customer
 * signed in on the replica, a cart filled through the worker, and what the
 * server holds.
 */
import type { CheckoutChoices, PlaceOrderAttempt } from '../../../src/api/checkout/worker-api.ts';
import { PrefKey } from '../../../src/db/schema.ts';
import { registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import type { TestServer } from '../../support/test-server.ts';
import { addressKmNorth, createTestStore, type TestStore } from '../../server/checkout/checkout-fixtures.ts';
import type { Harness } from './harness.ts';
import { browseFrom } from './riverton.ts';

export const PLACE_ORDER_PATH = '/public/api/place-order';

export interface Shop extends TestStore {
  slug: string;
}

/** A new checkout test store (min order $15, $1 store charge, 8 % tax, $2 for 2 km then $0.50 per km, free from $50). */
export async function testShop(server: TestServer, overrides: Parameters<typeof createTestStore>[1] = {}): Promise<Shop> {
  const store = await createTestStore(server.db, overrides);
  const { slug } = await server.db.selectFrom('restaurants').select('slug').where('id', '=', store.id).executeTakeFirstOrThrow();
  return { ...store, slug };
}

/** A customer registered on the server and signed in on the harness's replica. */
export async function signIn(harness: Harness, name = 'Checkout Customer'): Promise<NewCustomer> {
  const customer = await registerCustomer(harness.server.app, name);
  await harness.db.session.put({ id: 'customer', userId: customer.id, token: customer.token, role: 'customer', data: { name }, savedAt: Date.now() });
  return customer;
}

export interface CartLine {
  itemId: number;
  addonIds?: number[];
  quantity?: number;
}

/** Opens the shop through the worker (its menu into the replica) and adds the lines as the store page does. */
export async function fillCart(harness: Harness, shop: Shop, lines: CartLine[]): Promise<void> {
  if (!(await harness.db.address.get('current'))) await browseFrom(harness);
  const opened = await harness.service.api.openStore(shop.slug);
  if (!opened.ok) throw new Error(`openStore(${shop.slug}) failed: ${JSON.stringify(opened)}`);
  for (const line of lines) {
    const added = await harness.service.api.addToCart({ storeId: shop.id, itemId: line.itemId, addonIds: line.addonIds ?? [], quantity: line.quantity ?? 1 });
    if (!added.ok || added.value.status !== 'added') throw new Error(`addToCart failed: ${JSON.stringify(added)}`);
  }
}

/** Delivery this many km north of the shop (Market Square), COD-friendly defaults. */
export function deliveryChoices(km = 3, overrides: Partial<CheckoutChoices> = {}): CheckoutChoices {
  return { orderType: 'DELIVERY', address: addressKmNorth(km), tip: 0, useWallet: false, notes: '', ...overrides };
}

export function pickupChoices(overrides: Partial<CheckoutChoices> = {}): CheckoutChoices {
  return { orderType: 'SELFPICKUP', address: null, tip: 0, useWallet: false, notes: '', ...overrides };
}

export async function serverOrdersOf(server: TestServer, userId: number) {
  return server.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function cartOf(harness: Harness) {
  const [meta, lines] = await Promise.all([harness.db.cartMeta.get('cart'), harness.db.cartLines.toArray()]);
  return { meta, lines };
}

export async function attemptOf(harness: Harness): Promise<PlaceOrderAttempt | undefined> {
  return (await harness.db.prefs.get(PrefKey.placeOrderAttempt))?.value as PlaceOrderAttempt | undefined;
}

/** The Idempotency-Key of every place-order the worker sent, in order. */
export function placeOrderKeys(harness: Harness): string[] {
  return harness.network.sent.filter((request) => request.path === PLACE_ORDER_PATH).map((request) => request.headers.get('Idempotency-Key') ?? '');
}
