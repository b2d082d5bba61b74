/**
 * The item sheet is a modal (aria-modal): the keyboard stays in it while it
 * is open and goes back to the dish that opened it when it closes (issue 14:
 * focus used to leave the sheet after a few Tabs, and was lost on close).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { focusableIn } from '../../../../src/ui/use-modal-focus.ts';
import { renderApp } from '../../support/render-app.tsx';
import { itemRow, putMenu, storeRow } from './fixtures.ts';

async function openSheet() {
  const user = userEvent.setup();
  const { db } = await renderApp({ path: '/stores/riverton/green-bowl' });
  await db.stores.put(storeRow({ menuSections: [{ id: 10, name: 'Wraps' }] }));
  await putMenu(db, 1, [
    itemRow({
      id: 101,
      name: 'Falafel wrap',
      item_category_id: 10,
      addon_categories: [
        { id: 1, name: 'Bread', type: 'SINGLE', min_select: 1, max_select: 1, addons: [{ id: 1, name: 'Pita', price: 0 }, { id: 3, name: 'Wrap', price: 0 }] },
        { id: 2, name: 'Extras', type: 'MULTI', min_select: 0, max_select: 3, addons: [{ id: 2, name: 'Feta', price: 150 }, { id: 4, name: 'Olives', price: 50 }] },
      ],
    }),
  ]);
  const dish = (await screen.findAllByTestId('menu-item')).find((row) => row.textContent?.includes('Falafel wrap'));
  if (!dish) throw new Error('the dish is not on the menu');
  dish.focus();
  await user.keyboard('{Enter}');
  const sheet = await screen.findByTestId('item-sheet');
  await within(sheet).findByRole('heading', { name: 'Falafel wrap' });
  return { user, sheet, dish };
}

describe('the item sheet keeps the keyboard', () => {
  it('starts on Close, and Tab from the last control comes back to the first, never leaving the sheet', async () => {
    const { user, sheet } = await openSheet();
    const close = within(sheet).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    const controls = focusableIn(sheet);
    expect(controls.length).toBeGreaterThan(3);
    // Twice round the sheet: every stop is inside it.
    for (let press = 0; press < controls.length * 2 + 1; press += 1) {
      await user.tab();
      expect(sheet.contains(document.activeElement)).toBe(true);
    }
    // The sheet's rows as they are now (the item's refresh may have drawn them anew).
    const now = focusableIn(sheet);
    now.at(-1)!.focus();
    await user.tab();
    expect(document.activeElement).toBe(now[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(now.at(-1));
  });

  it('gives the focus back to the dish that opened it on Escape and on Close', async () => {
    const { user, dish } = await openSheet();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('item-sheet')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(dish));

    dish.focus();
    await user.keyboard('{Enter}');
    const sheet = await screen.findByTestId('item-sheet');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('item-sheet')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(dish));
  });
});
