/**
 * The whole call table the server registers routes from: the app's calls
 * (calls.ts) and the console's. Apart from calls.ts so that only the server,
 * the tests and the console load the console's schemas; the sync worker's
 * bundle stays within its budget.
 */
import { adminCalls } from './admin/calls.ts';
import { appCalls, type AllCalls } from './calls.ts';
import { catalogAdminCalls } from './admin/catalog-calls.ts';

export const calls: AllCalls = { ...appCalls, ...catalogAdminCalls, ...adminCalls };
