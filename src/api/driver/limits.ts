/**
 * Plain constants of the driver area (no schema builders), for the UI, the
 * worker and the service worker to import without pulling TypeBox into their
 * bundles. driver/entities.ts re-exports them for the server.
 */

/** GPS fixes in one set-delivery-guy-gps-locations batch (fixes taken offline are sent this many at a time). */
export const DRIVER_GPS_BATCH_MAX = 500;
/** get-completed-orders answers this many per page unless asked for fewer (at most DRIVER_COMPLETED_PAGE_MAX). */
export const DRIVER_COMPLETED_PAGE_SIZE = 20;
export const DRIVER_COMPLETED_PAGE_MAX = 50;

/**
 * How a driver's earning on a delivered order is worked out (setting
 * driverCommissionType): a percentage (driverCommissionRate) of the order's
 * subtotal, or of its delivery fee. The tip always goes to the driver in full.
 */
export const DRIVER_COMMISSION_TYPES = ['ORDER_PERCENT', 'DELIVERY_FEE_PERCENT'] as const;
export type DriverCommissionType = (typeof DRIVER_COMMISSION_TYPES)[number];

/**
 * The wallet entry types (WalletTransaction.type, account/limits.ts) of a
 * driver's earning on a delivered order: the commission and the tip are two
 * entries, so the driver's ledger says which is which.
 */
export const DRIVER_LEDGER_REASONS = {
  commission: 'delivery_commission',
  tip: 'delivery_tip',
} as const;

/**
 * Steps in one driver-actions batch: when the network returns, a line of
 * queued steps goes out this many per request instead of one request each.
 */
export const DRIVER_ACTIONS_BATCH_MAX = 50;
/** The calls a driver-actions batch may carry: the driver's own queued steps. */
export const DRIVER_BATCH_CALLS = ['accept-to-deliver', 'pickedup-order', 'deliver-order', 'toggle-delivery-guy-status'] as const;
export type DriverBatchCall = (typeof DRIVER_BATCH_CALLS)[number];
