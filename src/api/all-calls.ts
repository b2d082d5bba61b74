/**
 * The whole call table the server registers routes from: the app's calls
 * (calls.ts) and the console's. Apart from calls.ts so that only the server,
 * the tests and the console load the console's schemas; the sync worker's
 * bundle stays within its budget.
 */
import { adminCalls } from './admin/calls.ts';
import { accountCalls } from './account/calls.ts';
import { addressCalls } from './account/address-calls.ts';
import type { AllCalls } from './calls.ts';
import { catalogAdminCalls } from './admin/catalog-calls.ts';
import { cartCalls } from './cart/calls.ts';
import { catalogCalls } from './catalog/calls.ts';
import { checkoutCalls } from './checkout/calls.ts';
import { paymentCalls } from './checkout/payment-calls.ts';
import { driverCalls } from './driver/calls.ts';
import { orderCalls, orderLifecycleCalls } from './orders/calls.ts';
import { settingsCalls } from './settings/calls.ts';

/**
 * The calls of each area of the contract: the server answers an area's calls
 * in its domain of the same name (server/<area>/, the console's in
 * server/admin/ and server/admin/catalog/; the checkout's payment calls in
 * server/payments/), and refuses to start when a domain answers another's.
 */
export const callAreas = {
  settings: settingsCalls,
  catalog: catalogCalls,
  account: { ...accountCalls, ...addressCalls },
  cart: cartCalls,
  checkout: { ...checkoutCalls, ...paymentCalls },
  orders: { ...orderCalls, ...orderLifecycleCalls },
  driver: driverCalls,
  admin: adminCalls,
  'admin/catalog': catalogAdminCalls,
} as const;

export type CallArea = keyof typeof callAreas;

export const calls: AllCalls = Object.assign({}, ...Object.values(callAreas)) as AllCalls;
