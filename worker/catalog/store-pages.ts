/**
 * Store pages (spec §2 /stores/:city?/:restaurant): the store, its whole menu
 * and single items; and choosing a store, which records the order type.
 */
import type { OrderTypePreference } from '../../src/api/constants.ts';
import { DeliveryType } from '../../src/api/delivery-types.ts';
import type { StoreDetail } from '../../src/api/entities.ts';
import type { SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey, SyncResource, type StoreRow } from '../../src/db/schema.ts';
import type { ValueResult } from '../net/api-client.ts';
import { catalogueLanguage, customerSession, readOrderType } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { removeItem, writeItem, writeStoreDetail, writeStorePage } from './store-writes.ts';
import { markFailed } from '../replica/sync-state.ts';

type StoreInfo = ValueResult<StoreDetail & { is_favourite?: boolean }>;

/** The User Timing measure of a whole openStore (both fetches, their checks and the write); read by `npm run bench`. */
export const OPEN_STORE_MEASURE = 'sync:open-store';

export async function openStore(ctx: SyncContext, slug: string): Promise<SyncResult<{ storeId: number }>> {
  const started = performance.now();
  const result = await fetchAndWriteStore(ctx, slug);
  performance.measure(OPEN_STORE_MEASURE, { start: started, detail: { slug, ok: result.ok } });
  return result;
}

async function fetchAndWriteStore(ctx: SyncContext, slug: string): Promise<SyncResult<{ storeId: number }>> {
  const language = await catalogueLanguage(ctx.db);
  const info = await fetchStoreInfo(ctx, slug, language);
  if (!info.ok) {
    await recordStoreInfoFailure(ctx, slug, info);
    return info;
  }
  const store = info.value;
  const menu = await ctx.api.call('get-restaurant-items', language, { id: String(store.id) });
  await writeStorePage(
    ctx.db,
    { store, menu: menu.ok ? menu.value : { failure: menu }, isFavourite: store.is_favourite },
    ctx.now(),
  );
  return menu.ok ? { ok: true, value: { storeId: store.id } } : menu;
}

/** With a customer session the page says whether the store is a favourite; a session the server refuses falls back to the public page. */
async function fetchStoreInfo(ctx: SyncContext, slug: string, language: { language?: string }): Promise<StoreInfo> {
  const session = await customerSession(ctx.db);
  if (session) {
    const withFavourite = await ctx.api.call('get-restaurant-info-with-favourite', { token: session.token, ...language }, { slug });
    if (withFavourite.ok || withFavourite.reason !== 'unauthorized') return withFavourite;
  }
  return ctx.api.call('get-restaurant-info', language, { slug });
}

/**
 * Spec §4: a 400 while loading store info raises the force-reload flag (the
 * UI reloads and clears it). The failure keeps only the HTTP status's class,
 * so a 400 is told from a 404 by the server's codes for 400s.
 */
async function recordStoreInfoFailure(ctx: SyncContext, slug: string, failure: SyncFailure) {
  const at = ctx.now();
  const badRequest = failure.reason === 'invalid' && (failure.code === 'BAD_REQUEST' || failure.code === 'VALIDATION_FAILED');
  await ctx.db.transaction('rw', ctx.db.prefs, ctx.db.syncState, async () => {
    await markFailed(ctx.db, SyncResource.store(slug), failure, at);
    if (badRequest) await ctx.db.prefs.put({ key: PrefKey.forceReload, value: { slug, at } });
  });
}

/** An item the server no longer sells (404) leaves the replica; any other failure keeps it. */
export async function openItem(ctx: SyncContext, itemId: number): Promise<SyncResult> {
  const result = await ctx.api.call('get-single-item', { id: itemId, ...(await catalogueLanguage(ctx.db)) });
  if (result.ok) {
    await writeItem(ctx.db, result.value, ctx.now());
    return { ok: true };
  }
  if (result.reason === 'invalid' && result.code === 'NOT_FOUND') await removeItem(ctx.db, itemId);
  else await markFailed(ctx.db, SyncResource.item(itemId), result, ctx.now());
  return result;
}

/**
 * Spec §4: choosing a store records the order type — DELIVERY for delivery
 * type 1, SELFPICKUP for 2, the preference for 3 — and the active store. The
 * replica's row is enough (offline too); a store it lacks is fetched by id.
 */
export async function selectStore(ctx: SyncContext, storeId: number): Promise<SyncResult<OrderTypePreference>> {
  let deliveryType = ((await ctx.db.stores.get(storeId)) as StoreRow | undefined)?.delivery_type;
  if (deliveryType === undefined) {
    const fetched = await ctx.api.call('get-restaurant-info-by-id', await catalogueLanguage(ctx.db), { id: String(storeId) });
    if (!fetched.ok) return fetched;
    await writeStoreDetail(ctx.db, fetched.value, ctx.now());
    deliveryType = fetched.value.delivery_type;
  }
  const { db } = ctx;
  return db.transaction('rw', db.prefs, async () => {
    const orderType = orderTypeFor(deliveryType, await readOrderType(db));
    await db.prefs.put({ key: PrefKey.orderType, value: orderType });
    await db.prefs.put({ key: PrefKey.activeStore, value: storeId });
    return { ok: true as const, value: orderType };
  });
}

export function orderTypeFor(deliveryType: number, preference: OrderTypePreference): OrderTypePreference {
  if (deliveryType === DeliveryType.DELIVERY) return 'DELIVERY';
  if (deliveryType === DeliveryType.SELFPICKUP) return 'SELFPICKUP';
  return preference;
}

/**
 * After the language changed (issue 15.7): the catalogue the customer is
 * looking at is fetched again in it, so the replica does not show a menu in
 * one language and the screen around it in another. The home (when an
 * address is set) and the active store; another store gets its texts when it
 * is opened. Offline, each keeps what it had until the next fetch.
 */
export async function refetchCatalogueIn(ctx: SyncContext, refreshHome: (ctx: SyncContext) => Promise<SyncResult>): Promise<void> {
  const activeStore = await ctx.db.prefs.get(PrefKey.activeStore);
  const storeId = typeof activeStore?.value === 'number' ? activeStore.value : undefined;
  const slug = storeId === undefined ? undefined : ((await ctx.db.stores.get(storeId)) as StoreRow | undefined)?.slug;
  await Promise.all([refreshHome(ctx), slug ? fetchAndWriteStore(ctx, slug) : Promise.resolve()]);
}
