import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { homeStoreListKey } from '../../../../src/db/keys.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';
import { renderApp } from '../../support/render-app.tsx';
import { storeRow } from '../stores/fixtures.ts';

const STORES = [
  storeRow({ id: 1, name: 'Green Bowl', slug: 'green-bowl', is_featured: true }),
  storeRow({ id: 2, name: 'Taco Town', slug: 'taco-town', distance: 2.46 }),
  storeRow({ id: 3, name: 'Sushi Bar', slug: 'sushi-bar' }),
];

async function saveHomeList(db: ReplicaDatabase, ids: number[], orderType: 'DELIVERY' | 'SELFPICKUP' = 'DELIVERY') {
  await db.stores.bulkPut(STORES);
  await db.storeLists.put({ key: homeStoreListKey(SAMPLE_ADDRESS, orderType), storeIds: ids, fetchedAt: Date.now() });
}

function promoSlide(id: number, slider: { id: number; position: number; size: number; main: boolean }, order = 0) {
  return {
    id,
    url: `/stores/riverton/store-${id}`,
    data: { id, name: `Slide ${id}`, image: `/slide-${id}.svg`, model: 'restaurant', model_id: id },
    promo_slider: { id: slider.id, position_id: slider.position, size: slider.size },
    group: slider.main ? 'main' : 'other',
    order,
    fetchedAt: Date.now(),
  };
}

function cardNames(): string[] {
  return screen.getAllByTestId('store-card').map((card) => card.querySelector('h3')?.textContent ?? '');
}

/** The list's children in order: a store's name or the test id of what sits between them. */
function listOrder(): string[] {
  return [...screen.getByTestId('home-store-list').children].map(
    (child) => child.querySelector('h3')?.textContent ?? child.firstElementChild?.getAttribute('data-testid') ?? '?',
  );
}

