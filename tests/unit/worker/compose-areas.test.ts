// @vitest-environment node
/**
 * The worker's API is its areas' methods merged once (issue 31): a name two
 * areas answer stops the worker at start, and every method, whichever area
 * answers it, resolves to a result rather than throwing (DESIGN §3).
 */
import { describe, expect, it, vi } from 'vitest';
import { composeAreas } from '../../../worker/sync-service.ts';

describe('composing the areas', () => {
  it('refuses a method two areas answer', () => {
    const catalog = { openStore: async () => ({ ok: true as const }) };
    const cart = { addToCart: async () => ({ ok: true as const }), openStore: async () => ({ ok: true as const }) };
    expect(() => composeAreas(catalog, cart)).toThrow('Two areas of the sync worker answer openStore: each method belongs to one area.');
  });

  it('passes the arguments through and turns a throw into a failure the UI can word', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = composeAreas(
      { add: async (a: number, b: number) => ({ ok: true as const, value: a + b }) },
      {
        broken: async (): Promise<{ ok: true }> => {
          throw new Error('The database connection is closing');
        },
      },
    );
    expect(await api.add(2, 3)).toEqual({ ok: true, value: 5 });
    expect(await api.broken()).toEqual({ ok: false, reason: 'bad-response', message: 'The database connection is closing' });
  });
});
