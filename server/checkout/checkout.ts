/**
 * A checkout: the cart and the customer's choices turned into a priced,
 * checked order, or the first reason it cannot be placed. get-order-quote,
 * apply-coupon and place-order all go through prepareCheckout, so the
 * quote the customer saw and the order they place are priced by the same
 * code from the same rows (place-order runs it again inside its
 * transaction).
 *
 * The checks, in the order a customer would want to hear them: the store
 * exists, offers this order type (delivery_type 1 delivery, 2 self pickup,
 * 3 both), takes orders now (active, open), the address is within its
 * delivery radius, every line can be ordered, the subtotal reaches the
 * minimum order, a tip is allowed, then the coupon and the points.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CartLineInput, DeliveryAddress, OrderQuote, PriceBreakdown } from '../../src/api/orders/entities.ts';
import { offersDelivery, offersPickup } from '../../src/api/entities.ts';
import type { OrderType, UnavailableReason } from '../../src/api/orders/limits.ts';
import type { Database } from '../db/tables.ts';
import { distanceKm, roundKm } from '../geo/distance.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { CouponRow } from './coupons-repository.ts';
import { checkCartLines, isWithinOpeningHours, loadCheckoutStore, type CheckoutStore, type PricedLine } from '../cart/availability.ts';
import { formatMoney, type CheckoutSettings } from './checkout-settings.ts';
import { appliedCouponOf, findApplicableCoupon, normaliseCouponCode } from './coupons.ts';
import { checkRedeemablePoints, loyaltySummaryOf } from './loyalty.ts';
import { couponDiscountOf, priceOrder, subtotalOf } from './pricing.ts';

/** The fields get-order-quote, apply-coupon and place-order share (src/api/orders/calls.ts checkoutFields). */
export interface CheckoutRequest {
  restaurant_id: number;
  items: CartLineInput[];
  order_type: OrderType;
  address?: DeliveryAddress | undefined;
  coupon_code?: string | undefined;
  loyalty_points?: number | undefined;
  tip?: number | undefined;
  use_wallet?: boolean | undefined;
  notes?: string | undefined;
}

/** What the customer holds, read (and on place-order, locked) before pricing; a visitor (id null) holds nothing. */
export interface CustomerBalances {
  id: number | null;
  walletBalance: number;
  loyaltyPoints: number;
}

export interface Checkout {
  store: CheckoutStore;
  orderType: OrderType;
  /** Null for self pickup. */
  address: DeliveryAddress | null;
  distanceKm: number | null;
  lines: PricedLine[];
  coupon: CouponRow | null;
  price: PriceBreakdown;
  quote: OrderQuote;
}

function checkOrderType(store: CheckoutStore, orderType: OrderType): void {
  if ((orderType === 'DELIVERY' ? offersDelivery : offersPickup)(store.deliveryType)) return;
  throw new HttpError(
    422,
    'ORDER_TYPE_NOT_AVAILABLE',
    orderType === 'DELIVERY' ? `${store.name} does not deliver; choose self pickup.` : `${store.name} does not offer self pickup; choose delivery.`,
  );
}

async function checkTakesOrders(app: FastifyInstance, db: Kysely<Database>, store: CheckoutStore, now: Date): Promise<void> {
  if (!store.isActive) throw new HttpError(409, 'STORE_CLOSED', `${store.name} is not taking orders at the moment.`);
  if (!(await isWithinOpeningHours(app, store, now, db))) throw new HttpError(409, 'STORE_CLOSED', `${store.name} is closed now.`);
}

/** The delivery address and its distance from the store, refused outside the store's radius. */
function deliveryDistance(store: CheckoutStore, address: DeliveryAddress | undefined): number {
  if (!address) throw new HttpError(400, 'ADDRESS_REQUIRED', 'A delivery order needs the address to deliver to.');
  const km = distanceKm({ latitude: address.lat, longitude: address.lng }, store);
  if (km > store.deliveryRadiusKm) {
    throw new HttpError(
      422,
      'OUT_OF_DELIVERY_AREA',
      `${store.name} delivers within ${store.deliveryRadiusKm} km; this address is ${roundKm(km)} km away.`,
      [{ path: '/address', message: String(store.deliveryRadiusKm) }],
    );
  }
  return km;
}

/** Why a line cannot be ordered, in the words of the error's details. */
const UNAVAILABLE_WORDS: Record<UnavailableReason, string> = {
  NOT_FOUND: 'no longer on the menu',
  INACTIVE: 'sold out for now',
  WRONG_STORE: 'from another store',
  ADDONS_CHANGED: 'its options changed; choose them again',
};

async function orderableLines(
  app: FastifyInstance,
  db: Kysely<Database>,
  store: CheckoutStore,
  items: readonly CartLineInput[],
): Promise<PricedLine[]> {
  const checks = await checkCartLines(app, store.id, items, db);
  const unavailable = checks.flatMap((check, index) =>
    check.available ? [] : [{ index, name: check.name ?? `Item ${items[index]?.id}`, reason: check.reason }],
  );
  if (unavailable.length > 0) {
    throw new HttpError(
      409,
      'ITEMS_UNAVAILABLE',
      `These items cannot be ordered now: ${unavailable.map((line) => line.name).join(', ')}.`,
      unavailable.map((line) => ({ path: `/items/${line.index}`, message: `${line.name}: ${UNAVAILABLE_WORDS[line.reason]}` })),
    );
  }
  return checks.flatMap((check) => (check.available ? [check.line] : []));
}

