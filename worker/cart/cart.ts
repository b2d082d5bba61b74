/**
 * The customer's cart (spec §3 cart products and totals): one store at a
 * time, kept in the replica across reloads and restarts, not cleared by
 * logout (spec §4). Lines are priced from the menu the replica holds; the
 * server's word comes from checkCart, queued through the outbox so that a
 * check asked offline is answered when the network returns (DESIGN §4).
 */
import {
  addonChoiceProblems,
  cartLineKey,
  chosenAddons,
  unitPriceOf,
  type CartStoreRef,
} from '../../src/api/cart/rules.ts';
import type { AddToCartInput, AddToCartOutcome, CartCheckOutcome, RemovedCartLine } from '../../src/api/cart/worker-api.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../src/api/orders/limits.ts';
import type { DrainReport, SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { readItem } from '../../src/db/menu-reads.ts';
import type { CartLineRow, ReplicaDatabase, StoreRow } from '../../src/db/schema.ts';
import { CART_CHECK_LABEL, CART_OUTBOX_USER, cartCheckBody } from './availability-check.ts';
import { CHECK_CART_CALL, dropCartChecks, emptyCart, readCartLines, readCartMeta, writeCartMeta } from './rows.ts';
import type { SyncContext } from '../replica/context.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';
import { type OutboxEffects, queueAction } from '../outbox/api.ts';

function invalid(message: string): SyncFailure {
  return { ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message };
}

function notFound(message: string): SyncFailure {
  return { ok: false, reason: 'invalid', code: 'NOT_FOUND', message };
}

function isId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1;
}

function isQuantity(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_LINE_QUANTITY;
}

/** What is wrong with an input that crossed the worker boundary unchecked, or null. */
function addInputProblem(input: AddToCartInput): string | null {
  if (!isId(input?.storeId) || !isId(input.itemId)) return 'A store id and an item id are needed.';
  if (!Array.isArray(input.addonIds) || !input.addonIds.every(isId)) return 'Add-on ids must be positive integers.';
  if (!isQuantity(input.quantity)) return `The quantity must be 1 to ${MAX_LINE_QUANTITY}.`;
  return null;
}

function storeRefOf(store: Pick<StoreRow, 'id' | 'name' | 'slug' | 'city'>): CartStoreRef {
  return { id: store.id, name: store.name, slug: store.slug, city: store.city };
}

/** The cart's store: the meta row's, else (a row from before it was kept) the stores table's, else a bare id. */
async function cartStoreOf(db: ReplicaDatabase, lines: readonly CartLineRow[]): Promise<CartStoreRef | null> {
  const first = lines[0];
  if (!first) return null;
  const meta = await readCartMeta(db);
  if (meta.store?.id === first.storeId) return meta.store;
  const row = (await db.stores.get(first.storeId)) as StoreRow | undefined;
  return row ? storeRefOf(row) : { id: first.storeId, name: '', slug: '', city: '' };
}

export async function addToCart(ctx: SyncContext, input: AddToCartInput): Promise<SyncResult<AddToCartOutcome>> {
  const problem = addInputProblem(input);
  if (problem) return invalid(problem);
  const { db } = ctx;
  const [store, item] = await db.transaction('r', db.stores, db.items, db.menuChunks, () =>
    Promise.all([db.stores.get(input.storeId) as Promise<StoreRow | undefined>, readItem(db, input.storeId, input.itemId)]),
  );
  if (!store) return notFound(`Store ${input.storeId} is not saved on this device.`);
  if (!item || item.restaurant_id !== store.id) return notFound(`Item ${input.itemId} is not on this store's menu.`);
  const refuse = (reason: Extract<AddToCartOutcome, { status: 'refused' }>['reason']) =>
    ({ ok: true, value: { status: 'refused', reason } }) as const;
  if (!store.is_active) return refuse('STORE_INACTIVE');
  if (!item.is_active) return refuse('ITEM_INACTIVE');
  if (addonChoiceProblems(item.addon_categories, input.addonIds).length > 0) return refuse('ADDONS_INVALID');

  const addons = chosenAddons(item.addon_categories, input.addonIds);
  const newStore = storeRefOf(store);
  const lineId = cartLineKey(item.id, input.addonIds);
  return db.transaction('rw', db.cartLines, db.cartMeta, db.outbox, db.stores, async () => {
    let lines = await readCartLines(db);
    const cartStore = await cartStoreOf(db, lines);
    const replacing = cartStore !== null && cartStore.id !== newStore.id;
    if (replacing && !input.replaceCart) return { ok: true, value: { status: 'other-store', cartStore, newStore } } as const;
    if (replacing) {
      await emptyCart(db);
      lines = [];
    }
    const existing = lines.find((line) => line.id === lineId);
    if (!existing && lines.length >= MAX_CART_LINES) return refuse('CART_FULL');
    const wanted = (existing?.quantity ?? 0) + input.quantity;
    const quantity = Math.min(MAX_LINE_QUANTITY, wanted);
    const line: CartLineRow = existing
      ? { ...existing, quantity }
      : {
          id: lineId,
          itemId: item.id,
          storeId: store.id,
          quantity,
          addons,
          name: item.name,
          unitPrice: unitPriceOf(item.price, addons),
          addedAt: ctx.now(),
          image: item.image,
        };
    await db.cartLines.put(line);
    await writeCartMeta(db, { store: newStore });
    return { ok: true, value: { status: 'added', lineId, quantity, capped: wanted > quantity } } as const;
  });
}

