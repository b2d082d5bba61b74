/**
 * Store delivery types (spec §3): how a store takes orders. Every runtime
 * reads them by name from here, a module with no schema library in it, so
 * the screens may use it without loading the contract's schemas.
 */
export const DeliveryType = { DELIVERY: 1, SELFPICKUP: 2, BOTH: 3 } as const;
export type DeliveryTypeCode = (typeof DeliveryType)[keyof typeof DeliveryType];
export const DELIVERY_TYPES: readonly DeliveryTypeCode[] = [DeliveryType.DELIVERY, DeliveryType.SELFPICKUP, DeliveryType.BOTH];
/** The stores that deliver, and those that hand orders over at the counter. */
export const DELIVERING_TYPES: readonly DeliveryTypeCode[] = [DeliveryType.DELIVERY, DeliveryType.BOTH];
export const PICKUP_TYPES: readonly DeliveryTypeCode[] = [DeliveryType.SELFPICKUP, DeliveryType.BOTH];
export function offersDelivery(type: number): boolean {
  return (DELIVERING_TYPES as readonly number[]).includes(type);
}
export function offersPickup(type: number): boolean {
  return (PICKUP_TYPES as readonly number[]).includes(type);
}
