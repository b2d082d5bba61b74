/** The driver area's addresses: it lives entirely under /delivery. */
export const DRIVER_HOME_PATH = '/delivery';
export const DRIVER_LOGIN_PATH = '/delivery/login';
export const DRIVER_ORDERS_PATH = '/delivery/orders';
export const DRIVER_COMPLETED_PATH = '/delivery/completed-orders';

export function driverOrderPath(uniqueOrderId: string): string {
  return `${DRIVER_ORDERS_PATH}/${encodeURIComponent(uniqueOrderId)}`;
}

/** Where to go back to after signing in: a page of the driver area, never the sign-in page itself. */
export function returnPathOf(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || from === DRIVER_LOGIN_PATH) return DRIVER_HOME_PATH;
  return from === DRIVER_HOME_PATH || from.startsWith(`${DRIVER_HOME_PATH}/`) ? from : DRIVER_HOME_PATH;
}
