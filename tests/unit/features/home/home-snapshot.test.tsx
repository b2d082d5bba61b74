import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISOLATE_END, ISOLATE_START } from '../../../../src/api/language/format-text.ts';
import { homeStoreListKey } from '../../../../src/db/keys.ts';
import type { ReplicaDatabase, StoreRow } from '../../../../src/db/schema.ts';
import { HOME_SNAPSHOT_STORES, HOME_SNAPSHOT_VERSION, readHomeSnapshot, type HomeSnapshot } from '../../../../src/features/home/home-snapshot.ts';
import { clearLocalStorageExceptKept } from '../../../../src/lib/cache-clear.ts';
import { LOCAL_KEYS_KEPT_ON_CACHE_CLEAR, LocalKey } from '../../../../src/lib/local-storage-keys.ts';
import { sessionRow } from '../../support/account-doubles.ts';
import { renderApp, type RenderAppOptions } from '../../support/render-app.tsx';
import { ARABIC, ENGLISH, SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { storeRow } from '../stores/fixtures.ts';

const STORES: StoreRow[] = Array.from({ length: 8 }, (_, index) =>
  storeRow({ id: index + 1, name: `Store ${index + 1}`, slug: `store-${index + 1}`, image: `/store-${index + 1}.svg` }),
);
STORES[0] = { ...STORES[0]!, is_featured: true, custom_featured_name: 'Top pick' };
STORES[1] = { ...STORES[1]!, is_active: false };

/** Arabic for some of the first screen's texts, so a text that came from elsewhere would show. */
const HOME_IN_ARABIC: RenderAppOptions = {
  address: SAMPLE_ADDRESS,
  languages: [ENGLISH, ARABIC],
  chosenLanguageId: 2,
  translations: { 2: { homeNearbyStores: 'متاجر قريبة', homeStoreCount: '{count} متاجر', tabNearMe: 'بالقرب مني', storeMinutes: '{minutes} دقيقة' } },
  settings: { storeName: 'Test Kitchen', currencySymbol: '€', currencySymbolAlign: 'right', showPromoSlider: 'false', enRestaurantCategorySlider: 'false' },
};

async function saveHomeList(db: ReplicaDatabase, stores: StoreRow[], orderType: 'DELIVERY' | 'SELFPICKUP' = 'DELIVERY') {
  await db.stores.bulkPut(stores);
  await db.storeLists.put({ key: homeStoreListKey(SAMPLE_ADDRESS, orderType), storeIds: stores.map((store) => store.id), fetchedAt: Date.now() });
}

function cardNames(): string[] {
  return screen.queryAllByTestId('store-card').map((card) => card.querySelector('h3')?.textContent ?? '');
}

function storedSnapshot(): HomeSnapshot | null {
  return JSON.parse(localStorage.getItem(LocalKey.homeSnapshot) ?? 'null') as HomeSnapshot | null;
}

/** The home with the list from the replica alone; returns once the page has written its snapshot. */
async function homeFromReplica(options: RenderAppOptions = HOME_IN_ARABIC, stores = STORES) {
  const view = await renderApp(options);
  await saveHomeList(view.db, stores);
  await waitFor(() => expect(readHomeSnapshot()?.storeCount).toBe(stores.length));
  return view;
}

/** The first screen's markup with the stores past the snapshot's left out. */
function firstScreenMarkup(): string {
  const home = document.querySelector('.mobile-home')!.cloneNode(true) as HTMLElement;
  home.querySelectorAll('.home-store').forEach((item, index) => index >= HOME_SNAPSHOT_STORES && item.remove());
  return home.outerHTML;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  document.getElementById('custom-css')?.remove();
});

