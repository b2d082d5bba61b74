/**
 * Rating a delivered order on each database: which order get-ratable-order
 * offers, rate-order's rules (the customer only, delivered only, once), the
 * driver's stars, and the store's average that store pages show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSessionResult } from '../../../src/api/account/entities.ts';
import type { StoreReviews } from '../../../src/api/entities.ts';
import type { OrdersPage, RatableOrderAnswer, RateOrderResult } from '../../../src/api/orders/entities.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { act, createCast, driveDeliveryTo, historyOf, moved, placeOrderFor, type Cast } from './lifecycle-support.ts';

describe.each(testDatabases())('order ratings on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  let storeSlug: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
    storeSlug = (await t.db.selectFrom('restaurants').select('slug').where('id', '=', cast.store.id).executeTakeFirstOrThrow()).slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  const deliveredOrderOf = async (customer: NewCustomer) => {
    const order = await placeOrderFor(t.app, cast, customer);
    await driveDeliveryTo(t.app, cast, order, 'delivered');
    return order;
  };
  const ratable = (customer: { token: string }, uniqueOrderId?: string) =>
    callAs(t.app, 'get-ratable-order', { token: customer.token, ...(uniqueOrderId ? { unique_order_id: uniqueOrderId } : {}) });
  const rate = (customer: { token: string }, uniqueOrderId: string, rating: Record<string, unknown>) =>
    callAs(t.app, 'rate-order', { token: customer.token, unique_order_id: uniqueOrderId, ...rating });

  it('offers the newest delivered order not rated yet, with the driver who brought it', async () => {
    const customer = await registerCustomer(t.app, 'Rita Rater');
    expect((await ratable(customer)).json()).toEqual({ order: null });
    const running = await placeOrderFor(t.app, cast, customer);
    expect((await ratable(customer)).json()).toEqual({ order: null });
    const early = await ratable(customer, running.unique_order_id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'ORDER_NOT_RATABLE' });

    const order = await deliveredOrderOf(customer);
    const deliveredAt = (await historyOf(t.db, order.id)).at(-1)?.happened_at;
    const offered = (await ratable(customer)).json<RatableOrderAnswer>();
    expect(offered.order).toEqual({
      unique_order_id: order.unique_order_id,
      restaurant: expect.objectContaining({ id: cast.store.id, name: 'Lifecycle Kitchen', slug: storeSlug }),
      order_type: 'DELIVERY',
      total: order.total,
      delivered_at: deliveredAt,
      driver_name: 'Priya Natarajan',
    });
    expect((await ratable(customer, order.unique_order_id)).json<RatableOrderAnswer>().order?.unique_order_id).toBe(order.unique_order_id);
    // Not theirs: as if it did not exist.
    expect((await ratable(cast.otherCustomer, order.unique_order_id)).statusCode).toBe(404);

    // Delivered long ago: no longer offered on its own, still ratable by name.
    await t.db.updateTable('orders').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', order.id).execute();
    expect((await ratable(customer)).json()).toEqual({ order: null });
    expect((await ratable(customer, order.unique_order_id)).statusCode).toBe(200);
  });

  it('rates the store and the driver once; the review shows on the store and the average counts it', async () => {
    const before = (await callAs(t.app, 'get-store-reviews', { slug: storeSlug })).json<StoreReviews>();
    const customer = await registerCustomer(t.app, 'Rowan Reviewer');
    const order = await deliveredOrderOf(customer);

    const response = await rate(customer, order.unique_order_id, { rating: 5, comment: '  Hot and fast.  ', driver_rating: 4 });
    expect(response.statusCode).toBe(200);
    const result = response.json<RateOrderResult>();
    expect(result.rating).toMatchObject({ unique_order_id: order.unique_order_id, rating: 5, comment: 'Hot and fast.', driver_rating: 4 });
    const expectedAverage = Math.round(((before.avgRating * before.reviews_count + 5) / (before.reviews_count + 1)) * 10) / 10;
    expect(result.store).toEqual({ id: cast.store.id, avgRating: expectedAverage, reviews_count: before.reviews_count + 1 });

    const after = (await callAs(t.app, 'get-store-reviews', { slug: storeSlug })).json<StoreReviews>();
    expect(after).toMatchObject({ avgRating: result.store.avgRating, reviews_count: result.store.reviews_count });
    expect(after.reviews[0]).toMatchObject({ rating: 5, comment: 'Hot and fast.', user_name: 'Rowan' });
    const row = await t.db.selectFrom('reviews').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect([Number(row.restaurant_id), Number(row.user_id), Number(row.driver_rating)]).toEqual([cast.store.id, customer.id, 4]);

    const twice = await rate(customer, order.unique_order_id, { rating: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_RATED' });
    expect((await ratable(customer, order.unique_order_id)).json()).toMatchObject({ code: 'ALREADY_RATED' });
    expect((await ratable(customer)).json()).toEqual({ order: null });
    const orders = (await callAs(t.app, 'get-orders', { token: customer.token })).json<OrdersPage>();
    expect(orders.orders.find((listed) => listed.unique_order_id === order.unique_order_id)?.can_rate).toBe(false);

    // A second customer's low rating moves the average the store pages show.
    const critic = await registerCustomer(t.app, 'Cora Critic');
    const second = await deliveredOrderOf(critic);
    const low = (await rate(critic, second.unique_order_id, { rating: 2 })).json<RateOrderResult>();
    const total = before.avgRating * before.reviews_count + 5 + 2;
    expect(low.store.reviews_count).toBe(before.reviews_count + 2);
    expect(low.store.avgRating).toBe(Math.round((total / (before.reviews_count + 2)) * 10) / 10);
    expect((await callAs(t.app, 'get-store-reviews', { slug: storeSlug })).json<StoreReviews>().avgRating).toBe(low.store.avgRating);
  });

  it('two ratings of one order at once: one is stored, the other is ALREADY_RATED', async () => {
    const customer = await registerCustomer(t.app, 'Double Tapper');
    const order = await deliveredOrderOf(customer);
    const answers = await Promise.all([rate(customer, order.unique_order_id, { rating: 4 }), rate(customer, order.unique_order_id, { rating: 3 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'ALREADY_RATED' });
    expect(await t.db.selectFrom('reviews').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it("only the order's customer rates, only a delivered order, within the limits", async () => {
    const customer = await registerCustomer(t.app, 'Rules Customer');
    const order = await deliveredOrderOf(customer);
    for (const stranger of [cast.otherCustomer, cast.driver, cast.owner]) {
      const response = await rate(stranger, order.unique_order_id, { rating: 5 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const agentToken = await loginAs(t.app, 'agent');
    const acting = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    const byAgent = await rate({ token: acting.data.auth_token }, order.unique_order_id, { rating: 5 });
    expect(byAgent.statusCode).toBe(403);

    for (const bad of [{ rating: 6 }, { rating: 0 }, { rating: 4, comment: 'x'.repeat(1001) }, { rating: 4, driver_rating: 9 }]) {
      const response = await rate(customer, order.unique_order_id, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    const cancelled = await placeOrderFor(t.app, cast, customer);
    await moved(act(t.app, 'store-cancel-order', cast.owner, cancelled, { reason: 'Sold out.' }));
    const notDelivered = await rate(customer, cancelled.unique_order_id, { rating: 1 });
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json()).toMatchObject({ code: 'ORDER_NOT_RATABLE' });
    expect(await t.db.selectFrom('reviews').select('id').where('order_id', 'in', [order.id, cancelled.id]).execute()).toEqual([]);
  });

  it('a collected self-pickup order rates the store only: no driver to rate', async () => {
    const customer = await registerCustomer(t.app, 'Pickup Rater');
    const order = await placeOrderFor(t.app, cast, customer, { orderType: 'SELFPICKUP' });
    await moved(act(t.app, 'accept-order', cast.owner, order));
    await moved(act(t.app, 'mark-order-ready', cast.owner, order));
    await moved(act(t.app, 'complete-pickup-order', cast.owner, order));
    expect((await ratable(customer)).json<RatableOrderAnswer>().order).toMatchObject({ unique_order_id: order.unique_order_id, driver_name: null });

    const withDriver = await rate(customer, order.unique_order_id, { rating: 5, driver_rating: 5 });
    expect(withDriver.statusCode).toBe(400);
    expect(withDriver.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/driver_rating' }] });
    const storeOnly = await rate(customer, order.unique_order_id, { rating: 5 });
    expect(storeOnly.json<RateOrderResult>().rating).toMatchObject({ rating: 5, comment: '', driver_rating: null });
  });
});
