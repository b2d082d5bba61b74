/** The item sheet's order part: add-on rules, quantity and price, "Add to cart", and the one-store question. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { putGreenBowl, putSaffronCart } from './fixtures.ts';

const FALAFEL_PATH = '/stores/riverton/green-bowl/101';

async function openFalafel(options: { storeActive?: boolean; falafelActive?: boolean } = {}) {
  const view = await renderApp({ path: FALAFEL_PATH });
  await putGreenBowl(view.db, options);
  const sheet = await screen.findByTestId('item-sheet');
  await within(sheet).findByRole('heading', { name: 'Falafel wrap' });
  // The button waits for the store's row (is it taking orders?) as well as the dish's.
  if (options.storeActive !== false && options.falafelActive !== false) await waitFor(() => expect(addButton(sheet)).toBeEnabled());
  return { ...view, sheet };
}

function addButton(sheet: HTMLElement): HTMLElement {
  return within(sheet).getByRole('button', { name: /^Add to cart/ });
}

describe('choosing add-ons', () => {
  it('offers radios for a SINGLE group, checkboxes for a MULTI group, "None" for an optional single choice, and marks required groups', async () => {
    const { sheet } = await openFalafel();
    const [bread, extras, sauce] = within(sheet).getAllByRole('group').filter((group) => group.tagName === 'FIELDSET');
    expect(bread).toHaveAccessibleName(/Bread\s*Choose 1 · Required/);
    expect(within(bread!).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Pita', 'Wholewheat+$0.50']);
    expect(extras).toHaveTextContent('Choose up to 2');
    expect(extras).not.toHaveTextContent('Required');
    expect(within(extras!).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(sauce!).getByRole('radio', { name: 'None' })).toBeChecked();
  });

  it('says which required group is missing, moves the focus there, and adds nothing', async () => {
    const { sheet, worker } = await openFalafel();
    fireEvent.click(addButton(sheet));
    expect(await within(sheet).findByText('Choose 1 from Bread.')).toBeInTheDocument();
    expect(within(sheet).getByRole('radio', { name: 'Pita' })).toHaveFocus();
    expect(worker.addToCart).not.toHaveBeenCalled();

    fireEvent.click(within(sheet).getByRole('radio', { name: 'Pita' }));
    expect(within(sheet).queryByText('Choose 1 from Bread.')).toBeNull();
  });

  it('locks the other boxes of a MULTI group at its maximum, and says why', async () => {
    const { sheet } = await openFalafel();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Feta/ }));
    expect(within(sheet).getByRole('checkbox', { name: /Pickles/ })).toBeEnabled();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Olives/ }));
    expect(within(sheet).getByRole('checkbox', { name: /Pickles/ })).toBeDisabled();
    expect(within(sheet).getByText('You chose the most allowed (2).')).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Olives/ }));
    expect(within(sheet).getByRole('checkbox', { name: /Pickles/ })).toBeEnabled();
  });

  it('prices the line as add-ons and quantity change', async () => {
    const { sheet } = await openFalafel();
    expect(addButton(sheet)).toHaveTextContent('Add to cart · $8.50');
    fireEvent.click(within(sheet).getByRole('radio', { name: /Wholewheat/ }));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Feta/ }));
    expect(addButton(sheet)).toHaveTextContent('Add to cart · $10.50');
    const decrease = within(sheet).getByRole('button', { name: 'Decrease quantity of Falafel wrap' });
    expect(decrease).toBeDisabled();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Increase quantity of Falafel wrap' }));
    expect(addButton(sheet)).toHaveTextContent('Add to cart · $21.00');
    expect(within(sheet).getByRole('status')).toHaveTextContent('Quantity of Falafel wrap: 2');
  });
});

describe('adding to the cart', () => {
  it('adds the line, closes the sheet, and the store page leads to the cart with its count and subtotal', async () => {
    const { sheet, worker, db } = await openFalafel();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Pita' }));
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Feta/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Increase quantity of Falafel wrap' }));
    fireEvent.click(addButton(sheet));

    await waitFor(() => expect(screen.queryByTestId('item-sheet')).toBeNull());
    expect(worker.addToCart).toHaveBeenCalledWith({ storeId: 1, itemId: 101, addonIds: [11, 21], quantity: 2, replaceCart: false });
    expect(await db.cartLines.toArray()).toMatchObject([{ itemId: 101, quantity: 2, unitPrice: 1000, addons: [{ name: 'Pita' }, { name: 'Feta' }] }]);
    const bar = await screen.findByTestId('store-cart-bar');
    expect(bar).toHaveAttribute('href', '/cart');
    expect(bar).toHaveTextContent('View cart2 items · $20.00');
  });

  it('is disabled, with the reason, for a dish switched off or a store not taking orders', async () => {
    const { sheet } = await openFalafel({ falafelActive: false });
    expect(addButton(sheet)).toBeDisabled();
    expect(addButton(sheet)).toHaveAccessibleDescription('This dish is not available right now.');
  });

  it('says the store is not taking orders', async () => {
    const { sheet } = await openFalafel({ storeActive: false });
    await waitFor(() => expect(addButton(sheet)).toHaveAccessibleDescription('Green Bowl is not taking orders right now.'));
    expect(addButton(sheet)).toBeDisabled();
  });
});

describe('one store per cart', () => {
  it('asks before replacing a cart of another store; "Keep my cart" keeps it, "Start a new cart" replaces it', async () => {
    const { sheet, db } = await openFalafel();
    await putSaffronCart(db);
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Pita' }));
    const add = addButton(sheet);
    add.focus();
    fireEvent.click(add);

    const dialog = await screen.findByRole('alertdialog', { name: 'Start a new cart?' });
    expect(dialog).toHaveTextContent('Your cart has dishes from Saffron House. Start a new cart with Green Bowl? The dishes from Saffron House will be removed.');
    expect(within(dialog).getByRole('button', { name: 'Keep my cart' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my cart' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('item-sheet')).toBeInTheDocument();
    expect(addButton(sheet)).toHaveFocus();
    expect(await db.cartLines.toArray()).toMatchObject([{ name: 'Butter Chicken', storeId: 2 }]);

    fireEvent.click(addButton(sheet));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Start a new cart' }));
    await waitFor(() => expect(screen.queryByTestId('item-sheet')).toBeNull());
    expect(await db.cartLines.toArray()).toMatchObject([{ name: 'Falafel wrap', storeId: 1, quantity: 1 }]);
    expect(await db.cartMeta.get('cart')).toMatchObject({ productQuantity: 1, totalPrice: 850, store: { id: 1, name: 'Green Bowl' } });
  });

  it('Escape closes the question, not the sheet', async () => {
    const { sheet, db } = await openFalafel();
    await putSaffronCart(db);
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Pita' }));
    fireEvent.click(addButton(sheet));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Keep my cart' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('item-sheet')).toBeInTheDocument();
  });
});
