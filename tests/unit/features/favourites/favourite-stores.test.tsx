import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { SyncResource } from '../../../../src/db/schema.ts';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { renderApp } from '../../support/render-app.tsx';
import { storeRow } from '../stores/fixtures.ts';

describe('favourite stores (/my-favorite-stores)', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const { worker } = await renderApp({ path: '/my-favorite-stores' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fmy-favorite-stores');
    expect(worker.refreshFavourites).not.toHaveBeenCalled();
  });

  it('refreshes and lists the favourites in their order as cards', async () => {
    const { db, worker } = await renderApp({ path: '/my-favorite-stores', address: SAMPLE_ADDRESS });
    await db.stores.bulkPut([storeRow({ id: 1, name: 'Green Bowl' }), storeRow({ id: 2, name: 'Taco Town', slug: 'taco-town' })]);
    await db.favourites.bulkPut([
      { id: 1, position: 2, fetchedAt: Date.now() },
      { id: 2, position: 1, fetchedAt: Date.now() },
    ]);
    await db.syncState.put({ resource: SyncResource.favourites, fetchedAt: Date.now(), version: null, error: null, errorAt: null });
    await db.session.put({ id: 'customer', userId: 1, token: 't', role: 'customer', data: {}, savedAt: Date.now() });
    const cards = await screen.findAllByTestId('store-card');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Taco Town', 'Green Bowl']);
    // The refresh starts once the session row is read, which may be a render after the cards.
    await vi.waitFor(() => expect(worker.refreshFavourites).toHaveBeenCalled());
  });

  it('shows the offline screen when favourites were never fetched and the server is unreachable', async () => {
    const { db } = await renderApp({
      path: '/my-favorite-stores',
      worker: { refreshFavourites: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    await db.session.put({ id: 'customer', userId: 1, token: 't', role: 'customer', data: {}, savedAt: Date.now() });
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
  });
});
