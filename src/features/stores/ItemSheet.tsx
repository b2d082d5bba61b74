/** /stores/:city/:restaurant/:id: one item over its store page, with its add-on choice and "Add to cart". */
import { useEffect, useRef } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useModalFocus } from '../../ui/use-modal-focus.ts';
import { ItemCartForm } from '../cart/ItemCartForm.tsx';
import { useItem } from './store-page-rows.ts';
import { useMoney } from '../../ui/use-money.ts';
import { useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';

export function ItemSheet({ storeId, itemId, onClose }: { storeId: number; itemId: number; onClose: () => void }) {
  const t = useT();
  const money = useMoney();
  const { worker } = useServices();
  const item = useItem(storeId, itemId);
  const { result } = useWorkerRefresh(`item:${itemId}`, () => worker.openItem(itemId), Number.isInteger(itemId));
  const closeRef = useRef<HTMLButtonElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  // Focus starts on Close, Tab stays in the sheet, and goes back to the dish that opened it.
  useModalFocus(sheetRef, closeRef);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog over the sheet (the replace-cart question) handles its own Escape first.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  let body;
  if (item) {
    body = (
      <>
        {item.image && <img className="item-sheet-image" src={item.image} alt="" width={640} height={360} decoding="async" />}
        <h2 id="item-sheet-title" className="item-sheet-name">
          {item.name}
        </h2>
        {item.description && <p className="item-sheet-description">{item.description}</p>}
        <p className="item-sheet-price">{item.is_active ? money(item.price) : t('itemUnavailable')}</p>
        <ItemCartForm item={item} storeId={storeId} onAdded={onClose} />
      </>
    );
  } else if (item === null || result === null) {
    body = <Spinner label={t('loading')} />;
  } else {
    body = <p data-testid="item-not-found">{t('itemNotFound')}</p>;
  }

  return (
    <div className="item-sheet-backdrop" onClick={onClose}>
      <div
        ref={sheetRef}
        className="item-sheet"
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={item ? 'item-sheet-title' : undefined}
        aria-label={item ? undefined : t('loading')}
        data-testid="item-sheet"
        onClick={(event) => event.stopPropagation()}
      >
        <button ref={closeRef} type="button" className="button button-ghost item-sheet-close" onClick={onClose}>
          {t('close')}
        </button>
        {body}
      </div>
    </div>
  );
}
