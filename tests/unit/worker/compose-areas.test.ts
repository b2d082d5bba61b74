// @vitest-environment node
/**
 * The worker's API is its areas' methods merged once (issue 31): each area
 * answers its part of the contract (SyncWorkerAreas), a name two areas answer
 * stops the worker at start, and every method, whichever area answers it,
 * resolves to a result rather than throwing (DESIGN §3).
 */
import { describe, expect, it, vi } from 'vitest';
import type { SyncWorkerAreas } from '../../../src/api/worker-api.ts';
import { composeAreas } from '../../../worker/sync-service.ts';

/** Areas made up for the test: composeAreas checks at run time what the contract types check at build time. */
function madeUpAreas(areas: Record<string, Record<string, (...args: never[]) => Promise<unknown>>>): SyncWorkerAreas {
  return areas as unknown as SyncWorkerAreas;
}

describe('composing the areas', () => {
  it('refuses a method two areas answer', () => {
    const catalog = { openStore: async () => ({ ok: true as const }) };
    const cart = { addToCart: async () => ({ ok: true as const }), openStore: async () => ({ ok: true as const }) };
    expect(() => composeAreas(madeUpAreas({ catalog, cart }))).toThrow(
      'Two areas of the sync worker answer openStore: each method belongs to one area (the second is cart).',
    );
  });

  it('passes the arguments through and turns a throw into a failure the UI can word', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = composeAreas(
      madeUpAreas({
        cart: { add: async (a: number, b: number) => ({ ok: true as const, value: a + b }) },
        orders: {
          broken: async (): Promise<{ ok: true }> => {
            throw new Error('The database connection is closing');
          },
        },
      }),
    ) as unknown as { add(a: number, b: number): Promise<unknown>; broken(): Promise<unknown> };
    expect(await api.add(2, 3)).toEqual({ ok: true, value: 5 });
    expect(await api.broken()).toEqual({ ok: false, reason: 'bad-response', message: 'The database connection is closing' });
  });

  it('does not build without every area, or with an area short of a method (checked by tsc)', () => {
    const partial = {} as Omit<SyncWorkerAreas, 'driver'>;
    // @ts-expect-error the driver area is missing
    const withoutDriver: Parameters<typeof composeAreas>[0] = partial;
    const cartShort = {} as Omit<SyncWorkerAreas['cart'], 'checkCart'>;
    // @ts-expect-error the cart area does not answer checkCart
    const shortCart: SyncWorkerAreas['cart'] = cartShort;
    expect([withoutDriver, shortCart]).toHaveLength(2);
  });
});
