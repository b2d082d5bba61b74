// @vitest-environment node
/**
 * Rating a delivered order through the real sync worker parts against a
 * real server: the ratable order with its driver, the rating landing in the
 * store's reviews (and the reviews saved on the device fetched again), and
 * each refusal with the code the form explains.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreReviews } from '../../../../src/api/entities.ts';
import { MAX_RATING_COMMENT_LENGTH } from '../../../../src/api/orders/limits.ts';
import { runningOrderRowOf } from '../../../../src/api/orders/worker-api.ts';
import { postCall } from '../../../support/api-client.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import type { Harness } from '../harness.ts';
import { createOrderWorld, customerHarness, deliverOrder, move, newCustomer, placeOrder, type OrderWorld } from '../running-order-support.ts';

let server: TestServer;
let world: OrderWorld;
let harness: Harness | undefined;

beforeAll(async () => {
  server = await startTestServer();
  world = await createOrderWorld(server);
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
afterAll(async () => {
  await server?.close();
});

async function storeSlug(): Promise<string> {
  const row = await server.db.selectFrom('restaurants').select('slug').where('id', '=', world.store.id).executeTakeFirstOrThrow();
  return row.slug;
}

async function deliveredOrderOfNewCustomer(orderType: 'DELIVERY' | 'SELFPICKUP' = 'DELIVERY') {
  const customer = await newCustomer(world);
  const order = await placeOrder(world, customer, orderType);
  if (orderType === 'DELIVERY') {
    await deliverOrder(world, order);
  } else {
    await move(world, 'accept-order', 'owner', order);
    await move(world, 'mark-order-ready', 'owner', order);
    await move(world, 'complete-pickup-order', 'owner', order);
  }
  harness = await customerHarness(server, customer);
  return { customer, order };
}

describe('openRatableOrder', () => {
  it('answers the delivered order with its store and driver', async () => {
    const { order } = await deliveredOrderOfNewCustomer();
    const result = await harness!.service.api.openRatableOrder(order.unique_order_id);
    expect(result).toMatchObject({
      ok: true,
      value: { unique_order_id: order.unique_order_id, driver_name: 'Priya Natarajan', order_type: 'DELIVERY', restaurant: { id: world.store.id } },
    });
  });

  it('a collected self-pickup order has no driver to rate', async () => {
    const { order } = await deliveredOrderOfNewCustomer('SELFPICKUP');
    expect(await harness!.service.api.openRatableOrder(order.unique_order_id)).toMatchObject({ ok: true, value: { driver_name: null } });
  });

  it('says why an order cannot be rated: not delivered yet, not theirs, offline', async () => {
    const customer = await newCustomer(world);
    const running = await placeOrder(world, customer);
    harness = await customerHarness(server, customer);
    expect(await harness.service.api.openRatableOrder(running.unique_order_id)).toMatchObject({ ok: false, reason: 'conflict', code: 'ORDER_NOT_RATABLE' });

    const someoneElses = await placeOrder(world, await newCustomer(world));
    expect(await harness.service.api.openRatableOrder(someoneElses.unique_order_id)).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });

    harness.network.offline = true;
    expect(await harness.service.api.openRatableOrder(running.unique_order_id)).toEqual({ ok: false, reason: 'offline' });
  });
});

describe('rateOrder', () => {
  it("rates the store and the driver once, shows on the store's saved reviews, and refuses a second rating", async () => {
    const { order } = await deliveredOrderOfNewCustomer();
    const api = harness!.service.api;
    const slug = await storeSlug();
    expect(await api.openReviews(slug)).toEqual({ ok: true });
    expect((await harness!.db.reviews.get(slug))?.reviews.some((review) => review.comment === 'Hot and quick.')).toBe(false);
    // The page tracked the order when it was delivered: its row learns it was rated.
    expect(await api.trackOrder(order.unique_order_id)).toEqual({ ok: true });

    const rated = await api.rateOrder({ uniqueOrderId: order.unique_order_id, rating: 5, comment: '  Hot and quick.  ', driverRating: 4 });
    expect(rated).toMatchObject({ ok: true, value: { rating: { rating: 5, comment: 'Hot and quick.', driver_rating: 4 }, store: { id: world.store.id } } });

    const saved = await harness!.db.reviews.get(slug);
    expect(saved?.reviews[0]).toMatchObject({ rating: 5, comment: 'Hot and quick.' });
    const fromServer = (await postCall(server.url, 'get-store-reviews', { slug })).body as StoreReviews;
    expect(fromServer.reviews[0]).toMatchObject({ rating: 5, comment: 'Hot and quick.' });
    expect(runningOrderRowOf(await harness!.db.runningOrder.get(order.unique_order_id))?.ratedAt).toEqual(expect.any(Number));

    expect(await api.rateOrder({ uniqueOrderId: order.unique_order_id, rating: 1, comment: '', driverRating: null })).toMatchObject({
      ok: false,
      reason: 'conflict',
      code: 'ALREADY_RATED',
    });
    expect(await api.openRatableOrder(order.unique_order_id)).toMatchObject({ ok: false, code: 'ALREADY_RATED' });
  });

  it('sends no comment when it is blank, and the store alone for a self-pickup order', async () => {
    const { order } = await deliveredOrderOfNewCustomer('SELFPICKUP');
    const rated = await harness!.service.api.rateOrder({ uniqueOrderId: order.unique_order_id, rating: 3, comment: '   ', driverRating: null });
    expect(rated).toMatchObject({ ok: true, value: { rating: { rating: 3, comment: '', driver_rating: null } } });
    const sent = JSON.parse(harness!.network.sent.find((request) => request.path === '/public/api/rate-order')!.body) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('comment');
    expect(sent).not.toHaveProperty('driver_rating');
  });

  it('refuses a rating the form should have stopped without asking the server', async () => {
    const { order } = await deliveredOrderOfNewCustomer();
    const api = harness!.service.api;
    for (const input of [
      { rating: 0, comment: '', driverRating: null },
      { rating: 6, comment: '', driverRating: null },
      { rating: 4, comment: '', driverRating: 9 },
      { rating: 4, comment: 'x'.repeat(MAX_RATING_COMMENT_LENGTH + 1), driverRating: null },
    ]) {
      expect(await api.rateOrder({ uniqueOrderId: order.unique_order_id, ...input })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
    expect(harness!.network.sent).toHaveLength(0);
  });

  it('offline the rating is not sent, and can be sent once the network is back', async () => {
    const { order } = await deliveredOrderOfNewCustomer();
    const api = harness!.service.api;
    const rating = { uniqueOrderId: order.unique_order_id, rating: 4, comment: 'Good.', driverRating: 5 };
    harness!.network.offline = true;
    expect(await api.rateOrder(rating)).toEqual({ ok: false, reason: 'offline' });
    harness!.network.offline = false;
    expect(await api.rateOrder(rating)).toMatchObject({ ok: true });
  });
});
