import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { PrefKey, SyncResource } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { itemRow, putMenu, storeRow } from './fixtures.ts';

const SECTIONS = [
  { id: 10, name: 'Wraps' },
  { id: 20, name: 'Drinks' },
];

describe('store page (/stores/:city/:restaurant)', () => {
  it('shows the saved store and its menu in menu order, asks the worker to refresh, and selects the store', async () => {
    const { db, worker } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow({ menuSections: SECTIONS }));
    await putMenu(db, 1, [
      itemRow({ id: 101, name: 'Falafel wrap', item_category_id: 10 }),
      itemRow({ id: 102, name: 'Lemonade', item_category_id: 20, is_recommended: true }),
      itemRow({ id: 103, name: 'Halloumi wrap', item_category_id: 10 }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Bowl' })).toBeInTheDocument();
    const menu = await screen.findByTestId('store-menu');
    const texts = within(menu)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(texts).toEqual(['Recommended', 'Wraps', 'Drinks']);
    const items = within(menu).getAllByTestId('menu-item').map((item) => item.querySelector('.menu-item-name')?.textContent);
    expect(items).toEqual(['Lemonade', 'Falafel wrap', 'Halloumi wrap', 'Lemonade']);
    expect(worker.openStore).toHaveBeenCalledWith('green-bowl');
    await waitFor(() => expect(worker.selectStore).toHaveBeenCalledWith(1));
    expect(screen.getByTestId('store-rating')).toHaveAttribute('href', '/reviews/green-bowl');
    expect(screen.getByTestId('store-open')).toHaveTextContent('Open now');
  });

  it('a store not taking orders says so once, with its own words, and never "Open now"', async () => {
    const { db } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow({ is_active: false, is_open: true, custom_message_on_list: 'Closed for renovation until next month' }));
    const header = await screen.findByTestId('store-header');
    expect(within(header).getByTestId('store-inactive')).toHaveTextContent('Not taking orders right now');
    expect(header).toHaveTextContent('Closed for renovation until next month');
    expect(header).not.toHaveTextContent('Open now');
    expect(within(header).queryByTestId('store-open')).toBeNull();
  });

  it('renders a bounded number of rows for a 5,000-item menu', async () => {
    const { db } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow({ menuSections: SECTIONS }));
    await putMenu(
      db,
      1,
      Array.from({ length: 5000 }, (_, index) => itemRow({ id: 1000 + index, name: `Dish ${index}`, item_category_id: index < 2500 ? 10 : 20 })),
    );
    const menu = await screen.findByTestId('store-menu', {}, { timeout: 4000 });
    await waitFor(() => expect(within(menu).getByText('Dish 0')).toBeInTheDocument());
    const rendered = menu.querySelectorAll('.windowed-row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    // The list keeps the height of every row, so the page scrolls as if all were there.
    expect(parseFloat(menu.style.height)).toBeGreaterThan(5000 * 90);
  });

  it('shows "updated N min ago" for a saved store while offline', async () => {
    const { db } = await renderApp({
      path: '/stores/riverton/green-bowl',
      connectivityError: 'offline',
      worker: { openStore: vi.fn(async (): Promise<SyncResult<{ storeId: number }>> => ({ ok: false, reason: 'offline' })) },
    });
    await db.stores.put(storeRow({ fetchedAt: Date.now() - 7 * 60_000 }));
    expect(await screen.findByTestId('store-updated')).toHaveTextContent('Updated 7 min ago');
  });

  it('shows the offline screen for a store never opened on this device', async () => {
    await renderApp({
      path: '/stores/riverton/never-seen',
      worker: { openStore: vi.fn(async (): Promise<SyncResult<{ storeId: number }>> => ({ ok: false, reason: 'offline' })) },
    });
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
  });

  it('shows not-found for an unknown slug', async () => {
    await renderApp({
      path: '/stores/riverton/nope',
      worker: {
        openStore: vi.fn(async (): Promise<SyncResult<{ storeId: number }>> => ({
          ok: false,
          reason: 'invalid',
          code: 'NOT_FOUND',
          message: 'No such store',
        })),
      },
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('opens an item with its add-on rules from /:id and asks the worker for it', async () => {
    const { db, worker } = await renderApp({ path: '/stores/riverton/green-bowl/101' });
    await db.stores.put(storeRow());
    await db.items.put(
      itemRow({
        id: 101,
        name: 'Falafel wrap',
        addon_categories: [
          { id: 1, name: 'Bread', type: 'SINGLE', min_select: 1, max_select: 1, addons: [{ id: 1, name: 'Pita', price: 0 }] },
          { id: 2, name: 'Extras', type: 'MULTI', min_select: 0, max_select: 3, addons: [{ id: 2, name: 'Feta', price: 150 }] },
        ],
      }),
    );
    const sheet = await screen.findByTestId('item-sheet');
    expect(await within(sheet).findByRole('heading', { name: 'Falafel wrap' })).toBeInTheDocument();
    const groups = within(sheet).getAllByTestId('addon-group');
    expect(groups[0]).toHaveTextContent('Choose 1 · Required');
    expect(groups[1]).toHaveTextContent('Choose up to 3');
    expect(groups[1]).toHaveTextContent('+$1.50');
    expect(worker.openItem).toHaveBeenCalledWith(101);
  });

  it('opens an item known only from its saved menu, offline, and shows the newer of two saved copies', async () => {
    const { db } = await renderApp({
      path: '/stores/riverton/green-bowl/4321',
      connectivityError: 'offline',
      worker: { openItem: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    await db.stores.put(storeRow());
    await putMenu(db, 1, [
      ...Array.from({ length: 600 }, (_, index) => itemRow({ id: 5000 + index, name: `Dish ${index}` })),
      itemRow({ id: 4321, name: 'Shakshuka', price: 1100, fetchedAt: 2_000 }),
    ]);
    const sheet = await screen.findByTestId('item-sheet');
    expect(await within(sheet).findByRole('heading', { name: 'Shakshuka' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('$11.00');
    // A single-item answer saved later wins over the menu's copy.
    await db.items.put(itemRow({ id: 4321, name: 'Shakshuka', price: 1250, fetchedAt: 3_000 }));
    await waitFor(() => expect(sheet).toHaveTextContent('$12.50'));
  });

  it('shows the favourite toggle to a signed-in customer, calls the worker, and says when it waits for the network', async () => {
    const { db, worker } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow());
    await db.session.put({ id: 'customer', userId: 1, token: 't', role: 'customer', data: {}, savedAt: Date.now() });
    const toggle = await screen.findByTestId('favourite-toggle');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(worker.toggleFavourite).toHaveBeenCalledWith(1);
    await db.favourites.put({ id: 1, position: 1, fetchedAt: Date.now(), pending: true });
    expect(await screen.findByTestId('favourite-pending')).toHaveTextContent('Waiting for network');
    expect(screen.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides the favourite toggle without a customer session', async () => {
    const { db } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow());
    await screen.findByTestId('store-header');
    expect(screen.queryByTestId('favourite-toggle')).toBeNull();
  });

  it('reloads once and clears the flag when the worker raises forceReload', async () => {
    sessionStorage.clear();
    const { db, reloadPage } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.prefs.put({ key: PrefKey.forceReload, value: { slug: 'green-bowl', at: Date.now() } });
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(await db.prefs.get(PrefKey.forceReload)).toBeUndefined();
    await db.prefs.put({ key: PrefKey.forceReload, value: { slug: 'green-bowl', at: Date.now() } });
    await waitFor(async () => expect(await db.prefs.get(PrefKey.forceReload)).toBeUndefined());
    expect(reloadPage).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
  });

  it('says the menu is not saved yet when the store came without it', async () => {
    const { db } = await renderApp({ path: '/stores/riverton/green-bowl' });
    await db.stores.put(storeRow());
    expect(await screen.findByText('The menu is not saved on this device yet.')).toBeInTheDocument();
    await db.syncState.put({ resource: SyncResource.menu(1), fetchedAt: Date.now(), version: null, error: null, errorAt: null });
    expect(await screen.findByText('This store has no dishes listed yet.')).toBeInTheDocument();
  });
});
