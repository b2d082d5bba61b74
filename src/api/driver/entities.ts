/**
 * The driver area (spec §7 driver endpoints, DESIGN §4 and §6): the driver's
 * profile with counts and money, the orders they may take or have taken, and
 * batches of GPS fixes. Money is integer minor units; times are ISO-8601 UTC.
 */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { OrderHistoryEntrySchema, OrderLineSchema, OrderStatusNameSchema, PaymentModeSchema, PaymentStatusSchema, DriverPositionSchema } from '../orders/entities.ts';

export * from './limits.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A store the driver is linked to: they see its orders that are ready for a driver. */
export const DriverStoreSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** delivery/update-user-info and toggle-delivery-guy-status: who the driver is and where they stand today. */
export const DriverProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  /** Taking orders: new orders are offered and accept-to-deliver works only while true. */
  is_online: Type.Boolean(),
  /** When is_online last changed (a toggle queued offline older than this changes nothing). */
  online_changed_at: Nullable(Type.String()),
  /** Orders assigned to them and not delivered yet (driver assigned, picked up). */
  active_orders: Type.Integer(),
  /** The most orders they may hold at once (setting driverMaxActiveOrders). */
  max_active_orders: Type.Integer(),
  completed_orders: Type.Integer(),
  /** Their wallet ledger's balance: commissions and tips credited on delivery, minus payouts. */
  wallet_balance: Type.Integer(),
  /** Commission and tips credited since midnight UTC, and ever. */
  earnings_today: Type.Integer(),
  earnings_total: Type.Integer(),
  /** Cash collected from cash-on-delivery orders and not yet handed in to the business. */
  cash_in_hand: Type.Integer(),
  stores: Type.Array(DriverStoreSchema),
  /** How often the app sends a fix while an order is active (setting driverGpsIntervalSeconds). */
  gps_interval_seconds: Type.Integer(),
  /** deliver-order needs the customer's PIN (setting deliveryPinRequired). */
  delivery_pin_required: Type.Boolean(),
});
export type DriverProfile = Static<typeof DriverProfileSchema>;

/** The store of a delivery order, with what a driver needs to get there. */
export const DriverOrderStoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

/** The customer of an order: only once it is assigned to the caller, null while it is offered. */
export const DriverOrderCustomerSchema = Type.Object({ name: Type.String(), phone: Nullable(Type.String()) });

/** A delivery order as a driver sees it: offered to them, assigned to them, or delivered by them. */
export const DriverOrderSchema = Type.Object({
  unique_order_id: Type.String(),
  /** DESIGN §6 code (orders/status.ts). */
  status: Type.Integer(),
  status_name: OrderStatusNameSchema,
  restaurant: DriverOrderStoreSchema,
  customer: Nullable(DriverOrderCustomerSchema),
  address: Type.String(),
  house: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Store to customer, km rounded to 0.1. */
  distance_km: Type.Number(),
  notes: Type.String(),
  lines: Type.Array(OrderLineSchema),
  payment_mode: PaymentModeSchema,
  payment_status: PaymentStatusSchema,
  total: Type.Integer(),
  delivery_fee: Type.Integer(),
  tip: Type.Integer(),
  /** Cash the driver takes at the door: what is left to pay on a cash order, 0 otherwise. */
  cash_to_collect: Type.Integer(),
  /** What the driver earns on delivery (commission + tip) under the settings now. */
  earning: Type.Integer(),
  /** True once this driver holds it; false while it is offered. */
  assigned_to_me: Type.Boolean(),
  /** deliver-order will ask for the customer's PIN. */
  requires_pin: Type.Boolean(),
  history: Type.Array(OrderHistoryEntrySchema),
  /** The food waits at the counter since then (the store's mark-order-ready); null until the store says so. */
  food_ready_at: Type.Optional(Nullable(Type.String())),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type DriverOrder = Static<typeof DriverOrderSchema>;

/** get-delivery-orders: what the driver may take now and what they hold. */
export const DriverOrdersSchema = Type.Object({
  /** Delivery orders of their stores that the store is preparing and no driver has; empty while they are off duty. */
  new_orders: Type.Array(DriverOrderSchema),
  /** Their orders on the way (driver assigned, picked up), oldest first. */
  accepted_orders: Type.Array(DriverOrderSchema),
  is_online: Type.Boolean(),
  max_active_orders: Type.Integer(),
});
export type DriverOrders = Static<typeof DriverOrdersSchema>;

/** get-completed-orders: their delivered orders, newest first; next_before is the next (older) page's cursor, null on the last. */
export const DriverCompletedOrdersSchema = Type.Object({
  orders: Type.Array(DriverOrderSchema),
  next_before: Nullable(Type.Integer()),
});
export type DriverCompletedOrders = Static<typeof DriverCompletedOrdersSchema>;

/** One fix of a batch, as the device took it. */
export const DriverFixInputSchema = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    heading: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 360 }))),
    recorded_at: Type.String({
      maxLength: 40,
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$',
    }),
  },
  { additionalProperties: false },
);
export type DriverFixInput = Static<typeof DriverFixInputSchema>;

/** set-delivery-guy-gps-locations: every fix is kept in the driver's track; position is the newest known now. */
export const DriverFixesSavedSchema = Type.Object({
  /** Fixes of this batch recorded (a fix already recorded, same time, is not counted twice). */
  recorded: Type.Integer(),
  position: Nullable(DriverPositionSchema),
});
export type DriverFixesSaved = Static<typeof DriverFixesSavedSchema>;

/** One step's answer in a driver-actions batch: exactly what the step's own call would have answered. */
export const DriverActionResultSchema = Type.Object({
  key: Type.String(),
  status: Type.Integer(),
  /** The step's answer: its call's response, or an ApiError. */
  body: Type.Object({}, { additionalProperties: true }),
});
export type DriverActionResult = Static<typeof DriverActionResultSchema>;

/** driver-actions: the answers in the order sent, up to the first that asks to try again later (5xx, 429, still in progress). */
export const DriverActionResultsSchema = Type.Object({ results: Type.Array(DriverActionResultSchema) });
export type DriverActionResults = Static<typeof DriverActionResultsSchema>;
