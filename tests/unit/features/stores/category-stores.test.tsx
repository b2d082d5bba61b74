import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { filteredStoreListKey } from '../../../../src/db/keys.ts';
import { parseCategoryIds } from '../../../../src/features/stores/CategoryStoresScreen.tsx';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { renderApp } from '../../support/render-app.tsx';
import { storeRow } from './fixtures.ts';

describe('stores by category (/categories/stores?ids=…)', () => {
  it('asks the worker for the filter and lists the stored list as cards', async () => {
    const { db, worker } = await renderApp({ path: '/categories/stores?ids=2,1', address: SAMPLE_ADDRESS });
    await db.stores.bulkPut([storeRow({ id: 1, name: 'Green Bowl' }), storeRow({ id: 2, name: 'Taco Town', slug: 'taco-town' })]);
    await db.storeLists.put({ key: filteredStoreListKey(SAMPLE_ADDRESS, [1, 2]), storeIds: [2, 1], fetchedAt: Date.now() });
    const cards = await screen.findAllByTestId('store-card');
    // Right under the screen's h1, each card's name is an h2.
    expect(cards.map((card) => card.querySelector('h2')?.textContent)).toEqual(['Taco Town', 'Green Bowl']);
    expect(worker.refreshFilteredStores).toHaveBeenCalledWith([2, 1]);
  });

  it('shows the offline screen when the list was never saved and the server is unreachable', async () => {
    await renderApp({
      path: '/categories/stores?ids=3',
      address: SAMPLE_ADDRESS,
      worker: { refreshFilteredStores: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
  });

  it('shows a saved list offline with its age', async () => {
    const { db } = await renderApp({
      path: '/categories/stores?ids=3',
      address: SAMPLE_ADDRESS,
      connectivityError: 'offline',
      worker: { refreshFilteredStores: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    await db.stores.put(storeRow());
    await db.storeLists.put({ key: filteredStoreListKey(SAMPLE_ADDRESS, [3]), storeIds: [1], fetchedAt: Date.now() - 3 * 60_000 });
    expect(await screen.findByTestId('saved-note')).toHaveTextContent('Updated 3 min ago');
    expect(screen.getByTestId('store-card')).toBeInTheDocument();
  });

  it('parses the ids parameter', () => {
    expect(parseCategoryIds('1, 2,x,2,-3,0')).toEqual([1, 2]);
    expect(parseCategoryIds(null)).toEqual([]);
  });
});