describe('home store list', () => {
  it('shows the saved list in server order with the store count, and asks the worker to refresh it', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS, settings: { enRestaurantCategorySlider: 'false' } });
    await saveHomeList(db, [1, 3, 2]);

    expect(await screen.findAllByTestId('store-card')).toHaveLength(3);
    expect(cardNames()).toEqual(['Green Bowl', 'Sushi Bar', 'Taco Town']);
    expect(screen.getByTestId('store-count')).toHaveTextContent('3 stores');
    expect(screen.getAllByTestId('store-card')[0]).toHaveAttribute('href', '/stores/riverton/green-bowl');
    // The refresh is an effect of the render that shows the cards: it may run just after them.
    await waitFor(() => expect(worker.refreshHome).toHaveBeenCalledOnce());
  });

  it('without an address asks to choose one, and the list follows the address once it is set', async () => {
    const { db, worker } = await renderApp({ settings: { enRestaurantCategorySlider: 'false' } });
    await db.popularLocations.clear();
    const area = await screen.findByTestId('store-list-area');
    expect(await within(area).findByText('Choose your location to see stores near you.')).toBeInTheDocument();
    expect(within(area).getByRole('link', { name: 'Choose location' })).toHaveAttribute('href', '/search-location');
    expect(worker.refreshHome).not.toHaveBeenCalled();

    await saveHomeList(db, [2]);
    await db.address.put({ ...SAMPLE_ADDRESS, id: 'current', savedAt: Date.now() });
    expect(await screen.findAllByTestId('store-card')).toHaveLength(1);
    // The refresh is an effect of the render that shows the cards: it may run just after them.
    await waitFor(() => expect(worker.refreshHome).toHaveBeenCalledOnce());
  });

  it('shows a skeleton while nothing is known, then the offline text with a retry when the server is unreachable', async () => {
    let answer!: (result: SyncResult) => void;
    const refreshHome = vi.fn(() => new Promise<SyncResult>((resolve) => (answer = resolve)));
    await renderApp({
      address: SAMPLE_ADDRESS,
      worker: { refreshHome },
      settings: { offlineSubTitleMessage: 'Reconnect to see stores.' },
    });

    expect(await screen.findByTestId('store-list-skeleton')).toHaveAttribute('aria-busy', 'true');
    await vi.waitFor(() => expect(refreshHome).toHaveBeenCalledOnce());
    answer({ ok: false, reason: 'offline' });
    expect(await screen.findByText('Reconnect to see stores.')).toBeInTheDocument();
    expect(screen.queryByTestId('store-list-skeleton')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refreshHome).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('store-list-skeleton')).toBeInTheDocument();
  });

  it('says so when no store serves the address', async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS });
    await saveHomeList(db, []);
    expect(await screen.findByText('No store delivers to this address yet. Try another location.')).toBeInTheDocument();
    expect(screen.getByTestId('store-count')).toHaveTextContent('0 stores');
  });

  it('switches to self pickup: the preference goes to the worker and the pickup list shows distances', async () => {
    const { db, worker } = await renderApp({ address: SAMPLE_ADDRESS, settings: { enSPU: 'true' } });
    await saveHomeList(db, [1, 2]);
    await saveHomeList(db, [2], 'SELFPICKUP');
    await screen.findAllByTestId('store-card');

    const toggle = screen.getByRole('group', { name: 'How you get your order' });
    expect(within(toggle).getByRole('button', { name: 'Delivery' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(toggle).getByRole('button', { name: 'Self pickup' }));

    expect(worker.setOrderType).toHaveBeenCalledWith('SELFPICKUP');
    expect(await screen.findByText('1 store')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Taco Town']);
    expect(screen.getByTestId('store-card-time')).toHaveTextContent('2.5 km');
    expect(within(toggle).getByRole('button', { name: 'Self pickup' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides the toggle when self pickup is not enabled', async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS, settings: { enSPU: 'false' } });
    await saveHomeList(db, [1]);
    await screen.findAllByTestId('store-card');
    expect(screen.queryByTestId('order-type-toggle')).toBeNull();
  });

  it('puts the main slider above the list and other sliders after their position, sized 2.4 rem × size', async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS, settings: { showPromoSlider: 'true', enRestaurantCategorySlider: 'false' } });
    const main = { id: 10, position: 0, size: 4, main: true };
    const between = { id: 11, position: 2, size: 3, main: false };
    await db.slides.bulkPut([promoSlide(1, main), promoSlide(2, main, 1), promoSlide(3, between)]);
    await saveHomeList(db, [1, 2, 3]);
    await screen.findAllByTestId('store-card');

    // The sliders' code follows the first paint (slider-slots.tsx): wait for both.
    await waitFor(() => expect(screen.getAllByTestId('promo-slider')).toHaveLength(2));
    const sliders = screen.getAllByTestId('promo-slider');
    expect(sliders[0]).toHaveStyle({ '--slide-size': '9.6rem' });
    expect(within(sliders[0]!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/stores/riverton/store-1',
      '/stores/riverton/store-2',
    ]);
    expect(within(sliders[0]!).getByRole('img', { name: 'Slide 1' })).toHaveAttribute('src', '/slide-1.svg');
    expect(screen.getByTestId('home-store-list')).not.toContainElement(sliders[0]!);
    expect(listOrder()).toEqual(['Green Bowl', 'Taco Town', 'promo-slider', 'Sushi Bar']);
  });

  it("loads the main slider's first slide eagerly at high priority, sized, before the sliders' code; the rest lazily", async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS, settings: { showPromoSlider: 'true', enRestaurantCategorySlider: 'false' } });
    const main = { id: 10, position: 0, size: 4, main: true };
    const between = { id: 11, position: 2, size: 3, main: false };
    await db.slides.bulkPut([promoSlide(1, main), promoSlide(2, main, 1), promoSlide(3, between)]);
    await saveHomeList(db, [1, 2, 3]);
    await screen.findAllByTestId('store-card');
    // The first screen's largest picture is requested from the placeholder, before the sliders' chunk has run.
    const early = await waitFor(() => {
      const image = document.querySelector<HTMLImageElement>('img[src="/slide-1.svg"]');
      expect(image).not.toBeNull();
      return image!;
    });
    expect(early).toHaveAttribute('fetchpriority', 'high');
    expect(early).toHaveAttribute('loading', 'eager');

    await waitFor(() => expect(screen.getAllByTestId('promo-slider')).toHaveLength(2));
    const [first, other] = screen.getAllByTestId('promo-slider');
    const slide1 = within(first!).getByRole('img', { name: 'Slide 1' });
    expect(slide1).toHaveAttribute('loading', 'eager');
    expect(slide1).toHaveAttribute('fetchpriority', 'high');
    for (const image of [within(first!).getByRole('img', { name: 'Slide 2' }), within(other!).getByRole('img', { name: 'Slide 3' })]) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority', 'high');
    }
    // Every picture on the page has its size before it arrives: nothing moves when it does.
    for (const image of document.querySelectorAll('img')) {
      expect(Number(image.getAttribute('width')), image.outerHTML).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height')), image.outerHTML).toBeGreaterThan(0);
    }
  });

  it('shows no promo slider when showPromoSlider is off', async () => {
    const { db } = await renderApp({ address: SAMPLE_ADDRESS, settings: { showPromoSlider: 'false' } });
    await db.slides.bulkPut([promoSlide(1, { id: 10, position: 0, size: 4, main: true }), promoSlide(3, { id: 11, position: 1, size: 3, main: false })]);
    await saveHomeList(db, [1, 2]);
    await screen.findAllByTestId('store-card');
    expect(screen.queryByTestId('promo-slider')).toBeNull();
  });

  it('places the category slider by its settings and links each slide to its stores', async () => {
    const { db } = await renderApp({
      address: SAMPLE_ADDRESS,
      settings: {
        enRestaurantCategorySlider: 'true',
        restaurantCategorySliderPosition: '2',
        restaurantCategorySliderSize: '3',
        restaurantCategorySliderStyle: 'circle',
        showRestaurantCategorySliderLabel: 'false',
      },
    });
    await db.categorySlides.bulkPut([
      { id: 5, name: 'Pizza', image: '/pizza.svg', categories_ids: [1, 4], order: 1, fetchedAt: Date.now() },
      { id: 6, name: 'Curry', image: '/curry.svg', categories_ids: [2], order: 0, fetchedAt: Date.now() },
    ]);
    await saveHomeList(db, [1, 2, 3]);
    await screen.findAllByTestId('store-card');

    const slider = await screen.findByRole('navigation', { name: 'Store categories' });
    expect(listOrder()).toEqual(['Green Bowl', 'category-slider', 'Taco Town', 'Sushi Bar']);
    expect(slider).toHaveStyle({ '--slide-size': '7.2rem', '--slide-corner': '50%' });
    const links = within(slider).getAllByRole('link');
    // No visible label: each slide is named for screen readers instead.
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Curry', '/categories/stores?ids=2'],
      ['Pizza', '/categories/stores?ids=1,4'],
    ]);
  });

  it('shows the category labels and no slider when the switch is off', async () => {
    const labelled = await renderApp({ address: SAMPLE_ADDRESS, settings: { enRestaurantCategorySlider: 'true', showRestaurantCategorySliderLabel: 'true' } });
    await labelled.db.categorySlides.put({ id: 5, name: 'Pizza', image: '/pizza.svg', categories_ids: [1], order: 0, fetchedAt: Date.now() });
    await saveHomeList(labelled.db, [1]);
    expect(await within(await screen.findByTestId('category-slider')).findByText('Pizza')).toBeInTheDocument();
    labelled.unmount();

    const off = await renderApp({ address: SAMPLE_ADDRESS, settings: { enRestaurantCategorySlider: 'false' } });
    await off.db.categorySlides.put({ id: 5, name: 'Pizza', image: '/pizza.svg', categories_ids: [1], order: 0, fetchedAt: Date.now() });
    await saveHomeList(off.db, [1]);
    await screen.findAllByTestId('store-card');
    expect(screen.queryByTestId('category-slider')).toBeNull();
  });

  it('links the mock search bar to explore only when mockSearchOnHomepage is on', async () => {
    const on = await renderApp({ address: SAMPLE_ADDRESS, settings: { mockSearchOnHomepage: 'true' } });
    expect(await screen.findByTestId('mock-search')).toHaveAttribute('href', '/explore');
    on.unmount();
    await renderApp({ address: SAMPLE_ADDRESS, settings: { mockSearchOnHomepage: 'false' } });
    await screen.findByTestId('store-list-area');
    expect(screen.queryByTestId('mock-search')).toBeNull();
  });
});