function checkMinimumOrder(store: CheckoutStore, subtotal: number, settings: CheckoutSettings): void {
  const minimum = store.prices.min_order_subtotal;
  if (subtotal >= minimum) return;
  throw new HttpError(
    422,
    'MIN_ORDER_NOT_MET',
    `${store.name} takes orders from ${formatMoney(minimum, settings)}; this cart comes to ${formatMoney(subtotal, settings)}.`,
    [{ path: '/subtotal', message: String(minimum) }],
  );
}

function tipsAllowed(orderType: OrderType, settings: CheckoutSettings): boolean {
  // A tip thanks the driver: only delivered orders have one.
  return settings.tipsEnabled && orderType === 'DELIVERY';
}

export async function prepareCheckout(
  app: FastifyInstance,
  db: Kysely<Database>,
  request: CheckoutRequest,
  customer: CustomerBalances,
  settings: CheckoutSettings,
  now: Date = new Date(),
): Promise<Checkout> {
  const store = await loadCheckoutStore(app, request.restaurant_id, db);
  if (!store) throw notFound(`There is no store with id ${request.restaurant_id}.`);
  checkOrderType(store, request.order_type);
  await checkTakesOrders(app, db, store, now);
  const delivery = request.order_type === 'DELIVERY';
  const km = delivery ? deliveryDistance(store, request.address) : null;
  const lines = await orderableLines(app, db, store, request.items);
  const subtotal = subtotalOf(lines.map((line) => line.lineTotal));
  checkMinimumOrder(store, subtotal, settings);
  const tip = request.tip ?? 0;
  if (tip > 0 && !tipsAllowed(request.order_type, settings)) {
    throw new HttpError(422, 'TIP_NOT_ALLOWED', delivery ? 'Tips are not taken at the moment.' : 'Tips are for delivered orders only.');
  }

  const code = normaliseCouponCode(request.coupon_code);
  const coupon = code
    ? await findApplicableCoupon(app, db, code, { restaurantId: store.id, subtotal, customerId: customer.id, now, settings })
    : null;
  const points = request.loyalty_points ?? 0;
  checkRedeemablePoints(points, customer.loyaltyPoints, subtotal - couponDiscountOf(coupon, subtotal), settings.loyalty);

  const price = priceOrder({
    lineTotals: lines.map((line) => line.lineTotal),
    store: store.prices,
    orderType: request.order_type,
    distanceKm: km,
    coupon,
    loyaltyPoints: points,
    pointValue: settings.loyalty.pointValue,
    tip,
    useWallet: request.use_wallet ?? false,
    walletBalance: customer.walletBalance,
  });
  const distance = km === null ? null : roundKm(km);
  return {
    store,
    orderType: request.order_type,
    address: delivery ? (request.address ?? null) : null,
    distanceKm: distance,
    lines,
    coupon,
    price,
    quote: {
      ...price,
      restaurant_id: store.id,
      order_type: request.order_type,
      lines: lines.map((line) => ({
        item_id: line.itemId,
        name: line.name,
        unit_price: line.unitPrice,
        quantity: line.quantity,
        addons: line.addons,
        line_total: line.lineTotal,
      })),
      distance_km: distance,
      coupon: coupon ? appliedCouponOf(coupon, price.coupon_discount) : null,
      tax_basis_points: store.prices.tax_basis_points,
      min_order_subtotal: store.prices.min_order_subtotal,
      free_delivery_subtotal: store.prices.free_delivery_subtotal,
      tips_enabled: tipsAllowed(request.order_type, settings),
      wallet_balance: customer.walletBalance,
      loyalty: loyaltySummaryOf(customer.loyaltyPoints, price, settings.loyalty),
    },
  };
}

/** A visitor pricing a cart before signing in: no wallet, no points, no coupon uses of their own yet. */
export const VISITOR_BALANCES: CustomerBalances = { id: null, walletBalance: 0, loyaltyPoints: 0 };

/** The customer's wallet and points as they are now; inside place-order's transaction, with the row locked. */
export async function customerBalances(
  app: FastifyInstance,
  db: Kysely<Database>,
  userId: number,
  options: { lock: boolean },
): Promise<CustomerBalances> {
  // An UPDATE that changes nothing takes the row lock on PostgreSQL (SELECT … FOR UPDATE is not SQLite);
  // on SQLite the transaction already holds the only write lock.
  const row = options.lock ? await app.usersRepository.lockBalancesOf(userId, db) : await app.usersRepository.balancesOf(userId, db);
  if (!row) throw notFound('This account no longer exists.');
  return { id: userId, walletBalance: Number(row.wallet_balance), loyaltyPoints: Number(row.loyalty_points) };
}
