import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchIds, SyncResult } from '../../../../src/api/worker-api.ts';
import { homeStoreListKey, searchKey } from '../../../../src/db/keys.ts';
import { mergeIds } from '../../../../src/features/explore/local-search.ts';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { renderApp } from '../../support/render-app.tsx';
import { itemRow, putMenu, storeRow } from '../stores/fixtures.ts';

describe('explore (/explore)', () => {
  it('opens with where to start: the categories to browse and the stores serving the address, asking for them when none are saved', async () => {
    const { db, worker } = await renderApp({ path: '/explore', address: SAMPLE_ADDRESS });
    await waitFor(() => expect(worker.refreshHome).toHaveBeenCalled());
    expect(screen.getByText('Type the name of a store or a dish.')).toBeInTheDocument();
    expect(screen.queryByTestId('explore-categories')).toBeNull();
    await db.categories.bulkPut([
      { id: 7, name: 'Pizza', image: '/pizza.svg', order: 1, fetchedAt: Date.now() },
      { id: 3, name: 'Salads', image: '/salads.svg', order: 0, fetchedAt: Date.now() },
    ]);
    await db.stores.bulkPut([storeRow({ id: 1, name: 'Green Bowl' }), storeRow({ id: 2, name: 'Taco Town', slug: 'taco-town' })]);
    await db.storeLists.put({ key: homeStoreListKey(SAMPLE_ADDRESS, 'DELIVERY'), storeIds: [2, 1], fetchedAt: Date.now() });
    const categories = await screen.findByTestId('explore-categories');
    expect(within(categories).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Salads', '/categories/stores?ids=3'],
      ['Pizza', '/categories/stores?ids=7'],
    ]);
    const nearby = await screen.findByRole('region', { name: 'Serving your address' });
    expect(within(nearby).getAllByTestId('store-card').map((card) => card.querySelector('h3')?.textContent)).toEqual(['Taco Town', 'Green Bowl']);
    // Typing replaces the start with the search.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'taco' } });
    await waitFor(() => expect(screen.queryByTestId('explore-categories')).toBeNull());
  });

  it('shows replica matches at once and asks the server (debounced), merging its results in', async () => {
    const { db, worker } = await renderApp({ path: '/explore', address: SAMPLE_ADDRESS });
    await db.stores.bulkPut([
      storeRow({ id: 1, name: 'Green Bowl', description: 'Salads' }),
      storeRow({ id: 2, name: 'Taco Town', slug: 'taco-town', description: 'Wraps and tacos' }),
      storeRow({ id: 3, name: 'Pizza Place', slug: 'pizza-place', description: 'Pizza' }),
    ]);
    await db.items.put(itemRow({ id: 100, restaurant_id: 1, name: 'Falafel wrap', price: 850 }));
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'wrap' } });
    const cards = await screen.findAllByTestId('store-card');
    expect(cards.map((card) => card.querySelector('h3')?.textContent)).toEqual(['Taco Town']);
    const item = await screen.findByTestId('explore-item');
    expect(item).toHaveTextContent('Falafel wrap');
    expect(item).toHaveTextContent('at Green Bowl');
    expect(item).toHaveAttribute('href', '/stores/riverton/green-bowl/100');
    await waitFor(() => expect(worker.searchStores).toHaveBeenCalledWith('wrap'));
    // The server also found Pizza Place (a wrap on a menu not saved here): server results come first.
    await db.searches.put({ key: searchKey('wrap', SAMPLE_ADDRESS), query: 'wrap', storeIds: [3], itemIds: [], fetchedAt: Date.now() });
    await waitFor(() =>
      expect(screen.getAllByTestId('store-card').map((card) => card.querySelector('h3')?.textContent)).toEqual(['Pizza Place', 'Taco Town']),
    );
  });

  it('finds items in saved menus, and an item only once when a search saved it too', async () => {
    const { db } = await renderApp({ path: '/explore?q=halloumi', address: SAMPLE_ADDRESS });
    await db.stores.put(storeRow({ id: 1, name: 'Green Bowl' }));
    await putMenu(db, 1, [
      ...Array.from({ length: 300 }, (_, index) => itemRow({ id: 2000 + index, name: `Bowl ${index}` })),
      itemRow({ id: 101, name: 'Halloumi wrap', price: 900 }),
    ]);
    await db.items.put(itemRow({ id: 101, restaurant_id: 1, name: 'Halloumi wrap', price: 900 }));
    const found = await screen.findAllByTestId('explore-item');
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Halloumi wrap');
    expect(found[0]).toHaveAttribute('href', '/stores/riverton/green-bowl/101');
  });

  it('still shows local matches offline, and says so', async () => {
    const { db } = await renderApp({
      path: '/explore?q=bowl',
      address: SAMPLE_ADDRESS,
      worker: { searchStores: vi.fn(async (): Promise<SyncResult<SearchIds>> => ({ ok: false, reason: 'offline' })) },
    });
    await db.stores.put(storeRow({ name: 'Green Bowl' }));
    expect(await screen.findByTestId('store-card')).toHaveTextContent('Green Bowl');
    expect(await screen.findByTestId('explore-offline')).toBeInTheDocument();
  });

  it('forgives typos and finds dishes by their menu section, on this device too', async () => {
    const { db } = await renderApp({ path: '/explore', address: SAMPLE_ADDRESS });
    await db.stores.put(storeRow({ id: 7, name: 'Nonna Lucia', slug: 'nonna-lucia', menuSections: [{ id: 70, name: 'Pizza' }] }));
    await putMenu(db, 7, [itemRow({ id: 701, restaurant_id: 7, name: 'Margherita', item_category_id: 70 }), itemRow({ id: 702, restaurant_id: 7, name: 'Tiramisu' })]);
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'pizzas' } });
    await waitFor(() => expect(screen.getAllByTestId('explore-item').map((item) => item.textContent)).toEqual([expect.stringContaining('Margherita')]));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'tiramsu' } });
    await waitFor(() => expect(screen.getAllByTestId('explore-item').map((item) => item.textContent)).toEqual([expect.stringContaining('Tiramisu')]));
  });

  it("the home's search box opens explore with the cursor in the search field", async () => {
    await renderApp({ path: '/', address: SAMPLE_ADDRESS, settings: { mockSearchOnHomepage: 'true' } });
    fireEvent.click(await screen.findByTestId('mock-search', {}, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('searchbox')).toHaveFocus(), { timeout: 5000 });
  });

  it('a visit to explore by its address does not grab the focus', async () => {
    await renderApp({ path: '/explore', address: SAMPLE_ADDRESS });
    expect(await screen.findByRole('searchbox')).not.toHaveFocus();
  });

  it('says when nothing matches', async () => {
    await renderApp({ path: '/explore?q=zzz', address: SAMPLE_ADDRESS });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Nothing matches "zzz".')).toBeInTheDocument();
  });

  it('merges ids: server first, each once, capped', () => {
    expect(mergeIds([3, 1], [1, 2, 4], 3)).toEqual([3, 1, 2]);
  });
});
