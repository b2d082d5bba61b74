/**
 * /cart: the store the cart is from (linking back), its lines with their
 * quantities, the server's verdicts and price changes, the subtotal (the
 * server works out the real total at checkout) and the way to checkout.
 * Opening it checks availability; removing a line can be undone.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RemovedCartLine } from '../../api/cart/worker-api.ts';
import type { CartLineRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { storePath } from '../../lib/store-paths.ts';
import { useMoney } from '../../ui/use-money.ts';
import { CartCheckNote } from './CartCheckNote.tsx';
import { CartLineItem, lineName } from './CartLineItem.tsx';
import { useAvailabilityCheck } from './use-availability-check.ts';
import { useCart, type CartState } from './use-cart.ts';
import './cart.css';

export function CartScreen() {
  const t = useT();
  const cart = useCart();
  const removal = useUndoableRemoval();
  useAvailabilityCheck(cart ? cart.lines.map((line) => line.id).join('|') : null);

  let body;
  if (cart === null) body = <ScreenFallback />;
  else if (cart.lines.length === 0) {
    body = (
      <EmptyState
        action={
          <Link className="button button-primary" to="/">
            {t('cartBrowseStores')}
          </Link>
        }
      >
        {t('cartEmpty')}
      </EmptyState>
    );
  } else body = <CartContents cart={cart} onRemove={removal.remove} removeRefFor={removal.removeRefFor} />;

  return (
    <ScreenShell title={t('screenCart')} topLevel className="cart-screen">
      {body}
      {removal.notice}
    </ScreenShell>
  );
}

function CartContents({
  cart,
  onRemove,
  removeRefFor,
}: {
  cart: CartState;
  onRemove(line: CartLineRow): void;
  removeRefFor(lineId: string): (button: HTMLButtonElement | null) => void;
}) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const { meta, lines, check } = cart;
  const store = meta?.store ?? null;
  const answer = meta?.check?.answer;
  const storeClosed = answer?.storeOpen === false;
  const unavailable = lines.some((line) => line.verdict?.available === false);
  let blocked: string | null = null;
  if (storeClosed) blocked = t('cartStoreClosed');
  else if (unavailable) blocked = t('cartRemoveUnavailable');

  return (
    <div className="cart">
      {store && (
        <section className="cart-store" aria-labelledby="cart-store-name">
          <p className="cart-store-label">{t('cartFromStore')}</p>
          <h2 id="cart-store-name" className="cart-store-name">
            <Link to={storePath(store)}>{store.name}</Link>
          </h2>
          {storeClosed && (
            <p className="cart-store-closed" data-testid="cart-store-closed">
              <strong>{t('cartStoreClosed')}</strong> {t('cartStoreClosedNote', { store: store.name })}
            </p>
          )}
        </section>
      )}
      <CartCheckNote check={check} />
      <ul className="cart-lines" aria-label={t('cartLinesLabel')}>
        {lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            onQuantity={(changed, quantity) => void worker.setCartLineQuantity(changed.id, quantity)}
            onRemove={onRemove}
            removeRef={removeRefFor(line.id)}
          />
        ))}
      </ul>
      <section className="cart-summary" aria-label={t('cartSubtotal')}>
        <p className="cart-subtotal">
          <span>{t('cartSubtotal')}</span>
          <span data-testid="cart-subtotal">{money(meta?.totalPrice ?? 0)}</span>
        </p>
        {unavailable && <p className="cart-summary-note">{t('cartUnavailableNotCounted')}</p>}
        <p className="cart-summary-note">{t('cartSubtotalNote')}</p>
        {blocked ? (
          <>
            <button type="button" className="button button-primary button-large cart-checkout" disabled aria-describedby="cart-checkout-blocked">
              {t('cartCheckout')}
            </button>
            <p id="cart-checkout-blocked" className="cart-checkout-blocked">
              {blocked}
            </p>
          </>
        ) : (
          <Link className="button button-primary button-large cart-checkout" to="/checkout">
            {t('cartCheckout')}
          </Link>
        )}
      </section>
    </div>
  );
}

/**
 * Removing a line at once with an Undo (rather than asking first): the
 * notice says what went and takes the focus, so a keyboard or screen-reader
 * user lands on the way back; Undo returns the focus to the line.
 */
function useUndoableRemoval() {
  const t = useT();
  const worker = useSyncWorker();
  const [removed, setRemoved] = useState<RemovedCartLine | null>(null);
  const [failedUndo, setFailedUndo] = useState<string | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusLine = useRef<string | null>(null);

  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const removeRefFor = (lineId: string) => (button: HTMLButtonElement | null) => {
    if (button) {
      removeButtons.current.set(lineId, button);
      if (focusLine.current === lineId) {
        focusLine.current = null;
        button.focus();
      }
    } else removeButtons.current.delete(lineId);
  };

  const remove = async (line: CartLineRow) => {
    const result = await worker.removeCartLine(line.id);
    setFailedUndo(null);
    if (result.ok) setRemoved(result.value);
  };

  const undo = async () => {
    if (!removed) return;
    const result = await worker.restoreCartLine(removed);
    setRemoved(null);
    if (result.ok && result.value.restored) {
      // The line comes back through the live query: focus its Remove button once it is there.
      const button = removeButtons.current.get(removed.line.id);
      if (button) button.focus();
      else focusLine.current = removed.line.id;
    } else setFailedUndo(t('cartUndoFailed', { name: lineName(removed.line) }));
  };

  let notice = null;
  if (removed) {
    notice = (
      <div className="cart-undo" role="status" data-testid="cart-undo">
        <span>{t('cartRemoved', { name: lineName(removed.line) })}</span>
        <button ref={undoButton} type="button" className="button button-ghost" onClick={() => void undo()}>
          {t('cartUndo')}
        </button>
      </div>
    );
  } else if (failedUndo) {
    notice = (
      <p className="cart-undo" role="status">
        {failedUndo}
      </p>
    );
  }
  return { remove, removeRefFor, notice };
}
