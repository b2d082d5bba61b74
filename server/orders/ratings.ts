/**
 * Ratings of delivered orders (/rate-order/:id). A rating is the store review
 * of the order (reviews.order_id, unique: once per order) with the driver's
 * stars beside it (reviews.driver_rating, 0007). The store's aggregates are
 * not stored: avgRating and reviews_count are computed over its reviews
 * wherever a store is shown (store-entities.ts reviewAggregatesOf, which the
 * answer here uses too), and the review's insert bumps the catalogue version
 * (0004 triggers), so cached store cards pick the new average up.
 *
 * Which order get-ratable-order offers: the one named, when it is the
 * customer's, delivered and not rated (otherwise the error says why); with
 * no name, the newest of their delivered, unrated orders recorded in the
 * last RATING_PROMPT_DAYS days, so the app never nags about an old one. A
 * named order can be rated at any age.
 */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { RatableOrder, RateOrderResult } from '../../src/api/orders/entities.ts';
import { RATING_PROMPT_DAYS } from '../../src/api/orders/limits.ts';
import { OrderStatus } from '../../src/api/orders/status.ts';
import { forbidden } from '../account/authenticate.ts';
import type { OrdersTable } from '../db/tables.ts';
import { uniqueViolationOf } from '../db/unique-violation.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { SessionUser } from '../account/users-repository.ts';

type OrderRow = Selectable<OrdersTable>;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RatingInput {
  uniqueOrderId: string;
  rating: number;
  comment?: string | undefined;
  driverRating?: number | undefined;
}

function alreadyRated(): HttpError {
  return new HttpError(409, 'ALREADY_RATED', 'You already rated this order.');
}

/** Only the customer rates; an agent acting for them may not put words in their mouth. */
function requireRater(user: SessionUser): void {
  if (user.acting_user_id !== null) throw forbidden('Only the customer can rate their order.');
}

async function customersOrder(app: FastifyInstance, user: SessionUser, uniqueOrderId: string): Promise<OrderRow> {
  const order = await app.ordersRepository.findByUniqueId(uniqueOrderId);
  if (!order || Number(order.user_id) !== user.id) throw notFound(`There is no order ${uniqueOrderId}.`);
  return order;
}

async function checkRatable(app: FastifyInstance, order: OrderRow): Promise<void> {
  if (Number(order.status) !== OrderStatus.DELIVERED) {
    throw new HttpError(409, 'ORDER_NOT_RATABLE', 'Only a delivered order can be rated.');
  }
  const review = await app.reviewsRepository.ofOrder(Number(order.id));
  if (review) throw alreadyRated();
}

async function toRatable(app: FastifyInstance, order: OrderRow): Promise<RatableOrder> {
  const [store, delivered, driver] = await Promise.all([
    app.storesRepository.ratableStoreOf(Number(order.restaurant_id)),
    app.ordersRepository.deliveredStepOf(Number(order.id)),
    order.driver_user_id === null ? Promise.resolve(undefined) : app.usersRepository.nameOf(Number(order.driver_user_id)),
  ]);
  return {
    unique_order_id: order.unique_order_id,
    restaurant: { ...store, id: Number(store.id), latitude: Number(store.latitude), longitude: Number(store.longitude) },
    order_type: order.order_type,
    total: Number(order.total),
    delivered_at: delivered?.happened_at ?? order.updated_at,
    driver_name: driver?.name ?? null,
  };
}

export async function ratableOrderOf(
  app: FastifyInstance,
  user: SessionUser,
  uniqueOrderId: string | undefined,
  now: Date = new Date(),
): Promise<RatableOrder | null> {
  requireRater(user);
  if (uniqueOrderId !== undefined) {
    const order = await customersOrder(app, user, uniqueOrderId);
    await checkRatable(app, order);
    return toRatable(app, order);
  }
  const newest = await app.ordersRepository.newestUnratedOf(user.id, new Date(now.getTime() - RATING_PROMPT_DAYS * DAY_MS).toISOString());
  return newest ? toRatable(app, newest) : null;
}

export async function rateOrder(app: FastifyInstance, user: SessionUser, input: RatingInput, now: Date = new Date()): Promise<RateOrderResult> {
  requireRater(user);
  const order = await customersOrder(app, user, input.uniqueOrderId);
  await checkRatable(app, order);
  if (input.driverRating !== undefined && order.driver_user_id === null) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'No driver delivered this order: rate the store only.', [
      { path: '/driver_rating', message: 'this order had no driver' },
    ]);
  }
  const storeId = Number(order.restaurant_id);
  try {
    return await app.db.transaction().execute(async (trx) => {
      const review = await app.reviewsRepository.insert(
        {
          restaurant_id: storeId,
          user_id: user.id,
          order_id: Number(order.id),
          rating: input.rating,
          comment: input.comment?.trim() ?? '',
          driver_rating: input.driverRating ?? null,
          created_at: now.toISOString(),
        },
        trx,
      );
      const aggregate = (await app.reviewsRepository.aggregatesOf([storeId], trx)).get(storeId);
      return {
        success: true as const,
        rating: {
          id: Number(review.id),
          unique_order_id: order.unique_order_id,
          rating: Number(review.rating),
          comment: review.comment,
          driver_rating: review.driver_rating === null ? null : Number(review.driver_rating),
          created_at: review.created_at,
        },
        store: { id: storeId, avgRating: aggregate?.avgRating ?? 0, reviews_count: aggregate?.count ?? 0 },
      };
    });
  } catch (error) {
    // Two ratings of the same order at once: the unique index lets one in.
    if (uniqueViolationOf(error)) throw alreadyRated();
    throw error;
  }
}