describe('home snapshot', () => {
  it('is written once the list shows: the first stores, the whole count, settings and texts in the chosen language', async () => {
    await homeFromReplica();
    const snapshot = storedSnapshot()!;
    expect(snapshot.version).toBe(HOME_SNAPSHOT_VERSION);
    expect(snapshot.saved.list.key).toBe(homeStoreListKey(SAMPLE_ADDRESS, 'DELIVERY'));
    expect(snapshot.saved.stores.map((store) => store.name)).toEqual(STORES.slice(0, HOME_SNAPSHOT_STORES).map((store) => store.name));
    expect(snapshot.storeCount).toBe(8);
    expect(snapshot.language?.id).toBe(2);
    expect(snapshot.texts).toMatchObject({ homeStoreCount: '{count} متاجر', tabCart: 'Cart' });
    expect(snapshot.settings).toMatchObject({ currencySymbol: '€', storeName: 'Test Kitchen' });
    // Kept small: a phone's first screen, not the replica.
    expect(localStorage.getItem(LocalKey.homeSnapshot)!.length).toBeLessThan(8_000);
  });

  it('paints the first screen on a fresh mount before the replica answers, then the replica takes over', async () => {
    const first = await homeFromReplica();
    first.unmount();
    const snapshot = readHomeSnapshot();

    const { db } = await renderApp({ ...HOME_IN_ARABIC, homeSnapshot: snapshot });
    // Synchronously after the first render: IndexedDB has not answered anything yet.
    expect(cardNames()).toEqual(STORES.slice(0, HOME_SNAPSHOT_STORES).map((store) => store.name));
    // In Arabic the count is set apart in Unicode isolates (formatText), so it keeps its place.
    expect(screen.getByTestId('store-count')).toHaveTextContent(`${ISOLATE_START}8${ISOLATE_END} متاجر`);
    expect(screen.getByRole('heading', { name: 'متاجر قريبة' })).toBeInTheDocument();
    expect(screen.getByTestId('header-address-address')).toHaveTextContent(/^Market Street 12/);
    expect(screen.getAllByTestId('store-card-price')[0]).toHaveTextContent('24.00 €');
    expect(screen.getByTestId('store-card-ribbon')).toHaveTextContent('Top pick');
    expect(screen.queryByTestId('store-list-skeleton')).toBeNull();

    await saveHomeList(db, [{ ...STORES[0]!, name: 'Store 1, renamed' }, ...STORES.slice(1)]);
    await waitFor(() => expect(cardNames()).toEqual(['Store 1, renamed', ...STORES.slice(1).map((store) => store.name)]));
  });

  it('paints exactly the markup the replica paints', async () => {
    const live = await homeFromReplica();
    const fromReplica = firstScreenMarkup();
    live.unmount();

    await renderApp({ ...HOME_IN_ARABIC, homeSnapshot: readHomeSnapshot() });
    expect(firstScreenMarkup()).toBe(fromReplica);
  });

  it('keeps the sliders’ places: the main one above the list, the others among the first stores only', async () => {
    const sliderOptions: RenderAppOptions = {
      ...HOME_IN_ARABIC,
      settings: { showPromoSlider: 'true', enRestaurantCategorySlider: 'true', restaurantCategorySliderPosition: '1' },
    };
    const view = await renderApp(sliderOptions);
    const slide = (id: number, slider: { id: number; position: number; main: boolean }) => ({
      id,
      url: null,
      data: { id, name: `Slide ${id}`, image: `/slide-${id}.svg`, model: null, model_id: null },
      promo_slider: { id: slider.id, position_id: slider.position, size: 3 },
      group: slider.main ? 'main' : 'other',
      order: 0,
      fetchedAt: Date.now(),
    });
    await view.db.slides.bulkPut([
      slide(1, { id: 10, position: 0, main: true }),
      slide(2, { id: 11, position: 2, main: false }),
      slide(3, { id: 12, position: 7, main: false }),
    ]);
    await view.db.categorySlides.put({ id: 5, name: 'Pizza', image: '/pizza.svg', categories_ids: [1], order: 0, fetchedAt: Date.now() });
    await saveHomeList(view.db, STORES);
    await waitFor(() => expect(readHomeSnapshot()?.categorySlides).toHaveLength(1));
    view.unmount();

    await renderApp({ ...sliderOptions, homeSnapshot: readHomeSnapshot() });
    // Placeholders until the sliders' own code is there (it follows the first paint), in the same places.
    const list = screen.getByTestId('home-store-list');
    const rows = [...list.children].map((row) => (row.querySelector('.slider') ? 'slider' : (row.querySelector('h3')?.textContent ?? '?')));
    expect(rows).toEqual(['slider', 'Store 1', 'Store 2', 'slider', 'Store 3', 'Store 4', 'Store 5', 'Store 6']);
    expect(screen.getByTestId('store-list-area').previousElementSibling?.previousElementSibling).toHaveClass('promo-slider');
  });

  it('is ignored for another address, order type or language, an older version, or unreadable', async () => {
    await homeFromReplica();
    const valid = localStorage.getItem(LocalKey.homeSnapshot)!;
    const address = localStorage.getItem(LocalKey.address)!;
    const language = localStorage.getItem(LocalKey.language)!;
    expect(readHomeSnapshot()).not.toBeNull();

    localStorage.setItem(LocalKey.address, JSON.stringify({ ...JSON.parse(address), lat: 52.2 }));
    expect(readHomeSnapshot()).toBeNull();
    localStorage.setItem(LocalKey.address, address);

    localStorage.setItem(LocalKey.orderType, 'SELFPICKUP');
    expect(readHomeSnapshot()).toBeNull();
    localStorage.setItem(LocalKey.orderType, 'DELIVERY');

    localStorage.setItem(LocalKey.language, JSON.stringify({ id: 1, code: 'en', dir: 'ltr' }));
    expect(readHomeSnapshot()).toBeNull();
    localStorage.setItem(LocalKey.language, language);

    localStorage.setItem(LocalKey.homeSnapshot, JSON.stringify({ ...JSON.parse(valid), version: HOME_SNAPSHOT_VERSION - 1 }));
    expect(readHomeSnapshot()).toBeNull();
    localStorage.setItem(LocalKey.homeSnapshot, '{"version":');
    expect(readHomeSnapshot()).toBeNull();

    localStorage.setItem(LocalKey.homeSnapshot, valid);
    expect(readHomeSnapshot()?.address.address).toBe(SAMPLE_ADDRESS.address);
  });

  it('is cleared when the order type has no saved list, and the order type mirror follows the toggle', async () => {
    const options = { ...HOME_IN_ARABIC, settings: { ...HOME_IN_ARABIC.settings, enSPU: 'true' } };
    await homeFromReplica(options);
    expect(localStorage.getItem(LocalKey.orderType)).toBe('DELIVERY');

    await userEvent.click(screen.getByRole('button', { name: 'Self pickup' }));
    await waitFor(() => expect(localStorage.getItem(LocalKey.orderType)).toBe('SELFPICKUP'));
    await waitFor(() => expect(localStorage.getItem(LocalKey.homeSnapshot)).toBeNull());
  });

  it('is not used by a home mounted after the replica answered', async () => {
    const first = await homeFromReplica();
    first.unmount();

    // The replica has lost the list meanwhile (a cache clear, say): the snapshot paints first, then goes.
    const { db } = await renderApp({ ...HOME_IN_ARABIC, homeSnapshot: readHomeSnapshot() });
    expect(cardNames()).toHaveLength(HOME_SNAPSHOT_STORES);
    expect(await screen.findByTestId('store-list-skeleton')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(LocalKey.homeSnapshot)).toBeNull());

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('link', { name: /Explore/ }));
    await screen.findByRole('heading', { level: 1, name: 'Explore' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: /بالقرب مني/ }));
    expect(cardNames()).toEqual([]);
    await act(() => saveHomeList(db, STORES.slice(0, 2)));
    await waitFor(() => expect(cardNames()).toEqual(['Store 1', 'Store 2']));
  });

  it('is cleared on sign out', async () => {
    (await homeFromReplica()).unmount();
    const { db } = await renderApp({ path: '/my-account' });
    await db.session.put(sessionRow());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 5000 }));
    await screen.findByText('You are signed out.');
    expect(localStorage.getItem(LocalKey.homeSnapshot)).toBeNull();
  });

  it('does not survive the forced cache clear, which keeps the address it was for', async () => {
    await homeFromReplica();
    clearLocalStorageExceptKept(localStorage);
    expect(localStorage.getItem(LocalKey.homeSnapshot)).toBeNull();
    expect(LOCAL_KEYS_KEPT_ON_CACHE_CLEAR).not.toContain(LocalKey.homeSnapshot);
    expect(localStorage.getItem(LocalKey.address)).not.toBeNull();
  });
});
