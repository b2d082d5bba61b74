/**
 * The store page's sticky section tabs (one real button per section, the one
 * in view marked aria-current, a tap jumps to its heading) and the "+" on each
 * menu row (one of a dish without a required choice straight into the cart,
 * through the item sheet's worker call; the item sheet for a dish that needs
 * a choice).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { FALAFEL, LEMONADE, putSaffronCart } from '../cart/fixtures.ts';
import { itemRow, putMenu, storeRow } from './fixtures.ts';

const SECTIONS = [
  { id: 10, name: 'Wraps' },
  { id: 20, name: 'Drinks' },
];

/** jsdom has no IntersectionObserver: one that the test drives, as the browser would report rows entering the band. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** The rows of `section` are in the band, from `top` px down. */
  report(section: string, top: number) {
    const entries = [...this.observed].map((element) => {
      const inBand = (element as HTMLElement).dataset.section === section;
      const rect = { top, bottom: top + 96, left: 0, right: 375, width: 375, height: 96, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      element.getBoundingClientRect = () => (inBand ? rect : ({ ...rect, top: -500, bottom: -404 } as DOMRect));
      return { target: element, isIntersecting: inBand, intersectionRatio: inBand ? 1 : 0, boundingClientRect: rect } as unknown as IntersectionObserverEntry;
    });
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

async function openMenu() {
  const view = await renderApp({ path: '/stores/riverton/green-bowl', settings: { currencySymbol: '$', currencySymbolAlign: 'left' } });
  await view.db.stores.put(storeRow({ menuSections: SECTIONS }));
  await putMenu(view.db, 1, [
    { ...FALAFEL, item_category_id: 10 },
    itemRow({ id: 103, name: 'Halloumi wrap', item_category_id: 10, is_recommended: true }),
    { ...LEMONADE, item_category_id: 20 },
  ]);
  await screen.findByTestId('store-menu');
  return view;
}

describe('the section tabs', () => {
  it('offers one button per section in menu order, marks the first, and marks the section the rows in view belong to', async () => {
    await openMenu();
    const tabs = await screen.findByRole('navigation', { name: 'Menu sections' });
    const buttons = within(tabs).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Recommended', 'Wraps', 'Drinks']);
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    expect(buttons.filter((button) => button.hasAttribute('aria-current'))).toHaveLength(1);

    // The band starts under the header and the stuck tabs.
    expect(FakeObserver.last?.options?.rootMargin).toMatch(/^-112px /);
    act(() => FakeObserver.last!.report('20', 150));
    await waitFor(() => expect(within(tabs).getByRole('button', { name: 'Drinks' })).toHaveAttribute('aria-current', 'true'));
    expect(within(tabs).getByRole('button', { name: 'Recommended' })).not.toHaveAttribute('aria-current');
  });

  it('a tap jumps to the section: its heading lands just under the stuck tabs, and its tab is marked at once', async () => {
    await openMenu();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const tabs = await screen.findByRole('navigation', { name: 'Menu sections' });
    fireEvent.click(within(tabs).getByRole('button', { name: 'Drinks' }));
    // Rows: Recommended heading (52) + 1 item (96), Wraps heading (52) + 2 items (192): Drinks starts at 392.
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 392 - 112, behavior: 'auto' });
    expect(within(tabs).getByRole('button', { name: 'Drinks' })).toHaveAttribute('aria-current', 'true');
    scrollTo.mockRestore();
  });

  it('is left out for a menu of one section', async () => {
    const view = await renderApp({ path: '/stores/riverton/green-bowl' });
    await view.db.stores.put(storeRow({ menuSections: SECTIONS }));
    await putMenu(view.db, 1, [LEMONADE]);
    await screen.findByTestId('store-menu');
    expect(screen.queryByRole('navigation', { name: 'Menu sections' })).toBeNull();
  });
});

describe('the "+" on a menu row', () => {
  it('adds one of a dish without a required choice through the worker, and says so', async () => {
    const { worker, db } = await openMenu();
    const add = await screen.findByRole('button', { name: 'Add Lemonade' });
    // A button beside the row's link, never inside it.
    expect(add.closest('a')).toBeNull();
    fireEvent.click(add);
    await waitFor(() => expect(worker.addToCart).toHaveBeenCalledWith({ storeId: 1, itemId: 102, addonIds: [], quantity: 1, replaceCart: false }));
    await waitFor(() => expect(screen.getByTestId('quick-add-status')).toHaveTextContent('Lemonade added to your cart.'));
    await waitFor(async () => expect((await db.cartMeta.get('cart'))?.productQuantity).toBe(1));
    expect(await screen.findByTestId('store-cart-bar')).toHaveTextContent('1 item');
    expect(screen.queryByTestId('item-sheet')).toBeNull();
  });

  it('opens the item sheet for a dish with a required choice, and adds nothing', async () => {
    const { worker } = await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Falafel wrap' }));
    const sheet = await screen.findByTestId('item-sheet');
    expect(await within(sheet).findByRole('heading', { name: 'Falafel wrap' })).toBeInTheDocument();
    expect(worker.addToCart).not.toHaveBeenCalled();
  });

  it("asks before replacing another store's cart, as the item sheet does", async () => {
    const { worker, db } = await openMenu();
    await putSaffronCart(db);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lemonade' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Saffron House');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start a new cart' }));
    await waitFor(() => expect(worker.addToCart).toHaveBeenLastCalledWith(expect.objectContaining({ itemId: 102, replaceCart: true })));
  });

  it('is not offered on a dish that is not available', async () => {
    const view = await renderApp({ path: '/stores/riverton/green-bowl' });
    await view.db.stores.put(storeRow({ menuSections: SECTIONS }));
    await putMenu(view.db, 1, [{ ...LEMONADE, is_active: false }, itemRow({ id: 104, name: 'Mint tea', item_category_id: 20 })]);
    expect(await screen.findByRole('button', { name: 'Add Mint tea' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Lemonade' })).toBeNull();
  });
});
