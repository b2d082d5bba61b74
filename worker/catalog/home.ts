/**
 * The home screen's data for the current address and order type: promo
 * slides, category slides, categories and the store list, fetched together
 * and written in one transaction. A part that failed keeps what the replica
 * had and records why; the list's failure is the one the UI hears first.
 */
import type { OrderTypePreference } from '../../src/api/constants.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { filteredStoreListKey, homeStoreListKey } from '../../src/db/keys.ts';
import { PrefKey, SyncResource } from '../../src/db/schema.ts';
import type { ValueResult } from '../net/api-client.ts';
import { NO_ADDRESS, apiPoint, catalogueLanguage, isOrderType, readOrderType, readPoint } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { writePref } from '../replica/prefs.ts';
import { writeHome, writeStoreList, type HomeParts } from './store-writes.ts';
import { markFailed } from '../replica/sync-state.ts';

export async function refreshHome(ctx: SyncContext): Promise<SyncResult> {
  const point = await readPoint(ctx.db);
  if (!point) return NO_ADDRESS;
  const orderType = await readOrderType(ctx.db);
  const key = homeStoreListKey(point, orderType);
  const language = await catalogueLanguage(ctx.db);
  const body = { ...apiPoint(point), ...language };
  const [list, promoSlides, categorySlides, categories] = await Promise.all([
    ctx.api.call(orderType === 'SELFPICKUP' ? 'get-selfpickup-restaurants' : 'get-delivery-restaurants', body),
    ctx.api.call('promo-slider', body),
    ctx.api.call('get-restaurant-category-slides', language),
    ctx.api.call('get-all-restaurants-categories', language),
  ]);
  const parts: HomeParts = { failures: [] };
  const record = <T>(resource: string, result: ValueResult<T>, keep: (value: T) => void) => {
    if (result.ok) keep(result.value);
    else parts.failures.push({ resource, failure: result });
  };
  record(SyncResource.storeList(key), list, (stores) => (parts.list = { key, stores }));
  record(SyncResource.promoSlides, promoSlides, (slides) => (parts.promoSlides = slides));
  record(SyncResource.categorySlides, categorySlides, (slides) => (parts.categorySlides = slides));
  record(SyncResource.categories, categories, (rows) => (parts.categories = rows));
  await writeHome(ctx.db, parts, ctx.now());
  const first: SyncFailure | undefined = parts.failures[0]?.failure;
  return first ?? { ok: true };
}

/** The preference is kept even offline (the replica may hold that list already); then home refreshes. */
export async function setOrderType(ctx: SyncContext, orderType: OrderTypePreference): Promise<SyncResult> {
  // The argument crossed the worker boundary unchecked.
  if (!isOrderType(orderType)) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: `Unknown order type: ${String(orderType)}` };
  }
  await writePref(ctx.db, PrefKey.orderType, orderType);
  return refreshHome(ctx);
}

export async function refreshFilteredStores(ctx: SyncContext, categoryIds: readonly number[]): Promise<SyncResult> {
  const point = await readPoint(ctx.db);
  if (!point) return NO_ADDRESS;
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) {
    return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: 'Choose at least one category.' };
  }
  const key = filteredStoreListKey(point, ids);
  const result = await ctx.api.call('get-filtered-restaurants', {
    ...apiPoint(point),
    category_ids: ids,
    ...(await catalogueLanguage(ctx.db)),
  });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.storeList(key), result, at);
    return result;
  }
  await writeStoreList(ctx.db, key, result.value, at);
  return { ok: true };
}
