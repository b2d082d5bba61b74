/** The shared contract: imported by the server, the worker, the service worker, the UI and the tests. */
export * from './errors.ts';
export * from './entities.ts';
export * from './calls.ts';
export * from './settings.ts';
export * from './setting-values.ts';
export * from './constants.ts';
export * from './order-status.ts';
export * from './outbox.ts';
export * from './sw-messages.ts';
export * from './texts.ts';
export type * from './worker-api.ts';
