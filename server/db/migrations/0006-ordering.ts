/**
 * Ordering (DESIGN §6): the prices a store charges beyond its items, coupons,
 * orders with their lines and history, payments, loyalty points, drivers'
 * last known positions, and reviews tied to the order they rate.
 *
 * Money is integer minor units everywhere. An order keeps a copy of what was
 * bought (names, unit prices, add-ons) and of every part of its price, so it
 * reads the same after the menu or the store's charges change. Every change
 * of an order's status is a row of order_history, written in the same
 * transaction as the change.
 */
import { sql } from 'kysely';
import { idColumn, type AnyDb } from './helpers.ts';

const ORDER_STATUSES = sql`status in (1, 2, 3, 4, 5, 6, 7, 8, 9)`;

export async function up(db: AnyDb): Promise<void> {
  await addStorePriceColumns(db);
  // Points the customer holds; kept equal to the newest loyalty_transactions.balance_after.
  await db.schema.alterTable('users').addColumn('loyalty_points', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await idColumn(db, db.schema.createTable('coupons'))
    // Upper case; customers may type it in any case.
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('discount_type', 'text', (col) => col.notNull().check(sql`discount_type in ('PERCENT', 'FIXED')`))
    // PERCENT: whole percent 1–100; FIXED: minor units.
    .addColumn('discount_value', 'integer', (col) => col.notNull().check(sql`discount_value > 0`))
    // The most a PERCENT coupon takes off, minor units; null for no cap.
    .addColumn('max_discount', 'integer')
    .addColumn('min_subtotal', 'integer', (col) => col.notNull().defaultTo(0))
    // Null: any store.
    .addColumn('restaurant_id', 'integer', (col) => col.references('restaurants.id').onDelete('cascade'))
    .addColumn('starts_at', 'text')
    .addColumn('expires_at', 'text')
    // Null: no limit.
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_user', 'integer')
    .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('orders'))
    // What customers see and the routes use (/running-order/:unique_order_id).
    .addColumn('unique_order_id', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('restaurant_id', 'integer', (col) => col.notNull().references('restaurants.id'))
    .addColumn('status', 'integer', (col) => col.notNull().check(ORDER_STATUSES))
    .addColumn('order_type', 'text', (col) => col.notNull().check(sql`order_type in ('DELIVERY', 'SELFPICKUP')`))
    // Delivery address (null for self pickup).
    .addColumn('address', 'text')
    .addColumn('house', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    // From the store to the address (delivery) when the order was placed.
    .addColumn('distance_km', 'double precision')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    // The price, part by part (minor units); total = subtotal + store_charge + delivery_fee + tax + tip
    // - coupon_discount - loyalty_discount; total = wallet_amount + payable_amount.
    .addColumn('subtotal', 'integer', (col) => col.notNull())
    .addColumn('store_charge', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('delivery_fee', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tax', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tip', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer', (col) => col.references('coupons.id').onDelete('set null'))
    .addColumn('coupon_code', 'text')
    .addColumn('coupon_discount', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('loyalty_points_redeemed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('loyalty_discount', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('loyalty_points_earned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull().check(sql`total >= 0`))
    // Paid from the wallet when the order was placed.
    .addColumn('wallet_amount', 'integer', (col) => col.notNull().defaultTo(0))
    // Left to pay by payment_mode (cash on delivery, or a gateway).
    .addColumn('payable_amount', 'integer', (col) => col.notNull())
    // 'COD', 'WALLET' or a gateway id ('STRIPE', …).
    .addColumn('payment_mode', 'text', (col) => col.notNull())
    .addColumn('payment_status', 'text', (col) =>
      col.notNull().check(sql`payment_status in ('PENDING', 'PAID', 'FAILED', 'REFUNDED')`),
    )
    // Four digits the customer gives the driver at the door.
    .addColumn('delivery_pin', 'text', (col) => col.notNull())
    .addColumn('driver_user_id', 'integer', (col) => col.references('users.id'))
    // The call-centre agent who placed it for the customer, if any.
    .addColumn('placed_by_user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_restaurant_status_idx').on('orders').columns(['restaurant_id', 'status']).execute();
  await db.schema.createIndex('orders_driver_status_idx').on('orders').columns(['driver_user_id', 'status']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();

  await idColumn(db, db.schema.createTable('order_lines'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // Null once the item is deleted from the catalogue; the line keeps its name and price.
    .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    // The item's price plus its add-ons', minor units.
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    // JSON array of {id, name, price}.
    .addColumn('addons', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('line_total', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

  await idColumn(db, db.schema.createTable('order_history'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'integer', (col) => col.notNull().check(ORDER_STATUSES))
    // Who moved it: a user (customer, store owner, admin, driver, agent) or null for the system or a gateway.
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    // When it happened (a driver's queued action carries the time they acted); created_at is when it was recorded.
    .addColumn('happened_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_history_order_idx').on('order_history').columns(['order_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('gateway', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED')`),
    )
    // The gateway's id of the payment (Stripe PaymentIntent id, …).
    .addColumn('gateway_reference', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_reference_idx').on('payments').columns(['gateway', 'gateway_reference']).unique().execute();

  await idColumn(db, db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', 'integer', (col) => col.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_user_idx').on('coupon_redemptions').columns(['coupon_id', 'user_id']).execute();

  // The loyalty ledger, like the wallet's: signed points with the balance after each.
  await idColumn(db, db.schema.createTable('loyalty_transactions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'integer', (col) => col.notNull().check(sql`points <> 0`))
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('loyalty_transactions_user_idx').on('loyalty_transactions').columns(['user_id', 'id']).execute();

  // A driver's last known position (one row per driver), shown on the running order once assigned.
  await db.schema
    .createTable('driver_locations')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('heading', 'double precision')
    // When the device took the fix (a queued fix arrives later).
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // A review written through rate-order names its order: one review per order.
  await db.schema.alterTable('reviews').addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null')).execute();
  await db.schema.createIndex('reviews_order_idx').on('reviews').column('order_id').unique().execute();
}

async function addStorePriceColumns(db: AnyDb): Promise<void> {
  const add = (name: string, type: 'integer' | 'double precision', notNullDefault: number | null) =>
    db.schema
      .alterTable('restaurants')
      .addColumn(name, type, (col) => (notNullDefault === null ? col : col.notNull().defaultTo(notNullDefault)))
      .execute();
  // The smallest subtotal the store takes an order for, minor units.
  await add('min_order_subtotal', 'integer', 0);
  // A fixed charge per order (packaging, service), minor units.
  await add('store_charge', 'integer', 0);
  // Tax on the subtotal after discounts, in basis points (500 = 5 %).
  await add('tax_basis_points', 'integer', 0);
  // Delivery fee: delivery_fee_base covers the first delivery_fee_base_km, then delivery_fee_per_km per started km.
  await add('delivery_fee_base', 'integer', 0);
  await add('delivery_fee_base_km', 'double precision', 0);
  await add('delivery_fee_per_km', 'integer', 0);
  // A subtotal from which delivery is free; null: never free.
  await add('free_delivery_subtotal', 'integer', null);
  // New orders go straight to preparing (DESIGN §6: "or auto-accept setting").
  await add('auto_accept_orders', 'integer', 0);
}
