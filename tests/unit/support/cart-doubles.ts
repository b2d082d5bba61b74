/**
 * The cart methods of the sync worker double: the worker's own cart code over
 * the test's replica, so a screen sees lines, totals and the badge move as
 * they would. checkCart answers 'checked' and changes nothing; a test that
 * needs an answer writes it (or passes its own checkCart).
 */
import { vi } from 'vitest';
import type { AddToCartInput, CartCheckOutcome, CartWorkerApi, RemovedCartLine } from '../../../src/api/cart/worker-api.ts';
import type { SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../../src/db/schema.ts';
import type { ApiClient } from '../../../worker/net/api-client.ts';
import { addToCart, clearCart, removeCartLine, restoreCartLine, setCartLineQuantity } from '../../../worker/cart/cart.ts';
import type { SyncContext } from '../../../worker/replica/context.ts';

const noNetwork: ApiClient = {
  call: () => Promise.reject(new Error('The cart double does not call the API.')),
  getVersion: () => Promise.reject(new Error('The cart double does not call the API.')),
};

export function cartWorkerDefaults(db: ReplicaDatabase) {
  const ctx: SyncContext = { db, api: noNetwork, now: Date.now };
  return {
    addToCart: vi.fn((input: AddToCartInput) => addToCart(ctx, input)),
    setCartLineQuantity: vi.fn((lineId: string, quantity: number) => setCartLineQuantity(ctx, lineId, quantity)),
    removeCartLine: vi.fn((lineId: string) => removeCartLine(ctx, lineId)),
    restoreCartLine: vi.fn((removed: RemovedCartLine) => restoreCartLine(ctx, removed)),
    clearCart: vi.fn(() => clearCart(ctx)),
    checkCart: vi.fn(async (): Promise<SyncResult<CartCheckOutcome>> => ({ ok: true as const, value: { status: 'checked' as const } })),
  } satisfies CartWorkerApi;
}