export async function setCartLineQuantity(ctx: SyncContext, lineId: string, quantity: number): Promise<SyncResult> {
  if (!isQuantity(quantity)) return invalid(`The quantity must be 1 to ${MAX_LINE_QUANTITY}; remove the line instead of 0.`);
  const { db } = ctx;
  return db.transaction('rw', db.cartLines, db.cartMeta, db.outbox, async () => {
    const line = await db.cartLines.get(lineId);
    if (!line) return notFound('This line is no longer in the cart.');
    await db.cartLines.put({ ...line, quantity });
    await writeCartMeta(db);
    return { ok: true } as const;
  });
}

export async function removeCartLine(ctx: SyncContext, lineId: string): Promise<SyncResult<RemovedCartLine>> {
  const { db } = ctx;
  return db.transaction('rw', db.cartLines, db.cartMeta, db.outbox, db.stores, async () => {
    const line = await db.cartLines.get(lineId);
    if (!line) return notFound('This line is no longer in the cart.');
    const store = (await cartStoreOf(db, [line])) as CartStoreRef;
    await db.cartLines.delete(lineId);
    await writeCartMeta(db);
    return { ok: true, value: { line, store } } as const;
  });
}

function removedProblem(removed: RemovedCartLine): string | null {
  const line = removed?.line;
  const store = removed?.store;
  if (!line || !store || !isId(store.id) || line.storeId !== store.id || !isId(line.itemId)) return 'Not a removed cart line.';
  if (!isQuantity(line.quantity) || !Array.isArray(line.addons)) return 'Not a removed cart line.';
  if (line.id !== cartLineKey(line.itemId, line.addons.map((addon) => addon.id))) return 'The line does not match its add-ons.';
  return null;
}

/** Undo of a removal. The cart may have moved on meanwhile: another store's cart is not replaced, and a full cart takes no more lines. */
export async function restoreCartLine(ctx: SyncContext, removed: RemovedCartLine): Promise<SyncResult<{ restored: boolean }>> {
  const problem = removedProblem(removed);
  if (problem) return invalid(problem);
  const { db } = ctx;
  return db.transaction('rw', db.cartLines, db.cartMeta, db.outbox, db.stores, async () => {
    const lines = await readCartLines(db);
    const cartStore = await cartStoreOf(db, lines);
    if (cartStore !== null && cartStore.id !== removed.store.id) return { ok: true, value: { restored: false } } as const;
    const existing = lines.find((line) => line.id === removed.line.id);
    if (!existing && lines.length >= MAX_CART_LINES) return { ok: true, value: { restored: false } } as const;
    const quantity = Math.min(MAX_LINE_QUANTITY, (existing?.quantity ?? 0) + removed.line.quantity);
    await db.cartLines.put({ ...removed.line, ...existing, quantity });
    await writeCartMeta(db, { store: cartStore ?? removed.store });
    return { ok: true, value: { restored: true } } as const;
  });
}

export async function clearCart(ctx: SyncContext): Promise<SyncResult> {
  const { db } = ctx;
  await db.transaction('rw', db.cartLines, db.cartMeta, db.outbox, () => emptyCart(db));
  return { ok: true };
}

export interface CheckDeps {
  effects: OutboxEffects;
  /** One drain of the outbox (the service's drainer, so passes never overlap). */
  drain(): Promise<DrainReport>;
}

/**
 * Queues the check (its effect supersedes older ones), then waits for one
 * drain: online the answer is applied before this resolves; offline the
 * check waits for the network and the result says so.
 */
export async function checkCart(ctx: SyncContext, deps: CheckDeps): Promise<SyncResult<CartCheckOutcome>> {
  const { db } = ctx;
  const [meta, lines] = await db.transaction('r', db.cartMeta, db.cartLines, () => Promise.all([readCartMeta(db), readCartLines(db)]));
  const storeId = meta.store?.id ?? lines[0]?.storeId;
  if (lines.length === 0 || storeId === undefined) {
    await db.transaction('rw', db.outbox, () => dropCartChecks(db));
    return { ok: true, value: { status: 'empty' } };
  }
  const entry = await queueAction(
    db,
    deps.effects,
    { kind: 'cart-check', call: CHECK_CART_CALL, body: cartCheckBody(storeId, lines), userKey: CART_OUTBOX_USER, label: CART_CHECK_LABEL },
    ctx.now(),
  );
  await deps.drain();
  const row = await db.outbox.get(entry.id);
  if (!row) return { ok: true, value: { status: 'superseded' } };
  if (row.status === 'applied') {
    const failure = (await readCartMeta(db)).check?.failure;
    if (failure?.outboxId === row.id) return { ok: false, reason: 'bad-response', message: failure.words };
    return { ok: true, value: { status: 'checked' } };
  }
  if (row.status === 'rejected' && row.response) return failureFromAnswer(row.response.status, row.response.body);
  return { ok: true, value: { status: 'waiting' } };
}
