/** /cart: lines, quantities, removal with undo, the subtotal and badge, the server's verdicts, and what the check is doing. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CartCheckOutcome } from '../../../../src/api/cart/worker-api.ts';
import type { OutboxEntry } from '../../../../src/api/outbox.ts';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { GREEN_BOWL_REF, line, putCart } from './fixtures.ts';

const FALAFEL = line({
  id: '101:11,21',
  itemId: 101,
  name: 'Falafel wrap',
  quantity: 2,
  unitPrice: 1000,
  addedAt: 1,
  addons: [
    { id: 11, name: 'Pita', price: 0, groupId: 1, groupName: 'Bread' },
    { id: 21, name: 'Feta', price: 150, groupId: 2, groupName: 'Extras' },
  ],
});
const LEMONADE = line({ id: '102:', itemId: 102, name: 'Lemonade', quantity: 1, unitPrice: 350, addedAt: 2 });

async function openCart(put?: (db: ReplicaDatabase) => Promise<void>, checkCart?: () => Promise<SyncResult<CartCheckOutcome>>) {
  const view = await renderApp({ path: '/cart', ...(checkCart ? { worker: { checkCart: vi.fn(checkCart) } } : {}) });
  await put?.(view.db);
  return view;
}

function checkRow(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'check-1',
    kind: 'cart-check',
    call: 'check-cart-items-availability',
    body: {},
    status: 'pending',
    userKey: 'cart',
    actedAt: new Date().toISOString(),
    attempts: 0,
    label: 'Check the cart',
    ...overrides,
  };
}

describe('an empty cart', () => {
  it('says so and leads home', async () => {
    const { worker } = await openCart();
    expect(await screen.findByText('Your cart is empty. Pick a store and add something tasty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse stores' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    expect(worker.checkCart).not.toHaveBeenCalled();
  });
});

describe('the lines', () => {
  it('names the store with a link back, lists each line with its add-ons and prices, the subtotal, the badge, and checks on opening', async () => {
    const { worker } = await openCart((db) => putCart(db, GREEN_BOWL_REF, [FALAFEL, LEMONADE]));
    expect(await screen.findByRole('link', { name: 'Green Bowl' })).toHaveAttribute('href', '/stores/riverton/green-bowl');
    const lines = screen.getAllByTestId('cart-line');
    expect(lines.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Falafel wrap', 'Lemonade']);
    expect(lines[0]).toHaveTextContent('Pita, Feta');
    expect(lines[0]).toHaveTextContent('$10.00 each');
    expect(lines[0]).toHaveTextContent('$20.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$23.50');
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
    expect(within(screen.getByTestId('tab-bar')).getByTestId('tab-badge-cart')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    await waitFor(() => expect(worker.checkCart).toHaveBeenCalledTimes(1));
  });

  it('+ and − change the quantity, the subtotal and the badge', async () => {
    const { db } = await openCart((db) => putCart(db, GREEN_BOWL_REF, [FALAFEL, LEMONADE]));
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Lemonade' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$27.00'));
    expect(within(screen.getByTestId('tab-bar')).getByTestId('tab-badge-cart')).toHaveTextContent('4');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Falafel wrap' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$17.00'));
    expect(await db.cartMeta.get('cart')).toMatchObject({ productQuantity: 3, totalPrice: 1700 });
  });

  it("shows each dish's picture, and says why + stops at the most an order takes of one dish", async () => {
    const withPicture = { ...LEMONADE, image: '/public/images/items/lemonade.webp', quantity: 98 };
    await openCart((db) => putCart(db, GREEN_BOWL_REF, [withPicture]));
    const row = await screen.findByTestId('cart-line');
    expect(row.querySelector('img')).toHaveAttribute('src', '/public/images/items/lemonade.webp');
    expect(within(row).queryByTestId('quantity-cap')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Increase quantity of Lemonade' }));
    expect(await within(row).findByTestId('quantity-cap')).toHaveTextContent('An order takes at most 99 of one dish.');
    expect(within(row).getByRole('button', { name: 'Increase quantity of Lemonade' })).toBeDisabled();
  });

  it('− at 1 removes the line; the notice takes the focus and Undo puts the line back and focuses it', async () => {
    await openCart((db) => putCart(db, GREEN_BOWL_REF, [FALAFEL, LEMONADE]));
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Lemonade' }));
    const notice = await screen.findByTestId('cart-undo');
    expect(notice).toHaveTextContent('Lemonade removed from your cart.');
    const undo = within(notice).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$20.00');

    fireEvent.click(undo);
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Lemonade' })).toHaveFocus());
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$23.50');
    expect(screen.queryByTestId('cart-undo')).toBeNull();
  });

  it('Remove on the last line leaves an empty cart, with the undo still there', async () => {
    const { db } = await openCart((db) => putCart(db, GREEN_BOWL_REF, [LEMONADE]));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lemonade' }));
    expect(await screen.findByText('Your cart is empty. Pick a store and add something tasty.')).toBeInTheDocument();
    expect(within(screen.getByTestId('tab-bar')).queryByTestId('tab-badge-cart')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('link', { name: 'Green Bowl' })).toBeInTheDocument();
    expect(await db.cartMeta.get('cart')).toMatchObject({ productQuantity: 1, store: { id: 1 } });
  });
});

describe("the server's word", () => {
  it('marks an unavailable line with the reason, leaves it out of the subtotal, and holds checkout back', async () => {
    const checkedAt = new Date().toISOString();
    await openCart((db) =>
      putCart(db, GREEN_BOWL_REF, [FALAFEL, { ...LEMONADE, verdict: { available: false, reason: 'INACTIVE', checkedAt } }], {
        check: { outboxId: 'check-1', requestedAt: 1, answer: { outboxId: 'check-1', checkedAt, storeOpen: true } },
      }),
    );
    const lemonade = (await screen.findAllByTestId('cart-line'))[1]!;
    expect(within(lemonade).getByTestId('unavailable-reason')).toHaveTextContent('Sold out');
    expect(within(lemonade).getByRole('button', { name: 'Increase quantity of Lemonade' })).toBeDisabled();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$20.00');
    expect(screen.getByText('Unavailable dishes are not counted.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAccessibleDescription('Remove the unavailable dishes to check out.');
    expect(screen.getByTestId('cart-check')).toHaveTextContent(/^Availability checked at /);

    fireEvent.click(within(lemonade).getByRole('button', { name: 'Remove Lemonade' }));
    expect(await screen.findByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('says when a price changed, and when the store is closed now', async () => {
    const checkedAt = new Date().toISOString();
    await openCart((db) =>
      putCart(db, GREEN_BOWL_REF, [{ ...FALAFEL, unitPrice: 1100, previousUnitPrice: 1000, verdict: { available: true, reason: null, checkedAt } }], {
        check: { outboxId: 'check-1', requestedAt: 1, answer: { outboxId: 'check-1', checkedAt, storeOpen: false } },
      }),
    );
    expect(await screen.findByTestId('price-changed')).toHaveTextContent('Price changed: was $10.00, now $11.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$22.00');
    expect(screen.getByTestId('cart-store-closed')).toHaveTextContent('Store closed now');
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAccessibleDescription('Store closed now');
  });
});

describe('the availability check', () => {
  it('says it is checking while the newest check is on its way', async () => {
    await openCart(async (db) => {
      await db.outbox.put(checkRow({ status: 'sending' }));
      await putCart(db, GREEN_BOWL_REF, [LEMONADE], { check: { outboxId: 'check-1', requestedAt: 1 } });
    });
    expect(await screen.findByTestId('cart-check')).toHaveTextContent('Checking availability…');
  });

  it('offline: says it will check when back online, and shows the answer once the replayed check lands', async () => {
    const { db } = await openCart(
      async (db) => {
        await db.outbox.put(checkRow({ status: 'pending', attempts: 1, lastError: 'offline' }));
        await putCart(db, GREEN_BOWL_REF, [LEMONADE], { check: { outboxId: 'check-1', requestedAt: 1 } });
      },
      async () => ({ ok: true, value: { status: 'waiting' } }),
    );
    expect(await screen.findByTestId('cart-check')).toHaveTextContent('Will check when you’re back online');

    await db.outbox.update('check-1', { status: 'queued' });
    await waitFor(() => expect(screen.getByTestId('cart-check')).toHaveTextContent('Will check when you’re back online'));

    // The network returned and the service worker's replay answered: the worker wrote the verdicts.
    const checkedAt = new Date().toISOString();
    await db.transaction('rw', db.outbox, db.cartLines, db.cartMeta, async () => {
      await db.outbox.update('check-1', { status: 'applied' });
      await db.cartLines.update(LEMONADE.id, { verdict: { available: false, reason: 'NOT_FOUND', checkedAt } });
      await db.cartMeta.update('cart', { totalPrice: 0, check: { outboxId: 'check-1', requestedAt: 1, answer: { outboxId: 'check-1', checkedAt, storeOpen: true } } });
    });
    expect(await screen.findByTestId('unavailable-reason')).toHaveTextContent('No longer on the menu');
    expect(screen.getByTestId('cart-check')).toHaveTextContent(/^Availability checked at /);
  });

  it('says in words why a check was refused', async () => {
    await openCart(async (db) => {
      await db.outbox.put(checkRow({ status: 'rejected', lastError: 'There is no store with id 1.' }));
      await putCart(db, GREEN_BOWL_REF, [LEMONADE], {
        check: { outboxId: 'check-1', requestedAt: 1, failure: { outboxId: 'check-1', words: 'There is no store with id 1.', expired: false } },
      });
    });
    expect(await screen.findByTestId('cart-check')).toHaveTextContent('Could not check availability: There is no store with id 1.');
  });

  it('checks again, once, after the lines change', async () => {
    const { worker } = await openCart((db) => putCart(db, GREEN_BOWL_REF, [FALAFEL, LEMONADE]));
    await waitFor(() => expect(worker.checkCart).toHaveBeenCalledTimes(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lemonade' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Falafel wrap' }));
    await waitFor(() => expect(worker.checkCart).toHaveBeenCalledTimes(2), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(worker.checkCart).toHaveBeenCalledTimes(2);
  });
});
